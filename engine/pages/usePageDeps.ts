// The real outside world of a page controller: the request layer, the router, antd's confirm and
// message (through the App context the shell provides) and i18n.
import { App } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { openFile } from '../files/openFile';
import { request } from '../request';
import type { PageDeps } from './types';

export function usePageDeps(): PageDeps {
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const { t } = useTranslation();
  return useMemo<PageDeps>(
    () => ({
      request,
      navigate,
      confirm: (key, params) =>
        new Promise<boolean>((resolve) => {
          modal.confirm({
            title: t('list.confirmTitle'),
            content: t(key, params),
            okText: t('list.confirmOk'),
            cancelText: t('list.confirmCancel'),
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          });
        }),
      success: (key, params) => {
        void message.success(t(key, params));
      },
      openFile,
    }),
    [navigate, modal, message, t],
  );
}
