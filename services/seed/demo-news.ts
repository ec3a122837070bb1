// Demo announcements: one in every state and for every kind of target, numbered by the kind's rule and
// with the history their transitions would have written, so the announcement screens, the status tags
// and the timeline have something true to show on a fresh start. Some are public (the login page and
// /announcement show them), some are top, one is not valid yet, and two carry a text attachment in the
// file store.
import { createHash } from 'node:crypto';
import type { Db } from '../db/database.js';
import { documentNumber } from '../document/lifecycle.js';
import { ContentWriter } from '../files/store.js';
import { cleanNewsContent } from '../modules/ISrmSysNewsContent.js';
import { NEWS_TARGET, newsResource } from '../modules/ISrmSysNewsService.js';
import { seedOnce } from './once.js';

interface DemoNews {
  orgNo: string;
  title: string;
  content: string;
  target: string;
  suppliers?: string[];
  isTop?: 'Y' | 'N';
  /** Validity in days from today (negative: in the past). */
  validFrom?: number;
  validTo?: number;
  /** A text attachment: its name and its text. */
  file?: { name: string; text: string };
  /** The transitions it went through, in order, with the reason of each. */
  path: { name: 'publish' | 'cancel'; reason?: string; daysAgo: number }[];
}

const NEWS: DemoNews[] = [
  {
    orgNo: 'SH01',
    title: 'Receiving hours over the national holiday',
    content:
      '<p>The Shanghai raw-material warehouse receives deliveries from <strong>8:00 to 12:00</strong> from 1 to 3 October.</p><ul><li>Book a dock slot at least one day ahead.</li><li>Bring the delivery notice number on every pallet label.</li></ul>',
    target: NEWS_TARGET.everyone,
    isTop: 'Y',
    validTo: 60,
    file: {
      name: 'holiday-receiving-hours.txt',
      text: 'Receiving hours, 1 to 3 October\n\nShanghai raw materials: 8:00-12:00\nShanghai finished goods: closed\n',
    },
    path: [{ name: 'publish', daysAgo: 6 }],
  },
  {
    orgNo: 'SH01',
    title: 'New label format from next month',
    content:
      '<p>Print <em>GS1-128</em> labels with the batch number and the expiry date on every carton.</p>',
    target: NEWS_TARGET.suppliers,
    path: [{ name: 'publish', daysAgo: 3 }],
  },
  {
    orgNo: 'SH01',
    title: 'Quality review for Acme',
    content:
      '<p>Please send the updated inspection certificates for the resin lots shipped in the last quarter. The checklist is attached.</p>',
    target: NEWS_TARGET.chosen,
    suppliers: ['SUP001'],
    file: {
      name: 'inspection-checklist.txt',
      text: 'Inspection checklist for resin lots\n1. Certificate of analysis\n2. Moisture test report\n',
    },
    path: [{ name: 'publish', daysAgo: 2 }],
  },
  {
    orgNo: 'HN01',
    title: 'Hanoi dock 2 closed for repairs',
    content: '<p>Deliveries to Hanoi use <strong>dock 1</strong> until further notice.</p>',
    target: NEWS_TARGET.chosen,
    suppliers: ['SUP002'],
    path: [{ name: 'publish', daysAgo: 1 }],
  },
  {
    orgNo: 'SH01',
    title: 'Stocktaking on Saturday',
    content: '<p>No deliveries are received on Saturday while the warehouse counts its stock.</p>',
    target: NEWS_TARGET.internal,
    path: [{ name: 'publish', daysAgo: 4 }],
  },
  {
    orgNo: 'SH01',
    title: 'Price list for 2027 (draft)',
    content: '<p>The purchasing team is preparing the price list for next year.</p>',
    target: NEWS_TARGET.suppliers,
    path: [],
  },
  {
    orgNo: 'SH01',
    title: 'Old delivery address',
    content: '<p>Deliveries go to the old gate.</p>',
    target: NEWS_TARGET.suppliers,
    path: [
      { name: 'publish', daysAgo: 9 },
      { name: 'cancel', reason: 'The new gate is open: this notice is wrong now.', daysAgo: 8 },
    ],
  },
  {
    orgNo: 'SH01',
    title: 'Supplier portal now in Vietnamese',
    content:
      '<p>The portal speaks English, Chinese and <strong>Vietnamese</strong>: choose the language at the top of any page.</p>',
    target: NEWS_TARGET.everyone,
    isTop: 'Y',
    path: [{ name: 'publish', daysAgo: 5 }],
  },
  {
    orgNo: 'HN01',
    title: 'Hanoi open day next month',
    content: '<p>Suppliers are welcome to visit the Hanoi plant on its open day.</p>',
    target: NEWS_TARGET.everyone,
    validFrom: 10,
    path: [{ name: 'publish', daysAgo: 1 }],
  },
];

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A text file in the file store, attached to the announcement (module news, ref_id its id). */
async function attach(tx: Db, newsId: string, orgNo: string, file: { name: string; text: string }) {
  const bytes = Buffer.from(file.text, 'utf8');
  const writer = new ContentWriter(tx);
  await writer.write(bytes);
  const written = await writer.finish();
  await tx
    .updateTable('sysFileContent')
    .set({ status: 'ready' })
    .where('id', '=', written.contentId)
    .execute();
  const { id } = await tx
    .insertInto('sysFile')
    .values({
      contentId: written.contentId,
      originalName: file.name,
      fileExt: 'txt',
      contentType: 'text/plain; charset=utf-8',
      sizeBytes: written.size,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      module: 'news',
      refId: newsId,
      orgNo,
      createName: 'Wang Li (purchasing)',
      updateName: 'Wang Li (purchasing)',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx.updateTable('srmSysNews').set({ fileIds: id }).where('id', '=', newsId).execute();
}

export async function seedNewsDemo(db: Db): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    if (!(await seedOnce(tx, 'demo-news'))) return false;
    const doc = newsResource.document!;
    const buyer = 'Wang Li (purchasing)';
    for (const n of NEWS) {
      const now = Date.now();
      const at = (daysAgo: number) => new Date(now - daysAgo * 86_400_000);
      const last = n.path.at(-1);
      const status = last ? doc.transitions[last.name].to : doc.initial;
      const published = n.path.find((p) => p.name === 'publish');
      const newsNo = await documentNumber(tx, doc, n.orgNo);
      const { id } = await tx
        .insertInto('srmSysNews')
        .values({
          newsNo,
          orgNo: n.orgNo,
          title: n.title,
          content: cleanNewsContent(n.content),
          isTop: n.isTop ?? 'N',
          validFrom: n.validFrom === undefined ? null : isoDay(n.validFrom),
          validTo: n.validTo === undefined ? null : isoDay(n.validTo),
          publishTarget: n.target,
          status,
          version: 1 + n.path.length,
          lastReason: last?.reason ?? null,
          publishDate: published ? at(published.daysAgo) : null,
          publishName: published ? buyer : null,
          createName: buyer,
          updateName: buyer,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (n.file) await attach(tx, id, n.orgNo, n.file);
      if (n.suppliers?.length)
        await tx
          .insertInto('srmSysNewsSupplier')
          .values(n.suppliers.map((supplierNo, i) => ({ newsId: id, supplierNo, seqNo: i + 1 })))
          .execute();
      let from = doc.initial;
      for (const step of n.path) {
        const to = doc.transitions[step.name].to;
        await tx
          .insertInto('sysDocHistory')
          .values({
            docKind: doc.kind,
            docId: id,
            docNo: newsNo,
            transition: step.name,
            fromStatus: from,
            toStatus: to,
            reason: step.reason ?? null,
            userNo: 'buyer',
            userName: buyer,
            createDate: at(step.daysAgo),
          })
          .execute();
        from = to;
      }
    }
    return true;
  });
}
