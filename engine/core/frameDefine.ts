// Custom fields (frame-define, DESIGN section 5), merged into a validated screen before it is
// normalised. Pure: it returns a new screen and the labels of the fields it touched, and it never
// throws on bad definitions — a definition it cannot understand is skipped.
//
// Labels are not literal in the screen JSON (the schema has only locale keys): each labelled field gets
// the key `frameDefine.<module>.<fieldNo>` (options `…​.option.<i>`), and the caller registers the
// returned texts, in every language the server sent, under those keys.
import type { Column, Field, Option, Screen } from '@schemas/generated/screen';

type NonEmpty<T> = [T, ...T[]];

/** What ISysFrameDefineService/getSysFrameDefineListByModule answers, one per definition. */
export interface FrameDefinition {
  fieldNo: string;
  /** The label in the caller's language. */
  fieldNoName?: string;
  /** The label in every language. */
  fieldNoNameI18n?: Record<string, string>;
  fieldType: number;
  isDisplay?: 'Y' | 'N';
  displayPage?: string;
  displayOrder?: number;
  dateFormat?: string | null;
  enumMid?: string | null;
  dropDownDataSource?: string | null;
}

/**
 * A dictionary's values (IBmEnumService, by enumMid) as the loader fetched them: the name in the
 * language of the load, and the locale key of a system value, which names it in every language.
 */
export type Dictionaries = Record<string, { value: string; name: string; labelKey?: string }[]>;

/** Locale key → language → text. A language of '*' means "whatever language is shown". */
export type FrameLabels = Record<string, Record<string, string>>;

export interface MergedScreen {
  screen: Screen;
  labels: FrameLabels;
}

const PROP = /^[A-Za-z_][A-Za-z0-9_]*$/;
const DISPLAY_PAGE = /^[1-5]{0,5}$/;
const SPEC_DATE_FORMAT = /^yyyy(-MM(-dd( HH(:mm(:ss)?)?)?)?)?$/;
const FIELD_TYPES = { default: 0, text: 1, number: 2, date: 3, dropdown: 4 } as const;

interface Parsed {
  fieldNo: string;
  fieldType: number;
  visible: boolean;
  pages: Set<string>;
  order: number;
  names?: Record<string, string>;
  dateFormat: string;
  enumMid?: string;
  staticOptions?: { code: string; name: string; labelKey?: string }[];
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function parseOptions(source: unknown): { code: string; name: string }[] | undefined {
  if (typeof source !== 'string' || !source) return undefined;
  try {
    const list = JSON.parse(source) as unknown;
    if (!Array.isArray(list) || list.length === 0) return undefined;
    const options = list.map((o) =>
      isRecord(o) && (typeof o.code === 'string' || typeof o.code === 'number') && typeof o.name === 'string'
        ? { code: String(o.code), name: o.name }
        : undefined,
    );
    return options.every((o) => o !== undefined) ? options : undefined;
  } catch {
    return undefined;
  }
}

function parseNames(d: Record<string, unknown>): Record<string, string> | undefined {
  const names: Record<string, string> = {};
  if (isRecord(d.fieldNoNameI18n)) {
    for (const [lang, text] of Object.entries(d.fieldNoNameI18n)) {
      if (typeof text === 'string' && text.trim()) names[lang] = text;
    }
  }
  if (typeof d.fieldNoName === 'string' && d.fieldNoName.trim()) names['*'] = d.fieldNoName;
  return Object.keys(names).length ? names : undefined;
}

/** A definition the merge can use, or undefined for one it must skip. */
export function parseDefinition(raw: unknown, dictionaries?: Dictionaries): Parsed | undefined {
  if (!isRecord(raw)) return undefined;
  const { fieldNo, fieldType, displayPage, displayOrder, isDisplay, dateFormat, enumMid } = raw;
  if (typeof fieldNo !== 'string' || !PROP.test(fieldNo)) return undefined;
  if (typeof fieldType !== 'number' || !Object.values(FIELD_TYPES).includes(fieldType as 0)) return undefined;
  const page = displayPage ?? '';
  if (typeof page !== 'string' || !DISPLAY_PAGE.test(page)) return undefined;
  if (isDisplay !== undefined && isDisplay !== 'Y' && isDisplay !== 'N') return undefined;
  const order = typeof displayOrder === 'number' && Number.isFinite(displayOrder) ? displayOrder : 0;
  const format =
    typeof dateFormat === 'string' && SPEC_DATE_FORMAT.test(dateFormat) ? dateFormat : 'yyyy-MM-dd';
  const parsed: Parsed = {
    fieldNo,
    fieldType,
    visible: isDisplay !== 'N',
    pages: new Set(page),
    order,
    names: parseNames(raw),
    dateFormat: format,
  };
  if (fieldType === FIELD_TYPES.dropdown) {
    parsed.staticOptions = parseOptions(raw.dropDownDataSource);
    if (!parsed.staticOptions && typeof enumMid === 'string' && enumMid) {
      parsed.enumMid = enumMid;
      // A dictionary the loader could fetch becomes a list of options: the list, the detail and the
      // form then show its names, not its codes.
      const values = dictionaries?.[enumMid];
      if (Array.isArray(values) && values.length > 0)
        parsed.staticOptions = values.map((v) => ({ code: v.value, name: v.name, labelKey: v.labelKey }));
    }
    // A new dropdown with no usable source cannot be shown; an override of an existing field needs none.
    if (!parsed.staticOptions && !parsed.enumMid) parsed.fieldType = -1;
  }
  return parsed;
}

const labelKeyOf = (module: string, fieldNo: string) => `frameDefine.${module}.${fieldNo}`;

const isDateTime = (format: string) => / HH/.test(format);
const toDayjs = (format: string) => format.replace(/y/g, 'Y').replace(/d/g, 'D');

/** A static dropdown's options; parseDefinition keeps only non-empty lists. */
const optionsOf = (d: Parsed, keys: string[]): NonEmpty<Option> =>
  (d.staticOptions ?? []).map((o, i) => ({ value: o.code, labelKey: keys[i] as string })) as NonEmpty<Option>;

/** The widget of a new field (form, detail or search). */
function newField(d: Parsed, labelKey: string, optionKeys: string[], search: boolean): Field {
  const base: Field = { prop: d.fieldNo, labelKey };
  switch (d.fieldType) {
    case FIELD_TYPES.number:
      // The server keeps custom numbers as exact decimals (services/resource/custom-fields.ts).
      return { ...base, widget: 'decimal' };
    case FIELD_TYPES.date:
      return { ...base, widget: isDateTime(d.dateFormat) ? 'datetime' : 'date', dateFormat: d.dateFormat };
    case FIELD_TYPES.dropdown:
      if (d.staticOptions) {
        return { ...base, widget: 'select', options: optionsOf(d, optionKeys) };
      }
      return {
        ...base,
        widget: 'remoteSelect',
        selector: 'enum',
        enumMid: d.enumMid,
        multiple: search || undefined,
      };
    default:
      return { ...base, widget: 'input' };
  }
}

function newColumn(d: Parsed, labelKey: string, optionKeys: string[]): Column {
  const base: Column = { prop: d.fieldNo, labelKey };
  switch (d.fieldType) {
    case FIELD_TYPES.number:
      return { ...base, type: 'number' };
    case FIELD_TYPES.date:
      return { ...base, type: isDateTime(d.dateFormat) ? 'datetime' : 'date', format: toDayjs(d.dateFormat) };
    case FIELD_TYPES.dropdown:
      return d.staticOptions
        ? {
            ...base,
            type: 'enum',
            options: optionsOf(d, optionKeys),
          }
        : base;
    default:
      return base;
  }
}

interface Ranked<T> {
  item: T;
  rank: number;
  first: boolean;
}

/** Items ranked by their place, or placed before the item at their displayOrder position; stable. */
function sortRanked<T>(items: Ranked<T>[]): T[] {
  return items
    .map((r, i) => ({ ...r, i }))
    .sort((a, b) => Number(b.first) - Number(a.first) || a.rank - b.rank || a.i - b.i)
    .map((r) => r.item);
}

/**
 * Digit 4 places a field as a column of the screen's first editable table (the rows of a form or
 * detail page, in the order the page declares them), digit 5 as a column of its second one; spec 000
 * section 3 says only "4 and 5 editable columns", so a screen without such a table shows neither.
 */
type Part = 'search' | 'column' | 'form' | 'rows4' | 'rows5';
const DIGIT: Record<Part, string> = { search: '1', column: '2', form: '3', rows4: '4', rows5: '5' };
const ROW_PARTS: Part[] = ['rows4', 'rows5'];

/**
 * Merges one part (search fields, columns, or a page's form/detail fields as one flat list) with the
 * definitions: overrides label, visibility, placement and order of the items it has, adds new ones.
 */
function mergePart<T extends { prop: string; labelKey?: string }>(
  part: Part,
  items: T[],
  defs: Map<string, Parsed>,
  /** The fieldNos a definition may have to match the item (looked up, not searched: the merge is hot). */
  matches: (item: T) => (string | undefined)[],
  keep: (item: T) => boolean,
  create: (d: Parsed) => T | undefined,
  labelOf: (d: Parsed) => string | undefined,
  known: Set<string>,
): T[] {
  const used = new Set<string>();
  const ranked: Ranked<T>[] = [];
  items.forEach((item, index) => {
    let d: Parsed | undefined;
    for (const no of matches(item)) {
      d = no === undefined ? undefined : defs.get(no);
      if (d) break;
    }
    const first = (item as { fixed?: string }).fixed === 'left';
    if (!d) {
      ranked.push({ item, rank: index, first });
      return;
    }
    used.add(d.fieldNo);
    const shown = d.visible && d.pages.has(DIGIT[part]);
    if (!shown && !keep(item)) return;
    const labelKey = labelOf(d);
    ranked.push({ item: labelKey ? { ...item, labelKey } : item, rank: d.order - 0.5, first });
  });
  for (const d of defs.values()) {
    // A field the screen has anywhere is not added to another part where it has no counterpart.
    if (used.has(d.fieldNo) || known.has(d.fieldNo) || !d.visible || !d.pages.has(DIGIT[part])) continue;
    const item = create(d);
    if (item) ranked.push({ item, rank: d.order - 0.5, first: false });
  }
  return sortRanked(ranked);
}

/** Props the screen itself declares anywhere (columns, search fields, form and detail fields). */
function declaredProps(screen: Screen): Set<string> {
  const props = new Set<string>();
  for (const c of screen.list?.columns ?? []) props.add(c.prop);
  for (const f of screen.list?.searchFields ?? []) {
    props.add(f.prop);
    if (f.labelKey?.startsWith('field.')) props.add(f.labelKey.slice('field.'.length));
  }
  for (const g of [...(screen.form?.groups ?? []), ...(screen.detail?.groups ?? [])]) {
    for (const f of g.fields) props.add(f.prop);
  }
  return props;
}

/**
 * Merges a group list: existing fields stay in their group; new fields go to the last group, or on a
 * page with tabs to the last group of the first tab (the basic information, not a permission tree).
 */
function mergeGroups<G extends { fields: NonEmpty<Field>; tab?: string }>(
  groups: NonEmpty<G>,
  tabs: { key: string }[] | undefined,
  merge: (fields: Field[], addHere: boolean) => Field[],
  mergeRows: (rowFields: NonEmpty<Field>, part: Part) => NonEmpty<Field>,
): NonEmpty<G> {
  let tables = 0;
  const withRows = (f: Field): Field => {
    if (f.widget !== 'editableTable' || !f.rowFields) return f;
    const part = ROW_PARTS[tables++];
    return part ? { ...f, rowFields: mergeRows(f.rowFields, part) } : f;
  };
  const first = tabs?.[0]?.key;
  const addTo = first ? groups.map((g) => g.tab).lastIndexOf(first) : groups.length - 1;
  const merged = groups.map((g, i) => ({
    ...g,
    fields: merge(g.fields, i === addTo).map(withRows),
  }));
  // A group whose every field was hidden would break the schema's minItems; drop it.
  const kept = merged.filter((g) => g.fields.length > 0) as G[];
  return kept.length > 0 ? (kept as NonEmpty<G>) : groups;
}

/**
 * The screen with the definitions of its module merged in, and the labels to register.
 * `definitions` is whatever the server answered: anything that is not a usable definition is skipped.
 */
export function mergeFrameDefinitions(
  screen: Screen,
  definitions: unknown,
  module: string,
  dictionaries?: Dictionaries,
): MergedScreen {
  const labels: FrameLabels = {};
  if (!Array.isArray(definitions) || definitions.length === 0) return { screen, labels };
  const defs = new Map<string, Parsed>();
  for (const raw of definitions) {
    const d = parseDefinition(raw, dictionaries);
    if (d && !defs.has(d.fieldNo)) defs.set(d.fieldNo, d);
  }
  if (defs.size === 0) return { screen, labels };

  const known = declaredProps(screen);
  const labelOf = (d: Parsed): string | undefined => {
    if (!d.names) return undefined;
    const key = labelKeyOf(module, d.fieldNo);
    labels[key] = d.names;
    return key;
  };
  const optionKeys = (d: Parsed): string[] =>
    (d.staticOptions ?? []).map((o, i) => {
      if (o.labelKey) return o.labelKey;
      const key = `${labelKeyOf(module, d.fieldNo)}.option.${i}`;
      labels[key] = { '*': o.name };
      return key;
    });
  // New fields: skip those whose type has no widget (a dropdown without a source).
  const usable = (d: Parsed) => d.fieldType >= 0;
  const fieldLabel = (d: Parsed) => labelOf(d) ?? labelKeyFallback(d, labels, module);

  const out: Screen = { ...screen };
  if (screen.list) {
    const list = { ...screen.list };
    if (list.searchFields) {
      list.searchFields = mergePart<Field>(
        'search',
        list.searchFields,
        defs,
        (f) => [f.prop, f.labelKey?.startsWith('field.') ? f.labelKey.slice('field.'.length) : undefined],
        () => false,
        (d) => (usable(d) ? newField(d, fieldLabel(d), optionKeys(d), true) : undefined),
        labelOf,
        known,
      );
    }
    const columns = mergePart<Column>(
      'column',
      list.columns,
      defs,
      (c) => [c.prop],
      () => false,
      (d) => (usable(d) ? newColumn(d, fieldLabel(d), optionKeys(d)) : undefined),
      labelOf,
      known,
    );
    // The schema wants at least one column: a screen whose every column was hidden keeps its own.
    list.columns = columns.length > 0 ? (columns as NonEmpty<Column>) : screen.list.columns;
    out.list = list;
  }
  const mergeFields = (fields: Field[], addHere: boolean) =>
    mergePart<Field>(
      'form',
      fields,
      defs,
      (f) => [f.prop],
      // A required field stays on a form whatever its definition says, or the record could not be saved.
      (f) => f.required === true && screen.kind === 'form',
      (d) => (addHere && usable(d) ? newField(d, fieldLabel(d), optionKeys(d), false) : undefined),
      labelOf,
      known,
    );
  // The columns of an editable table: a row's fields, overridden or added like a form's. A column one
  // table has is not added to the other.
  const rowKnown = new Set(
    [...(screen.form?.groups ?? []), ...(screen.detail?.groups ?? [])].flatMap((g) =>
      g.fields.flatMap((f) => (f.rowFields ?? []).map((r) => r.prop)),
    ),
  );
  const mergeRows = (rowFields: NonEmpty<Field>, part: Part): NonEmpty<Field> => {
    const merged = mergePart<Field>(
      part,
      rowFields,
      defs,
      (f) => [f.prop],
      (f) => f.required === true && screen.kind === 'form',
      (d) => (usable(d) ? newField(d, fieldLabel(d), optionKeys(d), false) : undefined),
      labelOf,
      rowKnown,
    );
    return merged.length > 0 ? (merged as NonEmpty<Field>) : rowFields;
  };
  if (screen.form)
    out.form = {
      ...screen.form,
      groups: mergeGroups(screen.form.groups, screen.form.tabs, mergeFields, mergeRows),
    };
  if (screen.detail)
    out.detail = {
      ...screen.detail,
      groups: mergeGroups(screen.detail.groups, screen.detail.tabs, mergeFields, mergeRows),
    };
  return { screen: out, labels };
}

/** A new field without a usable label is labelled with its fieldNo. */
function labelKeyFallback(d: Parsed, labels: FrameLabels, module: string): string {
  const key = labelKeyOf(module, d.fieldNo);
  labels[key] = { '*': d.fieldNo };
  return key;
}
