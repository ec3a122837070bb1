// npm run bench:merge — what the custom-field merge (engine/core/frameDefine.ts) adds to loading a
// screen. A screen with 100 fields (100 columns, 100 search fields; and a form of 100 fields) is
// loaded as the engine loads it (validate, then normalise) with no definitions and with 100
// definitions merged in (half override fields it has, half add new ones of every type), in the same
// run and the same process, alternating, after a warm-up. Prints the median of each and the difference.
// Goal: the merge adds under 1 ms.
import { cpus, loadavg } from 'node:os';
import type { Column, Field, Screen } from '@schemas/generated/screen';
import { type FrameDefinition, mergeFrameDefinitions } from '../engine/core/frameDefine';
import { normaliseScreen } from '../engine/screens/normalise';
import { assertScreen } from '../engine/screens/validate';

const MODULE = 'Bench.Module';
const FIELDS = 100;
const DEFINITIONS = 100;
const RUNS = Number(process.env.BENCH_RUNS ?? 500);

const props = Array.from({ length: FIELDS }, (_, i) => `field${i}`);
const column = (prop: string, i: number): Column =>
  i % 4 === 0 ? { prop, type: 'number' } : i % 4 === 1 ? { prop, type: 'date' } : { prop };
const field = (prop: string, i: number): Field =>
  i % 4 === 0 ? { prop, widget: 'number' } : i % 4 === 1 ? { prop, widget: 'date' } : { prop, maxLength: 50 };

const listScreen = {
  name: 'Bench.List',
  kind: 'list',
  path: '/bench/list',
  menuNo: MODULE,
  titleKey: 'title.bench',
  service: 'IBenchService',
  calls: { list: 'list' },
  list: { keyword: {}, searchFields: props.map(field), columns: props.map(column) },
} as unknown as Screen;

const formScreen = {
  name: 'Bench.Form',
  kind: 'form',
  path: '/bench/add',
  parentPath: '/bench/list',
  menuNo: MODULE,
  titleKey: 'title.bench',
  service: 'IBenchService',
  calls: { add: 'add' },
  form: {
    mode: 'add',
    groups: Array.from({ length: 4 }, (_, g) => ({ fields: props.slice(g * 25, g * 25 + 25).map(field) })),
  },
} as unknown as Screen;

const names = (text: string) => ({ 'en-US': text, 'zh-CN': text, 'zh-TW': text, vi: text });
const definitions: FrameDefinition[] = Array.from({ length: DEFINITIONS }, (_, i) => {
  const existing = i % 2 === 0;
  const fieldType = existing ? 0 : i % 5;
  return {
    fieldNo: existing ? `field${i}` : `custom${i}`,
    fieldNoName: `Field ${i}`,
    fieldNoNameI18n: names(`Field ${i}`),
    fieldType,
    isDisplay: i % 10 === 8 ? 'N' : 'Y',
    displayPage: ['123', '12', '23', '1', '3'][i % 5],
    displayOrder: (i * 37) % 150,
    dateFormat: fieldType === 3 ? 'yyyy-MM-dd' : null,
    enumMid: null,
    dropDownDataSource:
      fieldType === 4
        ? JSON.stringify([
            { name: 'Gold', code: 'G' },
            { name: 'Silver', code: 'S' },
          ])
        : null,
  };
});

/** Loading as the engine does: the file is validated and normalised; with definitions, merged between. */
function load(raw: Screen, defs: FrameDefinition[] | undefined) {
  const screen = assertScreen(structuredClone(raw), 'bench.json');
  const merged = defs ? mergeFrameDefinitions(screen, defs, MODULE).screen : screen;
  return normaliseScreen(merged, 'bench.json');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function bench(raw: Screen, label: string) {
  // A sanity check that the merge really happens: the merged screen has the new fields.
  const merged = load(raw, definitions);
  const plain = load(raw, undefined);
  const count = (s: typeof plain) => (s.list?.columns.length ?? 0) + (s.form?.fields.length ?? 0);
  if (count(merged) === count(plain)) throw new Error(`${label}: the merge changed nothing`);
  for (let i = 0; i < 100; i++) {
    load(raw, undefined);
    load(raw, definitions);
  }
  const none: number[] = [];
  const withDefs: number[] = [];
  const mergeOnly: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    load(raw, undefined);
    none.push(performance.now() - t);
    t = performance.now();
    load(raw, definitions);
    withDefs.push(performance.now() - t);
    const validated = assertScreen(structuredClone(raw), 'bench.json');
    t = performance.now();
    mergeFrameDefinitions(validated, definitions, MODULE);
    mergeOnly.push(performance.now() - t);
  }
  const a = median(none);
  const b = median(withDefs);
  const m = median(mergeOnly);
  console.log(
    `${label.padEnd(44)} no definitions ${a.toFixed(3)} ms | ${DEFINITIONS} definitions ${b.toFixed(3)} ms | ` +
      `difference ${(b - a).toFixed(3)} ms | merge alone ${m.toFixed(3)} ms ${m < 1 ? '(under 1 ms: ok)' : '(OVER 1 ms)'}`,
  );
  return m;
}

console.log(
  `bench:merge — median of ${RUNS} runs each, Node ${process.version}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${cpus().length} cores`,
);
const worst = Math.max(
  bench(listScreen, `list: ${FIELDS} columns + ${FIELDS} search fields`),
  bench(formScreen, `form: ${FIELDS} fields in 4 groups`),
);
if (worst >= 1) process.exitCode = 1;
