// The business events that can send messages (Base.Message.Config), seeded at every start when missing:
// an administrator may rename, switch off or add events, and a restart never undoes that.
import type { Db } from '../db/database.js';

export const NOTICE_EVENTS: { no: string; name: string; module: string; params: string }[] = [
  {
    no: 'PO_PUBLISHED',
    name: 'Purchase order published',
    module: 'ORDER',
    params: 'purchaseNo,supplierName,lineCount',
  },
  {
    no: 'PO_CHANGED',
    name: 'Purchase order changed',
    module: 'ORDER',
    params: 'purchaseNo,supplierName,lineCount',
  },
  {
    no: 'PO_ANSWER_OVERDUE',
    name: 'Order line answer overdue',
    module: 'ORDER',
    params: 'purchaseNo,purchaseSeq,itemNo,itemName,answerDueDate,supplierName',
  },
  {
    no: 'PO_DATE_CHANGE_REQUESTED',
    name: 'Delivery date change requested',
    module: 'ORDER',
    params: 'purchaseNo,purchaseSeq,itemNo,oldDate,newDate,requestReason,supplierName',
  },
  {
    no: 'PO_DATE_CHANGE_APPROVED',
    name: 'Delivery date change approved',
    module: 'ORDER',
    params: 'purchaseNo,purchaseSeq,itemNo,oldDate,newDate,decideReason,supplierName',
  },
  {
    no: 'PO_DATE_CHANGE_REJECTED',
    name: 'Delivery date change rejected',
    module: 'ORDER',
    params: 'purchaseNo,purchaseSeq,itemNo,oldDate,newDate,decideReason,supplierName',
  },
  {
    no: 'PO_ANSWER_CHANGE_REQUESTED',
    name: 'Order answer change requested',
    module: 'ORDER',
    params: 'purchaseNo,purchaseSeq,itemNo,oldQty,newQty,oldDate,newDate,requestReason,supplierName',
  },
  {
    no: 'PO_ANSWER_CHANGE_APPROVED',
    name: 'Order answer change approved',
    module: 'ORDER',
    params: 'purchaseNo,purchaseSeq,itemNo,oldQty,newQty,oldDate,newDate,decideReason,supplierName',
  },
  {
    no: 'PO_ANSWER_CHANGE_REJECTED',
    name: 'Order answer change rejected',
    module: 'ORDER',
    params: 'purchaseNo,purchaseSeq,itemNo,oldQty,newQty,oldDate,newDate,decideReason,supplierName',
  },
  {
    no: 'ASN_SUBMITTED',
    name: 'Delivery notice submitted',
    module: 'DELIVERY',
    params: 'asnNo,supplierName,deliveryDate',
  },
  { no: 'ASN_APPROVED', name: 'Delivery notice approved', module: 'DELIVERY', params: 'asnNo,supplierName' },
  {
    no: 'ASN_REJECTED',
    name: 'Delivery notice rejected',
    module: 'DELIVERY',
    params: 'asnNo,supplierName,reason',
  },
  {
    no: 'RECEIPT_DONE',
    name: 'Goods received',
    module: 'DELIVERY',
    params: 'asnNo,supplierName,receiveQty',
  },
  ...(['SUBMITTED', 'APPROVED', 'REJECTED', 'VOIDED'] as const).map((what) => ({
    no: `DA_${what}`,
    name: `Delivery approval ${what.toLowerCase()}`,
    module: 'DELIVERY',
    params: 'approvalNo,supplierName,itemNo,lotNo,validFrom,validTo,reason',
  })),
  { no: 'NEWS_PUBLISHED', name: 'Announcement published', module: 'SYSTEM', params: 'newsNo,title' },
  { no: 'STOCK_LOW', name: 'Consigned stock below minimum', module: 'INVENTORY', params: 'itemNo,qty' },
  { no: 'BILL_CONFIRMED', name: 'Reconciliation bill confirmed', module: 'RECONCILIATION', params: 'billNo' },
  {
    no: 'DEDUCTION_ISSUED',
    name: 'Deduction issued',
    module: 'RECONCILIATION',
    params: 'deductionNo,deductionAmount',
  },
  { no: 'PASSWORD_EXPIRING', name: 'Password about to expire', module: 'SYSTEM', params: 'userNo,days' },
];

export async function seedNoticeEvents(db: Db): Promise<void> {
  await db
    .insertInto('bmNoticeConfig')
    .values(
      NOTICE_EVENTS.map((e) => ({
        noticeConfigNo: e.no,
        noticeConfigName: e.name,
        bigModule: e.module,
        paramList: e.params,
        createName: 'system',
        updateName: 'system',
      })),
    )
    .onConflict((oc) => oc.column('noticeConfigNo').doNothing())
    .execute();
}
