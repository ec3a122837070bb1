// The document state machine without a database: every transition of each declared document kind from
// every state, allowed or refused with the message that names the state; sides; editable states; the
// checks a declaration must pass at start-up; document numbers.
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { newsResource } from '../modules/ISrmSysNewsService.js';
import { purchaseLineResource } from '../modules/ISupSrmPurchaseService.js';
import type { CallContext } from '../registry.js';
import { checkDocument, type DocumentSpec, SIDES } from './define.js';
import { checkEditable } from './lifecycle.js';
import { formatDatePart, numberStem } from './numbering.js';
import { readFields, rowRefusal, sideRefusal } from './transition.js';

// Messages as keys and their parameters, so the assertions read what the user would be told.
const t = ((key: string, params?: Record<string, unknown>) =>
  params ? `${key}(${JSON.stringify(params)})` : key) as CallContext['t'];

const KINDS = [
  {
    kind: 'announcements',
    doc: newsResource.document as DocumentSpec,
    // Named by its number.
    row: (status: string, version = 3) => ({ id: 'a1', newsNo: 'NT202611260001', status, version }),
    docNo: 'NT202611260001',
  },
  {
    kind: 'order line answers',
    doc: purchaseLineResource.document as DocumentSpec,
    // No number of its own: named by its order's number and its line number.
    row: (answerStatus: string, version = 3) => ({
      id: 'a1',
      purchaseNo: 'PO-SH01-1',
      purchaseSeq: 10,
      answerStatus,
      version,
    }),
    docNo: 'PO-SH01-1/10',
  },
];

describe.each(KINDS)('the state machine of $kind', ({ doc, row, docNo }) => {
  const [first, firstName] = [Object.values(doc.transitions)[0], Object.keys(doc.transitions)[0]];
  for (const [name, transition] of Object.entries(doc.transitions)) {
    for (const state of Object.keys(doc.states)) {
      const allowed = transition.from.includes(state);
      it(`${name} from ${state}: ${allowed ? 'allowed' : 'refused, naming the state'}`, () => {
        const error = rowRefusal(t, doc, name, row(state), 3);
        if (allowed) {
          expect(error).toBeNull();
          return;
        }
        expect(error).toBeInstanceOf(AppError);
        expect(error?.kind).toBe('transitionState');
        expect(error?.params).toEqual({
          action: transition.label ?? `transition.${name}`,
          doc: docNo,
          state: doc.states[state].label,
        });
      });
    }
  }

  it('refuses a row changed since it was read, and a row the caller cannot see', () => {
    expect(rowRefusal(t, doc, firstName, row(first.from[0], 4), 3)?.kind).toBe('staleVersion');
    expect(rowRefusal(t, doc, firstName, undefined, 3)?.kind).toBe('notFound');
  });

  it('the state is checked before the version: a row in another state with an old version is told its state', () => {
    expect(rowRefusal(t, doc, firstName, row(first.to, 9), 3)?.kind).toBe('transitionState');
  });

  it('lets only the declared sides take a transition', () => {
    for (const [name, transition] of Object.entries(doc.transitions)) {
      for (const side of SIDES) {
        const error = sideRefusal(t, name, transition, side);
        if (transition.sides.includes(side)) expect(error).toBeNull();
        else
          expect(error?.params).toEqual({
            action: transition.label ?? `transition.${name}`,
            side: transition.sides.map((s) => `side.${s}`).join(', '),
          });
      }
    }
  });

  it('modifies and deletes only in the editable states', () => {
    const ctx = { t } as CallContext;
    const editable = doc.editableIn ?? [];
    for (const state of Object.keys(doc.states)) {
      if (editable.includes(state)) {
        expect(() => checkEditable(doc, ctx, row(state))).not.toThrow();
        continue;
      }
      try {
        checkEditable(doc, ctx, row(state));
        expect.unreachable();
      } catch (e) {
        expect((e as AppError).kind).toBe('documentLocked');
        expect((e as AppError).params).toEqual({
          doc: docNo,
          state: doc.states[state].label,
          states: editable.map((code) => doc.states[code].label).join(', '),
        });
      }
    }
  });
});

describe('a document declaration is checked at start-up', () => {
  const fields = {
    status: { type: 'string' },
    docNo: { type: 'string' },
    orgNo: { type: 'string', write: 'create' },
  };
  const base: DocumentSpec = {
    kind: 'demo',
    label: 'document.demo',
    statusField: 'status',
    initial: 'A',
    states: { A: { label: 'a', color: 'default' }, B: { label: 'b', color: 'success' } },
    transitions: { go: { from: ['A'], to: 'B', flag: 'isSubmit', sides: ['purchaser'] } },
  };
  it('accepts a sound declaration', () => {
    expect(() => checkDocument('demo', fields, base)).not.toThrow();
  });
  it.each([
    ['a writable status', { ...base, statusField: 'orgNo' }, /must not be writable/],
    ['an unknown initial state', { ...base, initial: 'Z' }, /initial state Z/],
    [
      'a transition to an unknown state',
      { ...base, transitions: { go: { ...base.transitions.go, to: 'Z' } } },
      /Z is not a state/,
    ],
    [
      'an undeclared name field',
      { ...base, nameFields: ['docNo', 'lineNo'] },
      /field lineNo is not declared/,
    ],
    [
      'an undeclared name sequence',
      { ...base, nameFields: ['docNo'], nameSequences: ['batchSeq'] },
      /field batchSeq is not declared/,
    ],
    [
      'a stamp from an undeclared field',
      { ...base, transitions: { go: { ...base.transitions.go, stamp: { docNo: { ifEmpty: 'nope' } } } } },
      /takes nope, which is not declared/,
    ],
    [
      'a transition with no side',
      { ...base, transitions: { go: { ...base.transitions.go, sides: [] } } },
      /names no side/,
    ],
    [
      'an undeclared agree field',
      { ...base, transitions: { go: { ...base.transitions.go, agree: ['nope'] } } },
      /agree field nope/,
    ],
    [
      'two transitions on one method',
      { ...base, transitions: { go: base.transitions.go, back: { ...base.transitions.go, method: 'go' } } },
      /method go is declared twice/,
    ],
    ['an unknown editable state', { ...base, editableIn: ['Q'] }, /editable state Q/],
    [
      'a guard reading an undeclared field',
      {
        ...base,
        transitions: {
          go: {
            ...base.transitions.go,
            guards: [{ name: 'g', problems: [], fields: ['nope'], check: async () => [] }],
          },
        },
      },
      /guard g reads nope/,
    ],
  ])('refuses %s', (_, spec, message) => {
    expect(() => checkDocument('demo', fields, spec as DocumentSpec)).toThrow(message);
  });
});

describe('what a transition reads of its rows', () => {
  const publish = newsResource.document!.transitions.publish;
  it('the state, the version, the number, the agreement and what its guards name', () => {
    expect(readFields(newsResource.document!, publish)?.sort()).toEqual(
      ['content', 'newsNo', 'orgNo', 'publishTarget', 'status', 'validTo', 'version'].sort(),
    );
  });
  it('a line without a number of its own: its name fields and sequences', () => {
    const doc = purchaseLineResource.document!;
    expect(readFields(doc, doc.transitions.refuse)?.sort()).toEqual(
      ['answerStatus', 'batchSeq', 'orgNo', 'phaseSeq', 'purchaseNo', 'purchaseSeq', 'version'].sort(),
    );
  });
  it('every stored field when an effect, an event extra or a guard without fields may read any', () => {
    const check = async () => [];
    const open = { name: 'g', problems: [], check };
    expect(readFields(newsResource.document!, { ...publish, guards: [open] })).toBeUndefined();
    expect(readFields(newsResource.document!, { ...publish, effects: [async () => {}] })).toBeUndefined();
    expect(
      readFields(newsResource.document!, { ...publish, eventExtra: async () => () => ({}) }),
    ).toBeUndefined();
  });
});

describe('document numbers', () => {
  const date = new Date(2026, 10, 6);
  it('formats every date part', () => {
    expect(
      ['', 'yy', 'yyyy', 'yyMM', 'yyyyMM', 'yyMMdd', 'yyyyMMdd'].map((p) => formatDatePart(p, date)),
    ).toEqual(['', '26', '2026', '2611', '202611', '261106', '20261106']);
  });
  it('puts the organisation in the stem only when the rule says so', () => {
    const rule = { prefix: 'ASN', withOrg: 'N' as const, datePart: 'yyyyMMdd', seqLength: 4 };
    expect(numberStem(rule, 'SH01', date)).toBe('ASN20261106');
    expect(numberStem({ ...rule, withOrg: 'Y' }, 'SH01', date)).toBe('ASNSH0120261106');
  });
});
