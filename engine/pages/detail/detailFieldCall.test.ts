// A detail field with a call of its own (an order line's tracking): read with the record's id once the
// record has loaded, from the screen's service unless it names another, and shown under its prop.
import { describe, expect, it, vi } from 'vitest';
import type { MenuFlags } from '../../screens/flags';
import { normaliseScreen } from '../../screens/normalise';
import { assertScreen } from '../../screens/validate';
import { mountFields } from '../form/testing';
import { createDetailController } from './detailController';

const screen = normaliseScreen(
  assertScreen(
    {
      name: 'T.Line',
      kind: 'detail',
      path: '/t/line/:id',
      parentPath: '/t/lines',
      menuNo: 'T.Menu',
      titleKey: 'title.t',
      service: 'ILineService',
      calls: { get: 'getLine' },
      detail: {
        groups: [
          { fields: [{ prop: 'no' }] },
          { fields: [{ prop: 'tracking', widget: 'timeline', call: 'getTracking' }] },
          { fields: [{ prop: 'other', widget: 'timeline', call: 'IOtherService/getSteps' }] },
        ],
      },
    },
    't.json',
  ),
  't.json',
);

describe('a detail field read by its own call', () => {
  it('asks each call with the record id and shows its answer under the field', async () => {
    const steps = [{ key: 'a', step: 'ordered', title: 'Ordered', time: '2026-11-01' }];
    const request = vi.fn(async (call: string) =>
      call === 'ILineService/getLine' ? { id: 'L1', version: 1, no: 'PO-1/10' } : steps,
    );
    const deps = {
      request: request as never,
      navigate: vi.fn(),
      confirm: vi.fn(),
      success: vi.fn(),
      t: (k: string) => k,
      exists: () => true,
    };
    const c = createDetailController(screen, deps, { id: 'L1' }, { isSearch: 'Y' } as MenuFlags);
    mountFields(c);
    await c.load();
    expect(c.getState().status).toBe('ready');
    expect(request).toHaveBeenCalledWith(
      'ILineService/getTracking',
      { id: 'L1' },
      { moduleNumber: 'T.Menu' },
    );
    expect(request).toHaveBeenCalledWith('IOtherService/getSteps', { id: 'L1' }, { moduleNumber: 'T.Menu' });
    expect(c.form.values).toMatchObject({ no: 'PO-1/10', tracking: steps, other: steps });
  });
});
