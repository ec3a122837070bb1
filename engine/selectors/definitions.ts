// The selector registry of the engine, filled from the shared definitions (engine/core/selectors.ts);
// the registry takes each name once.
import { SELECTOR_DEFINITIONS, type SelectorDefinition } from '../core/selectors';
import { createRegistry } from '../widgets/registry';

export type { SelectorDefinition };

export const selectors = createRegistry<SelectorDefinition>('selector');

for (const [name, def] of Object.entries(SELECTOR_DEFINITIONS)) selectors.register(name, def);

export const SELECTOR_NAMES = Object.keys(SELECTOR_DEFINITIONS);
