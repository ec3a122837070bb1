// Answer overdue: an order line still to be answered (answer status 0 to confirm or 3 changed) whose
// answerDueDate has passed sends PO_ANSWER_OVERDUE once for that line and due date (notify_overdue holds
// which were sent; a line the ERP changes gets a new due date and may be overdue once more). Run by the
// notifier a few times an hour; each line is reported in the transaction that records it.
import { localToday } from '../../engine/core/dates.js';
import type { Db } from '../db/database.js';
import { ANSWER } from '../modules/ISupSrmPurchaseService.js';
import { deliverNotice, type NoticeReceiver } from '../rules/notices.js';
import { docLinks } from './events.js';

const BATCH = 200;

/** Reports the lines overdue on `today` (yyyy-MM-dd, default the server's today); answers the messages. */
export async function checkOverdueAnswers(db: Db, today = localToday()): Promise<NoticeReceiver[]> {
  const sent: NoticeReceiver[] = [];
  for (;;) {
    const lines = await db
      .selectFrom('srmPurchase as l')
      .leftJoin('bmSupplier as s', 's.supplierNo', 'l.supplierNo')
      .select([
        'l.id',
        'l.orgNo',
        'l.supplierNo',
        'l.purchaseNo',
        'l.purchaseSeq',
        'l.itemNo',
        'l.itemName',
        'l.answerDueDate',
        's.supplierName',
      ])
      .where('l.answerStatus', 'in', [ANSWER.toConfirm, ANSWER.changed])
      .where('l.answerDueDate', '<', today)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('notifyOverdue as n')
              .select('n.lineId')
              .whereRef('n.lineId', '=', 'l.id')
              .whereRef('n.dueDate', '=', 'l.answerDueDate'),
          ),
        ),
      )
      .orderBy('l.answerDueDate')
      .orderBy('l.id')
      .limit(BATCH)
      .execute();
    for (const l of lines) {
      const due = String(l.answerDueDate);
      const receivers = await db.transaction().execute(async (tx) => {
        const claimed = await tx
          .insertInto('notifyOverdue')
          .values({ lineId: l.id, dueDate: due })
          .onConflict((oc) => oc.columns(['lineId', 'dueDate']).doNothing())
          .returning('lineId')
          .executeTakeFirst();
        if (!claimed) return [];
        return deliverNotice(tx, {
          orgNo: l.orgNo,
          noticeConfigNo: 'PO_ANSWER_OVERDUE',
          supplierNo: l.supplierNo,
          sender: 'system',
          params: {
            purchaseNo: l.purchaseNo,
            purchaseSeq: l.purchaseSeq,
            itemNo: l.itemNo,
            itemName: l.itemName ?? '',
            answerDueDate: due,
            supplierName: l.supplierName ?? l.supplierNo,
          },
          doc: {
            kind: 'purchaseLine',
            id: l.id,
            no: `${l.purchaseNo}-${l.purchaseSeq}`,
            link: docLinks.purchaseLine(l.id),
          },
        });
      });
      sent.push(...receivers);
    }
    if (lines.length < BATCH) break;
  }
  return sent;
}
