// GS1 labels of delivery notices over HTTP on both databases: a line cut into boxes by the container
// rule's quantity per box (the last box holds the rest), split printing with the supplier's quantities
// (a bad sum refused, nothing made), SSCCs with a correct check digit in the PDF and stored, a reprint
// with the same codes, regeneration only before anything was received, concurrent prints that never
// share a code or leave a gap, the searcher form's rules, and one supplier never printing or listing
// another's labels. Row locks, bigint counters and numeric sums differ by driver, so both databases.
import bwipjs from 'bwip-js/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../services/db/database.js';
import { isValidSscc } from '../../services/print/sscc.js';
import { parsePdf } from '../support/pdf.js';
import { API_PATH, BOTH_DBS, startTestServer, type TestServer } from '../support/server.js';

const SERVICE = 'ISupBmBarcodePrintService';
const LABEL_MENU = 'Offsite.Delivery.LabelPrint';
const SPLIT_MENU = 'Offsite.Delivery.LabelPrint.Split';
const LIST_MENU = 'Offsite.Delivery.AsnList';
const TEMPLATE = 'asnSsccLabel';

interface Answer {
  http: number;
  type: string;
  bytes: Buffer;
  // biome-ignore lint/suspicious/noExplicitAny: the JSON answer when it is not a file.
  json: any;
}

/** Whether the rectangles hold these bars (widths in modules: bar, space, bar, ...), at any size. */
function drawsBars(rects: { x: number; y: number; w: number; h: number }[], widths: number[]) {
  const bars: [number, number][] = [];
  let x = 0;
  widths.forEach((w, i) => {
    if (i % 2 === 0) bars.push([x, w]);
    x += w;
  });
  const near = (a: number, b: number) => Math.abs(a - b) < 0.01;
  return rects.some((first) => {
    const module = first.w / bars[0][1];
    return bars.every(([start, w]) =>
      rects.some(
        (r) =>
          near(r.x, first.x + start * module) &&
          near(r.y, first.y) &&
          near(r.w, w * module) &&
          near(r.h, first.h),
      ),
    );
  });
}

/** Whether the rectangles hold this 2D code: every run of dark modules of a row, at any size. */
function drawsModules(
  rects: { x: number; y: number; w: number; h: number }[],
  code: { pixs: number[]; pixx: number; pixy: number },
) {
  const runs: [number, number, number][] = [];
  for (let r = 0; r < code.pixy; r++) {
    let c = 0;
    while (c < code.pixx) {
      if (!code.pixs[r * code.pixx + c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < code.pixx && code.pixs[r * code.pixx + c]) c++;
      runs.push([r, start, c - start]);
    }
  }
  const near = (a: number, b: number) => Math.abs(a - b) < 0.01;
  const [r0, c0] = runs[0];
  return rects.some((first) => {
    const m = first.h;
    return runs.every(([r, c, len]) =>
      rects.some(
        (x) =>
          near(x.x, first.x + (c - c0) * m) &&
          near(x.y, first.y + (r - r0) * m) &&
          near(x.w, len * m) &&
          near(x.h, m),
      ),
    );
  });
}

/** The human-readable SSCCs printed on the pages, in page order, as 18 digits. */
function ssccsOf(pdf: Buffer): string[] {
  return parsePdf(pdf).pages.flatMap((p) =>
    [...p.text.matchAll(/\(00\) (\d) (\d{7}) (\d{9}) (\d)/g)]
      .slice(0, 1)
      .map((m) => `${m[1]}${m[2]}${m[3]}${m[4]}`),
  );
}

describe.each(BOTH_DBS)('delivery notice labels on %s', (kind) => {
  let s: TestServer;
  let db: Db;
  let supplier1: string;
  let supplier2: string;
  let buyer: string;
  /** supplier1's demo notices: shipped (300), pending (150), draft (2000); supplier2's draft (400). */
  const asn = { shipped: '', pending: '', draft: '', other: '' };

  async function send(path: string, body: unknown, token: string, menu: string, lang = 'en-US') {
    const res = await fetch(`${s.url}${API_PATH}/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'authentication-info': token,
        'app-module-number': menu,
        'accept-language': lang,
      },
      body: JSON.stringify(body),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const type = res.headers.get('content-type') ?? '';
    const answer: Answer = {
      http: res.status,
      type,
      bytes,
      json: type.includes('json') ? JSON.parse(bytes.toString('utf8')) : undefined,
    };
    return answer;
  }
  const form = {
    boxRuleNo: 'BOX-STD',
    templateCode: TEMPLATE,
    boxBarcodeNum: 1,
    numberCopies: 1,
    docNature: '1',
    module: LABEL_MENU,
  };
  const print = (condition: Record<string, unknown>, token = supplier1, menu = LABEL_MENU, lang = 'en-US') =>
    send(`${SERVICE}/printlabel`, { condition: { ...form, ...condition } }, token, menu, lang);
  const list = (condition: Record<string, unknown>, token = supplier1, menu = LABEL_MENU) =>
    send(`${SERVICE}/getbarcodeprintlistbyparams`, { current: 1, size: 50, condition }, token, menu);
  const stored = (headId: string) =>
    db
      .selectFrom('srmAsnLabel')
      .select(['sscc', 'lineId', 'boxNo', 'boxCount', 'qty', 'split', 'printCount'])
      .where('headId', '=', headId)
      .orderBy('lineSeq')
      .orderBy('boxNo')
      .execute();
  const lineOf = async (headId: string) =>
    (await db.selectFrom('srmAsnLine').select('id').where('headId', '=', headId).executeTakeFirstOrThrow())
      .id;
  const expectPdf = (a: Answer) => {
    expect(a.json?.msg ?? '', a.json?.msg).toBe('');
    expect(a.type).toBe('application/pdf');
  };

  beforeAll(async () => {
    s = await startTestServer({ database: kind, config: { scheduler: false } });
    db = s.server.database.db;
    [supplier1, supplier2, buyer] = await Promise.all(
      ['supplier1', 'supplier2', 'buyer'].map((u) => s.login(u)),
    );
    const heads = await db
      .selectFrom('srmAsnHead')
      .select(['id', 'status', 'supplierNo'])
      .orderBy('asnNo')
      .execute();
    const of = (supplierNo: string, status: string) =>
      heads.find((h) => h.supplierNo === supplierNo && h.status === status)!.id;
    asn.shipped = of('SUP001', '2');
    asn.pending = of('SUP001', '0');
    asn.draft = of('SUP001', 'D');
    asn.other = of('SUP002', 'D');
    // A rule whose boxes do not divide the shipped line's 300: 120 + 120 + 60.
    await db
      .insertInto('bmBoxRuleHead')
      .values({
        orgNo: 'SH01',
        boxRuleNo: 'BOX-120',
        boxRuleName: 'Carton of 120',
        codeTotal: 12,
        packQty: '120',
      })
      .execute();
    await db
      .insertInto('bmBoxRuleHead')
      .values({
        orgNo: 'SH01',
        boxRuleNo: 'BOX-500',
        boxRuleName: 'Crate of 500',
        codeTotal: 12,
        packQty: '500',
      })
      .execute();
    await db
      .insertInto('bmBoxRuleHead')
      .values({ orgNo: 'SH01', boxRuleNo: 'BOX-NOQTY', boxRuleName: 'Loose', codeTotal: 12 })
      .execute();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('cuts a line into boxes by the container rule, the last box holding the rest, one label a box', async () => {
    const preview = await list({ asnId: asn.shipped, boxRuleNo: 'BOX-120' });
    expect(preview.json.code).toBe('0');
    expect(preview.json.response.data.records).toEqual([
      expect.objectContaining({
        deliveryQty: '300',
        packQty: '120',
        boxCount: 3,
        lastBoxQty: '60',
        labelled: 'N',
      }),
    ]);
    const a = await print({ asnId: asn.shipped, boxRuleNo: 'BOX-120' });
    expectPdf(a);
    const labels = await stored(asn.shipped);
    expect(labels.map((l) => [l.boxNo, l.boxCount, l.qty, l.split, l.printCount])).toEqual([
      [1, 3, '120', 'N', 1],
      [2, 3, '120', 'N', 1],
      [3, 3, '60', 'N', 1],
    ]);
    const pdf = parsePdf(a.bytes);
    expect(pdf.pageCount).toBe(3);
    // Every page shows its box's SSCC, check digit right, and what the box holds.
    const codes = ssccsOf(a.bytes);
    expect(codes).toEqual(labels.map((l) => l.sscc));
    for (const code of codes) expect(isValidSscc(code)).toBe(true);
    expect(codes.every((c) => c.startsWith('00614141'))).toBe(true);
    expect(pdf.pages[2].text).toContain('60 PCS');
    expect(pdf.pages[2].text).toContain('3 / 3');
    expect(pdf.pages[0].text).toContain('L2611-07');
    // The GS1-128 of AI (00) and the QR code are drawn as vectors, bar for bar as an encoder makes them.
    expect(pdf.images).toBe(0);
    for (const [i, code] of codes.entries()) {
      const [gs1] = bwipjs.raw('gs1-128', `(00)${code}`, {}) as { sbs: number[] }[];
      expect(drawsBars(pdf.pages[i].rects, gs1.sbs), code).toBe(true);
    }
    // The QR code carries the SSCC and what the receiver checks.
    const { asnNo } = await db
      .selectFrom('srmAsnHead')
      .select('asnNo')
      .where('id', '=', asn.shipped)
      .executeTakeFirstOrThrow();
    const text = `SSCC:${codes[2]}|ASN:${asnNo}|LINE:1|ITEM:M-2001|LOT:L2611-07|QTY:60|UNIT:PCS|SUP:SUP001`;
    const [qr] = bwipjs.raw('qrcode', text, {}) as unknown as {
      pixs: number[];
      pixx: number;
      pixy: number;
    }[];
    expect(drawsModules(pdf.pages[2].rects, qr)).toBe(true);
    expect(drawsModules(pdf.pages[1].rects, qr)).toBe(false);
  });

  it('reprints the same codes, and makes new ones only when asked, before anything is received', async () => {
    const before = await stored(asn.shipped);
    // Another rule now would cut differently, but the labels made stay what the warehouse expects.
    const again = await print({
      asnId: asn.shipped,
      boxRuleNo: 'BOX-STD',
      numberCopies: 2,
      boxBarcodeNum: 2,
    });
    expectPdf(again);
    const codes = ssccsOf(again.bytes);
    const [a, b, c] = before.map((l) => l.sscc);
    // Two labels a box (a pallet's adjacent sides), the whole set twice.
    expect(codes).toEqual([a, a, b, b, c, c, a, a, b, b, c, c]);
    expect((await stored(asn.shipped)).map((l) => l.printCount)).toEqual([2, 2, 2]);

    const remade = await print({ asnId: asn.shipped, boxRuleNo: 'BOX-STD', regenerate: true });
    expectPdf(remade);
    const now = await stored(asn.shipped);
    expect(now.map((l) => l.qty)).toEqual(['100', '100', '100']);
    expect(now.some((l) => before.some((o) => o.sscc === l.sscc))).toBe(false);

    // Once the warehouse received against the notice, its codes are final.
    const line = await lineOf(asn.shipped);
    await db.updateTable('srmAsnLine').set({ receiveQty: '100' }).where('id', '=', line).execute();
    const refused = await print({ asnId: asn.shipped, regenerate: true });
    expect(refused.json.code).toBe('10237');
    expect((await stored(asn.shipped)).map((l) => l.sscc)).toEqual(now.map((l) => l.sscc));
    // A reprint still works.
    expectPdf(await print({ asnId: asn.shipped }));
    await db.updateTable('srmAsnLine').set({ receiveQty: '0' }).where('id', '=', line).execute();
  });

  it('splits a line by the quantities the supplier enters, refusing a bad sum and changing nothing', async () => {
    const line = await lineOf(asn.pending);
    const bad = await print(
      { asnId: asn.pending, splits: [{ lineId: line, quantities: ['100', '40'] }] },
      supplier1,
      SPLIT_MENU,
    );
    expect(bad.json.code).toBe('10234');
    expect(bad.json.msg).toBe('Line 1: the box quantities add up to 140, but the line ships 150.');
    const zero = await print(
      { asnId: asn.pending, splits: [{ lineId: line, quantities: ['150', '0'] }] },
      supplier1,
      SPLIT_MENU,
    );
    expect(zero.json.code).toBe('10233');
    const tooFine = await print(
      { asnId: asn.pending, splits: [{ lineId: line, quantities: ['149.999999', '0.000001'] }] },
      supplier1,
      SPLIT_MENU,
    );
    expect(tooFine.json.code).toBe('10233');
    expect(await stored(asn.pending)).toEqual([]);
    const counter = await db.selectFrom('srmSsccCounter').select('lastSerial').executeTakeFirstOrThrow();

    const ok = await print(
      { asnId: asn.pending, boxRuleNo: null, splits: [{ lineId: line, quantities: ['99.5', '0.5', '50'] }] },
      supplier1,
      SPLIT_MENU,
    );
    expectPdf(ok);
    const labels = await stored(asn.pending);
    expect(labels.map((l) => [l.boxNo, l.boxCount, l.qty, l.split])).toEqual([
      [1, 3, '99.5', 'Y'],
      [2, 3, '0.5', 'Y'],
      [3, 3, '50', 'Y'],
    ]);
    // The refused prints took no serials: the codes follow on from where the counter stood.
    const serials = labels.map((l) => Number(l.sscc.slice(8, 17)));
    expect(serials).toEqual([1, 2, 3].map((n) => Number(counter.lastSerial) + n));
  });

  it('refuses the searcher form without its required values, in the caller language', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ boxRuleNo: '' }, 'select a container rule'],
      [{ templateCode: null }, 'select a label template'],
      [{ boxBarcodeNum: 0 }, 'the box barcode count must be at least 1'],
      [{ numberCopies: 0 }, 'the number of copies must be at least 1'],
      [{ docNature: '' }, 'select a document nature'],
      [{ module: '' }, 'select a module'],
    ];
    for (const [condition, message] of cases) {
      const r = await print({ asnId: asn.draft, ...condition });
      expect(r.json.code, message).toBe('10230');
      expect(r.json.msg).toBe(`Label printing: ${message}`);
    }
    const zh = await print({ asnId: asn.draft, boxRuleNo: '' }, supplier1, LABEL_MENU, 'zh-CN');
    expect(zh.json.msg).toBe('标签打印：请选择容器规则');
    // A draft may still change, so it is not labelled; nor is a voided notice.
    const draft = await print({ asnId: asn.draft });
    expect(draft.json.code).toBe('10231');
    expect(draft.json.msg).toContain('Draft');
    await db.updateTable('srmAsnHead').set({ status: 'X' }).where('id', '=', asn.draft).execute();
    expect((await print({ asnId: asn.draft })).json.code).toBe('10231');
    // A rule without a quantity per box cannot cut a line; an unknown rule or template is named.
    await db.updateTable('srmAsnHead').set({ status: '2' }).where('id', '=', asn.draft).execute();
    expect((await print({ asnId: asn.draft, boxRuleNo: 'BOX-NOQTY' })).json.code).toBe('10232');
    expect((await print({ asnId: asn.draft, boxRuleNo: 'BOX-XX' })).json.code).toBe('10017');
    expect((await print({ asnId: asn.draft, templateCode: 'nope' })).json.code).toBe('10050');
    // 2000 pieces in boxes of 1 would be 2000 labels: more than one print draws.
    await db
      .updateTable('bmBoxRuleHead')
      .set({ packQty: '1' })
      .where('boxRuleNo', '=', 'BOX-NOQTY')
      .execute();
    expect((await print({ asnId: asn.draft, boxRuleNo: 'BOX-NOQTY' })).json.code).toBe('10239');
    expect(await stored(asn.draft)).toEqual([]);
    // A bad type is the payload schema's refusal, never a server fault.
    const schema = await print({ asnId: 'not-a-uuid' });
    expect(schema.http).toBe(400);
  });

  it('never gives one SSCC twice, nor leaves a gap, when prints run at once', async () => {
    const start = Number(
      (await db.selectFrom('srmSsccCounter').select('lastSerial').executeTakeFirstOrThrow()).lastSerial,
    );
    // The notice made shippable above (2000 in crates of 500: 4) and the shipped one (3), each printed
    // three times at once with new codes, and the pending one reprinted meanwhile.
    const runs = await Promise.all([
      ...[1, 2, 3].map(() => print({ asnId: asn.draft, boxRuleNo: 'BOX-500', regenerate: true })),
      ...[1, 2, 3].map(() => print({ asnId: asn.shipped, regenerate: true })),
      print({ asnId: asn.pending }, supplier1, SPLIT_MENU),
    ]);
    for (const r of runs) expectPdf(r);
    const made = runs.slice(0, 6).flatMap((r) => ssccsOf(r.bytes));
    expect(made).toHaveLength(3 * 4 + 3 * 3);
    expect(new Set(made).size).toBe(made.length);
    const serials = made.map((c) => Number(c.slice(8, 17))).sort((x, y) => x - y);
    expect(serials).toEqual(serials.map((_, i) => start + 1 + i));
    const end = Number(
      (await db.selectFrom('srmSsccCounter').select('lastSerial').executeTakeFirstOrThrow()).lastSerial,
    );
    expect(end).toBe(start + made.length);
    // What is stored is the last print of each notice; the pending notice kept its codes.
    expect(await stored(asn.draft)).toHaveLength(4);
    expect(ssccsOf(runs[6].bytes)).toEqual((await stored(asn.pending)).map((l) => l.sscc));
  });

  it('lets supplier2 neither print nor list supplier1 labels; the purchaser of the organisation may', async () => {
    const printed = await print({ asnId: asn.shipped }, supplier2);
    expect(printed.json.code).toBe('10008');
    const listed = await list({ asnId: asn.shipped }, supplier2);
    expect(listed.json.response.data.total).toBe(0);
    const own = await list({}, supplier2);
    expect(
      own.json.response.data.records.every((r: { supplierNo: string }) => r.supplierNo === 'SUP002'),
    ).toBe(true);
    const mine = await list({ asnId: asn.shipped });
    expect(mine.json.response.data.records[0]).toMatchObject({ labelled: 'Y', labelCount: 3 });
    expect(mine.json.response.data.records[0].labels.map((l: { sscc: string }) => l.sscc)).toEqual(
      (await stored(asn.shipped)).map((l) => l.sscc),
    );
    // A dialog names rows: the notice (tracking list) or lines of one notice (label-print list).
    const [shippedLine, pendingLine] = await Promise.all([lineOf(asn.shipped), lineOf(asn.pending)]);
    expect((await print({ rows: [{ id: shippedLine }, { id: pendingLine }] })).json.code).toBe('10144');
    expect((await print({ rows: [{ id: shippedLine }] }, supplier2)).json.code).toBe('10008');
    expect((await print({ rows: [{ id: asn.shipped }, { id: asn.pending }] }, supplier2)).json.code).toBe(
      '10008',
    );
    const tracking = 'Offsite.Delivery.AsnTracking';
    const fromRow = await print({ rows: [{ id: asn.shipped }], module: tracking }, supplier1, tracking);
    expect(ssccsOf(fromRow.bytes)).toEqual((await stored(asn.shipped)).map((l) => l.sscc));
    // The purchaser reprints from its notice list; supplier2's own draft is nobody else's.
    expectPdf(await print({ asnId: asn.shipped, module: LIST_MENU }, buyer, LIST_MENU));
    expect((await print({ asnId: asn.other }, supplier1)).json.code).toBe('10008');
    // A menu without the print flag is refused before anything else.
    const noFlag = await send(
      `${SERVICE}/printlabel`,
      { condition: { ...form, asnId: asn.shipped } },
      supplier1,
      'Offsite.Delivery.OrderTracking',
    );
    expect(noFlag.http).toBe(403);
  });
});
