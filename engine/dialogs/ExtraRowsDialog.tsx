// The extra-rows dialog of a list row (spec 000 section 2, "an optional extra-rows dialog"): the row's
// child rows from the call the screen declares, read-only, paged like the table-select dialog.
import { useTranslation } from 'react-i18next';
import type { RequestFn } from '../request/types';
import { type NormalisedRowRows, rowsCondition } from '../screens/rowActions';
import { TableSelectDialog } from './TableSelectDialog';

type Row = Record<string, unknown>;

export function ExtraRowsDialog({
  action,
  row,
  request,
  moduleNumber,
  onClose,
}: {
  action: NormalisedRowRows;
  row: Row;
  request: RequestFn;
  moduleNumber: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fixed = rowsCondition(action, row);
  return (
    <TableSelectDialog<Row>
      title={t(action.titleKey)}
      mode="none"
      columns={action.columns}
      rowKey={(r) => String(r[action.rowKey])}
      fetch={(body) =>
        request(action.call, { ...body, condition: { ...body.condition, ...fixed } }, { moduleNumber })
      }
      onCancel={onClose}
    />
  );
}
