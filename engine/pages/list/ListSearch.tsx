import { FilterOutlined, SearchOutlined } from '@ant-design/icons';
import { FormLayout } from '@formily/antd-v5';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { Alert, Badge, Button, Input, Popover, Space } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRESET_ALL } from '../../screens/datePreset';
import type { NormalisedList } from '../../screens/types';
import { usePopoverFocus } from '../../widgets/popoverFocus';
import { SchemaField } from '../../widgets/SchemaField';
import { searchSchema } from './searchSchema';

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

const filled = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== undefined && v !== null && String(v).trim() !== ''),
  );

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
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const advancedFocus = usePopoverFocus<HTMLButtonElement>('.screen-list__advanced', () => setOpen(false));
  const [refusal, setRefusal] = useState<string>();
  const form = useMemo(() => createForm(), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language.
  const schema = useMemo(() => searchSchema(list.searchFields, t), [list.searchFields, t, i18n.language]);
  // The applied filters can change from outside (a saved tag, Reset): the form shows them.
  useEffect(() => {
    form.setValues({ ...filters }, 'overwrite');
  }, [form, filters]);
  // Conditions of the advanced form only: a tab or type filter outside it shows itself.
  const active = list.searchFields.filter((f) => {
    const v = filters[f.prop];
    return v !== undefined && v !== null && v !== '' && !(f.widget === 'datePreset' && v === PRESET_ALL);
  }).length;

  const query = async () => {
    await form.validate();
    const values = { ...form.values };
    const message = refusalFor?.(values);
    setRefusal(message);
    if (message) return;
    setOpen(false);
    onSearch({ filters: values });
  };
  const reset = () => {
    form.reset();
    setRefusal(undefined);
    onSearch({ filters: {} });
  };

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
              {refusal && (
                <Alert className="screen-list__search-refusal" type="warning" showIcon message={refusal} />
              )}
              <FormProvider form={form}>
                <FormLayout layout="vertical" colon={false} feedbackLayout="none">
                  <SchemaField schema={schema} />
                </FormLayout>
              </FormProvider>
              <Space className="screen-list__advanced-buttons">
                <Button type="primary" onClick={query}>
                  {t('list.query')}
                </Button>
                <Button onClick={reset}>{t('list.reset')}</Button>
                {onAddTag && (
                  <Button
                    className="screen-list__add-tag"
                    onClick={() => {
                      setOpen(false);
                      const params = filled({ ...form.values });
                      if (keyword.trim()) params.keyword = keyword.trim();
                      onAddTag(params);
                    }}
                  >
                    {t('list.tag.add')}
                  </Button>
                )}
                <Button onClick={() => setOpen(false)}>{t('list.cancel')}</Button>
              </Space>
            </div>
          }
        >
          <Badge count={active} size="small">
            <Button icon={<FilterOutlined />} ref={advancedFocus.trigger} aria-expanded={open}>
              {t('list.advancedSearch')}
            </Button>
          </Badge>
        </Popover>
      )}
    </Space>
  );
}
