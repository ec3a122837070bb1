// The upload dialog of a list's upload action: choose one or several files, each checked and sent on
// its own with its progress or the server's refusal; Done closes it and the list searches again when
// anything was uploaded.
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadConfig } from '../files/uploadRules';
import { FileUploadInput } from '../widgets/upload/FileUpload';

export function UploadDialog({
  config,
  moduleNumber,
  onClose,
}: {
  config: UploadConfig;
  moduleNumber: string;
  onClose: (uploaded: boolean) => void;
}) {
  const { t } = useTranslation();
  const [uploaded, setUploaded] = useState(false);
  const [busy, setBusy] = useState(false);
  const close = () => onClose(uploaded);
  return (
    <Modal
      open
      title={t('upload.dialogTitle')}
      width={560}
      maskClosable={false}
      closable={!busy}
      onCancel={() => !busy && close()}
      footer={
        <Button type="primary" disabled={busy} onClick={close} data-action="uploadDone">
          {t('upload.done')}
        </Button>
      }
      destroyOnHidden
    >
      <div className="upload-dialog" data-dialog="upload">
        <FileUploadInput
          upload={config}
          moduleNumber={moduleNumber}
          removable={false}
          onBusyChange={setBusy}
          onChange={(value) => {
            if (value) setUploaded(true);
          }}
        />
      </div>
    </Modal>
  );
}
