// The item-code picker dialog with search (spec 000 section 2; section 7: keyword, statusCode 1,
// orgNo; size 20): the code in a read-only input, and a button opening the shared table-select
// dialog over the selector's lookup, filtered by the organisation the field depends on. Confirm with
// nothing chosen warns and keeps the dialog open; the form controller disables the picker until the
// organisation is chosen and clears it when the organisation changes.
import { useForm } from '@formily/react';
import { Button, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableSelectDialog } from '../dialogs/TableSelectDialog';
import { request } from '../request';
import { normaliseColumn } from '../screens/normalise';
import { selectors } from '../selectors/definitions';
import { isEmptyValue, joinValues, splitValues } from '../selectors/dependency';
import { lookupBody } from '../selectors/selectorController';
import type { RemoteSelectProps } from './RemoteSelect';

type Row = Record<string, unknown>;

export function ItemPicker({
  value,
  onChange,
  selector,
  moduleNumber,
  disabled,
  placeholder,
}: RemoteSelectProps) {
  const { t } = useTranslation();
  const form = useForm();
  const def = selectors.get(selector.name);
  const [open, setOpen] = useState(false);
  /** The name of the code chosen in this dialog, shown beside it. */
  const [chosen, setChosen] = useState<{ code: string; name: string } | undefined>();
  const columns = (def.columns ?? [{ prop: def.valueField }, { prop: def.labelField }]).map((c) =>
    normaliseColumn(c),
  );
  const code = isEmptyValue(value) ? '' : String(value);
  const name = chosen && chosen.code === code ? chosen.name : '';

  return (
    <>
      <Space.Compact style={{ width: '100%' }} className="item-picker">
        <Input
          readOnly
          allowClear={!disabled}
          value={code}
          placeholder={placeholder}
          disabled={disabled}
          onChange={(e) => {
            // Only the clear icon changes a read-only input.
            if (e.target.value === '') onChange?.(undefined);
          }}
          suffix={name ? <Typography.Text type="secondary">{name}</Typography.Text> : undefined}
        />
        <Button disabled={disabled} onClick={() => setOpen(true)} data-action="pickItem">
          {t('selector.pick')}
        </Button>
      </Space.Compact>
      {open && (
        <TableSelectDialog<Row>
          title={t('selector.itemPickerTitle')}
          mode={selector.multiple ? 'multiple' : 'single'}
          columns={columns}
          searchFields={def.searchable ? [{ prop: 'keyword', labelKey: 'list.keyword' }] : undefined}
          rowKey={(r) => String(r[def.valueField] ?? '')}
          initialKeys={splitValues(value)}
          emptyMessageKey="selector.noItemChosen"
          fetch={(body) => {
            const parent = selector.dependsOn ? form.values[selector.dependsOn] : undefined;
            const { keyword, ...rest } = body.condition;
            const lookup = lookupBody(
              def,
              body.current,
              typeof keyword === 'string' ? keyword : '',
              parent,
              rest,
            );
            return request(def.call!, { ...lookup, size: body.size }, { moduleNumber });
          }}
          onConfirm={(rows, keys) => {
            const first = rows[0];
            if (first && keys.length === 1)
              setChosen({ code: keys[0], name: String(first[def.labelField] ?? '') });
            onChange?.(joinValues(keys));
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      )}
    </>
  );
}
