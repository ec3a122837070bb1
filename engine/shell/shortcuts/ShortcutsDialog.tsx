// The keyboard shortcuts, listed in a dialog opened with `?` (outside a text field) or from the user
// menu. antd's modal keeps the focus inside while open and gives it back to where it was on close.
import { Modal } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { SHORTCUTS } from './shortcuts';

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('shortcuts.title')}
      onCancel={onClose}
      footer={null}
      className="shortcuts-dialog"
      destroyOnHidden
    >
      {SHORTCUTS.map((group) => (
        <table key={group.titleKey} className="shortcuts-dialog__table">
          <caption>{t(group.titleKey)}</caption>
          <thead>
            <tr>
              <th scope="col">{t('shortcuts.keys')}</th>
              <th scope="col">{t('shortcuts.action')}</th>
            </tr>
          </thead>
          <tbody>
            {group.shortcuts.map((s) => (
              <tr key={s.labelKey}>
                <td>
                  {s.keys.map((k, i) => (
                    <Fragment key={k}>
                      {i > 0 && ' + '}
                      <kbd>{k}</kbd>
                    </Fragment>
                  ))}
                </td>
                <td>{t(s.labelKey)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </Modal>
  );
}
