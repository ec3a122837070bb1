/* Generated from schemas/flag.schema.json by `npm run schemas`. Do not edit by hand. */

/**
 * A menu permission flag: the one list of them, read by the server (grants, the per-call check, the seed), the engine (toolbar order, the permission tree) and check:screens. Listed in the fixed toolbar order: spec 000 section 6 fixes the order of its 16 flags, and the button permissions of spec 001 section 6 stand among them next to their kin. A flag's label is the locale key menuPermission.flag.<name>, in all four languages. Every menu offers the 16 flags of spec 000 (BaseFlag); a menu offers any other flag only when its entry in services/seed/menus.ts names it.
 */
export type FlagName =
  | 'isSearch'
  | 'isAdd'
  | 'isModify'
  | 'isDelete'
  | 'isCancelInvalid'
  | 'isBatchUpdate'
  | 'isPhysicalDelete'
  | 'isDeleteAll'
  | 'isSave'
  | 'isSubmit'
  | 'isConfirm'
  | 'isRelease'
  | 'isSuspend'
  | 'isReassign'
  | 'isClose'
  | 'isCheck'
  | 'isApprove'
  | 'isReject'
  | 'isGenerateAdjustment'
  | 'isExceptionHandling'
  | 'isImport'
  | 'isActualCountImport'
  | 'isStockSync'
  | 'isExport'
  | 'isDownload'
  | 'isViewPo'
  | 'isChangeRecord'
  | 'isSendWarning'
  | 'isPrint'
  | 'isEnd'
  | 'isOut';

/** The values of FlagName, in order. */
export const FLAG_NAMES = [
  'isSearch',
  'isAdd',
  'isModify',
  'isDelete',
  'isCancelInvalid',
  'isBatchUpdate',
  'isPhysicalDelete',
  'isDeleteAll',
  'isSave',
  'isSubmit',
  'isConfirm',
  'isRelease',
  'isSuspend',
  'isReassign',
  'isClose',
  'isCheck',
  'isApprove',
  'isReject',
  'isGenerateAdjustment',
  'isExceptionHandling',
  'isImport',
  'isActualCountImport',
  'isStockSync',
  'isExport',
  'isDownload',
  'isViewPo',
  'isChangeRecord',
  'isSendWarning',
  'isPrint',
  'isEnd',
  'isOut',
] as const;

/** The values of BaseFlag, in order. */
export const BASE_FLAGS = [
  'isSearch',
  'isAdd',
  'isModify',
  'isDelete',
  'isCancelInvalid',
  'isBatchUpdate',
  'isPhysicalDelete',
  'isSave',
  'isSubmit',
  'isClose',
  'isCheck',
  'isImport',
  'isExport',
  'isPrint',
  'isEnd',
  'isOut',
] as const;
export type BaseFlag = (typeof BASE_FLAGS)[number];
