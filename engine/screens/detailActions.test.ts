// A detail page's buttons: modify opens its target, print opens the print dialog for the shown record
// (a modify button without a target is refused before any page renders).
import { describe, expect, it } from 'vitest';
import { normaliseScreen } from './normalise';
import { validateScreen } from './validate';

const screen = (actions: unknown[]) => ({
  name: 'T.Detail',
  kind: 'detail',
  path: '/t/detail/:id',
  menuNo: 'T.Detail',
  titleKey: 'title.t',
  parentPath: '/t',
  service: 'ITService',
  calls: { get: 'getTById' },
  detail: { groups: [{ titleKey: 'form.group.basic', fields: [{ prop: 'tNo' }] }], actions },
});

describe('detail actions', () => {
  it('takes a print button without a target and normalises it', () => {
    const data = screen([
      { kind: 'print', flag: 'isPrint', labelKey: 'deliveryNotice.printNote' },
      { kind: 'modify', flag: 'isModify', target: '/t/modify/:id' },
    ]);
    expect(validateScreen(data, 't.json')).toEqual([]);
    const actions = normaliseScreen(data as never, 't.json').detail!.actions;
    expect(actions.map((a) => [a.kind, a.target, a.labelKey])).toEqual([
      ['print', '', 'deliveryNotice.printNote'],
      ['modify', '/t/modify/:id', 'action.modify'],
    ]);
  });

  it('refuses a modify button without a target', () => {
    const errors = validateScreen(screen([{ kind: 'modify', flag: 'isModify' }]), 't.json');
    expect(errors.map((e) => e.pointer)).toContain('/detail/actions/0/target');
  });
});
