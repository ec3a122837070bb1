// The user picker (spec 000 section 5): a dialog listing the users the caller may pick, with search;
// OK with nobody chosen warns and keeps the dialog open.
import { App, Button, Input, Modal, Space, Table } from 'antd';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { joinValues, splitValues } from '../selectors/dependency';
import type { RemoteSelectProps } from './RemoteSelect';
import { useSelectorController } from './RemoteSelect';

export function UserPicker({
  value,
  onChange,
  selector,
  moduleNumber,
  disabled,
  placeholder,
}: RemoteSelectProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { controller } = useSelectorController(selector, moduleNumber);
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);

  const show = () => {
    setChosen(splitValues(value));
    setOpen(true);
    if (state.page === 0) void controller.load();
  };
  const confirm = () => {
    if (!chosen.length) {
      void message.warning(t('selector.noUserChosen'));
      return;
    }
    onChange?.(joinValues(selector.multiple ? chosen : chosen.slice(0, 1)));
    setOpen(false);
  };

  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          readOnly
          value={(value as string | undefined) ?? ''}
          placeholder={placeholder}
          disabled={disabled}
        />
        <Button disabled={disabled} onClick={show} data-action="pickUser">
          {t('selector.pick')}
        </Button>
      </Space.Compact>
      <Modal
        open={open}
        title={t('selector.userPickerTitle')}
        onOk={confirm}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        width={640}
      >
        <Input.Search allowClear onChange={(e) => controller.search(e.target.value)} />
        <Table
          size="small"
          rowKey="value"
          loading={state.loading}
          dataSource={state.options}
          pagination={false}
          scroll={{ y: '55vh' }}
          columns={[
            { key: 'value', dataIndex: 'value', title: t('field.userNo') },
            { key: 'label', dataIndex: 'label', title: t('field.userName') },
          ]}
          rowSelection={{
            type: selector.multiple ? 'checkbox' : 'radio',
            selectedRowKeys: chosen,
            onChange: (keys) => setChosen(keys.map(String)),
          }}
        />
        {state.hasMore && state.page > 0 && (
          <Button type="link" onClick={() => void controller.loadMore()}>
            {t('selector.more')}
          </Button>
        )}
      </Modal>
    </>
  );
}
