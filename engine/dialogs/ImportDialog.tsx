// The import dialog's view (spec 000 section 2): choose file, the mode, download template, cancel,
// check, the counts of the check and the import the user confirms, progress and the result list. All
// behaviour is in ImportDialog.controller.ts.
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, List, Modal, Progress, Radio, Space, Typography, Upload } from 'antd';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { CLEAR_MARKER, IMPORT_MODES, type ImportMode } from '../core/importMode';
import { download, request } from '../request';
import { userStore } from '../session/userStore';
import {
  createImportController,
  IMPORT_ACCEPT,
  IMPORT_MAX_MB,
  type ImportController,
  type SocketLike,
} from './ImportDialog.controller';
import './ImportDialog.css';

/** The label of each mode (locale keys written out, so the locale check sees them used). */
const MODE_LABELS: Record<ImportMode, string> = {
  add: 'importDialog.mode.add',
  update: 'importDialog.mode.update',
  upsert: 'importDialog.mode.upsert',
};

function openSocket(path: string, protocols: string[]): SocketLike {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return new WebSocket(
    `${scheme}://${window.location.host}/productWebSocket/${path}`,
    protocols,
  ) as unknown as SocketLike;
}

function useImportController(port: string): ImportController {
  const { message } = App.useApp();
  const { t } = useTranslation();
  return useMemo(
    () =>
      createImportController(port, {
        request,
        download: (call, payload) => download(call, payload),
        openUrl: (url) => {
          window.open(url, '_blank', 'noopener,noreferrer');
        },
        openSocket,
        userId: () => userStore.get().id,
        warn: (key, params) => {
          void message.warning(t(key, params));
        },
      }),
    [port, message, t],
  );
}

export function ImportDialog({ port, onClose }: { port: string; onClose: (imported: boolean) => void }) {
  const { t } = useTranslation();
  const controller = useImportController(port);
  const s = useSyncExternalStore(controller.subscribe, controller.getState);
  const [fetching, setFetching] = useState<'template' | 'errors'>();
  const busy = s.state >= 1 && s.state <= 3;
  const finished = s.state >= 4 && s.state <= 6;
  const checked = s.state === 7;
  const toWrite = (s.result?.inserted ?? 0) + (s.result?.updated ?? 0);

  const fetchFile = async (kind: 'template' | 'errors') => {
    setFetching(kind);
    try {
      await (kind === 'template' ? controller.downloadTemplate() : controller.downloadErrors());
    } finally {
      setFetching(undefined);
    }
  };

  const close = () => {
    if (!controller.canClose()) return;
    const imported = s.state === 6;
    controller.reset();
    onClose(imported);
  };

  const status = (() => {
    const result = s.result;
    switch (s.state) {
      case 1:
        return (
          <Alert
            type="info"
            showIcon
            message={s.queued ? t('importDialog.queued', { place: s.queued }) : t('importDialog.state1')}
          />
        );
      case 2:
        return (
          <Alert
            type="info"
            showIcon
            message={t('importDialog.state2')}
            description={
              <Progress
                percent={s.percent}
                size="small"
                aria-label={t('importDialog.state2')}
                format={() => t('importDialog.rows', { count: s.rows })}
              />
            }
          />
        );
      case 3:
        return (
          <Alert
            type="info"
            showIcon
            message={t('importDialog.state3')}
            description={
              <Progress
                percent={s.percent}
                size="small"
                status="active"
                aria-label={t('importDialog.state3')}
              />
            }
          />
        );
      case 4:
        return (
          <Alert
            type="error"
            showIcon
            message={t('importDialog.state4', { count: result?.errorCount ?? s.failures.length })}
            action={
              result?.jobId ? (
                <Button
                  size="small"
                  icon={<DownloadOutlined />}
                  loading={fetching === 'errors'}
                  onClick={() => void fetchFile('errors')}
                  data-testid="import-download-errors"
                >
                  {t('importDialog.downloadErrors')}
                </Button>
              ) : undefined
            }
          />
        );
      case 5:
        return (
          <Alert
            type="error"
            showIcon
            message={t(s.refused ? 'importDialog.refused' : 'importDialog.state5', {
              message: s.message ?? '',
            })}
          />
        );
      case 6:
        return (
          <Alert
            type="success"
            showIcon
            message={t('importDialog.state6', {
              inserted: result?.inserted ?? 0,
              updated: result?.updated ?? 0,
              unchanged: result?.unchanged ?? 0,
            })}
          />
        );
      case 7:
        return (
          <>
            {result?.changed && <Alert type="warning" showIcon message={t('importDialog.changed')} />}
            <Alert
              type="info"
              showIcon
              data-testid="import-counts"
              message={t('importDialog.state7', {
                inserted: result?.inserted ?? 0,
                updated: result?.updated ?? 0,
                unchanged: result?.unchanged ?? 0,
              })}
              description={t(toWrite ? 'importDialog.confirmHint' : 'importDialog.nothingToDo')}
              action={
                result?.annotated ? (
                  <Button
                    size="small"
                    icon={<DownloadOutlined />}
                    loading={fetching === 'errors'}
                    onClick={() => void fetchFile('errors')}
                    data-testid="import-download-changes"
                  >
                    {t('importDialog.downloadChanges')}
                  </Button>
                ) : undefined
              }
            />
          </>
        );
      default:
        return null;
    }
  })();

  const lines = [
    ...s.failures.map((text) => ({ text, ok: false })),
    ...s.successes.map((text) => ({ text, ok: true })),
  ];

  return (
    <Modal
      open
      width={640}
      title={t('importDialog.title')}
      maskClosable={false}
      closable={!busy}
      onCancel={close}
      footer={
        <Space>
          <Button onClick={close} disabled={busy}>
            {finished ? t('importDialog.close') : t('importDialog.cancel')}
          </Button>
          {checked ? (
            <Button
              type="primary"
              disabled={!toWrite}
              onClick={() => void controller.confirm()}
              data-testid="import-confirm"
            >
              {t('importDialog.import')}
            </Button>
          ) : (
            <Button
              type="primary"
              loading={busy}
              disabled={!s.fileName || finished}
              onClick={() => void controller.start()}
              data-testid="import-start"
            >
              {t('importDialog.check')}
            </Button>
          )}
        </Space>
      }
    >
      <div className="import-dialog" data-import-state={s.state}>
        <Space wrap>
          <Upload
            accept={IMPORT_ACCEPT}
            maxCount={1}
            multiple={false}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(file) => {
              controller.chooseFile(file);
              // The controller uploads; antd's own upload never runs.
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} disabled={busy} data-testid="import-choose">
              {t('importDialog.chooseFile')}
            </Button>
          </Upload>
          <Button
            icon={<DownloadOutlined />}
            loading={fetching === 'template'}
            onClick={() => void fetchFile('template')}
            data-testid="import-template"
          >
            {t('importDialog.downloadTemplate')}
          </Button>
        </Space>
        <Typography.Paragraph type="secondary" className="import-dialog__hint">
          {t('importDialog.hint', { size: IMPORT_MAX_MB })}
        </Typography.Paragraph>
        <div className="import-dialog__mode">
          <Typography.Text strong id="import-mode-label">
            {t('importDialog.mode')}
          </Typography.Text>
          <Radio.Group
            value={s.mode}
            disabled={busy}
            onChange={(e) => controller.setMode(e.target.value)}
            aria-labelledby="import-mode-label"
            data-testid="import-mode"
          >
            <Space direction="vertical" size={2}>
              {IMPORT_MODES.map((mode) => (
                <Radio key={mode} value={mode} data-mode={mode}>
                  {t(MODE_LABELS[mode])}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
          <Typography.Paragraph type="secondary" className="import-dialog__rules">
            {t('importDialog.rules', { marker: CLEAR_MARKER })}
          </Typography.Paragraph>
        </div>
        {s.fileName && (
          <Typography.Paragraph className="import-dialog__file" data-testid="import-file">
            {s.fileName}
          </Typography.Paragraph>
        )}
        {status}
        {lines.length > 0 && (
          <List
            className="import-dialog__results"
            size="small"
            header={t('importDialog.results')}
            bordered
            dataSource={lines}
            renderItem={(line) => (
              <List.Item className={line.ok ? 'import-dialog__ok' : 'import-dialog__failed'}>
                {line.text}
              </List.Item>
            )}
          />
        )}
      </div>
    </Modal>
  );
}
