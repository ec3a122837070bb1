// The list's operation column and what it opens (detail drawer, extra-rows dialog): a thin view over
// the rules in rowActions.ts and the list controller's runOnRows.
import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, type TableColumnType } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../request';
import type { MenuFlags } from '../../screens/flags';
import type { NormalisedRowAction, NormalisedRowRows } from '../../screens/rowActions';
import type { NormalisedScreen } from '../../screens/types';
import { lazyPart } from '../../widgets/lazyPart';
import type { PageDeps } from '../types';
import type { ListController, Row } from './listController';
import { grantedRowActions, rowActionsOn, runRowAction, splitRowActions } from './rowActions';

// What a row opens (the detail drawer, the extra-rows dialog) loads when a row first opens it.
const DetailDrawer = lazyPart(() => import('./DetailDrawer').then((m) => m.DetailDrawer));
const ExtraRowsDialog = lazyPart(() =>
  import('../../dialogs/ExtraRowsDialog').then((m) => m.ExtraRowsDialog),
);

/** Width of a row button and of More in the operation column, for its fixed width. */
const BUTTON_WIDTH = 64;

export interface RowOperations {
  /** The operation column, fixed right; undefined when the menu grants no row button. */
  column?: TableColumnType<Row>;
  width: number;
  /** The drawer and the extra-rows dialog, when open. */
  overlays: ReactNode;
}

export function useRowOperations(
  screen: NormalisedScreen,
  menu: MenuFlags,
  controller: ListController,
  deps: PageDeps,
  running: string | undefined,
  /** The document declaration, once loaded: transition buttons follow it. */
  docDefine?: unknown,
): RowOperations {
  const { t } = useTranslation();
  const [drawer, setDrawer] = useState<{ path: string; params: Record<string, string> }>();
  const [rows, setRows] = useState<{ action: NormalisedRowRows; row: Row }>();
  const granted = useMemo(() => grantedRowActions(screen.list?.rowActions ?? [], menu), [screen, menu]);
  const { open, folded } = useMemo(() => splitRowActions(granted), [granted]);
  const width = (open.length + (folded.length > 0 ? 1 : 0)) * BUTTON_WIDTH + 16;

  // One element for every row that shows the same buttons (rows differ only where an action shows
  // on some rows: showWhen): the buttons find their row from the row they sit in (data-row-key, on
  // antd's rows and on the large grid's), so rendering a row, or a recycled row of the large grid
  // taking another record while scrolling, never builds its buttons again.
  const rowKey = screen.list?.rowKey ?? 'id';
  // biome-ignore lint/correctness/useExhaustiveDependencies: docDefine changes what controller.rowAllows answers.
  const column = useMemo<TableColumnType<Row> | undefined>(() => {
    if (granted.length === 0) return undefined;
    const rowAt = (el: Element): Row | undefined => {
      const key = el.closest('[data-row-key]')?.getAttribute('data-row-key');
      return controller.getState().records.find((r) => String(r[rowKey]) === key);
    };
    const run = (action: NormalisedRowAction, row: Row | undefined) => {
      if (!row) return;
      void runRowAction(action, row, {
        runOnRows: controller.runOnRows,
        navigate: deps.navigate,
        openDrawer: (path, params) => setDrawer({ path, params }),
        openRows: (a, r) => setRows({ action: a, row: r }),
        download: (call, condition) => void download(call, condition, { moduleNumber: screen.menuNo }),
      });
    };
    /** The row whose More menu is open: the menu itself is not inside the row. */
    let moreRow: Row | undefined;
    const buttonsFor = (shown: NormalisedRowAction[]) => {
      const { open, folded } = splitRowActions(shown);
      return (
        <Space size={0} className="screen-list__row-actions">
          {open.map((a) => (
            <Button
              key={a.key}
              type="link"
              size="small"
              danger={a.danger}
              disabled={running !== undefined}
              data-row-action={a.name}
              onClick={(e) => {
                e.stopPropagation();
                run(a, rowAt(e.currentTarget));
              }}
            >
              {t(a.labelKey)}
            </Button>
          ))}
          {folded.length > 0 && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: folded.map((a) => ({
                  key: a.key,
                  danger: a.danger,
                  label: <span data-row-action={a.name}>{t(a.labelKey)}</span>,
                })),
                onClick: ({ key, domEvent }) => {
                  domEvent.stopPropagation();
                  const a = folded.find((f) => f.key === key);
                  if (a) run(a, moreRow);
                },
              }}
            >
              <Button
                type="link"
                size="small"
                className="screen-list__row-more"
                onClick={(e) => {
                  e.stopPropagation();
                  moreRow = rowAt(e.currentTarget);
                }}
              >
                {t('list.more')} <DownOutlined />
              </Button>
            </Dropdown>
          )}
        </Space>
      );
    };
    const elements = new Map<string, ReactNode>();
    const elementFor = (row: Row) => {
      // A row shows the buttons its kind's rules allow on it (a transition on rows it may move, to a
      // user on its side; modify and delete of a document in its editable states).
      const shown = rowActionsOn(granted, row).filter(
        (a) => a.kind !== 'run' || controller.rowAllows(a.action, row),
      );
      const key = shown.map((a) => a.key).join('|');
      let element = elements.get(key);
      if (element === undefined) {
        element = buttonsFor(shown);
        elements.set(key, element);
      }
      return element;
    };
    return {
      key: '__operation',
      title: t('list.operation'),
      fixed: 'right',
      width,
      align: 'center',
      render: (_: unknown, row: Row) => elementFor(row),
    };
  }, [granted, width, running, t, controller, deps, rowKey, screen.menuNo, docDefine]);

  const overlays = (
    <>
      {drawer && (
        <DetailDrawer
          path={drawer.path}
          params={drawer.params}
          menu={menu}
          onClose={() => setDrawer(undefined)}
        />
      )}
      {rows && (
        <ExtraRowsDialog
          action={rows.action}
          row={rows.row}
          request={deps.request}
          moduleNumber={screen.menuNo}
          onClose={() => setRows(undefined)}
        />
      )}
    </>
  );

  return { column, width, overlays };
}
