// The decimal widget: an exact decimal of the server (a quantity, an amount) edited as decimal text.
// antd's number input in string mode keeps what is typed as text, so no value passes through a float
// on its way from the server to the screen and back (19 digits included); the value it hands the form
// is the canonical text of engine/core/decimal.ts ('1.5', never '1.50' or 1.5). Read-pretty (detail
// pages) shows it with the thousands separators of the user's language.
import { PreviewText } from '@formily/antd-v5';
import { connect, mapReadPretty } from '@formily/react';
import { InputNumber, type InputNumberProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDecimal, toDecimalString } from '../core/decimal';
import { unclamped } from './UnclampedNumber';

/** The text an input shows for a value: decimal text (a JSON number of an older record as its text). */
export function decimalText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return toDecimalString(value) ?? String(value);
}

/** What the form keeps for what the input hands over: canonical text, null when emptied. */
export function decimalValue(input: string | number | null | undefined): string | null {
  if (input === null || input === undefined || input === '') return null;
  // Half-typed text ('-', '1.') stays as typed; the field's rules say what is wrong with it.
  return toDecimalString(input) ?? String(input);
}

const bound = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? String(v) : undefined);

type DecimalInputProps = Omit<InputNumberProps<string>, 'value' | 'onChange' | 'min' | 'max'> & {
  value?: unknown;
  onChange?: (value: string | null) => void;
  min?: number | string;
  max?: number | string;
  /** Forms pass it to every input; a number input has no clear button. */
  allowClear?: boolean;
};

function DecimalInput({ value, onChange, min, max, allowClear: _allowClear, ...rest }: DecimalInputProps) {
  // The bounds are the field's rules, never the input's: antd would move a typed value into range.
  return (
    <InputNumber<string>
      {...unclamped<string>({ ...rest, min: bound(min), max: bound(max) })}
      stringMode
      value={decimalText(value)}
      onChange={(v) => onChange?.(decimalValue(v))}
    />
  );
}

function DecimalReadPretty({ value, precision }: { value?: unknown; precision?: number }) {
  const { i18n } = useTranslation();
  const empty = value === null || value === undefined || value === '';
  return (
    <PreviewText.Input
      value={empty ? '' : formatDecimal(value, { decimals: precision, locale: i18n.language })}
    />
  );
}

export const DecimalWidget = connect(DecimalInput, mapReadPretty(DecimalReadPretty));
