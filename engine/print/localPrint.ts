// The local print services (spec 000 sections 7, 8, 9; 001 section 7): a template of print type 1
// (BarTender) or 3 (Jasper) is printed by a service on the user's own machine. The server answers
// IReportPrintService/print for such a template with the job and the service's addresses (system
// parameters); the browser asks the check address (GET, 1500 ms) whether the service is there, then
// posts the job to its print address. Headless: `fetch` is given, so tests drive it against a real
// HTTP server.

/** Spec 000 section 9: the local print check gives up after 1500 ms. */
export const LOCAL_PRINT_CHECK_MS = 1500;
/** Printing a large job may take the local service a while; it still must answer. */
export const LOCAL_PRINT_POST_MS = 60_000;

/** What IReportPrintService/print answers for a print type 1 or 3 template. */
export interface LocalPrintAnswer {
  printType: 1 | 3;
  checkUrl: string;
  printUrl: string;
  /** Sent to the local service as it is: reportKey, templateName, printer, fields, records. */
  job: unknown;
}

export function isLocalPrintAnswer(data: unknown): data is LocalPrintAnswer {
  const d = data as Partial<LocalPrintAnswer> | null;
  return (
    !!d &&
    typeof d === 'object' &&
    (d.printType === 1 || d.printType === 3) &&
    typeof d.checkUrl === 'string' &&
    typeof d.printUrl === 'string'
  );
}

export interface LocalPrintDeps {
  fetch: typeof fetch;
  checkMs?: number;
  postMs?: number;
}

/**
 * Sends the job to the local service; true when it took it. False when the check does not answer in
 * time (the service is not installed or turned off), or the service refuses the job.
 */
export async function printLocally(answer: LocalPrintAnswer, deps: LocalPrintDeps): Promise<boolean> {
  try {
    const check = await deps.fetch(answer.checkUrl, {
      method: 'GET',
      signal: AbortSignal.timeout(deps.checkMs ?? LOCAL_PRINT_CHECK_MS),
    });
    // Only the status matters; the body is not waited for.
    await check.body?.cancel().catch(() => undefined);
    if (!check.ok) return false;
    const printed = await deps.fetch(answer.printUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(answer.job),
      signal: AbortSignal.timeout(deps.postMs ?? LOCAL_PRINT_POST_MS),
    });
    await printed.body?.cancel().catch(() => undefined);
    return printed.ok;
  } catch {
    // Refused, unreachable, timed out, or blocked by the browser: the service did not answer.
    return false;
  }
}
