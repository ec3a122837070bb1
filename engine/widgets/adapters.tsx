// Thin adapters from Formily fields to antd inputs. Each maps the field's state (value, data source,
// read-only) onto antd props and reuses @formily/antd-v5's PreviewText in read-pretty mode, so
// detail pages can render the same widgets.
import { PreviewText } from '@formily/antd-v5';
import { connect, mapProps, mapReadPretty } from '@formily/react';
import { Checkbox, DatePicker, Input, InputNumber, Select } from 'antd';
import type { CheckboxChangeEvent } from 'antd/es/checkbox';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FORMAT, DATETIME_FORMAT } from '../format';

const toDayjs = (value: unknown): Dayjs | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  const d = dayjs(value as string);
  return d.isValid() ? d : undefined;
};

// A date is kept as yyyy-MM-dd text (what the server's date fields take and what rules compare); a
// date-time as ISO 8601 with the offset, since a server date-time needs its zone.
const dateProps = (displayFormat: string, showTime: boolean) =>
  mapProps((props: Record<string, unknown>) => {
    const onChange = props.onChange as ((v: string | undefined) => void) | undefined;
    return {
      ...props,
      format: displayFormat,
      showTime,
      value: toDayjs(props.value),
      onChange: (d: Dayjs | null) =>
        onChange?.(d ? (showTime ? d.format() : d.format(DATE_FORMAT)) : undefined),
    };
  });

export const InputWidget = connect(Input, mapReadPretty(PreviewText.Input));

export const TextAreaWidget = connect(Input.TextArea, mapReadPretty(PreviewText.Input));

export const NumberWidget = connect(InputNumber, mapReadPretty(PreviewText.NumberPicker));

export const SelectWidget = connect(
  Select,
  mapProps({ dataSource: 'options', loading: true }),
  mapReadPretty(PreviewText.Select),
);

export const DateWidget = connect(
  DatePicker,
  dateProps(DATE_FORMAT, false),
  mapReadPretty(PreviewText.DatePicker),
);

export const DateTimeWidget = connect(
  DatePicker,
  dateProps(DATETIME_FORMAT, true),
  mapReadPretty(PreviewText.DatePicker),
);

// Spec 000 section 5: a checkbox stores Y and N.
const YesNoCheckbox = ({
  value,
  onChange,
  ...rest
}: {
  value?: unknown;
  onChange?: (v: 'Y' | 'N') => void;
}) => (
  <Checkbox
    {...rest}
    checked={value === 'Y'}
    onChange={(e: CheckboxChangeEvent) => onChange?.(e.target.checked ? 'Y' : 'N')}
  />
);

export const CheckboxWidget = connect(YesNoCheckbox);
