// The list's operation column and what it opens (detail drawer, extra-rows dialog): a thin view over
// the rules in rowActions.ts and the list controller's runOnRows.
import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, type TableColumnType } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExtraRowsDialog } from '../../dialogs/ExtraRowsDialog';
import type { MenuFlags } from '../../screens/flags';
import type { NormalisedRowAction, NormalisedRowRows } from '../../screens/rowActions';
import type { NormalisedScreen } from '../../screens/types';
import type { PageDeps } from '../types';
import { DetailDrawer } from './DetailDrawer';
import type { ListController, Row } from './listController';
import { grantedRowActions, runRowAction, splitRowActions } from './rowActions';

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
): RowOperations {
  const { t } = useTranslation();
  const [drawer, setDrawer] = useState<{ path: string; params: Record<string, string> }>();
  const [rows, setRows] = useState<{ action: NormalisedRowRows; row: Row }>();
  const granted = useMemo(() => grantedRowActions(screen.list?.rowActions ?? [], menu), [screen, menu]);
  const { open, folded } = useMemo(() => splitRowActions(granted), [granted]);
  const width = (open.length + (folded.length > 0 ? 1 : 0)) * BUTTON_WIDTH + 16;

  // Memoised: the large-page grid renders every row again when its columns change.
  const column = useMemo<TableColumnType<Row> | undefined>(() => {
    const run = (action: NormalisedRowAction, row: Row) =>
      void runRowAction(action, row, {
        runOnRows: controller.runOnRows,
        navigate: deps.navigate,
        openDrawer: (path, params) => setDrawer({ path, params }),
        openRows: (a, r) => setRows({ action: a, row: r }),
      });
    return granted.length === 0
      ? undefined
      : {
          key: '__operation',
          title: t('list.operation'),
          fixed: 'right',
          width,
          align: 'center',
          render: (_: unknown, row: Row) => (
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
                    run(a, row);
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
                      if (a) run(a, row);
                    },
                  }}
                >
                  <Button
                    type="link"
                    size="small"
                    className="screen-list__row-more"
                    onClick={(e) => e.stopPropagation()}
                  >
                    {t('list.more')} <DownOutlined />
                  </Button>
                </Dropdown>
              )}
            </Space>
          ),
        };
  }, [granted, open, folded, width, running, t, controller, deps]);

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
