// The one remote-select widget: a named selector definition (engine/selectors) gives the lookup, the
// value and label fields and the page size; the headless selector controller pages, searches (300 ms
// debounce) and survives a failed lookup; the form controller disables and clears it with the fields it
// needs. The page's label resolver names the chosen codes before any option is loaded, and in
// read-pretty mode (SelectorText) shows names instead of codes.
import { PreviewText } from '@formily/antd-v5';
import { observer, useForm } from '@formily/react';
import { Select } from 'antd';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { request } from '../request';
import { selectorParents } from '../screens/normalise';
import type { NormalisedSelector } from '../screens/types';
import { userStore } from '../session/userStore';
import { selectors } from './definitions';
import { joinValues, nearBottom, selectorCondition, splitValues } from './dependency';
import { labelsOf } from './labels';
import { createSelectorController } from './selectorController';

export interface RemoteSelectProps {
  value?: unknown;
  onChange?: (value: string | undefined) => void;
  selector: NormalisedSelector;
  moduleNumber?: string;
  disabled?: boolean;
  placeholder?: string;
  /** The control's accessible name: its field's title (widgets/SchemaField.tsx). */
  'aria-label'?: string;
}

const noNames = { subscribe: () => () => undefined, getVersion: () => 0 };

/** The page's names for the selector's codes: asked for when shown, re-rendered when known. */
export function useSelectorNames(selector: NormalisedSelector, value: unknown) {
  const names = labelsOf(useForm());
  useSyncExternalStore(names?.subscribe ?? noNames.subscribe, names?.getVersion ?? noNames.getVersion);
  const key = splitValues(value).join(',');
  useEffect(() => {
    names?.want(selector, key);
  }, [names, selector, key]);
  return names;
}

export function useSelectorController(selector: NormalisedSelector, moduleNumber?: string) {
  const form = useForm();
  const def = selectors.get(selector.name);
  const [controller] = useState(() =>
    createSelectorController({
      def,
      request,
      moduleNumber,
      parentValue: () => (selector.dependsOn ? form.values[selector.dependsOn] : undefined),
      condition: () => selectorCondition(selector, form.values),
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
  const names = useSelectorNames(selector, value);
  // Read inside the observer, so a new value of a field it needs re-renders this and the options start over.
  const needs = selectorParents(selector)
    .map((p) => (p ? String(form.values[p] ?? '') : ''))
    .join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the options start over when a needed field changes.
  useEffect(() => {
    controller.reset();
    if (!def.call) void controller.load();
  }, [controller, def, needs]);
  useEffect(() => {
    names?.remember(selector, state.options);
  }, [names, selector, state.options]);

  const chosen = splitValues(value);
  // A chosen code the loaded options do not hold (nothing loaded yet, or another page of them) still
  // shows its name.
  const have = new Set(state.options.map((o) => o.value));
  const extra = chosen
    .filter((c) => !have.has(c))
    .map((c) => ({ value: c, label: names?.label(selector, c) ?? c }));
  const options = extra.length ? [...state.options, ...extra] : state.options;

  return (
    <Select
      {...rest}
      allowClear
      showSearch={def.searchable}
      filterOption={def.searchable ? false : undefined}
      optionFilterProp="label"
      mode={selector.multiple ? 'multiple' : undefined}
      value={selector.multiple ? chosen : (value as string | undefined)}
      onChange={(v: unknown) => onChange?.(selector.multiple ? joinValues(v) : (v as string | undefined))}
      options={options}
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

/** Read-pretty: the names of the chosen codes (the code itself when its record is gone). */
export function SelectorText({ value, selector }: { value?: unknown; selector: NormalisedSelector }) {
  const names = useSelectorNames(selector, value);
  const text = names ? names.text(selector, value) : splitValues(value).join(', ');
  return <PreviewText.Input value={text} />;
}
