// The upload widget's view: a choose button with what is allowed, and the field's files as rows (name
// as a download link, size, progress while sending, the server's refusal in red, remove). Read-pretty
// shows the files as download links. Everything it decides is in uploadController.ts.
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { connect, mapReadPretty } from '@formily/react';
import { App, Button, Progress, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFileById, fileInfo, uploadFile } from '../../files/fileApi';
import { acceptAttribute, formatSize, splitIds, type UploadConfig } from '../../files/uploadRules';
import { createUploadController } from './uploadController';
import './upload.css';

export interface FileUploadProps {
  value?: unknown;
  onChange?: (value: string | undefined) => void;
  disabled?: boolean;
  upload: UploadConfig;
  /** The menu whose flags allow the upload; the current route's when absent. */
  moduleNumber?: string;
  /** Uploaded files can be taken out of the field (not in the upload dialog, where they are simply uploaded). */
  removable?: boolean;
  /** Told when files start or stop being sent. */
  onBusyChange?: (busy: boolean) => void;
}

export function FileUploadInput({
  value,
  onChange,
  disabled,
  upload,
  moduleNumber,
  removable = true,
  onBusyChange,
}: FileUploadProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const controller = useMemo(
    () =>
      createUploadController(
        upload,
        {
          upload: (file, onProgress) => uploadFile(upload.purpose, file, { moduleNumber, onProgress }),
          info: fileInfo,
          warn: (key, params) => {
            void message.warning(t(key, params));
          },
        },
        (next) => changed.current?.(next),
      ),
    [upload, moduleNumber, message, t],
  );
  useEffect(() => {
    void controller.setValue(value);
  }, [controller, value]);
  const { items, busy } = useSyncExternalStore(controller.subscribe, controller.getState);
  useEffect(() => {
    onBusyChange?.(busy);
  }, [busy, onBusyChange]);

  return (
    <div className="file-upload" data-upload={upload.purpose} data-busy={busy || undefined}>
      <div className="file-upload__bar">
        <Button
          icon={<UploadOutlined />}
          disabled={disabled}
          onClick={() => input.current?.click()}
          data-action="chooseFile"
        >
          {t(upload.multiple ? 'upload.chooseFiles' : 'upload.chooseFile')}
        </Button>
        <span className="file-upload__hint">
          {t(upload.multiple ? 'upload.hintEach' : 'upload.hint', {
            types: upload.accept.join(', '),
            size: upload.maxSizeMb,
          })}
        </span>
        <input
          ref={input}
          type="file"
          hidden
          accept={acceptAttribute(upload)}
          multiple={upload.multiple}
          disabled={disabled}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            // Cleared, so choosing the same file again is a change too.
            e.target.value = '';
            void controller.choose(files);
          }}
        />
      </div>
      {items.length > 0 && (
        <ul className="file-upload__list">
          {items.map((item) => (
            <li key={item.uid} className="file-upload__item" data-status={item.status}>
              <PaperClipOutlined />
              {item.status === 'done' && item.id ? (
                <Typography.Link
                  className="file-upload__name"
                  onClick={() => void downloadFileById(item.id!)}
                >
                  {item.name}
                </Typography.Link>
              ) : (
                <span className="file-upload__name">{item.name}</span>
              )}
              {item.size !== undefined && <span className="file-upload__size">{formatSize(item.size)}</span>}
              {item.status === 'uploading' && (
                <Progress className="file-upload__progress" percent={item.percent} size="small" />
              )}
              {item.status === 'error' && (
                <Typography.Text type="danger" className="file-upload__error">
                  {item.message}
                </Typography.Text>
              )}
              {(removable || item.status === 'error') && (
                <Button
                  type="text"
                  size="small"
                  icon={<DeleteOutlined />}
                  disabled={disabled}
                  aria-label={t('upload.remove')}
                  title={t('upload.remove')}
                  onClick={() => controller.remove(item.uid)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Read-pretty: each file's name, a link that downloads it. */
export function FileLinks({ value }: { value?: unknown }) {
  const ids = splitIds(value);
  const key = ids.join(',');
  const [names, setNames] = useState<Record<string, string>>({});
  useEffect(() => {
    let live = true;
    const wanted = key ? key.split(',') : [];
    void fileInfo(wanted)
      .then((found) => {
        if (live) setNames(Object.fromEntries(found.map((f) => [f.id, f.originalName])));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [key]);
  if (!ids.length) return <span className="file-links file-links--empty">--</span>;
  return (
    <span className="file-links">
      {ids.map((id) => (
        <Typography.Link key={id} className="file-links__link" onClick={() => void downloadFileById(id)}>
          <PaperClipOutlined /> {names[id] ?? id}
        </Typography.Link>
      ))}
    </span>
  );
}

export const FileUpload = connect(FileUploadInput, mapReadPretty(FileLinks));
