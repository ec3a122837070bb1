import { CloseOutlined, DownOutlined, StarOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { type SearchTag, tagLabel } from './tags';

interface Props {
  tags: SearchTag[];
  activeTagId?: string;
  onApply: (tag: SearchTag) => void;
  onDelete: (tag: SearchTag) => void;
}

/** The saved-search-tag dropdown: fixed tags first, the active one marked, own tags removable. */
export function SearchTags({ tags, activeTagId, onApply, onDelete }: Props) {
  const { t, i18n } = useTranslation();
  const active = tags.find((tag) => tag.id === activeTagId);
  const items: MenuProps['items'] = tags.length
    ? tags.map((tag) => ({
        key: tag.id,
        label: (
          <span className="screen-tags__item" data-tag-id={tag.id}>
            <span className="screen-tags__name">{tagLabel(tag, i18n.language)}</span>
            {tag.tagOwnType === 1 ? (
              <span className="screen-tags__fixed">{t('list.tag.fixed')}</span>
            ) : (
              <CloseOutlined
                className="screen-tags__delete"
                aria-label={t('list.tag.delete')}
                onClick={(e) => {
                  e.stopPropagation();
                  onDelete(tag);
                }}
              />
            )}
          </span>
        ),
      }))
    : [{ key: '', label: t('list.tag.none'), disabled: true }];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        selectable: true,
        selectedKeys: activeTagId ? [activeTagId] : [],
        onClick: ({ key }) => {
          const tag = tags.find((x) => x.id === key);
          if (tag) onApply(tag);
        },
      }}
    >
      <Button
        className="screen-tags"
        icon={<StarOutlined />}
        type={active ? 'primary' : 'default'}
        ghost={!!active}
      >
        {active ? tagLabel(active, i18n.language) : t('list.tags')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
