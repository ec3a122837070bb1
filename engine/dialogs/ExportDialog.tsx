// The export-template chooser (spec 000 sections 5, 7, 8): 400 px wide, the default template
// marked and preselected, a warning that keeps it open when none is chosen. Behaviour lives in
// ExportDialog.controller.ts.
import { App, Modal, Progress, Radio, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { download, fetchFile, request } from '../request';
import { createExportController } from './ExportDialog.controller';
import './ImportDialog.css';

export const EXPORT_DIALOG_WIDTH = 400;

/**
 * The list toolbar's export (flag isExport): loads the screen's templates and shows the chooser;
 * answers 'no export' and closes when none is configured. `onClose` runs once it is gone.
 */
export function ExportDialog({
  port,
  exportCall,
  params,
  onClose,
}: {
  /** The screen's service; without one the dialog answers 'no export'. */
  port?: string;
  /** The screen's export call (calls.export, Service/method); default the service's exportexcel. */
  exportCall?: string;
  /** The list's current search condition. */
  params: () => Record<string, unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  // The list's search changes between renders; the controller always asks for the latest one.
  const latest = useRef(params);
  latest.current = params;
  const controller = useMemo(
    () =>
      createExportController(
        port,
        () => latest.current(),
        {
          request,
          download: (call, payload) => download(call, payload),
          fetchFile: (call, payload) => fetchFile(call, payload),
          sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
          warn: (key) => {
            void message.warning(t(key));
          },
          error: (key) => {
            void message.error(t(key));
          },
        },
        exportCall,
      ),
    [port, exportCall, message, t],
  );
  const s = useSyncExternalStore(controller.subscribe, controller.getState);
  const closed = useRef(onClose);
  closed.current = onClose;
  useEffect(() => {
    void controller.open().then((opened) => {
      if (!opened) closed.current();
    });
  }, [controller]);
  useEffect(() => {
    if (!s.open && !s.loading && s.templates.length > 0) closed.current();
  }, [s.open, s.loading, s.templates.length]);

  return (
    <>
      {s.open && (
        <Modal
          open
          width={EXPORT_DIALOG_WIDTH}
          title={t('exportDialog.template')}
          okText={t(s.job ? 'exportDialog.download' : 'exportDialog.confirm')}
          cancelText={t('exportDialog.cancel')}
          confirmLoading={s.downloading}
          okButtonProps={{ disabled: s.job !== undefined && s.job.status !== 'done' }}
          onOk={() => void controller.confirm()}
          onCancel={() => controller.cancel()}
          className="export-dialog"
        >
          {s.job ? (
            <div className="export-dialog__job" data-job-status={s.job.status}>
              <Progress
                percent={s.job.totalRows ? Math.floor((s.job.doneRows / s.job.totalRows) * 100) : 0}
                status={
                  s.job.status === 'error' ? 'exception' : s.job.status === 'done' ? 'success' : 'active'
                }
              />
              <Typography.Text type={s.job.status === 'error' ? 'danger' : undefined}>
                {s.job.status === 'done'
                  ? t('exportDialog.jobReady', { fileName: s.job.fileName })
                  : s.job.status === 'error'
                    ? t('exportDialog.jobFailed')
                    : t('exportDialog.jobRunning', { done: s.job.doneRows, total: s.job.totalRows })}
              </Typography.Text>
            </div>
          ) : (
            <Radio.Group value={s.selected} onChange={(e) => controller.select(e.target.value)}>
              <Space direction="vertical">
                {s.templates.map((tpl) => (
                  <Radio key={tpl.exportName} value={tpl.exportName} data-export-name={tpl.exportName}>
                    <span className="export-dialog__option">
                      {tpl.exportLabel}
                      {Number(tpl.isDefault) === 1 && <Tag color="blue">{t('exportDialog.default')}</Tag>}
                    </span>
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          )}
        </Modal>
      )}
    </>
  );
}
