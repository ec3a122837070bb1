import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguageOptions } from '../../i18n/languageOptions';
import type { TagName } from './tags';

interface Props {
  saving: boolean;
  onCancel: () => void;
  /** Resolves true when saved; the dialog closes only then. */
  onSave: (names: TagName[]) => Promise<boolean>;
}

/** Add-search-tag dialog (spec 000 sections 2 and 5): 500 wide, a name in every language, checked on blur. */
export function AddTagDialog({ saving, onCancel, onSave }: Props) {
  const { t, i18n } = useTranslation();
  const options = useLanguageOptions();
  const [form] = Form.useForm<Record<string, string>>();
  // The user's own language first: that is "the" tag name; the others complete the list.
  const languages = [...options].sort(
    (a, b) => Number(b.languageCode === i18n.language) - Number(a.languageCode === i18n.language),
  );

  const ok = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    await onSave(
      languages.map((l) => ({ languageCode: l.languageCode, description: values[l.languageCode] ?? '' })),
    );
  };

  return (
    <Modal
      open
      width={500}
      title={t('list.tag.dialogTitle')}
      okText={t('list.confirmOk')}
      cancelText={t('list.cancel')}
      confirmLoading={saving}
      onOk={ok}
      onCancel={onCancel}
      className="screen-tag-dialog"
      destroyOnHidden
    >
      <Form form={form} layout="vertical" validateTrigger="onBlur">
        {languages.map((l) => (
          <Form.Item
            key={l.languageCode}
            name={l.languageCode}
            label={
              l.languageCode === i18n.language ? `${t('list.tag.name')} (${l.description})` : l.description
            }
            rules={[
              {
                required: true,
                whitespace: true,
                message: t(
                  l.languageCode === i18n.language ? 'list.tag.requiredLabelName' : 'list.tag.i18nListRule',
                ),
              },
            ]}
          >
            <Input maxLength={50} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
