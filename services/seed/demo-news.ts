// Demo announcements: one in every state and for every kind of target, numbered by the kind's rule and
// with the history their transitions would have written, so the announcement screens, the status tags
// and the timeline have something true to show on a fresh start.
import type { Db } from '../db/database.js';
import { documentNumber } from '../document/lifecycle.js';
import { NEWS_TARGET, newsResource } from '../modules/ISrmSysNewsService.js';

interface DemoNews {
  orgNo: string;
  title: string;
  content: string;
  target: string;
  suppliers?: string[];
  isTop?: 'Y' | 'N';
  /** The transitions it went through, in order, with the reason of each. */
  path: { name: 'publish' | 'cancel'; reason?: string; daysAgo: number }[];
}

const NEWS: DemoNews[] = [
  {
    orgNo: 'SH01',
    title: 'Receiving hours over the national holiday',
    content:
      'The Shanghai raw-material warehouse receives deliveries from 8:00 to 12:00 from 1 to 3 October.',
    target: NEWS_TARGET.everyone,
    isTop: 'Y',
    path: [{ name: 'publish', daysAgo: 6 }],
  },
  {
    orgNo: 'SH01',
    title: 'New label format from next month',
    content: 'Print GS1-128 labels with the batch number and the expiry date on every carton.',
    target: NEWS_TARGET.suppliers,
    path: [{ name: 'publish', daysAgo: 3 }],
  },
  {
    orgNo: 'SH01',
    title: 'Quality review for Acme',
    content:
      'Please send the updated inspection certificates for the resin lots shipped in the last quarter.',
    target: NEWS_TARGET.chosen,
    suppliers: ['SUP001'],
    path: [{ name: 'publish', daysAgo: 2 }],
  },
  {
    orgNo: 'HN01',
    title: 'Hanoi dock 2 closed for repairs',
    content: 'Deliveries to Hanoi use dock 1 until further notice.',
    target: NEWS_TARGET.chosen,
    suppliers: ['SUP002'],
    path: [{ name: 'publish', daysAgo: 1 }],
  },
  {
    orgNo: 'SH01',
    title: 'Stocktaking on Saturday',
    content: 'No deliveries are received on Saturday while the warehouse counts its stock.',
    target: NEWS_TARGET.internal,
    path: [{ name: 'publish', daysAgo: 4 }],
  },
  {
    orgNo: 'SH01',
    title: 'Price list for 2027 (draft)',
    content: 'The purchasing team is preparing the price list for next year.',
    target: NEWS_TARGET.suppliers,
    path: [],
  },
  {
    orgNo: 'SH01',
    title: 'Old delivery address',
    content: 'Deliveries go to the old gate.',
    target: NEWS_TARGET.suppliers,
    path: [
      { name: 'publish', daysAgo: 9 },
      { name: 'cancel', reason: 'The new gate is open: this notice is wrong now.', daysAgo: 8 },
    ],
  },
];

export async function seedNewsDemo(db: Db): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const marker = await tx
      .insertInto('sysSeed')
      .values({ name: 'demo-news' })
      .onConflict((oc) => oc.doNothing())
      .returning('name')
      .executeTakeFirst();
    if (!marker) return false;
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
          content: n.content,
          isTop: n.isTop ?? 'N',
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
