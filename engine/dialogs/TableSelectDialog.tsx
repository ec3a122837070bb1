// The shared table-select dialog (spec 000 section 2): 55% wide unless told, an optional search form,
// a table paged at 20 whose height stays between 250 px and 55vh, Cancel and Confirm. Confirm with
// nothing chosen warns and keeps the dialog open. With selection 'none' it is a read-only table with
// a Close button (the extra-rows dialog).
import { App, Button, Form, Input, Modal, Space, Table } from 'antd';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { NormalisedColumn } from '../screens/types';
import { renderCell } from '../widgets/cells';
import { checkboxName, rowName } from '../widgets/rowName';
import {
  createTableSelectController,
  type SelectMode,
  type TableSelectOptions,
  tableScrollHeight,
} from './tableSelectController';
import './dialogs.css';

type Row = Record<string, unknown>;

export interface TableSelectDialogProps<R extends Row> {
  title: string;
  /** Any CSS width; default 55%. */
  width?: string | number;
  columns: NormalisedColumn[];
  /** Fields of the search form (text inputs), sent in the condition under their prop. */
  searchFields?: { prop: string; labelKey: string }[];
  fetch: TableSelectOptions<R>['fetch'];
  rowKey: (row: R) => string;
  mode: SelectMode;
  initialKeys?: string[];
  /** Locale key of the warning when Confirm is pressed with nothing chosen. */
  emptyMessageKey?: string;
  onConfirm?: (rows: R[], keys: string[]) => void;
  onCancel: () => void;
}

export function TableSelectDialog<R extends Row>(props: TableSelectDialogProps<R>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [controller] = useState(() =>
    createTableSelectController<R>({
      fetch: props.fetch,
      rowKey: props.rowKey,
      mode: props.mode,
      initialKeys: props.initialKeys,
    }),
  );
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const [form] = Form.useForm();
  const [height, setHeight] = useState(() => tableScrollHeight(window.innerHeight));

  useEffect(() => {
    void controller.load();
    const resize = () => setHeight(tableScrollHeight(window.innerHeight));
    window.addEventListener('resize', resize);
    return () => window.removeEventListener('resize', resize);
  }, [controller]);

  const confirm = () => {
    const result = controller.confirm();
    if (!result.ok) {
      void message.warning(t(props.emptyMessageKey ?? 'dialog.tableSelect.noneChosen'));
      return;
    }
    props.onConfirm?.(result.rows, result.keys);
  };

  const readOnly = props.mode === 'none';
  return (
    <Modal
      open
      title={props.title}
      width={props.width ?? '55%'}
      className="table-select-dialog"
      data-mode={props.mode}
      onCancel={props.onCancel}
      footer={
        readOnly ? (
          <Button onClick={props.onCancel}>{t('dialog.close')}</Button>
        ) : (
          <Space>
            <Button onClick={props.onCancel}>{t('list.confirmCancel')}</Button>
            <Button type="primary" onClick={confirm} data-action="confirm">
              {t('list.confirmOk')}
            </Button>
          </Space>
        )
      }
      destroyOnHidden
    >
      {props.searchFields && props.searchFields.length > 0 && (
        <Form
          form={form}
          layout="inline"
          className="table-select-dialog__search"
          onFinish={(values: Record<string, unknown>) => void controller.search(values)}
        >
          {props.searchFields.map((f) => (
            <Form.Item key={f.prop} name={f.prop} label={t(f.labelKey)}>
              <Input allowClear />
            </Form.Item>
          ))}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" data-action="search">
                {t('dialog.search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  void controller.search({});
                }}
              >
                {t('dialog.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      )}
      <Table<R>
        size="small"
        bordered
        rowKey={props.rowKey}
        loading={state.loading}
        dataSource={state.rows}
        columns={props.columns.map((c) => ({
          key: c.prop,
          dataIndex: c.prop,
          title: <span data-prop={c.prop}>{t(c.labelKey)}</span>,
          width: c.width,
          minWidth: c.minWidth,
          align: c.align,
          ellipsis: true,
          render: (value: unknown) => renderCell(c, value, t),
        }))}
        scroll={{ x: 'max-content', y: height }}
        onRow={(row) => ({
          // A click anywhere on the row chooses it, as the radio or checkbox would.
          onClick: (event) => {
            // The radio or checkbox itself already told the table.
            if (readOnly || (event.target as HTMLElement).closest('.ant-table-selection-column')) return;
            const key = props.rowKey(row);
            const keys = state.selectedKeys;
            controller.select(
              props.mode === 'multiple' && keys.includes(key)
                ? keys.filter((k) => k !== key)
                : [...keys, key],
            );
          },
        })}
        rowSelection={
          readOnly
            ? undefined
            : {
                type: props.mode === 'single' ? 'radio' : 'checkbox',
                preserveSelectedRowKeys: true,
                selectedRowKeys: state.selectedKeys,
                onChange: (keys) => controller.select(keys.map(String)),
                getCheckboxProps: (row) =>
                  checkboxName(
                    t('a11y.selectRow', {
                      name:
                        rowName(
                          row,
                          props.columns.map((c) => c.prop),
                        ) || props.rowKey(row),
                    }),
                  ),
              }
        }
        pagination={{
          current: state.current,
          pageSize: state.size,
          total: state.total,
          showSizeChanger: false,
          showTotal: (total) => t('list.total', { total }),
          onChange: (page) => void controller.changePage(page),
        }}
      />
    </Modal>
  );
}
