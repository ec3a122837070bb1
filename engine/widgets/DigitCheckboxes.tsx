// A checkbox group over a field's options whose value is one string of the checked options' values
// (each a single character), in the options' order: "Display on" of a custom field writes the spec's
// displayPage digits ("123") rather than making the administrator type them.
import { connect, mapProps, mapReadPretty } from '@formily/react';
import { Checkbox } from 'antd';
import { digitsToValues, valuesToDigits } from './digitSet';

interface Option {
  label: string;
  value: string;
}

interface Props {
  value?: string | null;
  onChange?: (value: string) => void;
  options?: Option[];
  disabled?: boolean;
  readOnly?: boolean;
}

const valuesOf = (options: Option[] | undefined) => (options ?? []).map((o) => String(o.value));

function DigitCheckboxGroup({ value, onChange, options, disabled, readOnly }: Props) {
  const choices = valuesOf(options);
  return (
    <Checkbox.Group
      options={(options ?? []).map((o) => ({ label: o.label, value: String(o.value) }))}
      value={digitsToValues(value, choices)}
      disabled={disabled || readOnly}
      onChange={(checked) => onChange?.(valuesToDigits(checked, choices))}
    />
  );
}

/** Read-pretty: the labels of the checked options, comma-separated. */
function DigitCheckboxText({ value, options }: Props) {
  const chosen = new Set(digitsToValues(value, valuesOf(options)));
  const labels = (options ?? []).filter((o) => chosen.has(String(o.value))).map((o) => o.label);
  return <span className="ant-formily-preview-text">{labels.length ? labels.join(', ') : '--'}</span>;
}

export const DigitCheckboxesWidget = connect(
  DigitCheckboxGroup,
  mapProps({ dataSource: 'options' }),
  mapReadPretty(connect(DigitCheckboxText, mapProps({ dataSource: 'options' }))),
);
