// The detail kind's rendering: the controller's read-pretty form with the same widget registry as
// forms, under the action buttons. The detail page and the list's detail drawer both show this.
import { FormLayout } from '@formily/antd-v5';
import { FormProvider } from '@formily/react';
import { Button, Result, Space, Spin, Table, Tooltip } from 'antd';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { editableIn } from '../../screens/documentDefine';
import type { MenuFlags } from '../../screens/flags';
import type { NormalisedScreen } from '../../screens/types';
import { userStore } from '../../session/userStore';
import { useStore } from '../../store/createStore';
import { renderCell } from '../../widgets/cells';
import { lazyPart } from '../../widgets/lazyPart';
import { checkboxName, rowName } from '../../widgets/rowName';
import { SchemaField } from '../../widgets/SchemaField';
import { StateTag } from '../../widgets/StateTag';
import { HistoryTimeline } from '../document/HistoryTimeline';
import { PageTabs } from '../form/PageTabs';
import { sessionOptions } from '../form/sessionOptions';
import { usePageDeps } from '../usePageDeps';
import { createDetailController } from './detailController';
import '../pages.css';

// The print and transition dialogs open on a click: each loads then.
const PrintDialog = lazyPart(() => import('../../dialogs/PrintDialog').then((m) => m.PrintDialog));
const TransitionDialog = lazyPart(() =>
  import('../document/TransitionDialogs').then((m) => m.TransitionDialog),
);

export function DetailView({
  screen,
  menu,
  id,
  inDrawer = false,
  onLeave,
}: {
  screen: NormalisedScreen;
  menu: MenuFlags;
  /** The record's id (the :id route parameter). */
  id: string | undefined;
  /** In the list's drawer: the drawer carries the title and closes itself, so no title and no Back. */
  inDrawer?: boolean;
  /** Called after an action button opened another page (the drawer closes). */
  onLeave?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const pageDeps = usePageDeps();
  const deps = useMemo(
    () => ({
      ...pageDeps,
      t: (key: string, p?: Record<string, unknown>) => t(key, p),
      exists: (key: string) => i18n.exists(key),
      localOptions: sessionOptions,
    }),
    [pageDeps, t, i18n],
  );
  const [controller] = useState(() => createDetailController(screen, deps, { id }, menu));
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  useEffect(() => {
    void controller.load();
  }, [controller]);
  const userInfo = useStore(userStore).info;
  // The record a print button was pressed for, while its print dialog is open.
  const [printing, setPrinting] = useState<Record<string, unknown>[] | null>(null);

  if (state.status === 'error') {
    return (
      <div className={inDrawer ? undefined : 'page-card'}>
        <Result
          status="warning"
          title={t('form.loadFailed')}
          extra={inDrawer ? undefined : <Button onClick={controller.back}>{t('form.back')}</Button>}
        />
      </div>
    );
  }

  const spec = screen.detail!;
  const lineKey = spec.lines?.rowKey ?? 'id';
  // A document outside its editable states cannot be modified: its Modify button is not offered.
  const shownActions = controller.actions.filter(
    (a) => a.kind !== 'modify' || editableIn(state.document, state.documentState),
  );
  const actions = (
    <Space>
      {state.transitions?.map((tr) => (
        <Button
          key={tr.name}
          data-action="transition"
          data-transition={tr.name}
          onClick={() => controller.startTransition(tr)}
        >
          {t(tr.labelKey)}
        </Button>
      ))}
      {shownActions.map((a) => (
        <Button
          key={a.key}
          type="primary"
          data-action={a.kind}
          onClick={() => {
            if (a.kind === 'print') {
              const record = controller.current();
              if (record) setPrinting([record]);
              return;
            }
            controller.run(a);
            onLeave?.();
          }}
        >
          {t(a.labelKey)}
        </Button>
      ))}
      {!inDrawer && screen.parentPath && <Button onClick={controller.back}>{t('form.back')}</Button>}
    </Space>
  );

  return (
    <div
      className={`${inDrawer ? '' : 'page-card '}screen-form screen-detail`}
      data-screen={screen.name}
      data-record-id={id}
    >
      {inDrawer ? (
        shownActions.length > 0 && <div style={{ marginBottom: 12 }}>{actions}</div>
      ) : (
        <div className="screen-form__header">
          <h2 className="screen-form__title">
            {t(screen.titleKey)}{' '}
            {state.document && <StateTag define={state.document} value={state.documentState} />}
          </h2>
          {actions}
        </div>
      )}
      <Spin spinning={state.status === 'loading'}>
        <div className="screen-form__body">
          <FormProvider form={controller.form}>
            <FormLayout labelWidth={150} labelWrap>
              {controller.tabs.length ? (
                <PageTabs
                  tabs={controller.tabs}
                  active={state.activeTab}
                  onChange={controller.showTab}
                  render={(tab) => <SchemaField schema={controller.schemaOf(tab)} />}
                />
              ) : (
                <SchemaField schema={controller.schema} />
              )}
            </FormLayout>
          </FormProvider>
          {printing && (
            <PrintDialog
              module={screen.menuNo}
              rows={printing}
              rowKey="id"
              printer={userInfo?.userName ?? ''}
              supplierNo={userInfo?.supplierNo}
              onClose={() => setPrinting(null)}
            />
          )}
          {spec.lines && (
            <div className="screen-detail__lines" data-lines={spec.lines.prop}>
              <div className="screen-detail__lines-header">
                {spec.lines.titleKey && (
                  <h3 className="screen-detail__lines-title">{t(spec.lines.titleKey)}</h3>
                )}
                <Space>
                  {controller.lineActions().map((a) => (
                    <Tooltip key={a.transition.name} title={a.disabledReason}>
                      <Button
                        data-line-transition={a.transition.name}
                        disabled={Boolean(a.disabledReason)}
                        onClick={() => controller.startLineTransition(a)}
                      >
                        {t(a.labelKey)}
                      </Button>
                    </Tooltip>
                  ))}
                </Space>
              </div>
              <Table<Record<string, unknown>>
                size="small"
                pagination={false}
                rowKey={(r) => String(r[lineKey])}
                dataSource={state.lines ?? []}
                scroll={{ x: 'max-content' }}
                rowSelection={
                  spec.lines.transitions.length
                    ? {
                        selectedRowKeys: state.selectedLines ?? [],
                        onChange: (keys) => controller.selectLines(keys.map(String)),
                        getCheckboxProps: (line) =>
                          checkboxName(
                            t('a11y.selectRow', {
                              name:
                                rowName(line, spec.lines?.columns.map((c) => c.prop) ?? []) ||
                                String(line[lineKey]),
                            }),
                          ),
                      }
                    : undefined
                }
                columns={spec.lines.columns.map((c) => ({
                  key: c.prop,
                  dataIndex: c.prop,
                  title: t(c.labelKey),
                  width: c.width,
                  align: c.align,
                  onCell: () => ({ 'data-prop': c.prop }) as React.HTMLAttributes<HTMLElement>,
                  render: (value: unknown) => renderCell(c, value, t, state.lineDocument),
                }))}
              />
            </div>
          )}
          {state.document && state.history && (
            <HistoryTimeline define={state.document} history={state.history} />
          )}
          {state.pendingTransition && (
            <TransitionDialog
              pending={state.pendingTransition}
              running={state.transitionRunning ?? false}
              onSubmit={(reason) => void controller.submitTransition(reason)}
              onCancel={controller.cancelTransition}
            />
          )}
        </div>
      </Spin>
    </div>
  );
}
