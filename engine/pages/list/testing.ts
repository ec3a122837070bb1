// What the list stores' tests share: a screen built as the engine loads one, a menu granting some
// flags, and the page's outside world with a request answered by the test. Imported by tests only.
import type { Screen } from '@schemas/generated/screen';
import { vi } from 'vitest';
import { FLAG_ORDER, type MenuFlags } from '../../screens/flags';
import { normaliseScreen } from '../../screens/normalise';
import { assertScreen } from '../../screens/validate';
import type { PageDeps } from '../types';

/** A screen validated and normalised as the engine loads it. */
export const buildScreen = (s: Screen) => normaliseScreen(assertScreen(s, 't.json'), 't.json');

/** A menu granting exactly these flags. */
export const grant = (...granted: string[]): MenuFlags =>
  Object.fromEntries(FLAG_ORDER.map((f) => [f, granted.includes(f) ? 'Y' : 'N'])) as MenuFlags;

/** The page's outside world; `answer` answers every request. */
export function fakeDeps(answer: (call: string, payload?: unknown) => Promise<unknown>) {
  const request = vi.fn(answer);
  const deps = {
    request: request as unknown as PageDeps['request'],
    navigate: vi.fn(),
    confirm: vi.fn(async (_key: string, _params?: Record<string, unknown>) => true),
    success: vi.fn(),
  };
  return { request, deps };
}
