// Saved search tags: fixed and personal tags per screen, names in every language, owner and version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

const MODULE = 'Base.Basic.Organizational';
const names = (text: string) => [
  { languageCode: 'en-US', description: `${text} (en)` },
  { languageCode: 'zh-CN', description: `${text}（中）` },
];

describe.each(POSTGRES_ONLY)('saved search tags on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let buyer: string;
  let supplier1: string;
  const list = async (token: string) =>
    (
      await s.call(
        'ISysTagService/getCurrentUserSysTagListByModule',
        { condition: { module: MODULE } },
        { token },
      )
    ).body.response.data.records;

  beforeAll(async () => {
    s = await startTestServer({ database: kind });
    [admin, buyer, supplier1] = await Promise.all(['admin', 'buyer', 'supplier1'].map((u) => s.login(u)));
  });
  afterAll(async () => {
    await s?.close();
  });

  it('keeps a user tag for its owner and a fixed tag for everyone on the screen', async () => {
    const content = JSON.stringify({ params: { statusCode: '1' }, labelMapProp: { statusCode: 'Status' } });
    const mine = await s.call(
      'ISysTagService/addSysTag',
      {
        condition: {
          module: MODULE,
          tagContent: content,
          zlI18nList: names('Valid'),
          tagOwner: 'someone-else',
        },
      },
      { token: buyer, lang: 'zh-CN' },
    );
    expect(mine.body.response.data).toMatchObject({
      tagName: 'Valid（中）',
      tagOwnType: 2,
      tagContent: content,
      version: 1,
    });
    const fixed = await s.call(
      'ISysTagService/addSysTag',
      { condition: { module: MODULE, tagContent: '{"params":{}}', tagOwnType: 1, zlI18nList: names('All') } },
      { token: admin },
    );
    expect(fixed.body.response.data.tagOwnType).toBe(1);
    expect((await list(buyer)).map((t: { tagName: string }) => t.tagName)).toEqual([
      'All (en)',
      'Valid（中）',
    ]);
    expect((await list(admin)).map((t: { tagName: string }) => t.tagName)).toEqual(['All (en)']);
  });

  it('lets only administrators keep fixed tags, and refuses screens the user cannot open', async () => {
    const r = await s.call(
      'ISysTagService/addSysTag',
      { condition: { module: MODULE, tagContent: '{}', tagOwnType: 1, zlI18nList: names('Mine') } },
      { token: buyer },
    );
    expect(r.body.errorCode).toBe('10005');
    const other = await s.call(
      'ISysTagService/getCurrentUserSysTagListByModule',
      { condition: { module: MODULE } },
      { token: supplier1 },
    );
    expect(other.body.errorCode).toBe('10005');
  });

  it('requires every language name and a JSON object as content', async () => {
    const blank = await s.call(
      'ISysTagService/addSysTag',
      {
        condition: {
          module: MODULE,
          tagContent: '{}',
          zlI18nList: [{ languageCode: 'en-US', description: '  ' }],
        },
      },
      { token: buyer },
    );
    expect(blank.body).toMatchObject({ errorCode: '10002' });
    const notJson = await s.call(
      'ISysTagService/addSysTag',
      { condition: { module: MODULE, tagContent: 'not json', zlI18nList: names('x') } },
      { token: buyer },
    );
    expect(notJson.body).toMatchObject({ code: '10017' });
  });

  it('deletes with the version, only the caller own tags', async () => {
    const tags = await list(buyer);
    const fixed = tags.find((t: { tagOwnType: number }) => t.tagOwnType === 1);
    const mine = tags.find((t: { tagOwnType: number }) => t.tagOwnType === 2);
    const notMine = await s.call(
      'ISysTagService/deleteSysTagById',
      { condition: { delList: [{ id: fixed.id, version: 1 }] } },
      { token: buyer },
    );
    expect(notMine.body.code).toBe('10008');
    const stale = await s.call(
      'ISysTagService/deleteSysTagById',
      { condition: { delList: [{ id: mine.id, version: 2 }] } },
      { token: buyer },
    );
    expect(stale.body.code).toBe('10007');
    const ok = await s.call(
      'ISysTagService/deleteSysTagById',
      { condition: { delList: [{ id: mine.id, version: 1 }] } },
      { token: buyer },
    );
    expect(ok.body.code).toBe('0');
    expect((await list(buyer)).map((t: { id: string }) => t.id)).toEqual([fixed.id]);
  });
});
