import { describe, expect, it } from 'vitest';
import { opensHelp, SHORTCUTS } from './shortcuts';

const press = (key: string, target: unknown = { tagName: 'BODY' }, mods = {}) => ({
  key,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  target: target as EventTarget,
  ...mods,
});

describe('the shortcuts help', () => {
  it('opens on ? outside text fields only', () => {
    expect(opensHelp(press('?'))).toBe(true);
    expect(opensHelp(press('?', { tagName: 'BUTTON' }))).toBe(true);
    expect(opensHelp(press('?', { tagName: 'INPUT' }))).toBe(false);
    expect(opensHelp(press('?', { tagName: 'TEXTAREA' }))).toBe(false);
    expect(opensHelp(press('?', { tagName: 'DIV', isContentEditable: true }))).toBe(false);
    expect(opensHelp(press('?', undefined, { ctrlKey: true }))).toBe(false);
    expect(opensHelp(press('/'))).toBe(false);
  });

  it("lists the spec's shortcuts", () => {
    const keys = SHORTCUTS.flatMap((g) => g.shortcuts.map((s) => s.keys.join('+')));
    expect(keys).toEqual(expect.arrayContaining(['Alt+C', 'Esc', 'Delete', 'Ctrl+Shift+Q', '?']));
  });
});
