// Document numbers under concurrency: two servers on one PostgreSQL database create 200 announcements
// at once and every one gets its own number, taken from one counter with no gaps.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

const MENU = 'Offsite.Announcement.News';
let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  first = await startTestServer({ config: { scheduler: false } });
  second = await startTestServer({ databaseUrl: first.config.databaseUrl, config: { scheduler: false } });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

it('two instances creating 200 documents at once hand out 200 distinct, consecutive numbers', async () => {
  const [token1, token2] = await Promise.all([first.login('buyer'), second.login('buyer')]);
  const create = (s: TestServer, token: string, i: number) =>
    s.call(
      'ISrmSysNewsService/addSysNews',
      { condition: { orgNo: 'SH01', title: `Concurrent ${i}`, content: 'x' } },
      { token, menu: MENU },
    );
  const answers = await Promise.all(
    Array.from({ length: 200 }, (_, i) => (i % 2 ? create(first, token1, i) : create(second, token2, i))),
  );
  for (const a of answers) expect(a.body.code, a.body.msg).toBe('0');
  const numbers = answers.map((a) => a.body.response.data.newsNo as string);
  expect(new Set(numbers).size).toBe(200);
  // One stem, one counter: the sequences are exactly the next 200 of that counter.
  const stems = new Set(numbers.map((n) => n.slice(0, -4)));
  expect(stems.size).toBe(1);
  const seqs = numbers.map((n) => Number(n.slice(-4))).sort((a, b) => a - b);
  expect(seqs[199] - seqs[0]).toBe(199);
});
