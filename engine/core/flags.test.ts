import enUS from '@locales/en-US.json';
import vi from '@locales/vi.json';
import zhCN from '@locales/zh-CN.json';
import zhTW from '@locales/zh-TW.json';
import flagSchema from '@schemas/flag.schema.json';
import { describe, expect, it } from 'vitest';
import {
  BASE_MENU_FLAGS,
  flagLabelKey,
  flagRank,
  isBaseFlag,
  isFlagName,
  MENU_FLAGS,
  offeredFlags,
  sortFlags,
  yesNoFlags,
} from './flags';

/** Spec 000 section 6, in its fixed order. */
const SPEC_000 = [
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
];

/** The button permissions of spec 001 section 6 beyond spec 000's (throw to the ERP is isOut). */
const SPEC_001 = [
  'isApprove',
  'isReject',
  'isConfirm',
  'isGenerateAdjustment',
  'isReassign',
  'isSuspend',
  'isRelease',
  'isDeleteAll',
  'isDownload',
  'isStockSync',
  'isActualCountImport',
  'isExceptionHandling',
  'isViewPo',
  'isChangeRecord',
  'isSendWarning',
];

const precedes = (a: string, b: string) => flagRank(a) < flagRank(b);

describe('the permission flag list', () => {
  it('is the enum of schemas/flag.schema.json, each name once, in the spec style', () => {
    expect([...MENU_FLAGS]).toEqual(flagSchema.enum);
    expect(new Set(MENU_FLAGS).size).toBe(MENU_FLAGS.length);
    for (const f of MENU_FLAGS) expect(f).toMatch(/^is[A-Z][A-Za-z]+$/);
  });

  it("holds spec 000's 16 flags as the base flags, and spec 001's buttons besides", () => {
    expect([...BASE_MENU_FLAGS]).toEqual(SPEC_000);
    expect([...MENU_FLAGS].sort()).toEqual([...SPEC_000, ...SPEC_001].sort());
    expect(SPEC_001.some(isBaseFlag)).toBe(false);
    // "more" and "fixed button" place toolbar buttons; they grant nothing.
    expect(MENU_FLAGS.filter((f) => /More|Fixed|Throw/.test(f))).toEqual([]);
  });

  it("keeps spec 000's fixed order of its 16 flags, with the others among them", () => {
    expect(MENU_FLAGS.filter((f) => isBaseFlag(f))).toEqual(SPEC_000);
    // Approve and reject stand beside check; the schedule board's buttons in the spec's order.
    expect(precedes('isCheck', 'isApprove') && precedes('isApprove', 'isReject')).toBe(true);
    expect(precedes('isReject', 'isImport')).toBe(true);
    const board = ['isExport', 'isViewPo', 'isChangeRecord', 'isSendWarning', 'isPrint'];
    expect(sortFlags([...board].reverse())).toEqual(board);
    expect(flagRank('isNoSuchFlag')).toBe(MENU_FLAGS.length);
  });

  it('sorts, offers and answers flags by the list', () => {
    expect(sortFlags(['isOut', 'isApprove', 'isSearch', 'isApprove', 'isNoSuchFlag'])).toEqual([
      'isSearch',
      'isApprove',
      'isOut',
    ]);
    expect(offeredFlags()).toEqual(SPEC_000);
    const kanban = offeredFlags(['isSendWarning', 'isViewPo']);
    expect(kanban).toHaveLength(18);
    expect(kanban.indexOf('isViewPo')).toBe(kanban.indexOf('isExport') + 1);
    expect(isFlagName('isApprove')).toBe(true);
    expect(isFlagName('isThrow')).toBe(false);
    const answered = yesNoFlags(['isSearch', 'isApprove']);
    expect(Object.keys(answered)).toEqual([...MENU_FLAGS]);
    expect(answered).toMatchObject({ isSearch: 'Y', isApprove: 'Y', isAdd: 'N', isOut: 'N' });
  });

  it('labels every flag in all four languages', () => {
    const files: Record<string, Record<string, string>> = { enUS, zhCN, zhTW, vi };
    for (const f of MENU_FLAGS) {
      const key = flagLabelKey(f);
      for (const [lang, texts] of Object.entries(files))
        expect(texts[key]?.trim(), `${lang} ${key}`).toBeTruthy();
      expect(zhCN[key as keyof typeof zhCN], key).not.toBe(enUS[key as keyof typeof enUS]);
    }
    const english = MENU_FLAGS.map((f) => enUS[flagLabelKey(f) as keyof typeof enUS]);
    expect(new Set(english).size, 'two flags share a label').toBe(english.length);
  });
});
