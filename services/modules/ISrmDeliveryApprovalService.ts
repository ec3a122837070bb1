// Delivery approval (spec 001: "Delivery approval record: material, lot, valid from, valid to, status,
// report"; menu Offsite.Delivery.Approval; `ISrmDeliveryApprovalService`): a supplier qualifies a
// material, or one lot of it, for delivery to an organisation for a period, with the report that proves
// it (files of the file store, seen as every file is: services/files/access.ts). The supplier saves a
// draft (D) and submits it (0 pending), and may change or cancel it while it is a draft, pending or
// rejected; the purchaser approves it (1), rejects it with a reason (2; the supplier fixes it and
// submits again) or voids an approved one with a reason (X). Where a delivery rule asks for it, a
// delivery notice ships a material only under an approved qualification valid on its delivery date
// (./asn-qualification.ts).

import { localToday } from '../../engine/core/dates.js';
import type { Guard } from '../document/define.js';
import { documentMethods } from '../document/methods.js';
import { sideOf } from '../document/transition.js';
import { AppError } from '../errors.js';
import { checkListedFiles, fileIdsOf } from '../files/listed.js';
import type { CallContext } from '../registry.js';
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { ORG_NO, ORG_REFERENCE, REMARK, refCode, SUPPLIER_REFERENCE, text } from '../resource/field-kinds.js';
import { invalid } from '../resource/hooks.js';
import { standardMethods } from '../resource/methods.js';
import type { Row } from '../resource/resource.js';
import { ITEM_REFERENCE } from './IBmItemService.js';

export const DELIVERY_APPROVAL_MENU = 'Offsite.Delivery.Approval';

export const DELIVERY_APPROVAL = {
  draft: 'D',
  pending: '0',
  approved: '1',
  rejected: '2',
  voided: 'X',
} as const;

/** The most files a qualification's report holds. */
export const MAX_REPORT_FILES = 10;

/**
 * The report is attachments (the forms' upload purpose) the caller may see: a supplier's user its own
 * supplier's files only, so no one attaches a file it could not download. Kept as a clean list.
 */
async function reportFiles(ctx: CallContext, row: Row) {
  if (row.reportIds === undefined) return undefined;
  const reportIds = await checkListedFiles(ctx, fileIdsOf(row.reportIds), {
    field: 'reportIds',
    module: 'attachment',
    max: MAX_REPORT_FILES,
    tooMany: 'problem.tooManyFiles',
    unknown: 'problem.fileUnknown',
  });
  return { reportIds };
}

/** A qualification goes to the purchaser with its report. */
const hasReport: Guard = {
  name: 'hasReport',
  problems: ['deliveryApprovalNoReport'],
  fields: ['reportIds'],
  async check(_ctx, rows) {
    return rows
      .filter((r) => !fileIdsOf(r.reportIds).length)
      .map((r) => ({ id: r.id as string, problem: 'deliveryApprovalNoReport' }));
  },
};

/** A qualification whose last valid day has passed qualifies nothing: approving it would mislead. */
const stillValid: Guard = {
  name: 'stillValid',
  problems: ['deliveryApprovalExpired'],
  fields: ['validTo'],
  async check(_ctx, rows) {
    const today = localToday();
    return rows
      .filter((r) => String(r.validTo) < today)
      .map((r) => ({
        id: r.id as string,
        problem: 'deliveryApprovalExpired',
        params: { date: String(r.validTo) },
      }));
  },
};

export const deliveryApprovalResource = defineResource({
  table: 'srmDeliveryApproval',
  menus: [DELIVERY_APPROVAL_MENU],
  fields: {
    approvalNo: { type: 'string', keyword: true, sortable: true },
    orgNo: ORG_NO,
    // A supplier's user qualifies its own supplier only.
    supplierNo: { ...refCode(false, 'create'), fill: (ctx) => ctx.user?.scope.supplierNo },
    itemNo: { ...refCode(true), maxLength: 64, keyword: true },
    // Empty: every lot of the material.
    lotNo: text(50, { keyword: true }),
    validFrom: { type: 'date', write: 'always', required: true, sortable: true },
    validTo: { type: 'date', write: 'always', required: true, sortable: true },
    status: {
      type: 'string',
      enum: Object.values(DELIVERY_APPROVAL),
      sortable: true,
      dictionary: 'DELIVERY_APPROVAL_STATUS',
    },
    reportIds: { type: 'string', write: 'always', maxLength: 400 },
    remark: REMARK,
    lastReason: { type: 'string', sortable: true },
    submitName: { type: 'string', sortable: true },
    submitDate: { type: 'datetime', sortable: true },
    approveName: { type: 'string', sortable: true },
    approveDate: { type: 'datetime', sortable: true },
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    supplierNo: { field: 'supplierNo', op: 'eq' },
    approvalNo: { field: 'approvalNo', op: 'contains' },
    itemNo: { field: 'itemNo', op: 'contains' },
    lotNo: { field: 'lotNo', op: 'contains' },
    status: { field: 'status', op: 'eq' },
    validToFrom: { field: 'validTo', op: 'gte' },
    validFromTo: { field: 'validFrom', op: 'lte' },
  },
  ordered: [['validFrom', 'validTo']],
  scope: { org: 'orgNo', supplier: 'supplierNo' },
  // A draft is the supplier's own work: the purchaser sees a qualification from its first submit on.
  audience: (ctx, q) => (sideOf(ctx) === 'supplier' ? q : q.where('t1.submitDate', 'is not', null)),
  references: {
    orgNo: ORG_REFERENCE,
    supplierNo: SUPPLIER_REFERENCE,
    itemNo: ITEM_REFERENCE,
  },
  defaultSort: { field: 'createDate', order: 'desc', thenBy: [{ field: 'approvalNo', order: 'desc' }] },
  hooks: {
    beforeSave: (ctx, row) => {
      // A purchaser's user (an administrator) names the supplier; a supplier's user is its own.
      if (!row.supplierNo) throw invalid(ctx, 'supplierNo', 'problem.required');
      return reportFiles(ctx, row);
    },
    // Only a draft is deleted; a submitted qualification has a history and is cancelled instead.
    beforeDelete: async (ctx, rows) => {
      const doc = deliveryApprovalResource.document!;
      for (const row of rows)
        if (row.status !== DELIVERY_APPROVAL.draft)
          throw new AppError('documentLocked', {
            doc: String(row.approvalNo),
            state: ctx.t(doc.states[String(row.status)]?.label ?? String(row.status)),
            states: ctx.t(doc.states[DELIVERY_APPROVAL.draft].label),
          });
    },
  },
  document: {
    kind: 'deliveryApproval',
    label: 'document.deliveryApproval',
    statusField: 'status',
    initial: DELIVERY_APPROVAL.draft,
    numberField: 'approvalNo',
    numberRule: { prefix: 'DA', datePart: 'yyyyMMdd', seqLength: 4 },
    reasonField: 'lastReason',
    // The supplier changes a qualification until the purchaser has approved it (a change moves its
    // version on, so a decision taken on what the purchaser read before is refused as stale).
    editableIn: [DELIVERY_APPROVAL.draft, DELIVERY_APPROVAL.pending, DELIVERY_APPROVAL.rejected],
    eventFields: ['approvalNo', 'orgNo', 'supplierNo', 'itemNo', 'lotNo', 'validFrom', 'validTo'],
    states: {
      D: { label: 'enum.DELIVERY_APPROVAL_STATUS.D', color: 'default' },
      '0': { label: 'enum.DELIVERY_APPROVAL_STATUS.0', color: 'processing' },
      '1': { label: 'enum.DELIVERY_APPROVAL_STATUS.1', color: 'success' },
      '2': { label: 'enum.DELIVERY_APPROVAL_STATUS.2', color: 'error' },
      X: { label: 'enum.DELIVERY_APPROVAL_STATUS.X', color: 'default' },
    },
    transitions: {
      submit: {
        method: 'submitSrmDeliveryApproval',
        event: 'deliveryApproval.submitted',
        from: [DELIVERY_APPROVAL.draft, DELIVERY_APPROVAL.rejected],
        to: DELIVERY_APPROVAL.pending,
        flag: 'isSubmit',
        sides: ['supplier'],
        guards: [hasReport],
        stamp: { submitDate: 'now', submitName: 'user' },
      },
      approve: {
        method: 'approveSrmDeliveryApproval',
        event: 'deliveryApproval.approved',
        from: [DELIVERY_APPROVAL.pending],
        to: DELIVERY_APPROVAL.approved,
        flag: 'isApprove',
        sides: ['purchaser'],
        agree: ['orgNo'],
        guards: [stillValid],
        stamp: { approveDate: 'now', approveName: 'user' },
      },
      reject: {
        method: 'rejectSrmDeliveryApproval',
        event: 'deliveryApproval.rejected',
        from: [DELIVERY_APPROVAL.pending],
        to: DELIVERY_APPROVAL.rejected,
        flag: 'isReject',
        sides: ['purchaser'],
        reason: 'required',
        agree: ['orgNo'],
      },
      cancel: {
        method: 'cancelSrmDeliveryApproval',
        event: 'deliveryApproval.cancelled',
        // Not a dialog's "Cancel": the supplier withdraws the qualification.
        label: 'transition.cancelDeliveryApproval',
        from: [DELIVERY_APPROVAL.draft, DELIVERY_APPROVAL.pending, DELIVERY_APPROVAL.rejected],
        to: DELIVERY_APPROVAL.voided,
        flag: 'isDelete',
        sides: ['supplier'],
        reason: 'optional',
      },
      void: {
        method: 'voidSrmDeliveryApproval',
        event: 'deliveryApproval.voided',
        from: [DELIVERY_APPROVAL.approved],
        to: DELIVERY_APPROVAL.voided,
        flag: 'isCancelInvalid',
        sides: ['purchaser'],
        reason: 'required',
        agree: ['orgNo'],
      },
    },
  },
});

export const ISrmDeliveryApprovalService = defineService('ISrmDeliveryApprovalService', {
  ...standardMethods(deliveryApprovalResource, {
    list: 'getSrmDeliveryApprovalPage',
    get: 'getSrmDeliveryApprovalById',
    add: 'addSrmDeliveryApproval',
    update: 'updateSrmDeliveryApprovalById',
    delete: { name: 'deleteSrmDeliveryApprovalByIds', flag: 'isDelete' },
  }),
  ...documentMethods(deliveryApprovalResource, {
    history: 'getSrmDeliveryApprovalHistory',
    define: 'getSrmDeliveryApprovalDefine',
  }),
  ...exportMethods(deliveryApprovalResource),
});
