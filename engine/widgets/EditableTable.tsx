// The editable-table widget: an antd table over the headless controller. Each row is its own small
// Formily form, so its cells are the registry's widgets (read-pretty until the row is opened) with the
// form rules; the table's value in the outer form is the rows' values.
import type { Field } from '@formily/core';
import { FormProvider, useField, useForm } from '@formily/react';
import { Button, Table, Typography } from 'antd';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { createEditableTableController, type TableRow } from '../pages/editableTable/editableTableController';
import type { NormalisedField } from '../screens/types';
import { attachLabels, labelsOf } from '../selectors/labels';
import { SchemaField } from './SchemaField';

type Values = Record<string, unknown>;

export interface EditableTableProps {
  value?: Values[];
  onChange?: (rows: Values[]) => void;
  table: NonNullable<NormalisedField['table']>;
  readOnly?: boolean;
}

export function EditableTable({ value, onChange, table }: EditableTableProps) {
  const { t } = useTranslation();
  const field = useField<Field>();
  const [controller] = useState(() =>
    createEditableTableController({
      columns: table.rowFields,
      editTrigger: table.editTrigger,
      minRows: table.minRows,
      t: (key, p) => t(key, p),
      initial: value ?? [],
      onChange,
    }),
  );
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  // The cells' selectors name their codes with the page's resolver, like the form's own fields.
  const names = labelsOf(useForm());
  if (names) for (const row of controller.rows()) attachLabels(row.form, names);

  // The outer form's save checks the rows too.
  useEffect(() => {
    const message = t('editableTable.rowInvalid');
    field.setValidator([
      { triggerType: 'onSubmit', validator: async () => ((await controller.validate()) ? '' : message) },
    ]);
  }, [controller, field, t]);

  const properties = controller.cellSchema.properties as Record<string, object>;
  const columns = useMemo(
    () => [
      ...table.rowFields.map((f, i) => {
        const name = Object.keys(properties)[i];
        const cell = { type: 'object', properties: { [name]: { ...properties[name], title: undefined } } };
        return {
          key: f.prop,
          title: t(f.labelKey),
          render: (_: unknown, row: TableRow) => (
            <FormProvider form={row.form}>
              <SchemaField schema={cell} />
            </FormProvider>
          ),
        };
      }),
      {
        key: '__actions',
        title: t('editableTable.actions'),
        width: 90,
        render: (_: unknown, row: TableRow) => (
          <Button
            type="link"
            danger
            data-action="removeRow"
            onClick={(e) => {
              e.stopPropagation();
              controller.remove(row.key);
            }}
          >
            {t('editableTable.remove')}
          </Button>
        ),
      },
    ],
    [table.rowFields, properties, controller, t],
  );

  return (
    <div className="editable-table">
      <Table<TableRow>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={state.keys.map((k) => controller.rows().find((r) => r.key === k)!)}
        columns={columns}
        rowClassName={(row) => (state.editing.includes(row.key) ? 'editable-table__row--editing' : '')}
        onRow={(row) => ({
          onClick: () => void controller.enter(row.key, 'click'),
          onDoubleClick: () => void controller.enter(row.key, 'dblclick'),
          onMouseEnter: () => void controller.enter(row.key, 'hover'),
        })}
      />
      <Button type="dashed" block data-action="addRow" onClick={() => void controller.add()}>
        {t('editableTable.add')}
      </Button>
      {state.refusal && (
        <Typography.Text type="danger" className="editable-table__refusal">
          {t(state.refusal, { min: table.minRows })}
        </Typography.Text>
      )}
    </div>
  );
}
