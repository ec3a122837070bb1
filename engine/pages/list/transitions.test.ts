// Document transitions on a list, headless: the button shows to the declared sides only, is enabled
// only when every selected row is in a from-state and the rows agree (the tip names each refused row
// and its state), asks for the reason it needs, and after the call either moves on or sums up the rows
// a batch refused. Row buttons show only on the rows they may move.
import type { Screen } from '@schemas/generated/screen';
import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../request/types';
import type { DocumentDefine } from '../../screens/documentDefine';
import { editableIn, rowsOutOf, sideAllows, stateKeys, stateOf } from '../../screens/documentDefine';
import { createActionStore } from './actionStore';
import { listContext, type Row } from './listContext';
import { createQueryStore } from './queryStore';
import { buildScreen, fakeDeps, grant } from './testing';
import { reasonLines } from './toolbar';

const screen = buildScreen({
  name: 'T.News',
  kind: 'list',
  path: '/t/news',
  menuNo: 'T.News',
  titleKey: 'title.t',
  service: 'INewsService',
  calls: { list: 'getlist', define: 'getdefine', delete: 'deletebyids' },
  list: {
    columns: [{ prop: 'newsNo' }, { prop: 'status', type: 'state' }, { prop: 'orgNo' }],
    actions: [
      { flag: 'isModify', kind: 'modify', target: '/t/news/modify/:id' },
      { flag: 'isDelete', kind: 'delete' },
      { flag: 'isRelease', kind: 'transition', transition: 'publish' },
      { flag: 'isClose', kind: 'transition', transition: 'cancel' },
    ],
    rowActions: [{ kind: 'transition', transition: 'cancel' }],
  },
} satisfies Screen);

const DEFINE: DocumentDefine = {
  kind: 'news',
  statusField: 'status',
  numberField: 'newsNo',
  editableIn: ['0'],
  side: 'purchaser',
  states: [
    { code: '0', label: 'Draft', labelKey: 'enum.NEWS_STATUS.0', color: 'default' },
    { code: '1', label: 'Published', labelKey: 'enum.NEWS_STATUS.1', color: 'success' },
    { code: '2', label: 'Cancelled', labelKey: 'enum.NEWS_STATUS.2', color: 'error' },
  ],
  transitions: [
    {
      name: 'publish',
      method: 'publishNews',
      label: 'Publish',
      labelKey: 'transition.publish',
      from: ['0'],
      to: '1',
      flag: 'isRelease',
      sides: ['purchaser'],
      reason: null,
      agree: ['orgNo'],
    },
    {
      name: 'cancel',
      method: 'cancelNews',
      label: 'Cancel',
      labelKey: 'transition.cancel',
      from: ['1'],
      to: '2',
      flag: 'isClose',
      sides: ['purchaser'],
      reason: 'required',
      agree: [],
    },
  ],
};

const ROWS: Row[] = [
  { id: 'a', version: 1, newsNo: 'NT1', status: '0', orgNo: 'SH01' },
  { id: 'b', version: 2, newsNo: 'NT2', status: '0', orgNo: 'SH01' },
  { id: 'c', version: 3, newsNo: 'NT3', status: '1', orgNo: 'SH01' },
  { id: 'd', version: 1, newsNo: 'NT4', status: '0', orgNo: 'HN01' },
];

const flags = grant;
// Translates a key to itself with its parameters, so the tips read what the user would be told.
const t = (key: string, params?: Record<string, unknown>) =>
  params && Object.keys(params).length ? `${key}${JSON.stringify(params)}` : key;

function stores(
  answer: (call: string, payload?: unknown) => Promise<unknown>,
  menu = flags('isSearch', 'isRelease', 'isClose'),
) {
  const { request, deps } = fakeDeps(answer);
  const ctx = listContext(screen, menu, deps);
  const query = createQueryStore(ctx);
  const refresh = vi.fn(async () => undefined);
  const actions = createActionStore(ctx, query, refresh);
  return { query, actions, request, deps, refresh };
}

async function loaded(
  define: DocumentDefine = DEFINE,
  answer?: (call: string, payload?: unknown) => Promise<unknown>,
) {
  const s = stores(answer ?? (async () => ({ records: ROWS, total: ROWS.length })));
  await s.query.load();
  s.actions.setDocument(define);
  return s;
}

const button = (s: Awaited<ReturnType<typeof loaded>>, name: string) =>
  s.actions.getState().toolbar.buttons.find((b) => b.action.transition === name);

describe('the document declaration', () => {
  it('names states, from-states, rows out of state and the sides', () => {
    expect(stateOf(DEFINE, '1')?.color).toBe('success');
    expect(stateKeys(DEFINE, ['0'])).toEqual(['enum.NEWS_STATUS.0']);
    expect(editableIn(DEFINE, '0')).toBe(true);
    expect(editableIn(DEFINE, '1')).toBe(false);
    expect(editableIn(undefined, '1')).toBe(true);
    expect(rowsOutOf(DEFINE, ['0'], ROWS, 'id')).toEqual([
      { key: 'c', label: 'NT3', state: 'enum.NEWS_STATUS.1' },
    ]);
    expect(sideAllows(DEFINE, 'publish')).toBe(true);
    expect(sideAllows({ ...DEFINE, side: 'supplier' }, 'publish')).toBe(false);
    expect(sideAllows(undefined, 'publish')).toBe(false);
  });
});

describe('transition buttons', () => {
  it('show once the declaration has arrived, only to a user on their side and with the flag', async () => {
    const s = stores(async () => ({ records: ROWS, total: 4 }));
    await s.query.load();
    expect(s.actions.getState().toolbar.buttons).toEqual([]);
    s.actions.setDocument(DEFINE);
    expect(s.actions.getState().toolbar.buttons.map((b) => b.action.labelKey)).toEqual([
      'transition.publish',
      'transition.cancel',
    ]);
    s.actions.setDocument({ ...DEFINE, side: 'supplier' });
    expect(s.actions.getState().toolbar.visible).toBe(false);
    const noFlag = stores(async () => ({ records: ROWS, total: 4 }), flags('isSearch', 'isClose'));
    noFlag.actions.setDocument(DEFINE);
    expect(noFlag.actions.getState().toolbar.buttons.map((b) => b.action.transition)).toEqual(['cancel']);
  });

  it('are enabled only when every selected row is in a from-state; the tip names each other row', async () => {
    const s = await loaded();
    expect(button(s, 'publish')?.reasonKey).toBe('list.reason.atLeastOne');
    s.actions.setSelection(['a', 'b']);
    expect(button(s, 'publish')?.disabled).toBe(false);
    s.actions.setSelection(['a', 'c']);
    const refused = button(s, 'publish')!;
    expect(refused.disabled).toBe(true);
    expect(reasonLines(refused, t)).toEqual([
      'document.reason.state{"states":"enum.NEWS_STATUS.0","fields":""}',
      'NT3: document.reason.rowState{"state":"enum.NEWS_STATUS.1"}',
    ]);
  });

  it('are disabled when the rows do not agree on the fields the transition names', async () => {
    const s = await loaded();
    s.actions.setSelection(['a', 'd']);
    const mixed = button(s, 'publish')!;
    expect(mixed.disabled).toBe(true);
    expect(mixed.reasonKey).toBe('list.reason.sameValues');
    expect(mixed.reasonFields).toEqual(['field.orgNo']);
  });

  it('modify and delete of a document follow its editable states, on the toolbar and on a row', async () => {
    const s = stores(async () => ({ records: ROWS, total: 4 }), flags('isSearch', 'isModify', 'isDelete'));
    await s.query.load();
    s.actions.setDocument(DEFINE);
    const byKind = (kind: string) =>
      s.actions.getState().toolbar.buttons.find((b) => b.action.kind === kind)!;
    s.actions.setSelection(['a']);
    expect(byKind('modify').disabled).toBe(false);
    s.actions.setSelection(['c']);
    for (const kind of ['modify', 'delete']) {
      expect(byKind(kind).disabled).toBe(true);
      expect(reasonLines(byKind(kind), t)).toEqual([
        'document.reason.state{"states":"enum.NEWS_STATUS.0","fields":""}',
        'NT3: document.reason.rowState{"state":"enum.NEWS_STATUS.1"}',
      ]);
    }
    const modify = byKind('modify').action;
    expect(ROWS.map((r) => s.actions.rowAllows(modify, r))).toEqual([true, true, false, true]);
    // A row's own call or target (no kind) is not judged by a kind's rules.
    expect(s.actions.rowAllows({ key: 'own', call: 'INewsService/x' }, ROWS[2])).toBe(true);
  });

  it('on a row, show only where the row may move', async () => {
    const s = await loaded();
    const cancel = screen.list!.actions.find((a) => a.transition === 'cancel')!;
    expect(ROWS.map((r) => s.actions.rowAllows(cancel, r))).toEqual([false, false, true, false]);
    s.actions.setDocument({ ...DEFINE, side: 'supplier' });
    expect(s.actions.rowAllows(cancel, ROWS[2])).toBe(false);
  });
});

describe('running a transition', () => {
  it('asks first, sends the rows with their versions and the reason, then moves on', async () => {
    const s = await loaded(DEFINE, async (call) =>
      call.endsWith('/cancelNews') ? { count: 1, rows: [] } : { records: ROWS, total: 4 },
    );
    s.actions.setSelection(['c']);
    const cancel = button(s, 'cancel')!.action;
    await s.actions.runAction(cancel);
    const pending = s.actions.getState().pendingTransition!;
    expect(pending.transition.name).toBe('cancel');
    expect(pending.labels).toEqual(['NT3']);
    // A required reason left empty sends nothing.
    await s.actions.submitTransition('   ');
    expect(s.request).not.toHaveBeenCalledWith(
      'INewsService/cancelNews',
      expect.anything(),
      expect.anything(),
    );
    await s.actions.submitTransition(' Wrong date ');
    expect(s.request).toHaveBeenCalledWith(
      'INewsService/cancelNews',
      { rows: [{ id: 'c', version: 3 }], reason: 'Wrong date' },
      { moduleNumber: 'T.News' },
    );
    expect(s.deps.success).toHaveBeenCalledWith('document.done', { action: 'Cancel', count: 1 });
    expect(s.actions.getState()).toMatchObject({
      pendingTransition: undefined,
      selectedKeys: [],
      running: undefined,
    });
    expect(s.refresh).toHaveBeenCalled();
  });

  it('a batch the server refuses is summed up row by row, and the list shows the states as they are', async () => {
    const refused = [
      { id: 'b', docNo: 'NT2', message: 'Publish refused for "NT2": the announcement has no text.' },
    ];
    const s = await loaded(DEFINE, async (call) => {
      if (call.endsWith('/publishNews'))
        throw new RequestError('10141', 'Publish: 1 of 2 ...', 200, 409, { refused });
      return { records: ROWS, total: 4 };
    });
    s.actions.setSelection(['a', 'b']);
    await s.actions.runAction(button(s, 'publish')!.action);
    await s.actions.submitTransition();
    expect(s.actions.getState().transitionSummary).toEqual({ label: 'Publish', total: 2, refused });
    expect(s.actions.getState().pendingTransition).toBeUndefined();
    expect(s.refresh).toHaveBeenCalled();
    s.actions.closeTransitionSummary();
    expect(s.actions.getState().transitionSummary).toBeUndefined();
  });

  it('a cancelled question runs nothing', async () => {
    const s = await loaded();
    s.actions.setSelection(['a']);
    await s.actions.runAction(button(s, 'publish')!.action);
    s.actions.cancelTransition();
    expect(s.actions.getState().pendingTransition).toBeUndefined();
    expect(s.request).toHaveBeenCalledTimes(1);
  });
});
