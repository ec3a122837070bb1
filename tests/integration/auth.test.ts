import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATH, BOTH_DBS, startTestServer, type TestServer } from '../support/server.js';

const userInfoSchema = JSON.parse(
  readFileSync(new URL('../../schemas/user-info.schema.json', import.meta.url), 'utf8'),
);

describe.each(BOTH_DBS)('login and sessions on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ database: kind });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('logs in with a trimmed user name and answers token and orgNo in the envelope', async () => {
    const r = await s.call('ISrmBmLoginService/login', {
      condition: { userNo: '  buyer ', pwd: 'demo1234', invokerParam: 1 },
    });
    expect(r.http).toBe(200);
    expect(r.body).toMatchObject({
      status: 200,
      code: '0',
      response: { data: { orgNo: 'SH01', userNo: 'buyer' } },
    });
    expect(r.body.response.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('stores only argon2id hashes of passwords and of tokens', async () => {
    const token = await s.login('buyer');
    const { db } = s.server.database;
    const user = await db
      .selectFrom('sysUser')
      .select('pwdHash')
      .where('userNo', '=', 'buyer')
      .executeTakeFirstOrThrow();
    expect(user.pwdHash).toMatch(/^\$argon2id\$v=19\$m=\d+,p=\d+,t=\d+\$/);
    // At the cost the server is configured with: the tests' cheap one here; start.test.ts holds that
    // the production default (m=19 MiB, t=2) is what a start without overrides uses.
    const [, m, t] = /m=(\d+),p=\d+,t=(\d+)/.exec(user.pwdHash)!;
    expect(Number(m)).toBe(s.config.argon2.memoryCost);
    expect(Number(t)).toBe(s.config.argon2.timeCost);
    const sessions = await db.selectFrom('sysSession').select('tokenHash').execute();
    expect(sessions.map((x) => x.tokenHash)).not.toContain(token);
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    const wrong = await s.call('ISrmBmLoginService/login', {
      condition: { userNo: 'supplier2', pwd: 'nope' },
    });
    const unknown = await s.call('ISrmBmLoginService/login', {
      condition: { userNo: 'nobody', pwd: 'nope' },
    });
    expect(wrong.body).toMatchObject({
      status: 400,
      code: '10009',
      msg: 'Wrong user name or password, or the account is locked for a while after too many failed attempts.',
      response: null,
    });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('locks the account after the allowed mistakes, even for the right password, answering as for an unknown user, and the lock survives a restart', async () => {
    for (let i = 0; i < 4; i++) {
      const r = await s.call('ISrmBmLoginService/login', {
        condition: { userNo: 'supplier1', pwd: `wrong${i}` },
      });
      expect(r.body.code).toBe('10009');
    }
    const fifth = await s.call('ISrmBmLoginService/login', {
      condition: { userNo: 'supplier1', pwd: 'wrong5' },
    });
    // Locked, but the answer is the unknown user's: it tells nobody that the account exists.
    const unknown = await s.call('ISrmBmLoginService/login', {
      condition: { userNo: 'nobody-at-all', pwd: 'wrong5' },
    });
    expect(fifth.body).toEqual(unknown.body);
    const lock = () =>
      s.server.database.db
        .selectFrom('sysLoginFailure as f')
        .innerJoin('sysUser as u', 'u.id', 'f.userId')
        .select(['f.lockedUntil', 'f.clientIp'])
        .where('u.userNo', '=', 'supplier1')
        .executeTakeFirstOrThrow();
    const { lockedUntil, clientIp } = await lock();
    expect(clientIp).toBe('127.0.0.1');
    expect(new Date(lockedUntil as Date).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    await s.restart();
    const right = await s.call('ISrmBmLoginService/login', {
      condition: { userNo: 'supplier1', pwd: 'demo1234' },
    });
    expect(right.body).toEqual(unknown.body);
    // The lock is the failing address's own: the user, elsewhere, still logs in.
    const elsewhere = await s.server.app.inject({
      method: 'POST',
      url: `${API_PATH}/ISrmBmLoginService/login`,
      remoteAddress: '10.1.2.3',
      headers: { 'content-type': 'application/json' },
      payload: { condition: { userNo: 'supplier1', pwd: 'demo1234' } },
    });
    expect(JSON.parse(elsewhere.body).code).toBe('0');
    // Once the lock time has passed the right password works again here too.
    await s.server.database.db
      .updateTable('sysLoginFailure')
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where('clientIp', '=', '127.0.0.1')
      .execute();
    expect(await s.login('supplier1')).toBeTruthy();
  });

  it('answers 10004 for a missing, unknown or expired token', async () => {
    const missing = await s.call('ISrmBmLoginService/getUserInfo', {});
    expect(missing).toMatchObject({ http: 401, body: { errorCode: '10004' } });
    expect(missing.body.errorMessage).toBe('Your session has expired, please log in again.');
    const unknown = await s.call('ISrmBmLoginService/getUserInfo', {}, { token: 'made-up-token' });
    expect(unknown).toMatchObject({ http: 401, body: { errorCode: '10004' } });

    const token = await s.login('buyer');
    expect((await s.call('ISrmBmLoginService/getUserInfo', {}, { token })).http).toBe(200);
    // 31 minutes without a request: past the 30-minute idle limit.
    await sql`update sys_session set last_seen_at = now() - interval '31 minutes'`.execute(
      s.server.database.db,
    );
    const expired = await s.call('ISrmBmLoginService/getUserInfo', {}, { token });
    expect(expired).toMatchObject({ http: 401, body: { errorCode: '10004' } });
    expect((await s.call('ISrmBmLoginService/getUserInfo', {}, { token })).body.errorCode).toBe('10004');
  });

  it('ends the session on logout; the old token then gets the envelope code 000701', async () => {
    const token = await s.login('buyer');
    const out = await s.call('ISrmBmLoginService/logout', {}, { token });
    expect(out.body).toMatchObject({ status: 200, code: '0' });
    const after = await s.call('ISrmBmLoginService/getUserInfo', {}, { token, lang: 'zh-CN' });
    // The answer says why the session ended, and says it as a statement, not as a question.
    expect(after).toMatchObject({
      http: 200,
      body: { status: 401, code: '000701', response: { data: { reason: 'loggedOut' } } },
    });
    expect(after.body.msg).toBe('您的会话已结束，请重新登录后继续。');
  });

  it("ends a disabled user's session at its next call and says the account was disabled", async () => {
    const token = await s.login('supplier1');
    await sql`update sys_user set status_code = '0' where user_no = 'supplier1'`.execute(
      s.server.database.db,
    );
    const first = await s.call('ISrmBmLoginService/getUserInfo', {}, { token });
    expect(first.body).toMatchObject({ code: '000701', response: { data: { reason: 'accountDisabled' } } });
    // The session stays ended, for the same reason, after the account is enabled again.
    await sql`update sys_user set status_code = '1' where user_no = 'supplier1'`.execute(
      s.server.database.db,
    );
    const again = await s.call('ISrmBmLoginService/getUserInfo', {}, { token });
    expect(again.body).toMatchObject({ code: '000701', response: { data: { reason: 'accountDisabled' } } });
  });

  it('answers getAuth and the user info of spec 000 section 3', async () => {
    const token = await s.login('supplier2');
    const auth = await s.call('ISrmBmLoginService/getAuth', { condition: { type: '1' } }, { token });
    expect(auth.body.response.data).toMatchObject({ isLicense: 1, licenseWarn: false, pwdWarn: false });
    const info = await s.call('ISrmBmLoginService/getUserInfo', {}, { token });
    const data = info.body.response.data;
    const validate = new Ajv({ allErrors: true }).compile(userInfoSchema);
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
    expect(data).toMatchObject({
      userNo: 'supplier2',
      orgNo: 'HN01',
      supplierNo: 'SUP002',
      roles: ['supplier'],
    });
    expect(data.userDataList).toEqual([
      { dataType: 1, dataValue: 'HN01', dataName: 'Hanoi Assembly Plant' },
      { dataType: 3, dataValue: 'HN01-RM', dataName: 'Hanoi raw materials' },
      { dataType: 4, dataValue: 'HN01-PO', dataName: 'Hanoi purchase receipt' },
    ]);
  });

  it('changes the password under the policy and ends the other sessions', async () => {
    const other = await s.login('supplier2');
    const token = await s.login('supplier2');
    const wrongOld = await s.call(
      'ISupSrmSysUserService/updatepwd',
      { condition: { oldPwd: 'x', newPwd: 'a-much-longer-pass' } },
      { token },
    );
    expect(wrongOld.body.code).toBe('10014');
    const short = await s.call(
      'ISupSrmSysUserService/updatepwd',
      { condition: { oldPwd: 'demo1234', newPwd: 'short1' } },
      { token },
    );
    expect(short.body).toMatchObject({ code: '10011' });
    expect(short.body.msg).toContain('at least 12 characters');
    const good = await s.call(
      'ISupSrmSysUserService/updatepwd',
      { condition: { oldPwd: 'demo1234', newPwd: 'river-stone-42' } },
      { token },
    );
    expect(good.body.code).toBe('0');
    expect((await s.call('ISrmBmLoginService/getUserInfo', {}, { token })).http).toBe(200);
    expect((await s.call('ISrmBmLoginService/getUserInfo', {}, { token: other })).body).toMatchObject({
      code: '000701',
      response: { data: { reason: 'passwordChanged' } },
    });
    expect(
      (await s.call('ISrmBmLoginService/login', { condition: { userNo: 'supplier2', pwd: 'demo1234' } })).body
        .code,
    ).toBe('10009');
    expect(await s.login('supplier2', 'river-stone-42')).toBeTruthy();
  });
});
