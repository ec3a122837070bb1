// The selector rules of a form (spec 000 section 5), as Formily effects: a selector is disabled until
// every field it needs has a value (its dependsOn and lookupCondition fields) and on edit pages when it
// is locked there; it is cleared when the user changes one of them, not when a record is loaded. Under
// a multi-select parent (a user's organisations) a multi-select dependant keeps the values that still
// belong to the remaining parents, asked of its lookup once.
import { onFieldReact, onFieldValueChange } from '@formily/core';
import { selectorNeeds, selectorParents } from '../../screens/normalise';
import type { NormalisedField } from '../../screens/types';
import { selectors } from '../../selectors/definitions';
import {
  isSelectorDisabled,
  joinValues,
  selectorCondition,
  shouldClear,
  splitValues,
} from '../../selectors/dependency';
import { lookupBody, toOption } from '../../selectors/selectorController';
import type { RequestFn } from '../types';

type Values = Record<string, unknown>;

export interface SelectorEffectsOptions {
  fields: NormalisedField[];
  defaults: Values;
  routeHasParams: boolean;
  /** settingRecord is true while a loaded record is written into the form. */
  loading: { settingRecord: boolean };
  request: RequestFn;
  moduleNumber?: string;
}

/** Must run inside createForm's effects. */
export function selectorEffects(o: SelectorEffectsOptions): void {
  for (const f of o.fields.filter((x) => x.selector)) {
    const selector = f.selector!;
    const parents = selectorParents(selector);
    const needs = selectorNeeds(selector);
    onFieldReact(f.prop, (field) => {
      const disabled = isSelectorDisabled({
        parentValues: needs.map((p) => field.form.values[p]),
        routeHasParams: o.routeHasParams,
        lockOnEdit: selector.lockOnEdit,
      });
      field.setPattern(disabled ? 'disabled' : 'editable');
    });
    for (const parent of parents) {
      const multipleParent = o.fields.find((x) => x.prop === parent)?.selector?.multiple ?? false;
      let previous: unknown = o.defaults[parent];
      /** The prune answered last is the one that counts. */
      let ticket = 0;
      onFieldValueChange(parent, (parentField) => {
        const before = previous;
        previous = parentField.value;
        if (o.loading.settingRecord || !shouldClear(before, parentField.value, multipleParent)) return;
        const form = parentField.form;
        const current = form.values[f.prop];
        const remaining = splitValues(parentField.value);
        ticket++;
        if (!(multipleParent && selector.multiple && remaining.length && splitValues(current).length)) {
          form.setValuesIn(f.prop, undefined);
          return;
        }
        // Keep what still belongs to the remaining parents: one lookup for the chosen values.
        const mine = ticket;
        const def = selectors.get(selector.name);
        const body = lookupBody(def, 1, '', remaining, selectorCondition(selector, form.values)) as {
          condition: Values & { in?: Values };
        };
        body.condition.in = { ...body.condition.in, [def.valueField]: splitValues(current) };
        o.request<{ records?: Values[] }>(
          def.call!,
          { ...body, size: 1000 },
          { moduleNumber: o.moduleNumber },
        )
          .then((data) => {
            // A newer change of the parent, or the user editing the field meanwhile, wins.
            if (mine !== ticket || form.values[f.prop] !== current) return;
            const kept = new Set((data?.records ?? []).map((r) => toOption(def, r).value));
            form.setValuesIn(f.prop, joinValues(splitValues(current).filter((v) => kept.has(v))));
          })
          .catch(() => {
            if (mine === ticket && form.values[f.prop] === current) form.setValuesIn(f.prop, undefined);
          });
      });
    }
  }
}
