import type { ComponentType } from 'react';

// One registry from a type string to a widget: exact names only, and a name is taken once, so a
// screen can never get a different widget from the one a reader of the JSON expects.
export interface Registry<T> {
  register(name: string, item: T): void;
  /** The item registered under exactly this name; throws for any other name. */
  get(name: string): T;
  has(name: string): boolean;
  names(): string[];
  /** name → item, as Formily's SchemaField takes its components. */
  entries(): Record<string, T>;
}

export function createRegistry<T>(what: string): Registry<T> {
  const items = new Map<string, T>();
  return {
    register(name, item) {
      if (items.has(name)) throw new Error(`${what} "${name}" is already registered`);
      items.set(name, item);
    },
    get(name) {
      const item = items.get(name);
      if (item === undefined) throw new Error(`unknown ${what} "${name}"`);
      return item;
    },
    has: (name) => items.has(name),
    names: () => [...items.keys()],
    entries: () => Object.fromEntries(items),
  };
}

// biome-ignore lint/suspicious/noExplicitAny: widgets take any props; Formily passes them through.
export type Widget = ComponentType<any>;

/**
 * The widget registry SchemaField renders with. It imports no widget: the host fills it before the
 * first page kind renders (host/widgets.ts), so a widget may use the page kinds' code and SchemaField
 * alike without importing in a circle.
 */
export const widgets = createRegistry<Widget>('widget');
