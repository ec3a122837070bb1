// The dialog of a dialog action: the rows it acts on, the fields it asks for (rendered with the widget
// registry, checked with the form's rules) and the server's message when it refused. A thin view over
// the list controller's pendingDialog; OK validates, then hands the values to submitDialog.
import { FormLayout } from '@formily/antd-v5';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { Alert, Modal, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../request';
import { attachLabels, createLabelResolver } from '../../selectors/labels';
import { SchemaField } from '../../widgets/SchemaField';
import { actionDialogLoaded, actionDialogSchema, actionDialogValues } from './actionDialog';
import type { PendingDialog } from './actionStore';

export function ActionDialog({
  pending,
  running,
  moduleNumber,
  onSubmit,
  onCancel,
}: {
  pending: PendingDialog;
  running: boolean;
  moduleNumber?: string;
  onSubmit: (values: Record<string, unknown>) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { action, labels, errorMessage } = pending;
  const fields = action.fields ?? [];
  // One form per opening: the values typed stay while the server's refusal is shown. Its selectors name
  // the codes they start with (a default template) before their options are loaded.
  const form = useMemo(() => {
    const created = createForm();
    attachLabels(created, createLabelResolver({ request, moduleNumber }));
    return created;
  }, [moduleNumber]);
  const schema = useMemo(() => actionDialogSchema(fields, t, moduleNumber), [fields, t, moduleNumber]);
  // A dialog on one row may start from that row's record (a split answer's parts).
  const loadCall = action.load;
  const loadId = pending.rows.length === 1 ? pending.rows[0].id : undefined;
  useEffect(() => {
    if (!loadCall || loadId === undefined) return;
    let live = true;
    request<Record<string, unknown>>(loadCall, { id: loadId }, { moduleNumber }).then(
      (record) => {
        if (live) form.setValues(actionDialogLoaded(fields, record));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [loadCall, loadId, form, fields, moduleNumber]);
  const label = t(action.labelKey);
  return (
    <Modal
      open
      title={t(action.titleKey ?? action.labelKey)}
      okText={label}
      cancelText={t('dialog.close')}
      confirmLoading={running}
      onCancel={onCancel}
      onOk={() =>
        void form
          .submit((values: Record<string, unknown>) => onSubmit(actionDialogValues(fields, values)))
          .catch(() => {})
      }
      // A table of rows needs the room of its columns.
      width={fields.some((f) => f.widget === 'editableTable') ? 760 : undefined}
      destroyOnHidden
      data-testid="action-dialog"
      className="action-dialog"
    >
      {/* A dialog that needs no selection (selection none) asks about no rows. */}
      {labels.length > 0 && (
        <>
          <Typography.Paragraph>
            {t('document.confirm', { action: label, count: labels.length })}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: labels.join(', ') }}>
            {labels.join(', ')}
          </Typography.Paragraph>
        </>
      )}
      {errorMessage && (
        <Alert type="error" showIcon message={errorMessage} className="action-dialog__error" />
      )}
      <FormProvider form={form}>
        <FormLayout layout="vertical" feedbackLayout="terse">
          <SchemaField schema={schema} />
        </FormLayout>
      </FormProvider>
    </Modal>
  );
}
