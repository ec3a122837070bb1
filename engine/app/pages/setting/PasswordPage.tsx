import { Button, Form, Input, Space } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { passwordRuleText } from '../../../core/passwordPolicy';
import { userStore } from '../../../session/userStore';
import { useStore } from '../../../store/createStore';
import { toast } from '../../toast';
import { type PasswordValues, passwordProblem } from './passwordRules';
import { usePasswordForm } from './usePasswordForm';

export default function PasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const userNo = useStore(userStore).info?.userNo;
  // The shell (and its message host) goes away with the session: the toast outlives it, on the login page.
  const { rule, ruleLoaded, submitting, submit } = usePasswordForm(
    () => void toast.success(t('password.changed')),
  );
  const ruleText = rule && passwordRuleText(rule);

  const check = (field: keyof PasswordValues): RuleObject => ({
    required: true,
    validator: async () => {
      const context = { rule: field === 'newPwd' ? await ruleLoaded : undefined, userNo };
      const problem = passwordProblem(field, form.getFieldsValue(), context);
      if (!problem) return;
      const reason = problem.breach && t(problem.breach.key, problem.breach.params);
      throw new Error(t(problem.key, { label: t('password.new'), reason }));
    },
  });

  return (
    <div className="page-card">
      <Form<PasswordValues> form={form} layout="vertical" style={{ maxWidth: 420 }} onFinish={submit}>
        <Form.Item name="oldPwd" label={t('password.old')} rules={[check('oldPwd')]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPwd"
          label={t('password.new')}
          rules={[check('newPwd')]}
          dependencies={['oldPwd']}
          extra={ruleText && <span data-testid="password-rule">{t(ruleText.key, ruleText.params)}</span>}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPwd"
          label={t('password.confirm')}
          dependencies={['newPwd']}
          rules={[check('confirmPwd')]}
        >
          <Input.Password autoComplete="new-password" />
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
