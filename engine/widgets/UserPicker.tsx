// The user picker (spec 000 section 5): the shared table-select dialog over the selector's lookup
// (users the caller may pick, searchable, 20 a page); OK with nobody chosen warns and keeps it open.
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableSelectDialog } from '../dialogs/TableSelectDialog';
import { request } from '../request';
import { normaliseColumn } from '../screens/normalise';
import { selectors } from '../selectors/definitions';
import { joinValues, splitValues } from '../selectors/dependency';
import type { RemoteSelectProps } from './RemoteSelect';

type Row = Record<string, unknown>;

export function UserPicker({
  value,
  onChange,
  selector,
  moduleNumber,
  disabled,
  placeholder,
}: RemoteSelectProps) {
  const { t } = useTranslation();
  const def = selectors.get(selector.name);
  const [open, setOpen] = useState(false);
  const columns = [
    normaliseColumn({ prop: def.valueField, labelKey: 'field.userNo' }),
    normaliseColumn({ prop: def.labelField, labelKey: 'field.userName' }),
  ];

  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          readOnly
          value={(value as string | undefined) ?? ''}
          placeholder={placeholder}
          disabled={disabled}
        />
        <Button disabled={disabled} onClick={() => setOpen(true)} data-action="pickUser">
          {t('selector.pick')}
        </Button>
      </Space.Compact>
      {open && (
        <TableSelectDialog<Row>
          title={t('selector.userPickerTitle')}
          mode={selector.multiple ? 'multiple' : 'single'}
          columns={columns}
          searchFields={def.searchable ? [{ prop: 'keyword', labelKey: 'list.keyword' }] : undefined}
          rowKey={(r) => String(r[def.valueField] ?? '')}
          initialKeys={splitValues(value)}
          emptyMessageKey="selector.noUserChosen"
          fetch={(body) =>
            request(
              def.call!,
              { current: body.current, size: body.size, condition: { ...def.extra, ...body.condition } },
              { moduleNumber },
            )
          }
          onConfirm={(_rows, keys) => {
            onChange?.(joinValues(keys));
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      )}
    </>
  );
}
