import { FilterOutlined, SearchOutlined } from '@ant-design/icons';
import { Badge, Button, Input, Popover, Space, Spin } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRESET_ALL } from '../../screens/datePreset';
import type { NormalisedList } from '../../screens/types';
import { lazyPart } from '../../widgets/lazyPart';
import { usePopoverFocus } from '../../widgets/popoverFocus';

/** The advanced search's fields: Formily and the search widgets load when the popover first opens. */
const AdvancedSearchForm = lazyPart(
  () => import('./AdvancedSearchForm').then((m) => m.AdvancedSearchForm),
  <Spin />,
);

interface Props {
  list: NormalisedList;
  keyword: string;
  filters: Record<string, unknown>;
  onKeyword: (keyword: string) => void;
  onSearch: (params: { keyword?: string; filters?: Record<string, unknown> }) => void;
  /** Opens the add-search-tag dialog with the values in the advanced form (and the keyword). */
  onAddTag?: (params: Record<string, unknown>) => void;
  /** The saved-tag dropdown, placed after the keyword box. */
  tags?: ReactNode;
  /** The message of the screen's search rule these values break, if any (checked on Query). */
  refusalFor?: (filters: Record<string, unknown>) => string | undefined;
}

export function ListSearch({
  list,
  keyword,
  filters,
  onKeyword,
  onSearch,
  onAddTag,
  tags,
  refusalFor,
}: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const advancedFocus = usePopoverFocus<HTMLButtonElement>('.screen-list__advanced', () => setOpen(false));
  // Conditions of the advanced form only: a tab or type filter outside it shows itself.
  const active = list.searchFields.filter((f) => {
    const v = filters[f.prop];
    return v !== undefined && v !== null && v !== '' && !(f.widget === 'datePreset' && v === PRESET_ALL);
  }).length;

  return (
    <Space className="screen-list__search">
      {list.keyword && (
        <Input
          className="screen-list__keyword"
          allowClear
          value={keyword}
          placeholder={t(list.keyword.placeholderKey)}
          aria-label={t(list.keyword.placeholderKey)}
          onChange={(e) => onKeyword(e.target.value)}
          onPressEnter={() => onSearch({ keyword })}
          suffix={
            <SearchOutlined
              className="screen-list__keyword-icon"
              aria-label={t('list.search')}
              onClick={() => onSearch({ keyword })}
            />
          }
        />
      )}
      {tags}
      {list.searchFields.length > 0 && (
        <Popover
          open={open}
          onOpenChange={setOpen}
          afterOpenChange={advancedFocus.afterOpenChange}
          trigger="click"
          placement="bottomRight"
          title={t('list.advancedSearch')}
          content={
            <div
              className="screen-list__advanced"
              role="dialog"
              aria-label={t('list.advancedSearch')}
              onKeyDown={advancedFocus.onKeyDown}
            >
              <AdvancedSearchForm
                list={list}
                keyword={keyword}
                filters={filters}
                onSearch={onSearch}
                onAddTag={onAddTag}
                refusalFor={refusalFor}
                onClose={() => setOpen(false)}
              />
            </div>
          }
        >
          <Badge count={active} size="small">
            <Button
              icon={<FilterOutlined />}
              ref={advancedFocus.trigger}
              aria-expanded={open}
              onPointerEnter={AdvancedSearchForm.preload}
              onFocus={AdvancedSearchForm.preload}
            >
              {t('list.advancedSearch')}
            </Button>
          </Badge>
        </Popover>
      )}
    </Space>
  );
}
