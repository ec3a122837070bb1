// The optional second factor as a client sees it: enrolment on the personal page, a login that asks
// for the code, wrong and replayed codes refused (and counted toward the lock), recovery codes good
// once, an administrator's reset in the operation log, a role that requires a factor, and nobody
// reading or resetting another user's factor.
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTP_PERIOD } from '../../services/auth/second-factor.js';
import { DEMO_PASSWORD, POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

const USER_MENU = 'BaseManage.Base.User';
const POLICY_MENU = 'BaseManage.Security.PasswordPolicy';

/** The authenticator's code `steps` time steps from now. */
const codeOf = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * TOTP_PERIOD });

describe.each(POSTGRES_ONLY)('second factor on %s', () => {
  let s: TestServer;
  let admin: string;

  beforeAll(async () => {
    s = await startTestServer();
    admin = await s.login('admin');
  });
  afterAll(async () => {
    await s?.close();
  });

  /** A new user with the demo password, the buyer's organisation and scope, and one role. */
  async function addUser(userNo: string, roleNo = 'buyer'): Promise<string> {
    const { db } = s.server.database;
    const buyer = await db
      .selectFrom('sysUser')
      .select(['id', 'pwdHash', 'orgNo'])
      .where('userNo', '=', 'buyer')
      .executeTakeFirstOrThrow();
    const { id } = await db
      .insertInto('sysUser')
      .values({ userNo, userName: `User ${userNo}`, pwdHash: buyer.pwdHash, orgNo: buyer.orgNo })
      .returning('id')
      .executeTakeFirstOrThrow();
    const role = await db
      .selectFrom('sysRole')
      .select('id')
      .where('roleNo', '=', roleNo)
      .executeTakeFirstOrThrow();
    await db.insertInto('sysUserRole').values({ userId: id, roleId: role.id }).execute();
    const scope = await db
      .selectFrom('sysUserData')
      .select(['dataType', 'dataValue'])
      .where('userId', '=', buyer.id)
      .execute();
    await db
      .insertInto('sysUserData')
      .values(scope.map((r) => ({ ...r, userId: id })))
      .execute();
    return id;
  }

  const login = (userNo: string, pwd = DEMO_PASSWORD) =>
    s.call('ISrmBmLoginService/login', { condition: { userNo, pwd } });
  const codeStep = (challenge: string, code: string) =>
    s.call('ISrmBmLoginService/loginSecondFactor', { condition: { challenge, code } });

  /** Enrols the user on the personal page: its secret and recovery codes. */
  async function enrol(userNo: string) {
    const token = await s.login(userNo);
    const start = await s.call('ISysSecondFactorService/startMySecondFactor', {}, { token });
    expect(start.body.code).toBe('0');
    const { secret } = start.body.response.data;
    const confirm = await s.call(
      'ISysSecondFactorService/confirmMySecondFactor',
      { condition: { code: await codeOf(secret) } },
      { token },
    );
    expect(confirm.body.code).toBe('0');
    return { token, secret, recoveryCodes: confirm.body.response.data.recoveryCodes as string[] };
  }

  async function events(userNo: string, method: string) {
    return s.server.database.db
      .selectFrom('sysOperationLog')
      .select(['userNo', 'method', 'result', 'message', 'clientIp'])
      .where('userNo', '=', userNo)
      .where('method', '=', method)
      .execute();
  }

  it('enrols on the personal page: QR code and key, a current code, ten recovery codes once', async () => {
    await addUser('sf-enrol');
    const token = await s.login('sf-enrol');
    const before = await s.call('ISysSecondFactorService/getMySecondFactor', {}, { token });
    expect(before.body.response.data).toMatchObject({ enabled: false, recoveryLeft: 0, required: false });

    const start = await s.call('ISysSecondFactorService/startMySecondFactor', {}, { token });
    const { secret, uri, qr } = start.body.response.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain(`secret=${secret}`);
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);

    const wrong = await s.call(
      'ISysSecondFactorService/confirmMySecondFactor',
      { condition: { code: '000000' === (await codeOf(secret)) ? '111111' : '000000' } },
      { token },
    );
    expect(wrong.body).toMatchObject({ code: '10250' });
    expect(wrong.body.msg).toContain('authenticator');

    const confirm = await s.call(
      'ISysSecondFactorService/confirmMySecondFactor',
      { condition: { code: await codeOf(secret) } },
      { token },
    );
    const codes = confirm.body.response.data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    // Kept only hashed: no code and no part of one is in the table.
    const stored = await s.server.database.db
      .selectFrom('sysSecondFactorRecovery')
      .select('codeHash')
      .execute();
    expect(JSON.stringify(stored)).not.toContain(codes[0]);

    const after = await s.call('ISysSecondFactorService/getMySecondFactor', {}, { token });
    expect(after.body.response.data).toMatchObject({ enabled: true, recoveryLeft: 10 });
    // Set up once: starting again is refused until it is turned off.
    const again = await s.call('ISysSecondFactorService/startMySecondFactor', {}, { token });
    expect(again.body.code).toBe('10253');
    expect(await events('sf-enrol', 'secondFactorEnrolled')).toHaveLength(1);
  });

  it('asks for the code after the password: no session until a right code, which is then refused again', async () => {
    await addUser('sf-login');
    const { secret } = await enrol('sf-login');
    const first = await login('sf-login');
    expect(first.body.code).toBe('0');
    const answer = first.body.response.data;
    expect(answer).toMatchObject({ secondFactor: 'code', userNo: 'sf-login' });
    expect(answer.token).toBeUndefined();
    expect(answer.challenge).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    // The enrolment took the current step's code; the next step's is good (one step of drift).
    const code = await codeOf(secret, 1);
    const ok = await codeStep(answer.challenge, code);
    expect(ok.body.code).toBe('0');
    const token = ok.body.response.data.token;
    expect((await s.call('ISrmBmLoginService/getUserInfo', {}, { token })).body.response.data.userNo).toBe(
      'sf-login',
    );
    // The challenge is spent, and the same code with a fresh challenge is a replay.
    expect((await codeStep(answer.challenge, code)).body.code).toBe('10252');
    const second = (await login('sf-login')).body.response.data;
    const replay = await codeStep(second.challenge, code);
    expect(replay.body.code).toBe('10251');
    expect((await codeStep(second.challenge, await codeOf(secret, -1))).body.code).toBe('10251');
    // The password step is logged as a login that opened no session yet.
    await s.server.app.audit.flush();
    expect((await events('sf-login', 'login')).map((e) => e.message)).toContain('second factor due: code');
    expect((await events('sf-login', 'secondFactorLogin')).map((e) => e.result).sort()).toEqual([
      'failure',
      'failure',
      'success',
    ]);
  });

  it('counts wrong codes toward the lock: the last allowed one locks the account for this address', async () => {
    const id = await addUser('sf-wrong');
    const { secret } = await enrol('sf-wrong');
    const right = await codeOf(secret, 1);
    const wrong = right === '000000' ? '111111' : '000000';
    const { challenge } = (await login('sf-wrong')).body.response.data;
    for (let i = 1; i < 5; i++) {
      const r = await codeStep(challenge, wrong);
      expect(r.body.code).toBe('10250');
      const failure = await s.server.database.db
        .selectFrom('sysLoginFailure')
        .select('failures')
        .where('userId', '=', id)
        .executeTakeFirstOrThrow();
      expect(failure.failures).toBe(i);
    }
    // The policy allows five mistakes: the fifth locks, and the challenge ends with it.
    const locked = await codeStep(challenge, wrong);
    expect(locked.body.code).toBe('10010');
    expect((await codeStep(challenge, right)).body.code).toBe('10252');
    // A right password does not reset the count while locked: the login is refused.
    expect((await login('sf-wrong')).body.code).toBe('10009');
  });

  it('takes each recovery code once, and logs its use', async () => {
    await addUser('sf-recovery');
    const { recoveryCodes } = await enrol('sf-recovery');
    const code = recoveryCodes[3].toLowerCase();
    const a = (await login('sf-recovery')).body.response.data;
    const ok = await codeStep(a.challenge, code);
    expect(ok.body.code).toBe('0');
    const token = ok.body.response.data.token;
    expect(
      (await s.call('ISysSecondFactorService/getMySecondFactor', {}, { token })).body.response.data,
    ).toMatchObject({ enabled: true, recoveryLeft: 9 });
    const b = (await login('sf-recovery')).body.response.data;
    expect((await codeStep(b.challenge, code)).body.code).toBe('10250');
    expect(await events('sf-recovery', 'secondFactorRecoveryUsed')).toHaveLength(1);
  });

  it('turns off with a current code or the password, not without either', async () => {
    await addUser('sf-off');
    const { token, secret } = await enrol('sf-off');
    const none = await s.call('ISysSecondFactorService/disableMySecondFactor', { condition: {} }, { token });
    expect(none.body.code).toBe('10256');
    const badPwd = await s.call(
      'ISysSecondFactorService/disableMySecondFactor',
      { condition: { pwd: 'not-it' } },
      { token },
    );
    expect(badPwd.body.code).toBe('10014');
    const off = await s.call(
      'ISysSecondFactorService/disableMySecondFactor',
      { condition: { code: await codeOf(secret, 1) } },
      { token },
    );
    expect(off.body.code).toBe('0');
    expect((await login('sf-off')).body.response.data.token).toBeTruthy();
    expect(await events('sf-off', 'secondFactorDisabled')).toHaveLength(1);
  });

  it("lets an administrator reset a user's factor, logged with the administrator and the address", async () => {
    const id = await addUser('sf-reset');
    await enrol('sf-reset');
    const version = (
      await s.server.database.db
        .selectFrom('sysUser')
        .select('version')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).version;
    // The user list says who has a factor, so the reset shows on those rows only.
    const listed = async () =>
      (
        await s.call(
          'ISupSrmSysUserService/getsysuserlist',
          { current: 1, size: 10, condition: { userNoIndistinct: 'sf-reset' } },
          { token: admin, menu: USER_MENU },
        )
      ).body.response.data.records.map((u: { userNo: string; secondFactor: string }) => [
        u.userNo,
        u.secondFactor,
      ]);
    expect(await listed()).toEqual([['sf-reset', 'Y']]);
    const r = await s.call(
      'ISysSecondFactorService/resetsecondfactor',
      { condition: { delList: [{ id, version }] } },
      { token: admin, menu: USER_MENU },
    );
    expect(r.body.code).toBe('0');
    expect(await listed()).toEqual([['sf-reset', 'N']]);
    const logged = await events('admin', 'secondFactorReset');
    expect(logged).toEqual([
      expect.objectContaining({ result: 'success', message: 'sf-reset', clientIp: expect.any(String) }),
    ]);
    expect(logged[0].clientIp).not.toBe('');
    // The user signs in with the password alone again; a second reset finds nothing to reset.
    expect((await login('sf-reset')).body.response.data.token).toBeTruthy();
    const again = await s.call(
      'ISysSecondFactorService/resetsecondfactor',
      { condition: { delList: [{ id, version }] } },
      { token: admin, menu: USER_MENU },
    );
    expect(again.body.code).toBe('10255');
  });

  it('sends a user of a role that requires a factor to enrol before any session', async () => {
    await addUser('sf-required', 'supplier');
    const policy = await s.call(
      'ISysPasswordPolicyService/getPasswordPolicy',
      {},
      { token: admin, menu: POLICY_MENU },
    );
    const { version } = policy.body.response.data;
    const unknown = await s.call(
      'ISysPasswordPolicyService/updatePasswordPolicy',
      { condition: { id: '1', version, secondFactorRoles: 'supplier,no-such-role' } },
      { token: admin, menu: POLICY_MENU },
    );
    expect(unknown.body.code).toBe('10017');
    expect(unknown.body.msg).toContain('no-such-role');
    const saved = await s.call(
      'ISysPasswordPolicyService/updatePasswordPolicy',
      { condition: { id: '1', version, secondFactorRoles: 'supplier' } },
      { token: admin, menu: POLICY_MENU },
    );
    expect(saved.body.code).toBe('0');
    try {
      const first = (await login('sf-required')).body.response.data;
      expect(first).toMatchObject({ secondFactor: 'enrol' });
      expect(first.token).toBeUndefined();
      // An enrolment challenge is no code challenge.
      expect((await codeStep(first.challenge, '123456')).body.code).toBe('10252');
      const start = await s.call('ISrmBmLoginService/startSecondFactorAtLogin', {
        condition: { challenge: first.challenge },
      });
      const { secret, qr } = start.body.response.data;
      expect(qr).toMatch(/^data:image\/svg\+xml/);
      const done = await s.call('ISrmBmLoginService/confirmSecondFactorAtLogin', {
        condition: { challenge: first.challenge, code: await codeOf(secret) },
      });
      expect(done.body.code).toBe('0');
      expect(done.body.response.data.recoveryCodes).toHaveLength(10);
      const token = done.body.response.data.token;
      const state = await s.call('ISysSecondFactorService/getMySecondFactor', {}, { token });
      expect(state.body.response.data).toMatchObject({ enabled: true, required: true });
      // From now on the login asks for the code.
      expect((await login('sf-required')).body.response.data.secondFactor).toBe('code');
    } finally {
      const p = await s.call(
        'ISysPasswordPolicyService/getPasswordPolicy',
        {},
        { token: admin, menu: POLICY_MENU },
      );
      await s.call(
        'ISysPasswordPolicyService/updatePasswordPolicy',
        { condition: { id: '1', version: p.body.response.data.version, secondFactorRoles: '' } },
        { token: admin, menu: POLICY_MENU },
      );
    }
  });

  it("lets nobody read or reset another user's factor", async () => {
    const id = await addUser('sf-other');
    await enrol('sf-other');
    const supplier = await s.login('supplier1');
    // The personal calls answer the caller's own factor whatever the body names.
    const mine = await s.call(
      'ISysSecondFactorService/getMySecondFactor',
      { condition: { userId: id, userNo: 'sf-other' } },
      { token: supplier },
    );
    expect(mine.body.response.data).toMatchObject({ enabled: false });
    const off = await s.call(
      'ISysSecondFactorService/disableMySecondFactor',
      { condition: { pwd: DEMO_PASSWORD } },
      { token: supplier },
    );
    expect(off.body.code).toBe('10255');
    // The reset needs the user menu's modify flag, and a supplier's user is refused it whatever its roles.
    for (const token of [supplier, await s.login('buyer')]) {
      const r = await s.call(
        'ISysSecondFactorService/resetsecondfactor',
        { condition: { delList: [{ id, version: 1 }] } },
        { token, menu: USER_MENU },
      );
      expect(r.http).toBe(403);
      expect(r.body.errorCode).toBe('10005');
    }
    const still = (await login('sf-other')).body.response.data;
    expect(still.secondFactor).toBe('code');
  });
});
