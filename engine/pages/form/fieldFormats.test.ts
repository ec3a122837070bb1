// The value formats a screen declares (spec 000 and 001 section 5), checked through the form controller
// the page uses: format checks, number size, text limit, passwords typed twice, date formats and ranges.
import type { Screen } from '@schemas/generated/screen';
import { describe, expect, it, vi } from 'vitest';
import { normaliseScreen } from '../../screens/normalise';
import { assertScreen } from '../../screens/validate';
import { createFormController } from './formController';
import { mountFields, typeInto } from './testing';

const form: NonNullable<Screen['form']> = {
  mode: 'add',
  groups: [
    {
      fields: [
        { prop: 'mobile', format: 'mobile' },
        { prop: 'phone', format: 'phone' },
        { prop: 'email', format: 'email', required: true },
        { prop: 'name' },
        { prop: 'qty', widget: 'number' },
        { prop: 'stock', widget: 'decimal' },
        { prop: 'price', widget: 'decimal', precision: 2, max: 99.99 },
        { prop: 'active', widget: 'select', options: 'yesNoNumber' },
        { prop: 'flag', widget: 'checkbox', default: 'N' },
        { prop: 'pwd', widget: 'password', required: true },
        { prop: 'pwd2', widget: 'password', required: true, send: false },
        { prop: 'month', widget: 'date', dateFormat: 'yyyy-MM' },
        { prop: 'year', widget: 'date', dateFormat: 'yyyy' },
        { prop: 'at', widget: 'datetime' },
        { prop: 'from', widget: 'dateRange', endProp: 'to' },
        { prop: 'period', widget: 'dateRange' },
      ],
    },
  ],
  rules: [{ type: 'sameAs', field: 'pwd2', other: 'pwd' }],
};

const screen = normaliseScreen(
  assertScreen(
    {
      name: 'T.Add',
      kind: 'form',
      path: '/t/add',
      menuNo: 'T.Menu',
      titleKey: 'title.t',
      parentPath: '/t/list',
      service: 'ITService',
      calls: { add: 'add' },
      form,
    },
    't.json',
  ),
  't.json',
);

const t = (key: string, params?: Record<string, unknown>) =>
  params ? `${key} ${JSON.stringify(params)}` : key;

function setup() {
  const request = vi.fn(async () => ({}));
  const deps = { request: request as never, navigate: vi.fn(), confirm: vi.fn(), success: vi.fn(), t };
  const c = createFormController(screen, deps, {});
  const field = mountFields(c);
  const type = (name: string, value: unknown) => typeInto(field(name), value);
  return { c, request, field, type };
}

describe('field formats from the screen JSON', () => {
  it('mobile, phone and e-mail: each its message key, empty passes', async () => {
    const { type } = setup();
    expect(await type('mobile', '138123')).toEqual(['common.validMobile {"label":"field.mobile"}']);
    expect(await type('mobile', '13812345678')).toEqual([]);
    expect(await type('mobile', '')).toEqual([]);
    expect(await type('phone', '010-1234567')).toEqual(['common.validPhone {"label":"field.phone"}']);
    expect(await type('phone', '0755-1234567')).toEqual([]);
    expect(await type('email', 'a@b')).toEqual(['common.validEmail {"label":"field.email"}']);
    expect(await type('email', 'a@b.com')).toEqual([]);
  });

  it('text inputs stop at 100 characters unless the screen says otherwise', async () => {
    const { type } = setup();
    expect(await type('name', 'x'.repeat(101))).toEqual([
      'validation.maxLength {"label":"field.name","max":100}',
    ]);
    expect(await type('name', 'x'.repeat(100))).toEqual([]);
  });

  it('numbers: minimum 0 by default, fewer than 20 digits and 5 decimals, controls on', async () => {
    const { type, field } = setup();
    expect(field('qty').componentProps).toMatchObject({ min: 0, controls: true });
    expect(await type('qty', -1)).toEqual(['validation.min {"label":"field.qty","min":0}']);
    expect(await type('qty', 1.123456)).toEqual([
      'validation.numberSize {"label":"field.qty","digits":19,"decimals":5}',
    ]);
    expect(await type('qty', 1.12345)).toEqual([]);
  });

  it('decimals: kept as exact text, judged as the server judges them, precision as the decimals', async () => {
    const { type, field } = setup();
    expect(field('stock').componentProps).toMatchObject({ min: 0, controls: true });
    expect(await type('stock', '1234567890123.12345')).toEqual([]);
    expect(field('stock').value).toBe('1234567890123.12345');
    expect(await type('stock', '12345678901234567890')).toEqual([
      'validation.numberSize {"label":"field.stock","digits":19,"decimals":5}',
    ]);
    expect(await type('price', '1.123')).toEqual([
      'validation.numberSize {"label":"field.price","digits":19,"decimals":2}',
    ]);
    expect(await type('price', '-0.01')).toEqual(['validation.min {"label":"field.price","min":0}']);
    expect(await type('price', '100')).toEqual(['validation.max {"label":"field.price","max":99.99}']);
    expect(await type('price', '99.99')).toEqual([]);
  });

  it("a yes/no select offers '1' and '0'; a checkbox starts at its default N", () => {
    const { field } = setup();
    expect(field('active').dataSource).toEqual([
      { label: 'option.yes', value: '1' },
      { label: 'option.no', value: '0' },
    ]);
    expect(field('flag').value).toBe('N');
  });

  it('passwords: 6 to 20 characters, the second typing must match and is not sent', async () => {
    const { type, c, request } = setup();
    expect(await type('pwd', '12345')).toEqual(['validation.passwordLength {"label":"field.pwd"}']);
    expect(await type('pwd', 'secret1')).toEqual([]);
    expect(await type('pwd2', 'secret2')).toEqual([
      'validation.sameAs {"label":"field.pwd2","other":"field.pwd"}',
    ]);
    expect(await type('pwd2', 'secret1')).toEqual([]);
    await type('email', 'a@b.com');
    expect(await c.save()).toBe(true);
    const sent = (request.mock.calls[0] as unknown[])[1] as Record<string, unknown>;
    expect(sent.pwd).toBe('secret1');
    expect(sent).not.toHaveProperty('pwd2');
  });

  it('the picker follows the date format', () => {
    const { field } = setup();
    expect(field('month').componentProps).toMatchObject({ picker: 'month', dateFormat: 'YYYY-MM' });
    expect(field('year').componentProps).toMatchObject({ picker: 'year', dateFormat: 'YYYY' });
    expect(field('at').componentProps).toMatchObject({
      picker: 'datetime',
      dateFormat: 'YYYY-MM-DD HH:mm:ss',
    });
  });

  it("a range goes to its two properties, or is one value joined with ' - '", async () => {
    const { c, request, field, type } = setup();
    expect(field('[from,to]').componentProps).toMatchObject({ picker: 'date', joined: false });
    expect(field('period').componentProps).toMatchObject({ joined: true });
    await field('[from,to]').onInput(['2025-03-01', '2025-03-10']);
    await field('period').onInput('2025-04-01 - 2025-04-30');
    await type('email', 'a@b.com');
    await type('pwd', 'secret1');
    await type('pwd2', 'secret1');
    expect(await c.save()).toBe(true);
    expect((request.mock.calls[0] as unknown[])[1]).toMatchObject({
      from: '2025-03-01',
      to: '2025-03-10',
      period: '2025-04-01 - 2025-04-30',
    });
  });
});
