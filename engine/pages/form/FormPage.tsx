// The add/modify page view: the controller's Formily form rendered with the widget registry.
import { FormLayout } from '@formily/antd-v5';
import { FormProvider } from '@formily/react';
import { Alert, Button, Modal, Result, Space, Spin, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { recordIdOf } from '../../screens/rowActions';
import type { NormalisedScreen } from '../../screens/types';
import { userStore } from '../../session/userStore';
import { closeTabs } from '../../tabs/tabsStore';
import { SchemaField } from '../../widgets/SchemaField';
import { usePageDeps } from '../usePageDeps';
import type { RevealedValue } from './formController';
import { PageTabs } from './PageTabs';
import { sessionOptions } from './sessionOptions';
import { useFormController } from './useFormController';
import '../pages.css';

export default function FormPage({ screen }: { screen: NormalisedScreen }) {
  const { t } = useTranslation();
  const id = recordIdOf(useParams());
  const pageDeps = usePageDeps();
  // The tab's own path (the shell renders each tab's page at its own location).
  const { pathname } = useLocation();
  const deps = useMemo(() => {
    const user = userStore.get();
    return {
      ...pageDeps,
      t: (key: string, p?: Record<string, unknown>) => t(key, p),
      session: {
        orgNo: user.info?.orgNo,
        orgNos: user.orgList.map((o) => o.orgNo),
        supplierNo: user.info?.supplierNo ?? undefined,
      },
      localOptions: sessionOptions,
      // After a save the form's tab closes, and the page goes to its list.
      closePage: (to: string) => {
        pageDeps.navigate(to);
        closeTabs('close', pathname, pathname);
      },
    };
  }, [pageDeps, t, pathname]);
  const [state, controller] = useFormController(screen, deps, { id });

  if (state.status === 'error') {
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
    <div className="page-card screen-form" data-screen={screen.name}>
      <div className="screen-form__header">
        <h2 className="screen-form__title">{t(screen.titleKey)}</h2>
        {screen.parentPath && <Button onClick={controller.back}>{t('form.back')}</Button>}
      </div>
      {state.errorMessage && (
        <Alert className="screen-form__alert" type="error" showIcon message={state.errorMessage} />
      )}
      <Spin spinning={state.status === 'loading'}>
        <div className="screen-form__body">
          <FormProvider form={controller.form}>
            <FormLayout labelWidth={150} labelWrap feedbackLayout="terse">
              {controller.tabs.length ? (
                <PageTabs
                  tabs={controller.tabs}
                  active={state.activeTab}
                  onChange={controller.showTab}
                  errors={controller.tabErrors}
                  render={(tab) => <SchemaField schema={controller.schemaOf(tab)} />}
                />
              ) : (
                <SchemaField schema={controller.schema} />
              )}
            </FormLayout>
          </FormProvider>
          <Space className="screen-form__footer">
            <Button type="primary" loading={state.status === 'saving'} onClick={() => void controller.save()}>
              {t('form.save')}
            </Button>
            {screen.parentPath && <Button onClick={controller.back}>{t('form.cancel')}</Button>}
          </Space>
        </div>
      </Spin>
      {state.revealed && (
        <RevealDialog values={state.revealed} onDone={() => void controller.finishReveal()} />
      )}
    </div>
  );
}

/** The values a save answered that are shown once: closed only by saying they were copied. */
function RevealDialog({ values, onDone }: { values: RevealedValue[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      className="screen-form__reveal"
      title={t('form.reveal.title')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onDone} data-action="finishReveal">
          {t('form.reveal.done')}
        </Button>
      }
    >
      <Alert type="warning" showIcon message={t('form.reveal.warning')} style={{ marginBottom: 16 }} />
      {values.map((v) => (
        <div key={v.prop}>
          <Typography.Text strong>{t(v.labelKey)}</Typography.Text>
          <Typography.Paragraph
            data-reveal-prop={v.prop}
            copyable={{ text: v.value, tooltips: [t('form.reveal.copy'), t('form.reveal.copied')] }}
            style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
          >
            {v.value}
          </Typography.Paragraph>
        </div>
      ))}
    </Modal>
  );
}
