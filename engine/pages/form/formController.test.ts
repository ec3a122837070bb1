import type { Field as FormilyField } from '@formily/core';
import { observable, reaction } from '@formily/reactive';
import type { Screen } from '@schemas/generated/screen';
import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../request/types';
import { onChanged } from '../../screens/changes';
import { normaliseScreen } from '../../screens/normalise';
import { assertScreen } from '../../screens/validate';
import { createFormController } from './formController';
import { mountFields } from './testing';

const base = {
  menuNo: 'T.Menu',
  titleKey: 'title.t',
  parentPath: '/t/list',
  service: 'ITService',
  kind: 'form' as const,
};
const groups: NonNullable<Screen['form']>['groups'] = [
  {
    fields: [
      {
        prop: 'no',
        required: true,
        maxLength: 8,
        pattern: '^[A-Za-z0-9_-]+$',
        patternMessageKey: 'validation.code',
        readOnlyOnEdit: true,
      },
      { prop: 'name', required: true },
      { prop: 'statusCode', widget: 'select', options: 'status', required: true, default: '1' },
      { prop: 'qty', widget: 'number', max: 10 },
    ],
  },
  {
    fields: [
      { prop: 'start', widget: 'date' },
      { prop: 'end', widget: 'date' },
    ],
  },
];
const rules: NonNullable<Screen['form']>['rules'] = [{ type: 'notAfter', field: 'start', other: 'end' }];

const screen = (mode: 'add' | 'modify') =>
  normaliseScreen(
    assertScreen(
      mode === 'add'
        ? { ...base, name: 'T.Add', path: '/t/add', calls: { add: 'add' }, form: { mode, groups, rules } }
        : {
            ...base,
            name: 'T.Modify',
            path: '/t/modify/:id',
            calls: { get: 'get', update: 'update' },
            form: { mode, groups, rules },
          },
      't.json',
    ),
    't.json',
  );

const t = (key: string, params?: Record<string, unknown>) =>
  params ? `${key} ${JSON.stringify(params)}` : key;

function setup(mode: 'add' | 'modify', id?: string) {
  const request = vi.fn(
    async (_call: string, _payload?: unknown): Promise<unknown> => ({
      id: 'u1',
      version: 4,
      no: 'ORG1',
      name: 'Org one',
      statusCode: '1',
      start: '2024-01-02T00:00:00.000Z',
      end: null,
    }),
  );
  const deps = { request: request as never, navigate: vi.fn(), confirm: vi.fn(), success: vi.fn(), t };
  const c = createFormController(screen(mode), deps, { id });
  const field = mountFields(c);
  const errors = (name: string) => field(name).selfErrors;
  return { c, request, deps, field, errors };
}

describe('form controller: rules', () => {
  it('checks required text on blur, with the label in the message', async () => {
    const { field, errors } = setup('add');
    await field('name').onInput('');
    expect(errors('name')).toEqual([]);
    await field('name').onBlur();
    expect(errors('name')).toEqual(['validation.required {"label":"field.name"}']);
    await field('name').onInput('Acme');
    await field('name').onBlur();
    expect(errors('name')).toEqual([]);
    expect(field('name').required).toBe(true);
  });

  it('checks required selects on change', async () => {
    const { field, errors } = setup('add');
    expect(field('statusCode').value).toBe('1');
    await field('statusCode').onInput(undefined);
    expect(errors('statusCode')).toEqual(['validation.select {"label":"field.statusCode"}']);
    expect(field('statusCode').dataSource).toEqual([
      { label: 'option.status.valid', value: '1' },
      { label: 'option.status.invalid', value: '0' },
    ]);
  });

  it('checks max length and the pattern; an empty value passes the pattern', async () => {
    const { field, errors } = setup('add');
    await field('no').onInput('bad value');
    await field('no').onBlur();
    expect(errors('no')).toEqual([
      'validation.maxLength {"label":"field.no","max":8}',
      'validation.code {"label":"field.no"}',
    ]);
    await field('no').onInput('A-1_b');
    await field('no').onBlur();
    expect(errors('no')).toEqual([]);
    expect(field('qty').componentProps).toMatchObject({ min: 0, max: 10 });
  });

  it('keeps a start date from being after the end date, re-checked when either changes', async () => {
    const { field, errors } = setup('add');
    await field('end').onInput('2024-05-01');
    await field('start').onInput('2024-05-02');
    expect(errors('start')).toEqual(['validation.notAfter {"label":"field.start","other":"field.end"}']);
    await field('end').onInput('2024-06-01');
    await Promise.resolve();
    expect(errors('start')).toEqual([]);
    await field('end').onInput(undefined);
    await field('start').onInput('2030-01-01');
    expect(errors('start')).toEqual([]);
  });
});

describe('form controller: add', () => {
  it('a blur check of the old value does not outlive the value the widget commits on the same blur', async () => {
    const { field } = setup('add');
    await field('name').onFocus();
    await field('name').onBlur();
    expect(field('name').selfErrors).toHaveLength(1);
    await field('name').onFocus();
    // The input gets the blur first (the check reads the empty value); the widget commits after.
    await Promise.all([field('name').onBlur(), field('name').onInput('Org one')]);
    expect(field('name').selfErrors).toEqual([]);
  });

  it('does not send an invalid form', async () => {
    const { c, request, errors } = setup('add');
    expect(await c.save()).toBe(false);
    expect(request).not.toHaveBeenCalled();
    expect(errors('no')).toHaveLength(1);
    expect(errors('name')).toHaveLength(1);
  });

  it('sends the values, empty ones as null, then goes back and marks the list changed', async () => {
    const { c, request, deps, field } = setup('add');
    const changed: string[] = [];
    const off = onChanged((p) => changed.push(p));
    await field('no').onInput('ORG9');
    await field('name').onInput('  Org nine ');
    expect(await c.save()).toBe(true);
    off();
    expect(request).toHaveBeenCalledWith(
      'ITService/add',
      { no: 'ORG9', name: 'Org nine', statusCode: '1', qty: null, start: null, end: null },
      { moduleNumber: 'T.Menu' },
    );
    expect(deps.navigate).toHaveBeenCalledWith('/t/list');
    expect(changed).toEqual(['/t/list']);
    expect(c.getState().status).toBe('ready');
  });

  it('starts ready, is saving while the call is under way and refuses a second save meanwhile', async () => {
    const { c, request, field } = setup('add');
    expect(c.getState().status).toBe('ready');
    await field('no').onInput('ORG9');
    await field('name').onInput('Org nine');
    let answer: (v: unknown) => void = () => undefined;
    request.mockImplementationOnce(() => new Promise((r) => (answer = r)));
    const first = c.save();
    await vi.waitFor(() => expect(c.getState().status).toBe('saving'));
    expect(await c.save()).toBe(false);
    answer({});
    expect(await first).toBe(true);
    expect(c.getState().status).toBe('ready');
    expect(request).toHaveBeenCalledTimes(1);
  });
});

describe('form controller: modify', () => {
  it('loads by id, shows the number read-only and sends id and version back without it', async () => {
    const { c, request, field } = setup('modify', 'u1');
    expect(c.getState().status).toBe('loading');
    await c.load();
    expect(request).toHaveBeenCalledWith('ITService/get', { id: 'u1' }, { moduleNumber: 'T.Menu' });
    expect(c.getState()).toMatchObject({ status: 'ready' });
    expect(field('name').value).toBe('Org one');
    expect(field('start').value).toBe('2024-01-02');
    expect(field('no').pattern).toBe('disabled');
    await field('name').onInput('Org renamed');
    request.mockClear();
    expect(await c.save()).toBe(true);
    // Saved, then reloaded: the kept-alive page must hold the new version.
    expect(request.mock.calls.map((call) => call[0])).toEqual(['ITService/update', 'ITService/get']);
    expect(request).toHaveBeenCalledWith(
      'ITService/update',
      {
        id: 'u1',
        version: 4,
        name: 'Org renamed',
        statusCode: '1',
        qty: null,
        start: '2024-01-02',
        end: null,
      },
      { moduleNumber: 'T.Menu' },
    );
  });

  it('keeps what the user typed and shows the server message after a stale save', async () => {
    const { c, request, deps, field } = setup('modify', 'u1');
    await c.load();
    await field('name').onInput('Typed by me');
    request.mockRejectedValueOnce(new RequestError('10007', 'This record was changed by someone else'));
    expect(await c.save()).toBe(false);
    expect(c.getState()).toMatchObject({
      status: 'ready',
      errorCode: '10007',
      errorMessage: 'This record was changed by someone else',
    });
    expect(field('name').value).toBe('Typed by me');
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('a loaded list of rows edits like any value: no recursion, and reactions keep running after', async () => {
    // Values and initial values once shared the loaded row list: the first new row recursed until the
    // stack overflowed inside a batch, after which no reaction of the page ran again.
    const lines = normaliseScreen(
      assertScreen(
        {
          ...base,
          name: 'T.Modify',
          path: '/t/modify/:id',
          calls: { get: 'get', update: 'update' },
          form: {
            mode: 'modify',
            groups: [
              {
                fields: [
                  { prop: 'name', required: true },
                  { prop: 'lines', widget: 'editableTable', rowFields: [{ prop: 'code' }] },
                  { prop: 'names', widget: 'i18nNames' },
                ],
              },
            ],
          },
        },
        't.json',
      ),
      't.json',
    );
    const request = vi.fn(async () => ({
      id: 'u1',
      version: 1,
      name: 'One',
      lines: [],
      names: { 'en-US': 'One' },
    }));
    const deps = { request: request as never, navigate: vi.fn(), confirm: vi.fn(), success: vi.fn(), t };
    const c = createFormController(lines, deps, { id: 'u1' });
    mountFields(c);
    await c.load();
    const field = (name: string) => c.form.query(name).take() as FormilyField;
    await field('lines').onInput([{ code: 'A' }]);
    await field('lines').onInput([{ code: 'A' }, { code: 'B' }]);
    field('names').value.vi = 'Một';
    expect(field('lines').value).toEqual([{ code: 'A' }, { code: 'B' }]);
    expect(c.form.initialValues.lines).toEqual([]);
    expect(c.form.initialValues.names).toEqual({ 'en-US': 'One' });
    const o = observable({ n: 0 });
    let runs = 0;
    reaction(
      () => o.n,
      () => runs++,
    );
    o.n = 1;
    expect(runs).toBe(1);
  });

  it('has nothing to edit when the record cannot be loaded', async () => {
    const { c, request } = setup('modify', 'gone');
    request.mockRejectedValueOnce(new RequestError('10008', 'not found'));
    await c.load();
    expect(c.getState()).toMatchObject({ status: 'error' });
    expect(await c.save()).toBe(false);
  });
});

describe('form controller: kept-alive pages', () => {
  it('blanks an add page after a good save', async () => {
    const { c, field } = setup('add');
    await field('no').onInput('ORG9');
    await field('name').onInput('Org nine');
    await field('statusCode').onInput('0');
    expect(await c.save()).toBe(true);
    expect(field('no').value).toBeUndefined();
    expect(field('name').value).toBeUndefined();
    expect(field('statusCode').value).toBe('1');
    expect(field('name').selfErrors).toEqual([]);
  });
});

describe("form controller: the page's tab", () => {
  it('a save closes the tab and goes to the list, without reloading a page that is gone', async () => {
    const { c, request, deps, field } = setup('modify', 'u1');
    const closePage = vi.fn();
    const later = createFormController(screen('modify'), { ...deps, closePage }, { id: 'u1' });
    mountFields(later);
    await later.load();
    await (later.form.query('name').take() as FormilyField).onInput('Org renamed');
    request.mockClear();
    expect(await later.save()).toBe(true);
    expect(closePage).toHaveBeenCalledWith('/t/list');
    expect(deps.navigate).not.toHaveBeenCalled();
    expect(request.mock.calls.map((call) => call[0])).toEqual(['ITService/update']);
    // The same without closePage (no shell): goes back and reloads, as a page kept for another use.
    await c.load();
    await field('name').onInput('Again');
    expect(await c.save()).toBe(true);
    expect(deps.navigate).toHaveBeenCalledWith('/t/list');
  });

  it('a refused save keeps the tab', async () => {
    const closePage = vi.fn();
    const { request, deps } = setup('modify', 'u1');
    const c = createFormController(screen('modify'), { ...deps, closePage }, { id: 'u1' });
    mountFields(c);
    await c.load();
    request.mockRejectedValueOnce(new RequestError('10007', 'This record was changed by someone else'));
    expect(await c.save()).toBe(false);
    expect(closePage).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('a modify page restored from its snapshot has the record, its version and the unsaved values, unasked', async () => {
    const { c, request, deps, field } = setup('modify', 'u1');
    await c.load();
    await field('name').onInput('Typed, not saved');
    const saved = c.snapshot();
    expect(saved).toBeDefined();

    request.mockClear();
    const again = createFormController(screen('modify'), deps, { id: 'u1' });
    mountFields(again);
    again.restore(saved!);
    expect(request).not.toHaveBeenCalled();
    expect(again.getState().status).toBe('ready');
    expect(again.form.values).toMatchObject({ no: 'ORG1', name: 'Typed, not saved', start: '2024-01-02' });
    expect(again.form.initialValues.name).toBe('Org one');
    expect(await again.save()).toBe(true);
    expect(request).toHaveBeenCalledWith(
      'ITService/update',
      expect.objectContaining({ id: 'u1', version: 4, name: 'Typed, not saved' }),
      { moduleNumber: 'T.Menu' },
    );
  });

  it('an add page restored from its snapshot has the values typed; a page still loading keeps none', async () => {
    const { c, deps, field } = setup('add');
    await field('no').onInput('ORG7');
    await field('statusCode').onInput('0');
    const again = createFormController(screen('add'), deps, {});
    mountFields(again);
    again.restore(c.snapshot()!);
    expect(again.form.values).toMatchObject({ no: 'ORG7', statusCode: '0' });
    const loading = createFormController(screen('modify'), deps, { id: 'u1' });
    expect(loading.snapshot()).toBeUndefined();
  });
});

describe('form controller: values shown once (reveal)', () => {
  const revealing = normaliseScreen(
    assertScreen(
      {
        ...base,
        name: 'T.Add',
        path: '/t/add',
        calls: { add: 'add' },
        form: {
          mode: 'add',
          groups: [{ fields: [{ prop: 'keyName', required: true }] }],
          reveal: [{ prop: 'apiKey' }, { prop: 'webhookSecret', labelKey: 'field.signingSecret' }],
        },
      },
      't.json',
    ),
    't.json',
  );

  function setupReveal(answer: () => Promise<unknown>, withClosePage = true) {
    const request = vi.fn(answer);
    const closePage = vi.fn();
    const deps = {
      request: request as never,
      navigate: vi.fn(),
      confirm: vi.fn(),
      success: vi.fn(),
      t,
      ...(withClosePage ? { closePage } : {}),
    };
    const c = createFormController(revealing, deps, {});
    const field = mountFields(c);
    return { c, request, deps, closePage, field };
  }

  it("shows the answer's secret and keeps the page until the user is done with it", async () => {
    const { c, deps, closePage, field } = setupReveal(async () => ({ id: 'k1', apiKey: 'srm_x' }));
    const changed: string[] = [];
    const off = onChanged((p) => changed.push(p));
    await field('keyName').onInput('ERP link');
    expect(await c.save()).toBe(true);
    off();
    expect(c.getState()).toMatchObject({
      status: 'ready',
      revealed: [{ prop: 'apiKey', labelKey: 'field.apiKey', value: 'srm_x' }],
    });
    expect(deps.success).toHaveBeenCalledWith('form.saved');
    expect(changed).toEqual(['/t/list']);
    expect(closePage).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
    // Shown, the save is done: no second save of the same values.
    expect(await c.save()).toBe(false);

    await c.finishReveal();
    expect(c.getState().revealed).toBeUndefined();
    expect(closePage).toHaveBeenCalledTimes(1);
    expect(closePage).toHaveBeenCalledWith('/t/list');
    // Done once: a second call does nothing.
    await c.finishReveal();
    expect(closePage).toHaveBeenCalledTimes(1);
  });

  it("shows every revealed value the answer holds, in the screen's order, as text", async () => {
    const { c } = setupReveal(async () => ({ id: 'k1', webhookSecret: 12345, apiKey: 'srm_y' }));
    await c.form.setValues({ keyName: 'ERP link' });
    expect(await c.save()).toBe(true);
    expect(c.getState().revealed).toEqual([
      { prop: 'apiKey', labelKey: 'field.apiKey', value: 'srm_y' },
      { prop: 'webhookSecret', labelKey: 'field.signingSecret', value: '12345' },
    ]);
  });

  it('closes at once when the answer holds none of them (or only empty ones)', async () => {
    for (const answer of [{ id: 'k1' }, { id: 'k1', apiKey: '', webhookSecret: null }, undefined]) {
      const { c, deps, closePage, field } = setupReveal(async () => answer);
      await field('keyName').onInput('ERP link');
      expect(await c.save()).toBe(true);
      expect(c.getState().revealed).toBeUndefined();
      expect(deps.success).toHaveBeenCalledWith('form.saved');
      expect(closePage).toHaveBeenCalledWith('/t/list');
    }
  });

  it('without the shell, goes back and blanks the add page only after the user is done', async () => {
    const { c, deps, field } = setupReveal(async () => ({ id: 'k1', apiKey: 'srm_x' }), false);
    await field('keyName').onInput('ERP link');
    expect(await c.save()).toBe(true);
    expect(deps.navigate).not.toHaveBeenCalled();
    expect(field('keyName').value).toBe('ERP link');
    await c.finishReveal();
    expect(deps.navigate).toHaveBeenCalledWith('/t/list');
    expect(field('keyName').value).toBeUndefined();
  });

  it('never keeps the secret in a snapshot', async () => {
    const { c, field } = setupReveal(async () => ({ id: 'k1', apiKey: 'srm_x' }), false);
    await field('keyName').onInput('ERP link');
    expect(c.snapshot()).toMatchObject({ values: { keyName: 'ERP link' } });
    await c.save();
    expect(c.getState().revealed).toHaveLength(1);
    // Shown: the save is done, nothing of the page is kept (neither the secret nor the values it sent).
    expect(c.snapshot()).toBeUndefined();
    await c.finishReveal();
    expect(JSON.stringify(c.snapshot())).not.toContain('srm_x');
    expect(JSON.stringify(c.getState())).not.toContain('srm_x');
  });

  it('a refused save reveals nothing and keeps the page', async () => {
    const { c, deps, closePage, field } = setupReveal(async () => {
      throw new RequestError('10007', 'Refused');
    });
    await field('keyName').onInput('ERP link');
    expect(await c.save()).toBe(false);
    expect(c.getState()).toMatchObject({ status: 'ready', errorMessage: 'Refused' });
    expect(c.getState().revealed).toBeUndefined();
    expect(deps.success).not.toHaveBeenCalled();
    expect(closePage).not.toHaveBeenCalled();
  });

  it('a screen without reveal closes at once whatever the answer holds', async () => {
    const { request, deps } = setup('add');
    const closePage = vi.fn();
    const c = createFormController(screen('add'), { ...deps, closePage }, {});
    mountFields(c);
    request.mockResolvedValueOnce({ id: 'u9', apiKey: 'srm_x' });
    await c.form.setValues({ no: 'ORG9', name: 'Org nine' });
    expect(await c.save()).toBe(true);
    expect(c.getState().revealed).toBeUndefined();
    expect(closePage).toHaveBeenCalledWith('/t/list');
  });
});
