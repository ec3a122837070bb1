// Thin adapters from Formily fields to antd inputs. Each maps the field's state (value, data source,
// read-only) onto antd props and reuses @formily/antd-v5's PreviewText in read-pretty mode, so
// detail pages can render the same widgets.
import { PreviewText } from '@formily/antd-v5';
import { connect, mapProps, mapReadPretty } from '@formily/react';
import { Checkbox, DatePicker, Input, Select } from 'antd';
import type { CheckboxChangeEvent } from 'antd/es/checkbox';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, DATETIME_FORMAT } from '../format';
import { joinRange, type PickerType, RANGE_SEPARATOR, splitRange } from '../validation/dates';
import { UnclampedNumber } from './UnclampedNumber';

dayjs.extend(customParseFormat);

const toDayjs = (value: unknown): Dayjs | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  const d = dayjs(value as string);
  return d.isValid() ? d : undefined;
};

// A date is kept as text in its format (yyyy-MM-dd, yyyy-MM, yyyy: what the server's date fields take
// and what rules compare); a date-time as ISO 8601 with the offset, since a server date-time needs its
// zone. The screen's format arrives as `dateFormat` and picks the picker (`picker`).
const toText = (d: Dayjs, picker: PickerType, format: string) =>
  picker === 'datetime' ? d.format() : d.format(format);

const parse = (value: unknown, picker: PickerType, format: string): Dayjs | undefined => {
  if (picker !== 'datetime' && typeof value === 'string' && value) {
    const d = dayjs(value, format, true);
    if (d.isValid()) return d;
  }
  return toDayjs(value);
};

const pickerOf = (props: Record<string, unknown>, fallback: PickerType) =>
  (props.picker as PickerType | undefined) ?? fallback;

const dateProps = (defaultFormat: string, defaultPicker: PickerType) =>
  mapProps((props: Record<string, unknown>) => {
    const { dateFormat, ...rest } = props;
    const format = (dateFormat as string | undefined) ?? defaultFormat;
    const picker = pickerOf(props, defaultPicker);
    const onChange = props.onChange as ((v: string | undefined) => void) | undefined;
    return {
      ...rest,
      format,
      picker: picker === 'datetime' ? 'date' : picker,
      showTime: picker === 'datetime',
      value: parse(props.value, picker, format),
      onChange: (d: Dayjs | null) => onChange?.(d ? toText(d, picker, format) : undefined),
    };
  });

/** A date range: two ends as an array (stored in two properties) or, with `joined`, one ' - ' text. */
function DateRange({
  value,
  onChange,
  dateFormat = DATE_FORMAT,
  picker = 'date',
  joined,
  ...rest
}: {
  value?: unknown;
  onChange?: (v: unknown) => void;
  dateFormat?: string;
  picker?: PickerType;
  joined?: boolean;
}) {
  const ends = Array.isArray(value) ? value : splitRange(value);
  const parsed = ends?.map((v) => parse(v, picker, dateFormat));
  return (
    <DatePicker.RangePicker
      {...rest}
      format={dateFormat}
      picker={picker === 'datetime' ? 'date' : picker}
      showTime={picker === 'datetime'}
      value={parsed?.[0] && parsed[1] ? [parsed[0], parsed[1]] : null}
      onChange={(range) => {
        const [a, b] = range ?? [];
        const texts = a && b ? [toText(a, picker, dateFormat), toText(b, picker, dateFormat)] : undefined;
        if (joined) onChange?.(texts ? joinRange(texts[0], texts[1]) : undefined);
        else onChange?.(texts ?? [undefined, undefined]);
      }}
    />
  );
}

function DateRangeReadPretty({
  value,
  dateFormat = DATE_FORMAT,
  picker = 'date',
}: {
  value?: unknown;
  dateFormat?: string;
  picker?: PickerType;
}) {
  const ends = Array.isArray(value) ? value : splitRange(value);
  const texts = ends?.map((v) => parse(v, picker, dateFormat)?.format(dateFormat) ?? '');
  return <PreviewText.Input value={texts && (texts[0] || texts[1]) ? texts.join(RANGE_SEPARATOR) : ''} />;
}

function DateReadPretty({
  value,
  dateFormat,
  picker = 'date',
}: {
  value?: unknown;
  dateFormat?: string;
  picker?: PickerType;
}) {
  const format = dateFormat ?? (picker === 'datetime' ? DATETIME_FORMAT : DATE_FORMAT);
  return <PreviewText.Input value={parse(value, picker, format)?.format(format) ?? ''} />;
}

export const InputWidget = connect(Input, mapReadPretty(PreviewText.Input));

export const TextAreaWidget = connect(Input.TextArea, mapReadPretty(PreviewText.Input));

export const NumberWidget = connect(UnclampedNumber, mapReadPretty(PreviewText.NumberPicker));

export const SelectWidget = connect(
  Select,
  mapProps({ dataSource: 'options', loading: true }),
  mapReadPretty(PreviewText.Select),
);

export const PasswordWidget = connect(
  Input.Password,
  mapReadPretty(() => <PreviewText.Input value="******" />),
);

export const DateWidget = connect(DatePicker, dateProps(DATE_FORMAT, 'date'), mapReadPretty(DateReadPretty));

export const DateTimeWidget = connect(
  DatePicker,
  dateProps(DATETIME_FORMAT, 'datetime'),
  mapReadPretty((props: { value?: unknown; dateFormat?: string }) => (
    <DateReadPretty {...props} picker="datetime" />
  )),
);

export const DateRangeWidget = connect(DateRange, mapReadPretty(DateRangeReadPretty));

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

function YesNoReadPretty({ value }: { value?: unknown }) {
  const { t } = useTranslation();
  return <PreviewText.Input value={value === 'Y' ? t('option.yes') : value === 'N' ? t('option.no') : ''} />;
}

export const CheckboxWidget = connect(YesNoCheckbox, mapReadPretty(YesNoReadPretty));
