// The print dialog (spec 000 section 2: "asks for a document template; confirm and cancel"): a search
// over the module's document templates, the default marked and preselected, and the number of rows that
// will print. Behaviour lives in PrintDialog.controller.ts.

import { useDebounceFn } from 'ahooks';
import { App, Modal, Select, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { openFile } from '../files/openFile';
import { printLocally } from '../print/localPrint';
import { request } from '../request';
import { createPrintController, type PrintTemplate } from './PrintDialog.controller';
import './dialogs.css';

export const PRINT_DIALOG_WIDTH = 480;
/** Spec 000 section 9: select input debounce. */
const SEARCH_DEBOUNCE_MS = 300;

export function PrintDialog({
  module,
  rows,
  rowKey,
  printer,
  supplierNo,
  onClose,
}: {
  module: string;
  rows: Record<string, unknown>[];
  rowKey: string;
  printer: string;
  supplierNo?: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  // The selection is the one the button was pressed with, whatever the list does meanwhile.
  const [selection] = useState(() => ({ module, rows, rowKey, printer, supplierNo }));
  const controller = useMemo(
    () =>
      createPrintController(selection, {
        request,
        openFile,
        printLocally: (answer) => printLocally(answer, { fetch: window.fetch.bind(window) }),
        warn: (key) => {
          void message.warning(t(key));
        },
        error: (key) => {
          void message.error(t(key), 5);
        },
        success: (key) => {
          void message.success(t(key));
        },
        timeZone: () => Intl.DateTimeFormat().resolvedOptions().timeZone,
      }),
    [selection, message, t],
  );
  const s = useSyncExternalStore(controller.subscribe, controller.getState);
  const closed = useRef(onClose);
  closed.current = onClose;
  useEffect(() => {
    void controller.open().then((opened) => {
      if (!opened) closed.current();
    });
  }, [controller]);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (s.open) wasOpen.current = true;
    else if (wasOpen.current) closed.current();
  }, [s.open]);
  const { run: search } = useDebounceFn((keyword: string) => void controller.search(keyword), {
    wait: SEARCH_DEBOUNCE_MS,
  });

  const listed: PrintTemplate[] =
    s.chosen && !s.templates.some((x) => x.reportKey === s.chosen?.reportKey)
      ? [s.chosen, ...s.templates]
      : s.templates;

  if (!s.open) return null;
  return (
    <Modal
      open
      width={PRINT_DIALOG_WIDTH}
      title={t('printDialog.title')}
      okText={t('printDialog.confirm')}
      cancelText={t('printDialog.cancel')}
      confirmLoading={s.printing}
      onOk={() => void controller.confirm()}
      onCancel={() => controller.cancel()}
      className="print-dialog"
    >
      <div className="print-dialog__body">
        <label className="print-dialog__label" htmlFor="print-dialog-template">
          {t('printDialog.template')}
        </label>
        <Select
          id="print-dialog-template"
          className="print-dialog__template"
          showSearch
          allowClear
          filterOption={false}
          loading={s.loading}
          value={s.selected}
          placeholder={t('printDialog.placeholder')}
          notFoundContent={s.loading ? undefined : t('printDialog.noTemplate')}
          onSearch={search}
          onChange={(v: string | undefined) => controller.select(v)}
          onClear={() => {
            if (s.keyword) void controller.search('');
          }}
          options={listed.map((tpl) => ({
            value: tpl.reportKey,
            label: (
              <span className="print-dialog__option" data-report-key={tpl.reportKey}>
                {tpl.templateName}
                {Number(tpl.isDefault) === 1 && <Tag color="blue">{t('printDialog.default')}</Tag>}
              </span>
            ),
          }))}
        />
        <Typography.Text type="secondary" className="print-dialog__count">
          {t('printDialog.count', { count: rows.length })}
        </Typography.Text>
      </div>
    </Modal>
  );
}
