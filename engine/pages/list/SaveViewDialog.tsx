import { Checkbox, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ViewDraft } from './listController';

interface Props {
  /** The user's roles, to share the view with one of them. */
  roles: string[];
  saving: boolean;
  onCancel: () => void;
  /** Resolves true when saved; the dialog closes only then. */
  onSave: (draft: ViewDraft) => Promise<boolean>;
}

/** Saves the current search, sort, page size and columns as a named view, personal or for a role. */
export function SaveViewDialog({ roles, saving, onCancel, onSave }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ viewName: string; sharedRoleNo: string; isDefault: boolean }>();
  const ok = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    await onSave({
      viewName: values.viewName,
      sharedRoleNo: values.sharedRoleNo || null,
      isDefault: values.isDefault,
    });
  };
  return (
    <Modal
      open
      width={500}
      title={t('list.view.saveCurrent')}
      okText={t('list.confirmOk')}
      cancelText={t('list.cancel')}
      confirmLoading={saving}
      onOk={ok}
      onCancel={onCancel}
      className="screen-view-dialog"
    >
      <Form
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={{ viewName: '', sharedRoleNo: '', isDefault: false }}
      >
        <Form.Item
          name="viewName"
          label={t('list.view.name')}
          rules={[{ required: true, whitespace: true, message: t('list.view.requiredName') }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="sharedRoleNo" label={t('list.view.share')}>
          <Select
            className="screen-view-dialog__share"
            options={[
              { value: '', label: t('list.view.personal') },
              ...roles.map((r) => ({ value: r, label: t('list.view.sharedWith', { role: r }) })),
            ]}
          />
        </Form.Item>
        <Form.Item name="isDefault" valuePropName="checked">
          <Checkbox>{t('list.view.isDefault')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
