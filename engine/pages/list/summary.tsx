// The list's summary row: under the rows of the page shown, the total of every number column that
// declares `sum`, summed exactly as decimals (engine/core/decimal.ts: 0.1 + 0.2 is 0.3, and 19-digit
// quantities keep every digit) and formatted like the column, in the separators of the user's language.
// A total covers the rows loaded, not the whole search: the label says so ("Page total").
import { Table, type TableProps } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { sumDecimals } from '../../core/decimal';
import { formatNumber } from '../../format';
import { i18n } from '../../i18n/i18n';
import type { NormalisedColumn } from '../../screens/types';

type Record_ = Record<string, unknown>;

/** The exact total of each summed column over `records`; '' when a value is no number; undefined when none sums. */
export function pageTotals(
  columns: readonly NormalisedColumn[],
  records: readonly Record_[],
): Record<string, string> | undefined {
  const summed = columns.filter((c) => c.sum);
  if (!summed.length) return undefined;
  return Object.fromEntries(
    summed.map((c) => {
      try {
        return [c.prop, sumDecimals(records.map((r) => r[c.prop]))];
      } catch {
        // A value that is no number: no total rather than a wrong one ('--').
        return [c.prop, ''];
      }
    }),
  );
}

/**
 * What each column's summary cell shows: the formatted total of a summed column, the label in the
 * first column when that one is not summed, nothing elsewhere. Undefined when no column sums.
 */
export function summaryCells(
  columns: readonly NormalisedColumn[],
  records: readonly Record_[],
  label: string,
  locale: string = i18n.language,
): Record<string, string> | undefined {
  const totals = pageTotals(columns, records);
  if (!totals) return undefined;
  return Object.fromEntries(
    columns.map((c, i) => [
      c.prop,
      c.sum ? formatNumber(totals[c.prop], c.precision, locale) : i === 0 ? label : '',
    ]),
  );
}

/**
 * antd Table's `summary` for the columns shown: one row, its cells in the table's column order (the
 * selection column first when there is one, the operation column last when `trailing`).
 */
export function tableSummary(
  columns: readonly NormalisedColumn[],
  t: TFunction,
  layout: { selection: boolean; trailing: boolean },
): TableProps<Record_>['summary'] {
  if (!columns.some((c) => c.sum)) return undefined;
  const offset = layout.selection ? 1 : 0;
  return (records) => {
    const cells = summaryCells(columns, records, t('list.pageTotal'))!;
    const row: ReactNode[] = columns.map((c, i) => (
      <Table.Summary.Cell key={c.prop} index={i + offset} align={c.align}>
        <span data-summary={c.prop}>{cells[c.prop]}</span>
      </Table.Summary.Cell>
    ));
    return (
      <Table.Summary>
        <Table.Summary.Row className="screen-list__summary">
          {layout.selection && <Table.Summary.Cell index={0} />}
          {row}
          {layout.trailing && <Table.Summary.Cell index={columns.length + offset} />}
        </Table.Summary.Row>
      </Table.Summary>
    );
  };
}
