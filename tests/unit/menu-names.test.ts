// Spec 001 section 5: "Route name must not contain a dot or special characters". Menu numbers are the
// route names, and the spec's own are dotted (ReceiptTracking.Acceptance.Details), so the rule holds
// per segment: each dot-separated part of a seeded menu number is letters and digits only.
import { describe, expect, it } from 'vitest';
import { MENUS } from '../../services/seed/menus.js';
import { MENU_NO_PATTERN } from '../../services/system/menu-admin.js';

describe('menu numbers', () => {
  it('are dot-separated names of letters and digits', () => {
    const bad = MENUS.map((m) => m.menuNo).filter((no) => !MENU_NO_PATTERN.test(no));
    expect(bad).toEqual([]);
  });

  it('refuse what the rule forbids inside a segment', () => {
    for (const no of ['Base.Basic-1', 'Base..Basic', 'Base.Basic.', 'Base.Ba sic', 'Base/Basic', '.Base'])
      expect(MENU_NO_PATTERN.test(no), no).toBe(false);
    expect(MENU_NO_PATTERN.test('ReceiptTracking.Acceptance.Details')).toBe(true);
  });
});
