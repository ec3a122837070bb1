// The local print adapter against a real HTTP service on this machine (the outside system it talks to):
// a service that answers gets the job; one that is missing, turned off, refuses or does not answer the
// check within 1500 ms means the print failed, and nothing is posted.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PRINT_CHECK_MS, type LocalPrintAnswer, printLocally } from './localPrint';

let service: Server;
let base: string;
let behaviour: (req: IncomingMessage, res: ServerResponse) => void;
const posted: unknown[] = [];

beforeAll(async () => {
  service = createServer((req, res) => behaviour(req, res));
  service.listen(0, '127.0.0.1');
  await once(service, 'listening');
  base = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
});
afterAll(() => {
  service.closeAllConnections();
  service.close();
});

const answer = (printType: 1 | 3 = 1): LocalPrintAnswer => ({
  printType,
  checkUrl: `${base}/check`,
  printUrl: `${base}/${printType === 1 ? 'bartender' : 'jasper'}/print`,
  job: { reportKey: 'label', records: [{ id: 'a' }] },
});

function answering(status = 200) {
  posted.length = 0;
  behaviour = (req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      if (req.method === 'POST')
        posted.push({ path: req.url, type: req.headers['content-type'], body: JSON.parse(body) });
      res.writeHead(req.method === 'POST' ? status : 200).end('ok');
    });
  };
}

describe('local print services', () => {
  it('waits 1500 ms for the check, as the spec says', () => {
    expect(LOCAL_PRINT_CHECK_MS).toBe(1500);
  });

  it('checks, then posts the job to the bartender path (type 1) or the jasper path (type 3)', async () => {
    answering();
    expect(await printLocally(answer(1), { fetch })).toBe(true);
    expect(await printLocally(answer(3), { fetch })).toBe(true);
    expect(posted).toEqual([
      {
        path: '/bartender/print',
        type: 'application/json',
        body: { reportKey: 'label', records: [{ id: 'a' }] },
      },
      {
        path: '/jasper/print',
        type: 'application/json',
        body: { reportKey: 'label', records: [{ id: 'a' }] },
      },
    ]);
  });

  it('fails when the service refuses the job', async () => {
    answering(500);
    expect(await printLocally(answer(), { fetch })).toBe(false);
  });

  it('fails without posting when the check does not answer in time', async () => {
    posted.length = 0;
    // The service accepts the connection and never answers the check.
    behaviour = (req) => {
      if (req.method === 'POST') posted.push(req.url);
    };
    expect(await printLocally(answer(), { fetch })).toBe(false);
    expect(posted).toEqual([]);
  });

  it('fails when nothing listens at the address', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');
    const gone = { ...answer(), checkUrl: `http://127.0.0.1:${port}/check` };
    expect(await printLocally(gone, { fetch })).toBe(false);
  });
});
