// The one remote-select widget: a named selector definition (engine/selectors) gives the lookup, the
// value and label fields and the page size; the headless selector controller pages, searches (300 ms
// debounce) and survives a failed lookup; the form controller disables and clears it with its parent.
import { observer, useForm } from '@formily/react';
import { Select } from 'antd';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { request } from '../request';
import type { NormalisedField } from '../screens/types';
import { selectors } from '../selectors/definitions';
import { joinValues, nearBottom, splitValues } from '../selectors/dependency';
import { createSelectorController } from '../selectors/selectorController';
import { userStore } from '../session/userStore';

export interface RemoteSelectProps {
  value?: unknown;
  onChange?: (value: string | undefined) => void;
  selector: NonNullable<NormalisedField['selector']>;
  moduleNumber?: string;
  disabled?: boolean;
  placeholder?: string;
}

export function useSelectorController(selector: RemoteSelectProps['selector'], moduleNumber?: string) {
  const form = useForm();
  const def = selectors.get(selector.name);
  const [controller] = useState(() =>
    createSelectorController({
      def,
      request,
      moduleNumber,
      parentValue: () => (selector.dependsOn ? form.values[selector.dependsOn] : undefined),
      condition: selector.enumMid ? { enumMid: selector.enumMid } : undefined,
      local: def.call ? undefined : () => userStore.get().orgList as unknown as Record<string, unknown>[],
    }),
  );
  useEffect(() => () => controller.dispose(), [controller]);
  return { controller, def, form };
}

export const RemoteSelect = observer(function RemoteSelect({
  value,
  onChange,
  selector,
  moduleNumber,
  ...rest
}: RemoteSelectProps) {
  const { controller, def, form } = useSelectorController(selector, moduleNumber);
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  // Read inside the observer, so a new parent value re-renders this and the options start over.
  const parent = selector.dependsOn ? String(form.values[selector.dependsOn] ?? '') : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the options start over when the parent changes.
  useEffect(() => {
    controller.reset();
    if (!def.call) void controller.load();
  }, [controller, def, parent]);

  return (
    <Select
      {...rest}
      allowClear
      showSearch={def.searchable}
      filterOption={def.searchable ? false : undefined}
      optionFilterProp="label"
      mode={selector.multiple ? 'multiple' : undefined}
      value={selector.multiple ? splitValues(value) : (value as string | undefined)}
      onChange={(v: unknown) => onChange?.(selector.multiple ? joinValues(v) : (v as string | undefined))}
      options={state.options}
      loading={state.loading}
      onOpenChange={(open) => {
        if (open && state.page === 0) void controller.load();
      }}
      onSearch={def.searchable ? (keyword) => controller.search(keyword) : undefined}
      onPopupScroll={(e) => {
        if (nearBottom(e.currentTarget)) void controller.loadMore();
      }}
    />
  );
});
