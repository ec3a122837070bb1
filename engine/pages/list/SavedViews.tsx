import { AppstoreOutlined, CloseOutlined, DownOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SavedView } from './views';

interface Props {
  views: SavedView[];
  activeViewId?: string;
  onApply: (view: SavedView) => void;
  onDelete: (view: SavedView) => void;
  onDefault: (view: SavedView | null) => void;
  onSaveNew: () => void;
}

/** The saved-view dropdown: apply, make default (star), delete one's own, save the current page. */
export function SavedViews({ views, activeViewId, onApply, onDelete, onDefault, onSaveNew }: Props) {
  const { t } = useTranslation();
  const active = views.find((v) => v.id === activeViewId);
  const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();
  const items: MenuProps['items'] = [
    ...views.map((v) => ({
      key: v.id,
      label: (
        <span className="screen-views__item" data-view-id={v.id}>
          <span className="screen-views__name">{v.viewName}</span>
          <span className="screen-views__owner">
            {v.sharedRoleNo ? t('list.view.sharedWith', { role: v.sharedRoleNo }) : t('list.view.personal')}
            {!v.mine && v.ownerName ? ` · ${v.ownerName}` : ''}
          </span>
          <button
            type="button"
            className="screen-views__default"
            aria-label={t(v.isDefault ? 'list.view.unsetDefault' : 'list.view.setDefault')}
            aria-pressed={v.isDefault}
            onClick={(e) => {
              stop(e);
              onDefault(v.isDefault ? null : v);
            }}
          >
            {v.isDefault ? <StarFilled /> : <StarOutlined />}
          </button>
          {v.mine && (
            <button
              type="button"
              className="screen-views__delete"
              aria-label={t('list.view.delete')}
              onClick={(e) => {
                stop(e);
                onDelete(v);
              }}
            >
              <CloseOutlined />
            </button>
          )}
        </span>
      ),
    })),
    ...(views.length ? [{ type: 'divider' as const }] : []),
    { key: '__save', label: <span className="screen-views__save">{t('list.view.saveCurrent')}</span> },
  ];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        selectable: true,
        selectedKeys: activeViewId ? [activeViewId] : [],
        onClick: ({ key }) => {
          if (key === '__save') return onSaveNew();
          const view = views.find((v) => v.id === key);
          if (view) onApply(view);
        },
      }}
    >
      <Button className="screen-views" icon={<AppstoreOutlined />}>
        {active ? active.viewName : t('list.views')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
