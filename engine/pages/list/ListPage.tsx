// The list page view: renders the controller's state with antd and forwards user input to it.
import { EllipsisOutlined } from '@ant-design/icons';
import { Empty, Pagination, type PaginationProps, Spin, Table, type TableProps, Tooltip } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visibleColumns } from '../../core/columnSettings';
import type { MenuFlags } from '../../screens/flags';
import type { NormalisedScreen } from '../../screens/types';
import { userStore } from '../../session/userStore';
import { useStore } from '../../store/createStore';
import { renderCell } from '../../widgets/cells';
import { LazyAlert } from '../../widgets/LazyAlert';
import { lazyPart } from '../../widgets/lazyPart';
import { checkboxName, rowName } from '../../widgets/rowName';
import type { PageDeps } from '../types';
import { usePageDeps } from '../usePageDeps';
import { ColumnSettings } from './ColumnSettings';
import { SearchExtrasRow } from './ListFilters';
import { ListSearch } from './ListSearch';
import { ListTabs } from './ListTabs';
import { ListToolbar } from './ListToolbar';
import type { Row } from './listController';
import { useRowOperations } from './RowActions';
import { SavedViews } from './SavedViews';
import { SearchTags } from './SearchTags';
import { summaryCells, tableSummary } from './summary';
import { useListController } from './useListController';
import { useTableHeight } from './useTableHeight';
import type { GridColumn } from './VirtualGrid';
import '../pages.css';
import './list.css';

// The dialogs open on a click (a toolbar button, a transition, a saved view or tag): each loads then,
// so the list downloads none of them (upload, progress, Formily for an action's fields, antd's form).
const ImportDialog = lazyPart(() => import('../../dialogs/ImportDialog').then((m) => m.ImportDialog));
const UploadDialog = lazyPart(() => import('../../dialogs/UploadDialog').then((m) => m.UploadDialog));
const ExportDialog = lazyPart(() => import('../../dialogs/ExportDialog').then((m) => m.ExportDialog));
const PrintDialog = lazyPart(() => import('../../dialogs/PrintDialog').then((m) => m.PrintDialog));
const transitionDialogs = () => import('../document/TransitionDialogs');
const TransitionDialog = lazyPart(() => transitionDialogs().then((m) => m.TransitionDialog));
const TransitionSummaryDialog = lazyPart(() => transitionDialogs().then((m) => m.TransitionSummaryDialog));
const ActionDialog = lazyPart(() => import('./ActionDialog').then((m) => m.ActionDialog));
const AddTagDialog = lazyPart(() => import('./AddTagDialog').then((m) => m.AddTagDialog));
const SaveViewDialog = lazyPart(() => import('./SaveViewDialog').then((m) => m.SaveViewDialog));

/** The large-page grid, loaded when a page first holds more rows than the table renders well. */
const VirtualGrid = lazyPart(() => import('./VirtualGrid').then((m) => m.VirtualGrid), <Spin />);

/** Above this many rows a page renders only the rows in view (VirtualGrid). */
export const VIRTUAL_FROM = 100;

export default function ListPage({
  screen,
  menu,
  deps: given,
}: {
  screen: NormalisedScreen;
  menu: MenuFlags;
  /** The page's outside world; the shell's (request layer, router, antd App) unless given. */
  deps?: PageDeps;
}) {
  const { t } = useTranslation();
  const shellDeps = usePageDeps();
  const deps = given ?? shellDeps;
  const [state, controller] = useListController(screen, menu, deps);
  const rowOps = useRowOperations(screen, menu, controller, deps, state.running, state.document);
  const docDefine = state.document;
  const list = screen.list!;
  const uploadConfig = list.actions.find((a) => a.kind === 'upload')?.upload;
  const activeSort = state.sort ?? list.defaultSort;
  /** Params the add-tag dialog will save; undefined while it is closed. */
  const [tagParams, setTagParams] = useState<Record<string, unknown>>();
  const [savingView, setSavingView] = useState(false);
  const userInfo = useStore(userStore).info;
  const roles = userInfo?.roles ?? [];
  const shown = useMemo(
    () => visibleColumns(list.columns, state.columnSettings),
    [list.columns, state.columnSettings],
  );

  const virtual = state.size > VIRTUAL_FROM;
  const shownProps = useMemo(() => shown.map((c) => c.prop), [shown]);
  const selectRowLabel = (record: Row) =>
    t('a11y.selectRow', { name: rowName(record, shownProps) || rowKeyOf(record) });
  const loading = state.status === 'loading';
  const height = useTableHeight();
  const columns = useMemo<TableProps<Row>['columns']>(
    () =>
      virtual
        ? []
        : shown.map((c) => ({
            key: c.prop,
            dataIndex: c.prop,
            title: <span data-prop={c.prop}>{t(c.labelKey)}</span>,
            width: c.width,
            minWidth: c.minWidth,
            fixed: c.fixed,
            align: c.align,
            ellipsis: true,
            sorter: c.sortable,
            sortDirections: ['ascend', 'descend'],
            sortOrder:
              c.sortable && c.sortField === activeSort.field
                ? activeSort.order === 'asc'
                  ? 'ascend'
                  : 'descend'
                : null,
            render: (value: unknown) => renderCell(c, value, t, docDefine),
          })),
    [shown, t, activeSort.field, activeSort.order, virtual, docDefine],
  );
  const opsColumn = rowOps.column;
  const gridColumns = useMemo<GridColumn[]>(() => {
    if (!virtual) return [];
    const data: GridColumn[] = shown.map((c) => ({
      key: c.prop,
      title: <span data-prop={c.prop}>{t(c.labelKey)}</span>,
      label: t(c.labelKey),
      // Rows are laid out by fixed widths, the narrowest a column may be.
      width: c.width ?? c.minWidth,
      fixed: c.fixed,
      align: c.align,
      sortOrder: c.sortable ? (c.sortField === activeSort.field ? activeSort.order : null) : undefined,
      render: (record) => renderCell(c, record[c.prop], t, docDefine),
    }));
    if (!opsColumn?.render) return data;
    const renderOps = opsColumn.render;
    return [
      ...data,
      {
        key: String(opsColumn.key),
        title: opsColumn.title as ReactNode,
        label: String(opsColumn.title),
        width: Number(opsColumn.width),
        fixed: 'right',
        align: 'center',
        compact: true,
        render: (record, index) => renderOps(undefined, record, index) as ReactNode,
      },
    ];
  }, [virtual, shown, t, activeSort.field, activeSort.order, opsColumn, docDefine]);

  const pagination: PaginationProps = {
    current: state.current,
    pageSize: state.size,
    total: state.total,
    pageSizeOptions: list.pageSizes,
    showSizeChanger: true,
    showQuickJumper: true,
    showTotal: (total) => (
      <span className="screen-list__total">
        {t('list.total', { total })}
        {state.limited && (
          <Tooltip title={t('list.loadAll')} mouseEnterDelay={0.05}>
            <EllipsisOutlined
              className="screen-list__more"
              aria-label={t('list.loadAll')}
              onClick={() => void controller.loadAll()}
            />
          </Tooltip>
        )}
      </span>
    ),
  };
  const sortBy = (prop: string | undefined, order: 'asc' | 'desc' | undefined) => {
    const column = list.columns.find((c) => c.prop === prop);
    void controller.changeSort(order ? column?.sortField : undefined, order);
  };

  const rowKeyOf = useMemo(() => (r: Row) => String(r[list.rowKey]), [list.rowKey]);
  const onChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
      sortBy(
        s?.columnKey === undefined ? undefined : String(s.columnKey),
        s?.order === 'ascend' ? 'asc' : s?.order === 'descend' ? 'desc' : undefined,
      );
    } else if (extra.action === 'paginate') {
      void controller.changePage(pagination.current ?? 1, pagination.pageSize ?? state.size);
    }
  };

  if (state.forbidden) return <div className="page-card">{t('list.noSearchPermission')}</div>;

  return (
    <div className="page-card screen-list" data-screen={screen.name}>
      {list.tabs && (
        <ListTabs
          tabs={list.tabs}
          active={state.tab}
          counts={state.tabCounts}
          onSelect={(v) => void controller.selectTab(v)}
        />
      )}
      <div className="screen-list__bar">
        <ListToolbar
          toolbar={state.toolbar}
          running={state.running}
          onRun={(a) => void controller.runAction(a)}
        />
        {state.pendingTransition && (
          <TransitionDialog
            pending={state.pendingTransition}
            running={state.running !== undefined}
            onSubmit={(reason) => void controller.submitTransition(reason)}
            onCancel={controller.cancelTransition}
          />
        )}
        {state.pendingDialog && (
          <ActionDialog
            pending={state.pendingDialog}
            running={state.running !== undefined}
            moduleNumber={screen.menuNo}
            onSubmit={(values) => void controller.submitDialog(values)}
            onCancel={controller.cancelDialog}
          />
        )}
        {state.transitionSummary && (
          <TransitionSummaryDialog
            summary={state.transitionSummary}
            onClose={controller.closeTransitionSummary}
          />
        )}
        {state.dialog === 'import' && (
          <ImportDialog port={screen.service} onClose={(imported) => controller.closeDialog(imported)} />
        )}
        {state.dialog === 'upload' && uploadConfig && (
          <UploadDialog
            config={uploadConfig}
            moduleNumber={screen.menuNo}
            onClose={(uploaded) => controller.closeDialog(uploaded)}
          />
        )}
        {state.dialog === 'export' && (
          <ExportDialog
            port={screen.service}
            exportCall={screen.calls.export}
            params={controller.exportCondition}
            onClose={() => controller.closeDialog()}
          />
        )}
        {state.dialog === 'print' && (
          <PrintDialog
            module={screen.menuNo}
            rows={controller.selectedRows()}
            rowKey={list.rowKey}
            printer={userInfo?.userName ?? ''}
            supplierNo={userInfo?.supplierNo}
            onClose={() => controller.closeDialog()}
          />
        )}
        <ListSearch
          list={list}
          keyword={state.keyword}
          filters={state.filters}
          onKeyword={controller.setKeyword}
          onSearch={(p) => void controller.search(p)}
          onAddTag={list.savedTags ? setTagParams : undefined}
          refusalFor={
            list.searchRules.length
              ? (filters) => {
                  const refusal = controller.refusalFor(filters);
                  return refusal && t(refusal.key, refusal.params);
                }
              : undefined
          }
          tags={
            list.savedTags ? (
              <SearchTags
                tags={state.tags}
                activeTagId={state.activeTagId}
                onApply={(tag) => void controller.applyTag(tag)}
                onDelete={(tag) => void controller.deleteTag(tag)}
              />
            ) : undefined
          }
        />
        <SavedViews
          views={state.views}
          activeViewId={state.activeViewId}
          onApply={(v) => void controller.applyView(v)}
          onDelete={(v) => void controller.deleteView(v)}
          onDefault={(v) => void controller.setDefaultView(v)}
          onSaveNew={() => setSavingView(true)}
        />
        {list.columnSetting && (
          <ColumnSettings
            columns={list.columns}
            settings={state.columnSettings}
            onChange={(s) => void controller.saveColumnSettings(s)}
            onReset={() => void controller.resetColumnSettings()}
          />
        )}
      </div>
      <SearchExtrasRow list={list} state={state} controller={controller} />
      {state.searchRefusal && (
        <LazyAlert
          className="screen-list__refusal"
          type="warning"
          showIcon
          message={t(state.searchRefusal.key, state.searchRefusal.params)}
        />
      )}
      {savingView && (
        <SaveViewDialog
          roles={roles}
          saving={state.viewStatus === 'saving'}
          onCancel={() => setSavingView(false)}
          onSave={async (draft) => {
            const ok = await controller.saveView(draft);
            if (ok) setSavingView(false);
            return ok;
          }}
        />
      )}
      {tagParams && (
        <AddTagDialog
          saving={state.tagStatus === 'saving'}
          onCancel={() => setTagParams(undefined)}
          onSave={async (names) => {
            const ok = await controller.addTag(names, tagParams);
            if (ok) setTagParams(undefined);
            return ok;
          }}
        />
      )}
      {virtual ? (
        <Spin spinning={loading}>
          <VirtualGrid
            columns={gridColumns}
            records={state.records}
            rowKey={rowKeyOf}
            height={height}
            selection={
              list.selection === 'none' ? undefined : list.selection === 'single' ? 'radio' : 'checkbox'
            }
            selectedKeys={state.selectedKeys}
            onSelectionChange={(keys) => controller.setSelection(keys)}
            onSort={sortBy}
            empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
            selectAllLabel={t('list.selectAllRows')}
            selectRowLabel={selectRowLabel}
            summary={summaryCells(shown, state.records, t('list.pageTotal'))}
          />
          <Pagination
            className="screen-grid__pagination"
            size="small"
            {...pagination}
            onChange={(page, size) => void controller.changePage(page, size)}
          />
        </Spin>
      ) : (
        <Table<Row>
          rowKey={rowKeyOf}
          size="small"
          bordered
          columns={rowOps.column ? [...(columns ?? []), rowOps.column] : columns}
          dataSource={state.records}
          loading={loading}
          onChange={onChange}
          scroll={{ x: 'max-content' }}
          showSorterTooltip={false}
          rowSelection={
            list.selection === 'none'
              ? undefined
              : {
                  type: list.selection === 'single' ? 'radio' : 'checkbox',
                  fixed: true,
                  selectedRowKeys: state.selectedKeys,
                  onChange: (keys) => controller.setSelection(keys.map(String)),
                  getCheckboxProps: (record) => checkboxName(selectRowLabel(record)),
                }
          }
          pagination={pagination}
          summary={tableSummary(shown, t, {
            selection: list.selection !== 'none',
            trailing: !!rowOps.column,
          })}
        />
      )}
      {rowOps.overlays}
    </div>
  );
}
