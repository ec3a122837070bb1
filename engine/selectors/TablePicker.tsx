// A code chosen in the shared table-select dialog over the selector's lookup (spec 000 sections 2 and
// 5): the item picker and the user picker. The button opens the dialog (searchable, the selector's
// page size, filtered by what the field depends on and the selector's screen conditions); OK with
// nothing chosen warns and keeps it open. Names come from the page's resolver, so a modify page shows
// the name of a stored code as well as of one just chosen.
import { observer, useForm } from '@formily/react';
import type { Column } from '@schemas/generated/screen';
import { Button, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableSelectDialog } from '../dialogs/TableSelectDialog';
import { request } from '../request';
import { normaliseColumn } from '../screens/normalise';
import { selectors } from './definitions';
import { isEmptyValue, joinValues, selectorCondition, splitValues } from './dependency';
import { type RemoteSelectProps, useSelectorNames } from './RemoteSelect';
import { lookupBody, toOption } from './selectorController';

type Row = Record<string, unknown>;

export interface TablePickerKind {
  /** data-action of the button, for tests and the developer flag. */
  action: string;
  titleKey: string;
  /** The warning when OK is pressed with nothing chosen. */
  emptyMessageKey: string;
  /** Label keys of the code and name columns when the selector declares no columns. */
  columnLabelKeys?: [string, string];
  /** 'code': the code in the input with its name beside it (clearable); 'names': the names. */
  show: 'code' | 'names';
}

export const TablePicker = observer(function TablePicker({
  kind,
  value,
  onChange,
  selector,
  moduleNumber,
  disabled,
  placeholder,
  'aria-label': ariaLabel,
}: RemoteSelectProps & { kind: TablePickerKind }) {
  const { t } = useTranslation();
  const form = useForm();
  const def = selectors.get(selector.name);
  const names = useSelectorNames(selector, value);
  const [open, setOpen] = useState(false);
  const [codeLabel, nameLabel] = kind.columnLabelKeys ?? [];
  const columns = (
    def.columns ??
    ([
      { prop: def.valueField, ...(codeLabel ? { labelKey: codeLabel } : {}) },
      { prop: def.labelField, ...(nameLabel ? { labelKey: nameLabel } : {}) },
    ] as Column[])
  ).map((c) => normaliseColumn(c));
  const codes = splitValues(value).join(', ');
  const named = names ? names.text(selector, value) : codes;

  return (
    <>
      <Space.Compact style={{ width: '100%' }} className={`table-picker table-picker--${kind.show}`}>
        {kind.show === 'code' ? (
          <Input
            readOnly
            aria-label={ariaLabel}
            allowClear={!disabled}
            value={isEmptyValue(value) ? '' : String(value)}
            placeholder={placeholder}
            disabled={disabled}
            onChange={(e) => {
              // Only the clear icon changes a read-only input.
              if (e.target.value === '') onChange?.(undefined);
            }}
            suffix={
              named && named !== codes ? (
                <Typography.Text type="secondary">{named}</Typography.Text>
              ) : undefined
            }
          />
        ) : (
          <Input
            readOnly
            aria-label={ariaLabel}
            value={named}
            title={codes}
            placeholder={placeholder}
            disabled={disabled}
          />
        )}
        <Button disabled={disabled} onClick={() => setOpen(true)} data-action={kind.action}>
          {t('selector.pick')}
        </Button>
      </Space.Compact>
      {open && (
        <TableSelectDialog<Row>
          title={t(kind.titleKey)}
          mode={selector.multiple ? 'multiple' : 'single'}
          columns={columns}
          searchFields={def.searchable ? [{ prop: 'keyword', labelKey: 'list.keyword' }] : undefined}
          rowKey={(r) => String(r[def.valueField] ?? '')}
          initialKeys={splitValues(value)}
          emptyMessageKey={kind.emptyMessageKey}
          fetch={(body) => {
            const parent = selector.dependsOn ? form.values[selector.dependsOn] : undefined;
            const { keyword, ...rest } = body.condition;
            const lookup = lookupBody(def, body.current, typeof keyword === 'string' ? keyword : '', parent, {
              ...selectorCondition(selector, form.values),
              ...rest,
            });
            return request(def.call!, { ...lookup, size: body.size }, { moduleNumber });
          }}
          onConfirm={(rows, keys) => {
            names?.remember(
              selector,
              rows.map((r) => toOption(def, r)),
            );
            onChange?.(joinValues(keys));
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      )}
    </>
  );
});
