// Which business event of the outbox sends which message event (bm_notice_config), with the values its
// templates may use, the document the message is about and the page that opens it for each side.
// Events not listed here send nothing.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { NoticeAudience, NoticeDoc, NoticeEvent } from '../rules/notices.js';

export interface OutboxEvent {
  id: string;
  event: string;
  docKind: string;
  docId: string;
  docNo: string | null;
  orgNo: string;
  supplierNo: string | null;
  payload: {
    reason?: string | null;
    fields?: Record<string, string | null>;
    [key: string]: unknown;
  };
}

/** The business events this module turns into messages, and the message event each sends. */
export const EVENT_MAP: Record<string, string> = {
  'purchaseOrder.published': 'PO_PUBLISHED',
  'purchaseOrder.changed': 'PO_CHANGED',
  'purchaseOrder.dateChangeRequested': 'PO_DATE_CHANGE_REQUESTED',
  'purchaseOrder.dateChangeApproved': 'PO_DATE_CHANGE_APPROVED',
  'purchaseOrder.dateChangeRejected': 'PO_DATE_CHANGE_REJECTED',
  'purchaseOrder.answerChangeRequested': 'PO_ANSWER_CHANGE_REQUESTED',
  'purchaseOrder.answerChangeApproved': 'PO_ANSWER_CHANGE_APPROVED',
  'purchaseOrder.answerChangeRejected': 'PO_ANSWER_CHANGE_REJECTED',
  'asn.submitted': 'ASN_SUBMITTED',
  'asn.approved': 'ASN_APPROVED',
  'asn.rejected': 'ASN_REJECTED',
  'asn.received': 'RECEIPT_DONE',
  'deliveryApproval.submitted': 'DA_SUBMITTED',
  'deliveryApproval.approved': 'DA_APPROVED',
  'deliveryApproval.rejected': 'DA_REJECTED',
  'deliveryApproval.voided': 'DA_VOIDED',
  'news.published': 'NEWS_PUBLISHED',
};

/** The pages that open a document, per side of the receiver. */
export const docLinks = {
  asn: (id: string) => ({
    supplier: `/delivery/asnTracking/detail/${id}`,
    purchaser: `/delivery/asn-list/detail/${id}`,
  }),
  purchaseLine: (id: string) => {
    const page = `/orderCollaboration/userOrder/detail/${id}`;
    return { supplier: page, purchaser: page };
  },
  purchaseDateChange: (id: string) => {
    const page = `/orderCollaboration/userOrder/date-change/detail/${id}`;
    return { supplier: page, purchaser: page };
  },
  purchaseAnswerChange: (id: string) => {
    const page = `/orderCollaboration/userOrder/acceptance-change/detail/${id}`;
    return { supplier: page, purchaser: page };
  },
  deliveryApproval: (id: string) => {
    const page = `/delivery/delivery-approval-detail/${id}`;
    return { supplier: page, purchaser: page };
  },
  news: (id: string) => {
    const page = `/newsnotice-list-detail?id=${id}`;
    return { supplier: page, purchaser: page };
  },
};

async function supplierName(db: Db, supplierNo: string | null): Promise<string> {
  if (!supplierNo) return '';
  const row = await db
    .selectFrom('bmSupplier')
    .select('supplierName')
    .where('supplierNo', '=', supplierNo)
    .executeTakeFirst();
  return row?.supplierName ?? supplierNo;
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The message event an outbox event sends, or null when it sends none (or its document is gone). */
export async function noticeFor(db: Db, e: OutboxEvent): Promise<NoticeEvent | null> {
  const noticeConfigNo = EVENT_MAP[e.event];
  if (!noticeConfigNo) return null;
  const fields = e.payload.fields ?? {};
  const base = {
    orgNo: e.orgNo,
    noticeConfigNo,
    supplierNo: e.supplierNo,
    eventId: e.id,
    sender: 'system',
  };
  const name = await supplierName(db, e.supplierNo);
  const reason = str(e.payload.reason);

  if (e.event.startsWith('asn.')) {
    const params: Record<string, string> = {
      asnNo: str(fields.asnNo ?? e.docNo),
      supplierName: name,
      deliveryDate: str(fields.deliveryDate),
      expectedArrivalDate: str(fields.expectedArrivalDate),
      warehouseNo: str(fields.warehouseNo),
      reason,
    };
    if (e.event === 'asn.received') {
      // Goods accepted into the warehouse are news to the supplier; a rejection, a return, a put-away
      // or a correction is told on the receipt screens, not as "goods received".
      const transition = str(e.payload.transition);
      if ((transition && transition !== 'receive') || str(fields.receiptType ?? '1') !== '1') return null;
      const total = await sql<{ qty: string | null }>`
        select trim_scale(sum(receive_qty))::text as qty from srm_asn_line where head_id = ${e.docId}`.execute(
        db,
      );
      params.receiveQty = total.rows[0]?.qty ?? '0';
    }
    const doc: NoticeDoc = { kind: 'asn', id: e.docId, no: params.asnNo, link: docLinks.asn(e.docId) };
    return { ...base, params, doc };
  }

  if (e.event === 'purchaseOrder.published' || e.event === 'purchaseOrder.changed') {
    const first = await db
      .selectFrom('srmPurchase')
      .select('id')
      .where('headId', '=', e.docId)
      .orderBy('purchaseSeq')
      .orderBy('phaseSeq')
      .orderBy('batchSeq')
      .executeTakeFirst();
    const params = {
      purchaseNo: str(fields.purchaseNo ?? e.docNo),
      supplierName: name,
      lineCount: str(fields.lineCount),
    };
    const doc: NoticeDoc = {
      kind: 'purchaseOrder',
      id: e.docId,
      no: params.purchaseNo,
      link: first ? docLinks.purchaseLine(first.id) : undefined,
    };
    return { ...base, params, doc };
  }

  if (e.event.startsWith('purchaseOrder.dateChange')) {
    const params = {
      purchaseNo: str(fields.purchaseNo),
      purchaseSeq: str(fields.purchaseSeq),
      itemNo: str(fields.itemNo),
      oldDate: str(fields.oldDate),
      newDate: str(fields.newDate),
      requestReason: str(fields.requestReason),
      decideReason: str(fields.decideReason ?? reason),
      supplierName: name,
    };
    const doc: NoticeDoc = {
      kind: 'purchaseDateChange',
      id: e.docId,
      no: e.docNo,
      link: docLinks.purchaseDateChange(e.docId),
    };
    return { ...base, params, doc };
  }

  if (e.event.startsWith('purchaseOrder.answerChange')) {
    const params = {
      purchaseNo: str(fields.purchaseNo),
      purchaseSeq: str(fields.purchaseSeq),
      itemNo: str(fields.itemNo),
      oldQty: str(fields.oldQty),
      newQty: str(fields.newQty),
      oldDate: str(fields.oldDate),
      newDate: str(fields.newDate),
      requestReason: str(fields.requestReason),
      decideReason: str(fields.decideReason ?? reason),
      supplierName: name,
    };
    const doc: NoticeDoc = {
      kind: 'purchaseAnswerChange',
      id: e.docId,
      no: e.docNo,
      link: docLinks.purchaseAnswerChange(e.docId),
    };
    return { ...base, params, doc };
  }

  if (e.event.startsWith('deliveryApproval.')) {
    const params = {
      approvalNo: str(fields.approvalNo ?? e.docNo),
      supplierName: name,
      itemNo: str(fields.itemNo),
      lotNo: str(fields.lotNo),
      validFrom: str(fields.validFrom),
      validTo: str(fields.validTo),
      reason,
    };
    const doc: NoticeDoc = {
      kind: 'deliveryApproval',
      id: e.docId,
      no: params.approvalNo,
      link: docLinks.deliveryApproval(e.docId),
    };
    return { ...base, params, doc };
  }

  if (e.event === 'news.published') {
    const news = await db
      .selectFrom('srmSysNews')
      .select(['id', 'newsNo', 'title', 'publishTarget'])
      .where('id', '=', e.docId)
      .executeTakeFirst();
    if (!news) return null;
    const chosen =
      news.publishTarget === '3'
        ? (
            await db
              .selectFrom('srmSysNewsSupplier')
              .select('supplierNo')
              .where('newsId', '=', news.id)
              .execute()
          ).map((r) => r.supplierNo)
        : [];
    // 1 everyone, 2 all suppliers, 3 chosen suppliers, 4 internal users.
    const audience: NoticeAudience = {
      internal: news.publishTarget === '1' || news.publishTarget === '4',
      suppliers: news.publishTarget === '1' || news.publishTarget === '2' ? 'all' : chosen,
    };
    const params = { newsNo: str(news.newsNo), title: str(news.title) };
    const doc: NoticeDoc = { kind: 'news', id: news.id, no: news.newsNo, link: docLinks.news(news.id) };
    return { ...base, supplierNo: null, params, doc, audience };
  }
  return null;
}
