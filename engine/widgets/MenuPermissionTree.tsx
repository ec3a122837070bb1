// The menu-permission tree of the role and user screens (spec 001 sections 2 and 6): every menu as a
// tree row with the 16 permission flags as check boxes, a check box for the whole row (and the rows
// below it), authorise all or cancel, expand or collapse all. The tree comes from
// ISrmSysRoleService/getsysrolemenutree; the value is the menu list the save calls take.
import { connect, mapReadPretty, observer } from '@formily/react';
import { Button, Checkbox, Space, Table } from 'antd';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../request';
import { FLAG_ORDER } from '../screens/flags';
import {
  type Flag,
  fromGrants,
  grantAll,
  type MenuNode,
  parentMenuNos,
  toGrants,
  toggle,
} from './menuPermissionValue';

interface Props {
  value?: unknown;
  /**
   * The menu list as JSON text: the form keeps a primitive, because handing Formily a new array for a
   * field whose loaded value is an array overflowed its stack on modify pages. The server takes both.
   */
  onChange?: (value: string) => void;
  disabled?: boolean;
}

/** Literal keys, so the locale check sees every one of them in use. */
const FLAG_LABELS: Record<Flag, string> = {
  isSearch: 'menuPermission.flag.isSearch',
  isAdd: 'menuPermission.flag.isAdd',
  isModify: 'menuPermission.flag.isModify',
  isDelete: 'menuPermission.flag.isDelete',
  isCancelInvalid: 'menuPermission.flag.isCancelInvalid',
  isBatchUpdate: 'menuPermission.flag.isBatchUpdate',
  isPhysicalDelete: 'menuPermission.flag.isPhysicalDelete',
  isSave: 'menuPermission.flag.isSave',
  isSubmit: 'menuPermission.flag.isSubmit',
  isClose: 'menuPermission.flag.isClose',
  isCheck: 'menuPermission.flag.isCheck',
  isImport: 'menuPermission.flag.isImport',
  isExport: 'menuPermission.flag.isExport',
  isPrint: 'menuPermission.flag.isPrint',
  isEnd: 'menuPermission.flag.isEnd',
  isOut: 'menuPermission.flag.isOut',
};

/** A tree row with its state: `mask` has bit i set when FLAG_ORDER[i] is granted; `below` sums the subtree. */
type Row = Omit<MenuNode, 'children'> & { mask: number; below: 'full' | 'some' | 'none'; children?: Row[] };

const FULL = (1 << FLAG_ORDER.length) - 1;

/** Rows carry their state, so a cell re-renders only when its own row's state changed. */
function rows(tree: readonly MenuNode[], grants: Map<string, Set<Flag>>): Row[] {
  return tree.map((n) => {
    const set = grants.get(n.menuNo);
    const mask = FLAG_ORDER.reduce((m, f, i) => (set?.has(f) ? m | (1 << i) : m), 0);
    const children = n.children.length ? rows(n.children, grants) : undefined;
    const full = mask === FULL && (children ?? []).every((c) => c.below === 'full');
    const some = mask !== 0 || (children ?? []).some((c) => c.below !== 'none');
    return { ...n, mask, below: full ? 'full' : some ? 'some' : 'none', children };
  });
}

/**
 * One flag's check box. Memoised: a tree of some hundred menus has thousands of boxes, and a click
 * must only re-render the boxes whose state changed.
 */
const FlagBox = memo(function FlagBox({
  menuNo,
  flag,
  label,
  checked,
  disabled,
  onToggle,
}: {
  menuNo: string;
  flag: Flag;
  label: string;
  checked: boolean;
  disabled?: boolean;
  onToggle: (menuNo: string, flags: readonly Flag[], on: boolean, deep: boolean) => void;
}) {
  return (
    <Checkbox
      data-menu={menuNo}
      data-flag={flag}
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={(e) => onToggle(menuNo, [flag], e.target.checked, false)}
    />
  );
});

// An observer: the form may change the (observable) value in place, and the deep read below must see it.
const MenuPermissionTreeInput = observer(function MenuPermissionTreeInput({
  value,
  onChange,
  disabled,
}: Props) {
  const { t } = useTranslation();
  const [tree, setTree] = useState<MenuNode[]>([]);
  const [loading, setLoading] = useState(true);
  const [expanded, setExpanded] = useState<string[]>([]);
  // Keyed on the content, not the identity: the form may hand back the same (observable) array changed
  // in place, and reading it whole here also subscribes this view to every change of it.
  const valueKey = typeof value === 'string' ? value : JSON.stringify(value ?? []);
  const grants = useMemo(() => toGrants(valueKey), [valueKey]);

  useEffect(() => {
    let live = true;
    request<{ menuTree: MenuNode[] }>('ISrmSysRoleService/getsysrolemenutree', {})
      .then((data) => {
        if (!live) return;
        setTree(data.menuTree);
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, []);

  const change = (next: Map<string, Set<Flag>>) => onChange?.(JSON.stringify(fromGrants(next)));
  // The latest tree and grants, so the toggle handed to every box stays the same function.
  const latest = useRef({ tree, grants, onChange });
  latest.current = { tree, grants, onChange };
  const onToggle = useCallback((menuNo: string, flags: readonly Flag[], on: boolean, deep: boolean) => {
    const { tree: tr, grants: gr, onChange: emit } = latest.current;
    emit?.(JSON.stringify(fromGrants(toggle(tr, gr, menuNo, flags, on, deep))));
  }, []);
  const dataSource = useMemo(() => rows(tree, grants), [tree, grants]);
  const columns = useMemo(
    () => [
      {
        key: 'menu',
        title: t('menuPermission.menu'),
        fixed: 'left' as const,
        width: 280,
        shouldCellUpdate: (r: Row, p: Row) => r.below !== p.below || r.menuName !== p.menuName,
        render: (_: unknown, row: Row) => (
          <Checkbox
            data-menu-row={row.menuNo}
            checked={row.below === 'full'}
            indeterminate={row.below === 'some'}
            disabled={disabled}
            onChange={(e) => onToggle(row.menuNo, FLAG_ORDER, e.target.checked, true)}
          >
            {row.menuName}
          </Checkbox>
        ),
      },
      ...FLAG_ORDER.map((flag, i) => ({
        key: flag,
        title: t(FLAG_LABELS[flag]),
        width: 84,
        align: 'center' as const,
        shouldCellUpdate: (r: Row, p: Row) => ((r.mask ^ p.mask) & (1 << i)) !== 0,
        render: (_: unknown, row: Row) => (
          <FlagBox
            menuNo={row.menuNo}
            flag={flag}
            label={`${row.menuName} ${t(FLAG_LABELS[flag])}`}
            checked={(row.mask & (1 << i)) !== 0}
            disabled={disabled}
            onToggle={onToggle}
          />
        ),
      })),
    ],
    [t, disabled, onToggle],
  );

  return (
    <div
      className="menu-permission-tree"
      data-widget="menuPermissionTree"
      style={{ width: 0, minWidth: '100%' }}
    >
      <Space style={{ marginBottom: 8 }} wrap>
        {!disabled && (
          <>
            <Button data-action="grantAll" onClick={() => change(grantAll(tree))}>
              {t('menuPermission.grantAll')}
            </Button>
            <Button data-action="revokeAll" onClick={() => change(new Map())}>
              {t('menuPermission.revokeAll')}
            </Button>
          </>
        )}
        <Button data-action="expandAll" onClick={() => setExpanded(parentMenuNos(tree))}>
          {t('menuPermission.expandAll')}
        </Button>
        <Button data-action="collapseAll" onClick={() => setExpanded([])}>
          {t('menuPermission.collapseAll')}
        </Button>
      </Space>
      <Table<Row>
        size="small"
        rowKey="menuNo"
        loading={loading}
        pagination={false}
        columns={columns}
        dataSource={dataSource}
        scroll={{ x: 280 + 84 * FLAG_ORDER.length, y: 480 }}
        expandable={{
          expandedRowKeys: expanded,
          onExpandedRowsChange: (keys) => setExpanded(keys.map(String)),
        }}
      />
    </div>
  );
});

export const MenuPermissionTree = connect(
  MenuPermissionTreeInput,
  mapReadPretty((props: Props) => <MenuPermissionTreeInput {...props} disabled />),
);
