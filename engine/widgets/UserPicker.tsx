// The user picker (spec 000 section 5): the shared table-select dialog over the selector's lookup
// (users the caller may pick, searchable, 20 a page), sending what the selector needs (the
// organisation, and for the user-by-role picker the warehouse, classify type and role the screen
// names); OK with nobody chosen warns and keeps it open. The input shows the chosen users' names.
import { observer, useForm } from '@formily/react';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableSelectDialog } from '../dialogs/TableSelectDialog';
import { request } from '../request';
import { normaliseColumn } from '../screens/normalise';
import { selectors } from '../selectors/definitions';
import { joinValues, selectorCondition, splitValues } from '../selectors/dependency';
import { lookupBody, toOption } from '../selectors/selectorController';
import { type RemoteSelectProps, useSelectorNames } from './RemoteSelect';

type Row = Record<string, unknown>;

export const UserPicker = observer(function UserPicker({
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
  const names = useSelectorNames(selector, value);
  const [open, setOpen] = useState(false);
  const columns = (
    def.columns ?? [
      { prop: def.valueField, labelKey: 'field.userNo' },
      { prop: def.labelField, labelKey: 'field.userName' },
    ]
  ).map((c) => normaliseColumn(c));
  const shown = names ? names.text(selector, value) : splitValues(value).join(', ');

  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          readOnly
          value={shown}
          title={splitValues(value).join(', ')}
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
          fetch={(body) => {
            const parent = selector.dependsOn ? form.values[selector.dependsOn] : undefined;
            const base = lookupBody(def, body.current, '', parent, selectorCondition(selector, form.values));
            const condition = { ...(base as { condition: Row }).condition, ...body.condition };
            return request(
              def.call!,
              { current: body.current, size: body.size, condition },
              { moduleNumber },
            );
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
