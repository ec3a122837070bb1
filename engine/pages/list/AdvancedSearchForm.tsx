// The advanced search's form (ListSearch.tsx): the screen's search fields as a Formily form, with
// Query, Reset, Add tag and Cancel. It loads when the popover first opens, so a list that is only
// browsed downloads no Formily; the popover keeps it, and what was typed, once it has been shown.
import { FormLayout } from '@formily/antd-v5';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { Alert, Button, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NormalisedList } from '../../screens/types';
import { SchemaField } from '../../widgets/SchemaField';
import { searchSchema } from './searchSchema';

export interface AdvancedSearchFormProps {
  list: NormalisedList;
  keyword: string;
  filters: Record<string, unknown>;
  onSearch: (params: { filters: Record<string, unknown> }) => void;
  /** Opens the add-search-tag dialog with the values in the form (and the keyword). */
  onAddTag?: (params: Record<string, unknown>) => void;
  /** The message of the screen's search rule these values break, if any (checked on Query). */
  refusalFor?: (filters: Record<string, unknown>) => string | undefined;
  onClose: () => void;
}

const filled = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== undefined && v !== null && String(v).trim() !== ''),
  );

export function AdvancedSearchForm({
  list,
  keyword,
  filters,
  onSearch,
  onAddTag,
  refusalFor,
  onClose,
}: AdvancedSearchFormProps) {
  const { t, i18n } = useTranslation();
  const [refusal, setRefusal] = useState<string>();
  const form = useMemo(() => createForm(), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language.
  const schema = useMemo(() => searchSchema(list.searchFields, t), [list.searchFields, t, i18n.language]);
  // The applied filters can change from outside (a saved tag, Reset): the form shows them.
  useEffect(() => {
    form.setValues({ ...filters }, 'overwrite');
  }, [form, filters]);

  const query = async () => {
    await form.validate();
    const values = { ...form.values };
    const message = refusalFor?.(values);
    setRefusal(message);
    if (message) return;
    onClose();
    onSearch({ filters: values });
  };
  const reset = () => {
    form.reset();
    setRefusal(undefined);
    onSearch({ filters: {} });
  };

  return (
    <>
      {refusal && <Alert className="screen-list__search-refusal" type="warning" showIcon message={refusal} />}
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
              onClose();
              const params = filled({ ...form.values });
              if (keyword.trim()) params.keyword = keyword.trim();
              onAddTag(params);
            }}
          >
            {t('list.tag.add')}
          </Button>
        )}
        <Button onClick={onClose}>{t('list.cancel')}</Button>
      </Space>
    </>
  );
}
