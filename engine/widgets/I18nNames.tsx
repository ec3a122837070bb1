// The i18nNames widget: a name in every language, edited as four inputs and kept as one object keyed
// by language code (see i18nNamesValue.ts). The name is typed once: the other languages, while empty,
// start from the first one typed, marked untranslated until edited (typeName). Read-pretty shows the
// name in the user's language.
import { TranslationOutlined } from '@ant-design/icons';
import { PreviewText } from '@formily/antd-v5';
import { connect, mapReadPretty } from '@formily/react';
import { Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../i18n/language';
import { asNames, type I18nValue, NATIVE_NAMES, typeName } from './i18nNamesValue';

function I18nNamesInput({
  value,
  onChange,
  disabled,
  maxLength = 100,
}: {
  value?: unknown;
  onChange?: (v: I18nValue | undefined) => void;
  disabled?: boolean;
  maxLength?: number;
}) {
  const { t } = useTranslation();
  const names = asNames(value) ?? {};
  // The languages filled from another one and not translated yet: shown marked until edited. A name
  // loaded from the server has none (what it holds was saved as it is).
  const [copied, setCopied] = useState<ReadonlySet<string>>(() => new Set());
  const [source, setSource] = useState<string>();
  return (
    <div className="i18n-names" style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 }}>
      {LANGUAGES.map((language) => {
        const copy = copied.has(language) && !!names[language];
        return (
          <Input
            key={language}
            data-language={language}
            data-untranslated={copy || undefined}
            status={copy ? 'warning' : undefined}
            addonBefore={NATIVE_NAMES[language]}
            // Always a suffix, if empty: antd builds a new input when one comes or goes, and the
            // language being typed into would lose the focus at its first key. An icon, not text: the
            // four inputs share one form column.
            suffix={
              copy && source ? (
                <TranslationOutlined
                  className="i18n-names__copy"
                  style={{ color: '#ad6800' }}
                  title={t('i18nNames.untranslated', { language: NATIVE_NAMES[source as keyof I18nValue] })}
                  aria-label={t('i18nNames.untranslated', {
                    language: NATIVE_NAMES[source as keyof I18nValue],
                  })}
                />
              ) : (
                <span />
              )
            }
            value={names[language] ?? ''}
            maxLength={maxLength}
            disabled={disabled}
            onChange={(e) => {
              const typed = typeName(value, copied, language, e.target.value);
              if (!copied.has(language)) setSource(language);
              setCopied(typed.copied);
              onChange?.(typed.value);
            }}
          />
        );
      })}
    </div>
  );
}

function I18nNamesReadPretty({ value }: { value?: unknown }) {
  const { i18n } = useTranslation();
  const names = asNames(value);
  const text = typeof value === 'string' ? value : (names?.[i18n.language as keyof I18nValue] ?? '');
  return <PreviewText.Input value={text} />;
}

export const I18nNames = connect(I18nNamesInput, mapReadPretty(I18nNamesReadPretty));
