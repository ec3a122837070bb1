// The menu-permission tree of the role and user screens (spec 001 sections 2 and 6): every menu as a
// tree row with the 16 base permission flags as columns of check boxes, the other flags a menu offers
// (isApprove, isViewPo, ...) as labelled boxes in one column of their own on that menu's row only, a
// check box for the whole row (and the rows below it), authorise all or cancel, expand or collapse all,
// and a box that finds menus by name or number. The table is virtual: a tree of some hundred menus has
// thousands of boxes, and only the rows in view are rendered.
// The tree (with the flags each menu offers) comes from ISrmSysRoleService/getsysrolemenutree; the value
// is the menu list the save calls take.
import { connect, mapReadPretty, observer } from '@formily/react';
import { Button, Checkbox, Input, Space, Table } from 'antd';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BASE_MENU_FLAGS, flagLabelKey, isBaseFlag, MENU_FLAGS } from '../core/flags';
import { request } from '../request';
import {
  type Flag,
  filterMenus,
  fromGrants,
  grantAll,
  type MenuNode,
  offeredBy,
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

/**
 * A tree row with its state. `mask` has bit i set when the i-th base flag is granted, `offers` when the
 * menu offers it (16 bits, one per base column); `extras` names the menu's other flags in toolbar order
 * and `extraKey` which of them are granted; `below` sums the subtree.
 */
type Row = Omit<MenuNode, 'children' | 'flags'> & {
  mask: number;
  offers: number;
  extras: readonly Flag[];
  extraKey: string;
  below: 'full' | 'some' | 'none';
  children?: Row[];
};

const bit = (flags: readonly Flag[], has: (f: Flag) => boolean | undefined) =>
  flags.reduce((m, f, i) => (has(f) ? m | (1 << i) : m), 0);

const NO_EXTRAS: readonly Flag[] = [];
/** A node's other flags, worked out once: the same array on every render keeps their cell memoised. */
const extrasOf = new WeakMap<MenuNode, readonly Flag[]>();
function extrasFor(node: MenuNode, offered: readonly Flag[]): readonly Flag[] {
  let extras = extrasOf.get(node);
  if (!extras) {
    const found = offered.filter((f) => !isBaseFlag(f));
    extras = found.length ? found : NO_EXTRAS;
    extrasOf.set(node, extras);
  }
  return extras;
}

/** Rows carry their state, so a cell re-renders only when its own row's state changed. */
function rows(tree: readonly MenuNode[], grants: Map<string, Set<Flag>>): Row[] {
  return tree.map((n) => {
    const set = grants.get(n.menuNo);
    const offered = offeredBy(n);
    const offers = bit(BASE_MENU_FLAGS, (f) => offered.includes(f));
    const mask = bit(BASE_MENU_FLAGS, (f) => set?.has(f)) & offers;
    const extras = extrasFor(n, offered);
    const extraKey = extras.filter((f) => set?.has(f)).join(',');
    const granted = offered.filter((f) => set?.has(f)).length;
    const children = n.children.length ? rows(n.children, grants) : undefined;
    const full = granted === offered.length && (children ?? []).every((c) => c.below === 'full');
    const some = granted > 0 || (children ?? []).some((c) => c.below !== 'none');
    const { flags: _offered, children: _children, ...rest } = n;
    return {
      ...rest,
      mask,
      offers,
      extras,
      extraKey,
      below: full ? 'full' : some ? 'some' : 'none',
      children,
    };
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
  children,
}: {
  menuNo: string;
  flag: Flag;
  label: string;
  checked: boolean;
  disabled?: boolean;
  onToggle: (menuNo: string, flags: readonly Flag[], on: boolean, deep: boolean) => void;
  /** Text beside the box (the other flags' column, which has no header per flag). */
  children?: string;
}) {
  return (
    <Checkbox
      data-menu={menuNo}
      data-flag={flag}
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={(e) => onToggle(menuNo, [flag], e.target.checked, false)}
    >
      {children}
    </Checkbox>
  );
});

/** The menu column: names deep in the tree are cut short with their full text as the title. */
const MENU_WIDTH = 300;
/** The other flags' column: room for three labelled boxes side by side. */
const EXTRAS_WIDTH = 320;

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
  const [find, setFind] = useState('');
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
  const allRows = useMemo(() => rows(tree, grants), [tree, grants]);
  // Rows are judged on the whole tree first, so a row's own box still speaks for every menu below it.
  const dataSource = useMemo(() => filterMenus(allRows, find).rows, [allRows, find]);
  const onFind = (text: string) => {
    setFind(text);
    if (text.trim()) setExpanded(filterMenus(allRows, text).expand);
  };
  // The other flags' column only when some menu of the tree offers one.
  const hasExtras = useMemo(
    () =>
      allRows.some(function any(r): boolean {
        return r.extras.length > 0 || (r.children ?? []).some(any);
      }),
    [allRows],
  );
  const columns = useMemo(
    () => [
      {
        key: 'menu',
        title: t('menuPermission.menu'),
        fixed: 'left' as const,
        width: MENU_WIDTH,
        // One line a row: the virtual table lays rows out at one height.
        ellipsis: { showTitle: true },
        shouldCellUpdate: (r: Row, p: Row) => r.below !== p.below || r.menuName !== p.menuName,
        render: (_: unknown, row: Row) => (
          <Checkbox
            data-menu-row={row.menuNo}
            checked={row.below === 'full'}
            indeterminate={row.below === 'some'}
            disabled={disabled}
            onChange={(e) => onToggle(row.menuNo, MENU_FLAGS, e.target.checked, true)}
          >
            {row.menuName}
          </Checkbox>
        ),
      },
      ...BASE_MENU_FLAGS.map((flag, i) => ({
        key: flag,
        title: t(flagLabelKey(flag)),
        width: 84,
        align: 'center' as const,
        shouldCellUpdate: (r: Row, p: Row) => (((r.mask ^ p.mask) | (r.offers ^ p.offers)) & (1 << i)) !== 0,
        render: (_: unknown, row: Row) =>
          (row.offers & (1 << i)) !== 0 ? (
            <FlagBox
              menuNo={row.menuNo}
              flag={flag}
              label={`${row.menuName} ${t(flagLabelKey(flag))}`}
              checked={(row.mask & (1 << i)) !== 0}
              disabled={disabled}
              onToggle={onToggle}
            />
          ) : null,
      })),
      ...(hasExtras
        ? [
            {
              key: 'otherFlags',
              title: t('menuPermission.otherFlags'),
              width: EXTRAS_WIDTH,
              shouldCellUpdate: (r: Row, p: Row) => r.extraKey !== p.extraKey || r.extras !== p.extras,
              render: (_: unknown, row: Row) => {
                if (!row.extras.length) return null;
                const granted = new Set(row.extraKey.split(','));
                return (
                  <Space size={[8, 0]} wrap>
                    {row.extras.map((flag) => (
                      <FlagBox
                        key={flag}
                        menuNo={row.menuNo}
                        flag={flag}
                        label={`${row.menuName} ${t(flagLabelKey(flag))}`}
                        checked={granted.has(flag)}
                        disabled={disabled}
                        onToggle={onToggle}
                      >
                        {t(flagLabelKey(flag))}
                      </FlagBox>
                    ))}
                  </Space>
                );
              },
            },
          ]
        : []),
    ],
    [t, disabled, onToggle, hasExtras],
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
        <Input.Search
          data-action="findMenu"
          allowClear
          aria-label={t('menuPermission.find')}
          placeholder={t('menuPermission.find')}
          value={find}
          onChange={(e) => onFind(e.target.value)}
          style={{ width: 240 }}
        />
      </Space>
      <Table<Row>
        virtual
        size="small"
        rowKey="menuNo"
        loading={loading}
        pagination={false}
        columns={columns}
        dataSource={dataSource}
        scroll={{ x: MENU_WIDTH + 84 * BASE_MENU_FLAGS.length + (hasExtras ? EXTRAS_WIDTH : 0), y: 480 }}
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
