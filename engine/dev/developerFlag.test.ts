import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createClickCounter,
  DEV_FLAG_KEY,
  DEV_FLAG_TTL_MS,
  type DomNode,
  isDeveloperFlagOn,
  propNameAt,
  routeNameOf,
  setDeveloperFlag,
} from './developerFlag';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('developer flag', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('seven clicks within 2 s trigger, six do not, and counting starts afresh after', () => {
    const counter = createClickCounter();
    const results: boolean[] = [];
    for (let i = 0; i < 7; i++) {
      results.push(counter.click());
      vi.advanceTimersByTime(250);
    }
    expect(results).toEqual([false, false, false, false, false, false, true]);
    for (let i = 0; i < 6; i++) expect(counter.click()).toBe(false);
  });

  it('clicks spread over more than 2 s do not trigger', () => {
    const counter = createClickCounter();
    const results: boolean[] = [];
    for (let i = 0; i < 10; i++) {
      results.push(counter.click());
      vi.advanceTimersByTime(400);
    }
    // Only clicks in the last 2 s count: never seven of them.
    expect(results.every((r) => !r)).toBe(true);
  });

  it('the seventh click at 1999 ms triggers, at 2000 ms it does not', () => {
    const a = createClickCounter();
    for (let i = 0; i < 6; i++) a.click();
    vi.advanceTimersByTime(1999);
    expect(a.click()).toBe(true);
    const b = createClickCounter();
    for (let i = 0; i < 6; i++) b.click();
    vi.advanceTimersByTime(2000);
    expect(b.click()).toBe(false);
  });

  it('reset forgets the clicks so far', () => {
    const counter = createClickCounter();
    for (let i = 0; i < 6; i++) counter.click();
    counter.reset();
    expect(counter.click()).toBe(false);
  });

  it('the flag lasts 10 minutes and an expired flag is removed', () => {
    const storage = memoryStorage();
    expect(isDeveloperFlagOn(storage)).toBe(false);
    const expires = setDeveloperFlag(storage);
    expect(expires).toBe(Date.now() + DEV_FLAG_TTL_MS);
    expect(DEV_FLAG_TTL_MS).toBe(600_000);
    vi.advanceTimersByTime(DEV_FLAG_TTL_MS - 1);
    expect(isDeveloperFlagOn(storage)).toBe(true);
    expect(storage.data.has(DEV_FLAG_KEY)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(isDeveloperFlagOn(storage)).toBe(false);
    expect(storage.data.has(DEV_FLAG_KEY)).toBe(false);
  });

  it('a junk stored flag counts as expired and is removed', () => {
    const storage = memoryStorage();
    storage.setItem(DEV_FLAG_KEY, 'not json');
    expect(isDeveloperFlagOn(storage)).toBe(false);
    expect(storage.data.size).toBe(0);
    storage.setItem(DEV_FLAG_KEY, '{"expires":"soon"}');
    expect(isDeveloperFlagOn(storage)).toBe(false);
    expect(storage.data.size).toBe(0);
  });
});

/** A tiny tree of nodes answering closest/querySelector by tag or class, as the DOM would. */
function node(tag: string, opts: { cls?: string[]; prop?: string; parent?: Node } = {}): Node {
  const n: Node = {
    tag,
    cls: opts.cls ?? [],
    prop: opts.prop,
    parent: opts.parent,
    children: [],
  } as unknown as Node;
  opts.parent?.children.push(n);
  return n;
}
interface Node extends DomNode {
  tag: string;
  cls: string[];
  prop?: string;
  parent?: Node;
  children: Node[];
}
const matches = (n: Node, sel: string) =>
  sel.split(',').some((s) => {
    const x = s.trim();
    if (x === '[data-prop]') return n.prop !== undefined;
    if (x.startsWith('.')) return n.cls.includes(x.slice(1));
    return n.tag === x;
  });
function wire(n: Node): Node {
  n.closest = (sel) => {
    for (let c: Node | undefined = n; c; c = c.parent) if (matches(c, sel)) return c;
    return null;
  };
  n.querySelector = (sel) => {
    const walk = (c: Node): Node | null => {
      for (const k of c.children) {
        if (matches(k, sel)) return k;
        const found = walk(k);
        if (found) return found;
      }
      return null;
    };
    return walk(n);
  };
  n.getAttribute = (name) => (name === 'data-prop' ? (n.prop ?? null) : null);
  for (const k of n.children) wire(k);
  return n;
}

describe('property name under the pointer', () => {
  it('a column header names its column; a form label names its field; elsewhere nothing', () => {
    const th = node('th');
    const span = node('span', { prop: 'orgName', parent: th });
    const text = node('#text', { parent: span });
    const item = node('div', { prop: 'remark', cls: ['ant-formily-item'] });
    const label = node('div', { cls: ['ant-formily-item-label'], parent: item });
    const labelText = node('label', { parent: label });
    const control = node('input', { parent: item });
    const td = node('td');
    for (const root of [th, item, td]) wire(root);
    expect(propNameAt(text)).toBe('orgName');
    expect(propNameAt(th)).toBe('orgName');
    expect(propNameAt(labelText)).toBe('remark');
    // The value of a field is not its label.
    expect(propNameAt(control)).toBeUndefined();
    expect(propNameAt(td)).toBeUndefined();
    expect(propNameAt(null)).toBeUndefined();
  });

  it('the route name is the screen name, else the menu number, else the path', () => {
    expect(
      routeNameOf({ kind: 'screen', screen: { name: 'Base.Basic.Organizational' } }, '/base/organizational'),
    ).toBe('Base.Basic.Organizational');
    expect(routeNameOf({ kind: 'menu', menu: { menuNo: 'Offsite.User.Order' } }, '/x')).toBe(
      'Offsite.User.Order',
    );
    expect(routeNameOf({ kind: 'shell', path: '/dashboard' }, '/dashboard')).toBe('/dashboard');
    expect(routeNameOf(undefined, '/nowhere')).toBe('/nowhere');
  });
});
