// What the tooling needs to know about screen files: where they are, and which locale keys each one
// uses (explicit keys, and the defaults the engine derives: field.<prop> labels, action.<kind> buttons).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import screenSchema from '../../schemas/screen.schema.json' with { type: 'json' };

export function jsonFiles(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) return jsonFiles(full);
      return name.endsWith('.json') ? [full] : [];
    })
    .sort();
}

export function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every node of a JSON value with its JSON pointer. */
export function* walk(value: unknown, pointer = ''): Generator<{ value: unknown; pointer: string }> {
  yield { value, pointer };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* walk(value[i], `${pointer}/${i}`);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) yield* walk(v, `${pointer}/${escapePointer(k)}`);
  }
}

/**
 * Property names whose value is a locale key, read from the screen schema (every property that refers
 * to #/definitions/localeKey), so a key property added to the schema is checked without a change here.
 */
export const LOCALE_KEY_PROPS: ReadonlySet<string> = (() => {
  const names = new Set<string>();
  for (const { value } of walk(screenSchema)) {
    const props = (value as { properties?: Record<string, { $ref?: string }> } | null)?.properties;
    if (!props || typeof props !== 'object') continue;
    for (const [name, def] of Object.entries(props))
      if (def && typeof def === 'object' && def.$ref === '#/definitions/localeKey') names.add(name);
  }
  return names;
})();

export interface KeyUse {
  key: string;
  /** Where the key is named, or where the value it defaults from sits (the prop, the action kind). */
  pointer: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** The locale keys a screen file uses, each with the pointer an implementer should look at. */
export function screenLocaleKeys(screen: unknown): KeyUse[] {
  const uses: KeyUse[] = [];
  for (const { value, pointer } of walk(screen)) {
    if (!isObj(value)) continue;
    for (const [name, v] of Object.entries(value)) {
      if (LOCALE_KEY_PROPS.has(name) && typeof v === 'string')
        uses.push({ key: v, pointer: `${pointer}/${escapePointer(name)}` });
    }
    // The engine's defaults (engine/screens/normalise.ts): a column or field labelled by its prop,
    // an action labelled by its kind.
    if (typeof value.prop === 'string' && value.labelKey === undefined)
      uses.push({ key: `field.${value.prop}`, pointer: `${pointer}/prop` });
    if (typeof value.flag === 'string' && typeof value.kind === 'string' && value.labelKey === undefined)
      uses.push({ key: `action.${value.kind}`, pointer: `${pointer}/kind` });
    // A row download needs no flag (isSearch) and is still labelled by its kind.
    else if (/\/rowActions\/\d+$/.test(pointer) && value.kind === 'download' && value.labelKey === undefined)
      uses.push({ key: 'action.download', pointer: `${pointer}/kind` });
    // A cross-field rule's message defaults to validation.<type>.
    if (
      /^\/form\/rules\/\d+$/.test(pointer) &&
      typeof value.type === 'string' &&
      value.messageKey === undefined
    )
      uses.push({ key: `validation.${value.type}`, pointer: `${pointer}/type` });
  }
  return uses;
}

type Defs = Record<string, { properties?: Record<string, { enum?: string[] }> }>;
const definitions = (screenSchema as unknown as { definitions: Defs }).definitions;

/** Action kinds the schema allows: each may be rendered with the default label action.<kind>. */
export const ACTION_KINDS: readonly string[] = definitions.action?.properties?.kind?.enum ?? [];

/** Cross-field rule types the schema allows: each has the default message validation.<type>. */
export const RULE_TYPES: readonly string[] = definitions.rule?.properties?.type?.enum ?? [];
