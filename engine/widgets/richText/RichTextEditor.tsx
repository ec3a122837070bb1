// The rich-text widget (`richText`): the text's HTML in a plain text area with a formatting toolbar
// (headings, bold, italic, underline, lists, quote, link, an image uploaded to the file store) and a
// preview tab showing it as readers will see it. No contentEditable: what is typed is exactly what is
// sent, and the server cleans it before storing (ordinary formatting, web links and file-store images
// survive; anything else goes). Read-pretty shows the text as HTML (NewsContent).
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { connect, mapReadPretty } from '@formily/react';
import { App, Button, Input, Segmented, Tooltip } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../../files/fileApi';
import { checkFile, uploadConfig } from '../../files/uploadRules';
import { NewsContent } from './NewsContent';
import { type Edit, insertAt, wrapSelection } from './richTextEdits';
import './richText.css';

export interface RichTextProps {
  value?: string | null;
  onChange?: (value: string) => void;
  disabled?: boolean;
  maxLength?: number;
  placeholder?: string;
  /** The menu whose flags allow an image upload; the current route's when absent. */
  moduleNumber?: string;
}

const IMAGE_UPLOAD = uploadConfig({ purpose: 'news', accept: ['jpg', 'png'] });

export function RichTextInput({
  value,
  onChange,
  disabled,
  maxLength,
  placeholder,
  moduleNumber,
}: RichTextProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const [uploading, setUploading] = useState(false);
  const area = useRef<TextAreaRef>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const text = value ?? '';

  const apply = (edit: (text: string, start: number, end: number) => Edit) => {
    const el = area.current?.resizableTextArea?.textArea;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = edit(text, start, end);
    onChange?.(next.text);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.start, next.end);
    });
  };
  const wrap = (open: string, close: string) => () => apply((s, a, b) => wrapSelection(s, a, b, open, close));
  const link = () => {
    const address = window.prompt(t('richText.linkPrompt'), 'https://');
    if (!address || !/^(https?:\/\/|mailto:)\S+$/i.test(address)) return;
    const safe = address.replace(/"/g, '%22');
    apply((s, a, b) => wrapSelection(s, a, b, `<a href="${safe}">`, '</a>'));
  };
  const image = async (file: File) => {
    const refusal = checkFile(IMAGE_UPLOAD, file);
    if (refusal) {
      void message.warning(t(refusal.key, refusal.params));
      return;
    }
    setUploading(true);
    try {
      const record = await uploadFile('news', file, { moduleNumber });
      const alt = file.name.replace(/["<>&]/g, '');
      apply((s, a) => insertAt(s, a, `<img src="newsfile:${record.id}" alt="${alt}" />`));
    } catch {
      // The request layer has shown the refusal.
    } finally {
      setUploading(false);
    }
  };

  // labelKey is written out at each use, so the locale check sees every key.
  const tool = (key: string, labelKey: string, icon: ReactNode, onClick: () => void, label?: string) => (
    <Tooltip key={key} title={t(labelKey)}>
      <Button
        size="small"
        type="text"
        icon={icon}
        disabled={disabled || mode !== 'edit'}
        onClick={onClick}
        aria-label={t(labelKey)}
        data-tool={key}
      >
        {label}
      </Button>
    </Tooltip>
  );

  return (
    <div className="rich-text" data-widget="richText">
      <div className="rich-text__bar">
        <div className="rich-text__tools">
          {tool('heading', 'richText.heading', null, wrap('<h3>', '</h3>'), 'H')}
          {tool('paragraph', 'richText.paragraph', null, wrap('<p>', '</p>'), '¶')}
          {tool('bold', 'richText.bold', <BoldOutlined />, wrap('<strong>', '</strong>'))}
          {tool('italic', 'richText.italic', <ItalicOutlined />, wrap('<em>', '</em>'))}
          {tool('underline', 'richText.underline', <UnderlineOutlined />, wrap('<u>', '</u>'))}
          {tool(
            'bulleted',
            'richText.bulleted',
            <UnorderedListOutlined />,
            wrap('<ul>\n  <li>', '</li>\n</ul>'),
          )}
          {tool(
            'numbered',
            'richText.numbered',
            <OrderedListOutlined />,
            wrap('<ol>\n  <li>', '</li>\n</ol>'),
          )}
          {tool('quote', 'richText.quote', null, wrap('<blockquote>', '</blockquote>'), '“')}
          {tool('link', 'richText.link', <LinkOutlined />, link)}
          <Tooltip title={t('richText.image')}>
            <Button
              size="small"
              type="text"
              icon={<PictureOutlined />}
              loading={uploading}
              disabled={disabled || mode !== 'edit'}
              onClick={() => fileInput.current?.click()}
              aria-label={t('richText.image')}
              data-tool="image"
            />
          </Tooltip>
          <input
            ref={fileInput}
            type="file"
            hidden
            accept=".jpg,.jpeg,.png"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void image(file);
            }}
          />
        </div>
        <Segmented
          size="small"
          value={mode}
          onChange={(v) => setMode(v as 'edit' | 'preview')}
          options={[
            { value: 'edit', label: t('richText.edit') },
            { value: 'preview', label: t('richText.preview') },
          ]}
        />
      </div>
      {mode === 'edit' ? (
        <Input.TextArea
          ref={area}
          className="rich-text__source"
          value={text}
          disabled={disabled}
          maxLength={maxLength}
          showCount={!!maxLength}
          placeholder={placeholder ?? t('richText.placeholder')}
          autoSize={{ minRows: 8, maxRows: 24 }}
          onChange={(e) => onChange?.(e.target.value)}
        />
      ) : (
        <div className="rich-text__preview">
          <NewsContent html={text} />
        </div>
      )}
    </div>
  );
}

export const RichTextWidget = connect(
  RichTextInput,
  mapReadPretty(({ value }: { value?: string | null }) => <NewsContent html={value} />),
);
