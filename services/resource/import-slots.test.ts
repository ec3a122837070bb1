import { describe, expect, it } from 'vitest';
import { ImportSlots } from './import-slots';

describe('ImportSlots', () => {
  it('runs as many as allowed, queues the rest in order, and tells each its place as the line moves', async () => {
    const slots = new ImportSlots(2);
    const places: Record<string, number[]> = { c: [], d: [] };
    const a = await slots.take(() => undefined);
    const b = await slots.take(() => undefined);
    const started: string[] = [];
    const c = slots
      .take((p) => places.c.push(p))
      .then((free) => {
        started.push('c');
        return free;
      });
    const d = slots
      .take((p) => places.d.push(p))
      .then((free) => {
        started.push('d');
        return free;
      });
    expect(slots.load).toEqual({ running: 2, waiting: 2 });
    expect(places).toEqual({ c: [1], d: [2] });
    a();
    a(); // freeing twice frees once
    const freeC = await c;
    expect(started).toEqual(['c']);
    expect(places.d).toEqual([2, 1]);
    expect(slots.load).toEqual({ running: 2, waiting: 1 });
    b();
    (await d)();
    freeC();
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });
});
