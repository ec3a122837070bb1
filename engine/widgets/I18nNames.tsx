// The i18nNames widget: a name in every language, edited as four inputs and kept as one object keyed
// by language code (see i18nNamesValue.ts). Read-pretty shows the name in the user's language.
import { PreviewText } from '@formily/antd-v5';
import { connect, mapReadPretty } from '@formily/react';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../i18n/language';
import { asNames, type I18nValue, NATIVE_NAMES, setLanguage } from './i18nNamesValue';

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
  const names = asNames(value) ?? {};
  return (
    <div className="i18n-names" style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 }}>
      {LANGUAGES.map((language) => (
        <Input
          key={language}
          data-language={language}
          addonBefore={NATIVE_NAMES[language]}
          value={names[language] ?? ''}
          maxLength={maxLength}
          disabled={disabled}
          onChange={(e) => onChange?.(setLanguage(value, language, e.target.value))}
        />
      ))}
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
