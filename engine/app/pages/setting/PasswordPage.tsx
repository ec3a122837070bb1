import { App, Button, Form, Input, Space } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { type PasswordValues, passwordProblem } from './passwordRules';
import { usePasswordForm } from './usePasswordForm';

export default function PasswordPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const { submitting, submit } = usePasswordForm(() => message.success(t('password.changed')));

  const rule = (field: keyof PasswordValues): RuleObject => ({
    required: true,
    validator: async () => {
      const problem = passwordProblem(field, form.getFieldsValue());
      if (problem) throw new Error(t(problem));
    },
  });

  return (
    <div className="page-card">
      <Form<PasswordValues> form={form} layout="vertical" style={{ maxWidth: 420 }} onFinish={submit}>
        <Form.Item name="oldPwd" label={t('password.old')} rules={[rule('oldPwd')]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPwd" label={t('password.new')} rules={[rule('newPwd')]}>
          <Input.Password autoComplete="new-password" maxLength={20} />
        </Form.Item>
        <Form.Item
          name="confirmPwd"
          label={t('password.confirm')}
          dependencies={['newPwd']}
          rules={[rule('confirmPwd')]}
        >
          <Input.Password autoComplete="new-password" maxLength={20} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={submitting}>
              {t('password.submit')}
            </Button>
            <Button onClick={() => form.resetFields()}>{t('password.reset')}</Button>
          </Space>
        </Form.Item>
      </Form>
    </div>
  );
}
