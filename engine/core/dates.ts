// Calendar days as 'yyyy-MM-dd' text, the form the server's date columns and filters take: both sides
// and the simulated ERP count days the same way.

/** 'yyyy-MM-dd' `days` after a 'yyyy-MM-dd' date (negative: before), in calendar days (no time zone). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Today as 'yyyy-MM-dd' in the local calendar (the server's: its scheduler's days are the same). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
