// The editable-table widget: an antd table over the headless controller. Each row is its own small
// Formily form, so its cells are the registry's widgets (read-pretty until the row is opened) with the
// form rules; the table's value in the outer form is the rows' values.

import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { Field } from '@formily/core';
import { FormProvider, useField, useForm } from '@formily/react';
import { Button, Table, Typography } from 'antd';
import {
  type KeyboardEvent,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../format';
import { request } from '../../request';
import { type DocumentDefine, loadDocumentDefine } from '../../screens/documentDefine';
import type { NormalisedField } from '../../screens/types';
import { attachLabels, labelsOf } from '../../selectors/labels';
import { SchemaField } from '../../widgets/SchemaField';
import { createEditableTableController, type TableRow } from './editableTableController';
import './editableTable.css';

type Values = Record<string, unknown>;

export interface EditableTableProps {
  value?: Values[];
  onChange?: (rows: Values[]) => void;
  table: NonNullable<NormalisedField['table']>;
  readOnly?: boolean;
  /** The page's menu: the line documents' declaration is asked with it. */
  moduleNumber?: string;
}

/** Widgets whose read-only value is a text (a name, a label) rather than a date or an amount. */
const TEXT_CELLS = new Set<string>(['input', 'textarea', 'select', 'remoteSelect']);

/**
 * A column wide enough for its widget, so a wide table scrolls instead of squeezing its inputs. A cell
 * that only shows its value (a fixed row's read-only field, a computed value, a state) needs no room for
 * an input, only for a date, an amount or a short text: the inputs of a document's lines come into view
 * sooner.
 */
function cellWidth(f: NormalisedField, fixedRows: boolean): number {
  if ((fixedRows && f.readOnlyOnEdit) || f.compute || f.widget === 'state')
    return f.widget === 'datetime' ? 170 : TEXT_CELLS.has(f.widget) ? 130 : 115;
  if (f.widget === 'number' || f.widget === 'decimal') return 110;
  if (f.widget === 'select') return 170;
  if (f.widget === 'remoteSelect' || f.widget === 'date' || f.widget === 'datetime') return 190;
  return f.maxLength !== undefined && f.maxLength <= 4 ? 110 : 160;
}

/** Rows as plain data, to tell the rows this table reported from rows set from outside. */
const snapshot = (rows: Values[] | undefined) => JSON.stringify(rows ?? []);

/**
 * The declaration of the rows' document (table.lineDocument), once it has loaded; a failed load leaves
 * the state cells as their codes and every row editable, and the server still refuses what it must.
 */
function useLineDocument(table: EditableTableProps['table'], moduleNumber: string | undefined) {
  const [define, setDefine] = useState<DocumentDefine>();
  const call = table.lineDocument?.call;
  useEffect(() => {
    if (!call) return;
    let live = true;
    loadDocumentDefine(request, call, moduleNumber ?? '').then(
      (d) => live && setDefine(d),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [call, moduleNumber]);
  return define;
}

export function EditableTable({ value, onChange, table, readOnly, moduleNumber }: EditableTableProps) {
  const { t } = useTranslation();
  const field = useField<Field>();
  // On a detail page (read-pretty) the rows are shown, not edited: no row actions, no new row.
  const frozen = Boolean(readOnly || field?.readPretty);
  const reported = useRef(snapshot(value));
  const changed = useRef(onChange);
  changed.current = onChange;
  const [controller] = useState(() =>
    createEditableTableController({
      columns: table.rowFields,
      editTrigger: table.editTrigger,
      minRows: table.minRows,
      minRowsMessageKey: table.minRowsMessageKey,
      unique: table.unique,
      context: table.rowContext,
      fixedRows: table.fixedRows,
      totals: table.totals,
      t: (key, p) => t(key, p),
      initial: value ?? [],
      onChange: (rows) => {
        reported.current = snapshot(rows);
        changed.current?.(rows);
        clearStaleRefusal.current();
      },
    }),
  );
  // The save's refusal shown under the table (saveProblem) is the list's, not a cell's: no rule of the
  // field runs again when the rows change, so it would stay, saying 'at least one row' under the row
  // just added. The rows changing takes it away unless it still holds.
  const refusal = useRef<string | undefined>(undefined);
  const clearStaleRefusal = useRef(() => {});
  clearStaleRefusal.current = () => {
    if (!field || controller.refusalStands(refusal.current)) return;
    refusal.current = undefined;
    field.setFeedback({ triggerType: 'onSubmit', type: 'error', code: 'ValidateError', messages: [] });
  };
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const define = useLineDocument(table, moduleNumber);
  // A row outside its document's editable states is shown, never opened: set before the state tags
  // are painted, so that no click lands on a row shown answered but still openable.
  useLayoutEffect(() => {
    if (!define?.editableIn) return;
    const editableIn = define.editableIn;
    controller.setEditable((row) => editableIn.includes(String(row[define.statusField] ?? '')));
  }, [controller, define]);
  const outer = useForm();
  // The cells' selectors name their codes with the page's resolver, like the form's own fields.
  const names = labelsOf(outer);
  if (names) for (const row of controller.rows()) attachLabels(row.form, names);

  // Rows set from outside (a modify page's record arriving, the form reset after a save) replace the
  // table's rows; the rows the table itself reported come back unchanged and are left alone.
  useEffect(() => {
    const incoming = snapshot(value);
    if (incoming === reported.current) return;
    reported.current = incoming;
    controller.reset(JSON.parse(incoming) as Values[]);
  }, [controller, value]);

  // The rows borrow the form's values they depend on (rowContext), now and whenever the form changes.
  useEffect(() => {
    if (!table.rowContext.length) return;
    controller.setContext(outer.values);
    const id = outer.subscribe(({ type }) => {
      if (type === 'onFieldValueChange' || type === 'onFormValuesChange') controller.setContext(outer.values);
    });
    return () => outer.unsubscribe(id);
  }, [controller, outer, table.rowContext]);

  // The outer form's save checks the rows too, and says under the table why it refused (the rule's own
  // message).
  useEffect(() => {
    field.setValidator([
      {
        triggerType: 'onSubmit',
        validator: async () => {
          const problem = await controller.saveProblem();
          refusal.current = problem;
          return problem ? t(problem, { min: table.minRows }) : '';
        },
      },
    ]);
  }, [controller, field, t, table.minRows]);

  const properties = controller.cellSchema.properties as Record<string, object>;
  const columns = useMemo(
    () => [
      ...table.rowFields.map((f, i) => {
        const name = Object.keys(properties)[i];
        const own = properties[name] as { 'x-component-props'?: object };
        // A state cell shows its tag from the rows' document declaration.
        // An input cell is named by its column (a cell has no label of its own).
        const props =
          f.widget === 'state'
            ? { ...own['x-component-props'], define }
            : { ...own['x-component-props'], 'aria-label': t(f.labelKey) };
        const cell = {
          type: 'object',
          properties: { [name]: { ...own, title: undefined, 'x-component-props': props } },
        };
        return {
          key: f.prop,
          title: t(f.labelKey),
          width: cellWidth(f, table.fixedRows),
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
        width: (table.movable ? 60 : 0) + (table.fixedRows ? 0 : 90) || 60,
        render: (_: unknown, row: TableRow) => (
          <>
            {table.movable && (
              <>
                <Button
                  type="link"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('editableTable.moveUp')}
                  title={t('editableTable.moveUp')}
                  data-action="moveRowUp"
                  onClick={(e) => {
                    e.stopPropagation();
                    controller.move(row.key, -1);
                  }}
                />
                <Button
                  type="link"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('editableTable.moveDown')}
                  title={t('editableTable.moveDown')}
                  data-action="moveRowDown"
                  onClick={(e) => {
                    e.stopPropagation();
                    controller.move(row.key, 1);
                  }}
                />
              </>
            )}
            {!table.fixedRows && (
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
            )}
          </>
        ),
      },
    ],
    [table.rowFields, table.movable, table.fixedRows, properties, controller, t, define],
  );
  const shownColumns = frozen ? columns.filter((c) => c.key !== '__actions') : columns;
  // The totals row: each summed column's exact total, formatted like its cells; the label in the first
  // column when that one is not summed.
  const summary = table.totals.length
    ? () => (
        <Table.Summary>
          <Table.Summary.Row className="editable-table__totals">
            {shownColumns.map((c, i) => {
              const f = table.rowFields.find((r) => r.prop === c.key);
              const summed = f && table.totals.includes(f.prop);
              return (
                <Table.Summary.Cell key={c.key} index={i}>
                  <span data-total={summed ? c.key : undefined}>
                    {summed
                      ? formatNumber(state.totals[f.prop], f.precision ?? 2)
                      : i === 0
                        ? t('editableTable.total')
                        : ''}
                  </span>
                </Table.Summary.Cell>
              );
            })}
          </Table.Summary.Row>
        </Table.Summary>
      )
    : undefined;

  return (
    <div className="editable-table">
      <Table<TableRow>
        size="small"
        rowKey="key"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={state.keys.map((k) => controller.rows().find((r) => r.key === k)!)}
        columns={shownColumns}
        summary={summary}
        rowClassName={(row) =>
          state.editing.includes(row.key)
            ? 'editable-table__row--editing'
            : frozen || controller.isEditable(row.key)
              ? ''
              : 'editable-table__row--locked'
        }
        onRow={(row) =>
          frozen
            ? {}
            : {
                onClick: () => void controller.enter(row.key, 'click'),
                onDoubleClick: () => void controller.enter(row.key, 'dblclick'),
                onMouseEnter: () => void controller.enter(row.key, 'hover'),
                // From the keyboard: Tab to a row, Enter (or F2) opens it for editing, whatever the
                // mouse's trigger is; once open, its inputs are in the tab order.
                ...(state.editing.includes(row.key) || !controller.isEditable(row.key)
                  ? {}
                  : {
                      tabIndex: 0,
                      'aria-label': t('editableTable.editRow', {
                        index: state.keys.indexOf(row.key) + 1,
                      }),
                      onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
                        if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== 'F2')) return;
                        e.preventDefault();
                        const focusRow = e.currentTarget;
                        void controller.enter(row.key, table.editTrigger).then((entered) => {
                          if (entered)
                            requestAnimationFrame(() =>
                              focusRow.querySelector<HTMLElement>('input, textarea')?.focus(),
                            );
                        });
                      },
                    }),
              }
        }
      />
      {!table.fixedRows && !frozen && (
        <Button type="dashed" block data-action="addRow" onClick={() => void controller.add()}>
          {t('editableTable.add')}
        </Button>
      )}
      {state.refusal && (
        <Typography.Text type="danger" className="editable-table__refusal">
          {t(state.refusal, { min: table.minRows })}
        </Typography.Text>
      )}
    </div>
  );
}
