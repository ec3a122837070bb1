// A password field under the server's policy (format passwordPolicy), through the form controller the
// page uses: the policy is asked for once, stated under the field, and a password it refuses is refused
// before anything is sent, in the words of the server's own refusal.
import type { Screen } from '@schemas/generated/screen';
import { describe, expect, it, vi } from 'vitest';
import { PASSWORD_RULE_CALL, type PasswordRule } from '../../core/passwordPolicy';
import { normaliseScreen } from '../../screens/normalise';
import { assertScreen } from '../../screens/validate';
import { createFormController } from './formController';
import { mountFields, typeInto } from './testing';

const POLICY: PasswordRule = { constitute: 'ANY', minLength: 12, maxLength: 20 };

const form: NonNullable<Screen['form']> = {
  mode: 'add',
  groups: [
    {
      fields: [
        { prop: 'userNo', required: true },
        { prop: 'pwd', widget: 'password', required: true, format: 'passwordPolicy' },
        { prop: 'pwdConfirm', widget: 'password', required: true },
      ],
    },
  ],
  rules: [{ type: 'sameAs', field: 'pwdConfirm', other: 'pwd' }],
};

const screen = normaliseScreen(
  assertScreen(
    {
      name: 'T.AddUser',
      kind: 'form',
      path: '/t/add-user',
      menuNo: 'T.Menu',
      titleKey: 'title.t',
      parentPath: '/t/users',
      service: 'ITUserService',
      calls: { add: 'saveuser' },
      form,
    },
    't.json',
  ),
  't.json',
);

const t = (key: string, params?: Record<string, unknown>) =>
  params ? `${key} ${JSON.stringify(params)}` : key;

function setup(answer: () => Promise<unknown> = async () => POLICY) {
  const request = vi.fn(async (call: string) => (call === PASSWORD_RULE_CALL ? answer() : {}));
  const deps = { request: request as never, navigate: vi.fn(), confirm: vi.fn(), success: vi.fn(), t };
  const c = createFormController(screen, deps, {});
  const field = mountFields(c);
  const type = (name: string, value: unknown) => typeInto(field(name), value);
  const calls = () => request.mock.calls.map((call) => call[0]);
  return { c, request, field, type, calls };
}

const tooShort = `validation.passwordPolicy ${JSON.stringify({
  label: 'field.pwd',
  reason: 'password.tooShort {"min":12}',
})}`;

describe('a password under the server’s password policy', () => {
  it("asks for the policy once and refuses 'abcdefgh' with the policy's reason, not 6 to 20 characters", async () => {
    const { type, calls } = setup();
    expect(await type('pwd', 'abcdefgh')).toEqual([tooShort]);
    expect(await type('pwd', 'abcdefghijk')).toEqual([tooShort]);
    expect(await type('pwd', 'abcdefghijkl')).toEqual([]);
    expect(await type('pwd', 'a'.repeat(21))).toEqual([
      `validation.passwordPolicy ${JSON.stringify({ label: 'field.pwd', reason: 'password.tooLong {"max":20}' })}`,
    ]);
    expect(calls()).toEqual([PASSWORD_RULE_CALL]);
  });

  it('judges the character classes the policy requires', async () => {
    const { type } = setup(async () => ({ constitute: 'LETTERS_AND_DIGITS', minLength: 8, maxLength: 20 }));
    expect(await type('pwd', 'abcdefghij')).toEqual([
      `validation.passwordPolicy ${JSON.stringify({ label: 'field.pwd', reason: 'password.needLettersDigits' })}`,
    ]);
    expect(await type('pwd', 'abcd1234')).toEqual([]);
  });

  it('refuses a password holding the user number the form names, as the server does', async () => {
    const { type } = setup();
    await type('userNo', 'keeper');
    expect(await type('pwd', 'the-keeper-pass')).toEqual([
      `validation.passwordPolicy ${JSON.stringify({ label: 'field.pwd', reason: 'password.containsUserNo' })}`,
    ]);
  });

  it('states the policy under the field', async () => {
    const { field, request } = setup();
    await request.mock.results[0].value;
    await vi.waitFor(() => expect(field('pwd').description).toBe('password.rule.any {"min":12,"max":20}'));
    expect(field('pwdConfirm').description).toBeUndefined();
  });

  it('the second typing only has to match: no length rule of its own', async () => {
    const { type } = setup();
    await type('pwd', 'abcdefghijkl');
    expect(await type('pwdConfirm', 'abc')).toEqual([
      'validation.sameAs {"label":"field.pwdConfirm","other":"field.pwd"}',
    ]);
  });

  it('sends nothing while the password breaks the policy', async () => {
    const { c, type, calls } = setup();
    await type('userNo', 'e2ekeeper');
    await type('pwd', 'abcdefgh');
    await type('pwdConfirm', 'abcdefgh');
    expect(await c.save()).toBe(false);
    expect(calls()).toEqual([PASSWORD_RULE_CALL]);
    await type('pwd', 'abcdefghijkl');
    await type('pwdConfirm', 'abcdefghijkl');
    expect(await c.save()).toBe(true);
    expect(calls()).toEqual([PASSWORD_RULE_CALL, 'ITUserService/saveuser']);
  });

  it('leaves the password to the server when the policy cannot be loaded', async () => {
    const { type } = setup(async () => {
      throw new Error('offline');
    });
    expect(await type('pwd', 'abcdefgh')).toEqual([]);
  });
});
