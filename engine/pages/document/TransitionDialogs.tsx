// The two dialogs of a document transition: the question before it runs (with the reason it needs,
// refused while empty when required) and the summary of a batch the server refused (every refused
// row and why; nothing was changed). Thin views over the list controller's transition state.
import { Alert, Form, Input, List, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_REASON_LENGTH } from '../../core/documents';
import type { PendingTransition, TransitionSummary } from './transitions';

export function TransitionDialog({
  pending,
  running,
  onSubmit,
  onCancel,
}: {
  pending: PendingTransition;
  running: boolean;
  onSubmit: (reason?: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason?: string }>();
  const { transition, labels } = pending;
  const action = t(transition.labelKey);
  const asks = transition.reason !== null;
  return (
    <Modal
      open
      title={action}
      okText={action}
      cancelText={t('dialog.close')}
      confirmLoading={running}
      onCancel={onCancel}
      onOk={() => void form.validateFields().then((v) => onSubmit(v.reason))}
      destroyOnHidden
      data-testid="transition-dialog"
      className="transition-dialog"
    >
      <Typography.Paragraph>{t('document.confirm', { action, count: labels.length })}</Typography.Paragraph>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: labels.join(', ') }}>
        {labels.join(', ')}
      </Typography.Paragraph>
      {asks && (
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="reason"
            label={t('document.reason')}
            rules={[
              {
                required: transition.reason === 'required',
                whitespace: true,
                // The server's own refusal of an empty reason, word for word.
                message: t('error.10143', { action }),
              },
              { max: MAX_REASON_LENGTH, message: t('problem.maxLength', { limit: MAX_REASON_LENGTH }) },
            ]}
          >
            <Input.TextArea rows={3} maxLength={MAX_REASON_LENGTH} showCount autoFocus />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

export function TransitionSummaryDialog({
  summary,
  onClose,
}: {
  summary: TransitionSummary;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const label = summary.labelKey ? t(summary.labelKey) : summary.label;
  return (
    <Modal
      open
      title={label}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText={t('dialog.close')}
      className="transition-summary"
    >
      <Alert
        type="warning"
        showIcon
        message={t('document.refusedSummary', {
          action: label,
          count: summary.refused.length,
          total: summary.total,
        })}
      />
      <List
        size="small"
        dataSource={summary.refused}
        rowKey="id"
        renderItem={(r) => (
          <List.Item data-refused={r.docNo}>
            <Typography.Text strong>{r.docNo}</Typography.Text>: {r.message}
          </List.Item>
        )}
      />
    </Modal>
  );
}
