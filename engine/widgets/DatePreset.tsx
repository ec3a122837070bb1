// The date-preset widget (engine/screens/datePreset.ts): one button per number of days and 'all', as a
// button group, so the choice is one click and the one in force is always visible. Its value is the
// number of days as text, or 'all'; an empty value is 'all' too.
import { connect } from '@formily/react';
import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRESET_ALL, presetChoices, presetDays } from '../screens/datePreset';

interface Props {
  value?: unknown;
  onChange?: (value: string) => void;
  days?: number[];
  disabled?: boolean;
}

export function DatePresetInput({ value, onChange, days = [], disabled }: Props) {
  const { t } = useTranslation();
  const current = presetDays(value);
  return (
    <Radio.Group
      className="date-preset"
      optionType="button"
      size="small"
      disabled={disabled}
      value={current === undefined ? PRESET_ALL : String(current)}
      onChange={(e) => onChange?.(String(e.target.value))}
      options={presetChoices(days).map((c) => ({
        value: c.value,
        label: c.days ? t('list.datePreset.days', { count: c.days }) : t('list.datePreset.all'),
      }))}
    />
  );
}

export const DatePresetWidget = connect(DatePresetInput);
