// One password rule on both sides: the server answers the active policy's rule to any logged-in user
// (ISysPasswordPolicyService/getPasswordRule: what a form needs, never the default password), and
// refuses a new password whenever the forms' check (engine/core/passwordPolicy.ts) finds a breach,
// with that breach as the reason, whichever call sets the password; beyond it, only what the server
// alone knows (a common password) is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RULE_CALL, type PasswordRule, passwordBreach } from '../../engine/core/passwordPolicy.js';
import { isCommonPassword } from '../../services/auth/policy.js';
import { translator } from '../../services/i18n.js';
import { POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

const POLICY = 'BaseManage.Security.PasswordPolicy';
const USER = 'BaseManage.Base.User';
const en = translator('en-US');

/**
 * The message the forms show for a breach is the server's reason; the server wraps it in 10011. What
 * the forms pass, the server takes unless it is a common password (its list is the server's only).
 */
const refusal = (rule: PasswordRule, password: string, userNo: string) => {
  const breach = passwordBreach(rule, password, { userNo });
  if (breach) return en('error.10011', { reason: en(breach.key, breach.params) });
  return isCommonPassword(password) ? en('error.10011', { reason: en('password.common') }) : undefined;
};

describe.each(POSTGRES_ONLY)('the password rule on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer({ database: kind });
    admin = await s.login('admin');
  });
  afterAll(async () => {
    await s?.close();
  });

  const rule = async (token?: string) =>
    s.call(PASSWORD_RULE_CALL, { condition: {} }, { token, lang: 'en-US' });

  let added = 0;
  /** Adds a user with `pwd` as the administrator: the refusal's message, or undefined when it was added. */
  const addUser = async (pwd: string) => {
    const userNo = `rule${++added}`;
    const r = await s.call(
      'ISupSrmSysUserService/saveorupdatesysuser',
      { condition: { userNo, userName: `Rule ${added}`, pwd, pwdConfirm: pwd } },
      { token: admin, menu: USER, lang: 'en-US' },
    );
    if (r.body.status === 200) return { userNo, message: undefined };
    expect(r.body.code, r.body.msg).toBe('10011');
    return { userNo, message: r.body.msg as string };
  };

  it('answers the active rule to any logged-in user, a supplier’s too, and nothing more', async () => {
    const supplier = await s.login('supplier2');
    for (const token of [admin, supplier]) {
      const r = await rule(token);
      expect(r.body.code).toBe('0');
      expect(r.body.response.data).toEqual({ constitute: 'ANY', minLength: 12, maxLength: 20 });
    }
    expect((await rule()).http).toBe(401);
  });

  it("refuses 'abcdefgh' on add-user as the forms do: at least 12 characters", async () => {
    const answered = (await rule(admin)).body.response.data as PasswordRule;
    const { userNo, message } = await addUser('abcdefgh');
    expect(message).toBe('The new password does not meet the password policy: at least 12 characters.');
    expect(message).toBe(refusal(answered, 'abcdefgh', userNo));
  });

  it('refuses exactly what the shared check refuses, with its reason, under the policy it answers', async () => {
    const current = (
      await s.call(
        'ISysPasswordPolicyService/getPasswordPolicy',
        { condition: {} },
        { token: admin, menu: POLICY },
      )
    ).body.response.data;
    const changed = await s.call(
      'ISysPasswordPolicyService/updatePasswordPolicy',
      {
        condition: {
          id: 1,
          version: current.version,
          constitute: 'LETTERS_AND_DIGITS',
          minLength: 8,
          maxLength: 14,
          defaultPwd: 'Default1234',
        },
      },
      { token: admin, menu: POLICY },
    );
    expect(changed.body.code).toBe('0');
    const answered = (await rule(admin)).body.response.data;
    // The form's part of the policy, never its default password.
    expect(answered).toEqual({ constitute: 'LETTERS_AND_DIGITS', minLength: 8, maxLength: 14 });

    const candidates = [
      'abcdefgh',
      'abcd123',
      'abcd1234',
      'abcd12345678901',
      'abcd-1234',
      '12345678',
      'Tide9pass',
      'xtide99pass',
    ];
    let accepted = 0;
    for (const pwd of candidates) {
      const { userNo, message } = await addUser(pwd);
      expect(message, pwd).toBe(refusal(answered, pwd, userNo));
      if (!message) accepted++;
    }
    // Both sides of the rule were tried.
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(candidates.length);

    // A user's own change is judged alike, the old password and the user number included.
    const supplier = await s.login('supplier2');
    for (const [newPwd, breach] of [
      ['supplier2x', 'password.containsUserNo'],
      ['demo12345', undefined],
    ] as const) {
      const r = await s.call(
        'ISupSrmSysUserService/updatepwd',
        { condition: { oldPwd: 'demo1234', newPwd } },
        { token: supplier, lang: 'en-US' },
      );
      expect(passwordBreach(answered, newPwd, { userNo: 'supplier2', oldPassword: 'demo1234' })?.key).toBe(
        breach,
      );
      if (breach) expect(r.body.msg).toBe(en('error.10011', { reason: en(breach) }));
      else expect(r.body.code).toBe('0');
    }
  });
});
