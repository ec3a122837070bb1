// The detail page view: the controller's read-pretty form rendered with the same widget registry as
// forms, under the page's action buttons.
import { FormLayout } from '@formily/antd-v5';
import { FormProvider } from '@formily/react';
import { Button, Result, Space, Spin } from 'antd';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { MenuFlags } from '../../screens/flags';
import type { NormalisedScreen } from '../../screens/types';
import { SchemaField } from '../../widgets/SchemaField';
import { usePageDeps } from '../usePageDeps';
import { createDetailController } from './detailController';
import '../pages.css';

export default function DetailPage({ screen, menu }: { screen: NormalisedScreen; menu: MenuFlags }) {
  const { t, i18n } = useTranslation();
  const { id } = useParams();
  const pageDeps = usePageDeps();
  const deps = useMemo(
    () => ({
      ...pageDeps,
      t: (key: string, p?: Record<string, unknown>) => t(key, p),
      exists: (key: string) => i18n.exists(key),
    }),
    [pageDeps, t, i18n],
  );
  const [controller] = useState(() => createDetailController(screen, deps, { id }, menu));
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  useEffect(() => {
    void controller.load();
  }, [controller]);

  if (state.loadFailed) {
    return (
      <div className="page-card">
        <Result
          status="warning"
          title={t('form.loadFailed')}
          extra={<Button onClick={controller.back}>{t('form.back')}</Button>}
        />
      </div>
    );
  }

  return (
    <div className="page-card screen-form screen-detail" data-screen={screen.name}>
      <div className="screen-form__header">
        <h2 className="screen-form__title">{t(screen.titleKey)}</h2>
        <Space>
          {controller.actions.map((a) => (
            <Button key={a.key} type="primary" data-action={a.kind} onClick={() => controller.run(a)}>
              {t(a.labelKey)}
            </Button>
          ))}
          {screen.parentPath && <Button onClick={controller.back}>{t('form.back')}</Button>}
        </Space>
      </div>
      <Spin spinning={state.loading}>
        <div className="screen-form__body">
          <FormProvider form={controller.form}>
            <FormLayout labelWidth={150} labelWrap>
              <SchemaField schema={controller.schema} />
            </FormLayout>
          </FormProvider>
        </div>
      </Spin>
    </div>
  );
}
