// What names a row to someone who cannot see the table: its first shown column's text (an
// organisation's number, an order's number), for the row's checkbox ("Select row: SH01").

/** The first non-empty value among `props` of `record`, as text; '' when they are all empty. */
export function rowName(record: Record<string, unknown>, props: readonly string[]): string {
  for (const prop of props) {
    const value = record[prop];
    if (value === null || value === undefined || value === '') continue;
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  return '';
}

/**
 * Props naming a table's row checkbox: antd passes what getCheckboxProps returns on to the input, but
 * its type leaves out the aria attributes.
 */
export function checkboxName<P>(label: string): P {
  return { 'aria-label': label } as P;
}
