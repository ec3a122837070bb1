// The engine's layers (engine/README.md, "Layers"), held on its import graph: every static import,
// re-export, dynamic import() and import type of every non-test .ts/.tsx file under engine/, read with
// the TypeScript parser. A node is a top-level folder of engine/, except that each subfolder of
// engine/pages/ (the page kinds) and of engine/app/pages/ (the app's own pages) is a node of its own;
// a file directly under engine/ (main.tsx) is a node named after it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ENGINE = fileURLToPath(new URL('../../engine', import.meta.url));

/**
 * The layers, lowest first, as engine/README.md's table has them. A node may import its own files and
 * the nodes of its own layer or of a layer below (within a layer the graph must still have no cycle).
 * `app/pages/*` stands for every subfolder of engine/app/pages/.
 */
const LAYERS: { name: string; nodes: string[] }[] = [
  { name: 'foundation', nodes: ['core', 'store', 'format', 'validation', 'print', 'dev', 'tabs', 'styles'] },
  { name: 'request', nodes: ['request'] },
  { name: 'services', nodes: ['i18n', 'menu', 'files', 'session'] },
  { name: 'screen model', nodes: ['screens'] },
  { name: 'parts', nodes: ['widgets', 'dialogs', 'selectors'] },
  {
    name: 'page kinds',
    nodes: [
      'pages',
      'pages/form',
      'pages/editableTable',
      'pages/document',
      'pages/detail',
      'pages/list',
      'pages/dashboard',
    ],
  },
  { name: 'host', nodes: ['host'] },
  { name: 'app', nodes: ['app', 'app/pages/*', 'shell', 'router', 'main'] },
];

const APP_LAYER = 'app';

/** Folders whose subfolders are nodes of their own. */
const SPLIT = ['pages', 'app/pages'];

interface Edge {
  from: string;
  to: string;
  /** engine-relative paths and the line of the import, for the message. */
  file: string;
  line: number;
  target: string;
}

const isTest = (name: string) => /\.test\.tsx?$/.test(name) || name === 'testing.ts';

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts') && !isTest(name)) out.push(path);
  }
  return out;
}

/** The node of an engine-relative path (posix separators). */
function nodeOf(path: string): string {
  const parts = path.split('/');
  if (parts.length === 1) return parts[0].replace(/\.[^.]+$/, '');
  for (const split of [...SPLIT].sort((a, b) => b.length - a.length)) {
    const depth = split.split('/').length;
    if (parts.slice(0, depth).join('/') === split)
      return parts.length > depth + 1 ? parts.slice(0, depth + 1).join('/') : split;
  }
  return parts[0];
}

/** The module specifiers a file imports, with their lines: the parser's, not a pattern's. */
function specifiersOf(path: string, text: string): { spec: string; line: number }[] {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const found: { spec: string; line: number }[] = [];
  const add = (node: ts.Node, literal: ts.Node | undefined) => {
    if (literal && ts.isStringLiteralLike(literal))
      found.push({
        spec: literal.text,
        line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node, node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      add(node, node.moduleReference.expression);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      add(node, node.arguments[0]);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      add(node, node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The file a relative (or @engine/) specifier names, as Vite resolves it; undefined for packages. */
function resolveSpecifier(from: string, spec: string): string | null | undefined {
  let base: string;
  if (spec.startsWith('.')) base = resolve(dirname(from), spec);
  else if (spec.startsWith('@engine/')) base = join(ENGINE, spec.slice('@engine/'.length));
  else return undefined;
  base = base.replace(/\?.*$/, '');
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  if (base.endsWith('.js')) candidates.push(base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'));
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

function engineGraph(): { edges: Edge[]; unresolved: string[]; nodes: Set<string> } {
  const edges: Edge[] = [];
  const unresolved: string[] = [];
  const nodes = new Set<string>();
  const rel = (p: string) => relative(ENGINE, p).split(sep).join('/');
  for (const path of sourceFiles(ENGINE)) {
    const file = rel(path);
    nodes.add(nodeOf(file));
    for (const { spec, line } of specifiersOf(path, readFileSync(path, 'utf8'))) {
      const target = resolveSpecifier(path, spec);
      if (target === undefined) continue;
      if (target === null) {
        unresolved.push(`${file}:${line} '${spec}'`);
        continue;
      }
      const to = rel(target);
      if (to.startsWith('..')) continue;
      edges.push({ from: nodeOf(file), to: nodeOf(to), file, line, target: to });
      nodes.add(nodeOf(to));
    }
  }
  return { edges, unresolved, nodes };
}

/** The strongly connected components of the folder graph (folders importing in a circle), with cycles. */
function folderCycles(edges: Edge[]): { nodes: string[]; cycles: Edge[][] }[] {
  const out = new Map<string, Map<string, Edge>>();
  for (const e of edges) {
    if (e.from === e.to) continue;
    if (!out.has(e.from)) out.set(e.from, new Map());
    if (!out.get(e.from)!.has(e.to)) out.get(e.from)!.set(e.to, e);
  }
  const nodes = [...new Set(edges.flatMap((e) => [e.from, e.to]))].sort();
  // Tarjan's strongly connected components.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of [...(out.get(v)?.keys() ?? [])].sort()) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const v of nodes) if (!index.has(v)) connect(v);
  // For each node of a component, the shortest cycle through it (breadth first, inside the
  // component), each cycle once: enough to see every edge that holds the component together.
  return components.map((component) => {
    const inside = new Set(component);
    const cycles = new Map<string, Edge[]>();
    for (const start of component) {
      const previous = new Map<string, string>();
      const queue = [start];
      search: while (queue.length) {
        const v = queue.shift()!;
        for (const w of [...(out.get(v)?.keys() ?? [])].sort()) {
          if (!inside.has(w)) continue;
          if (w === start) {
            previous.set(start, v);
            break search;
          }
          if (previous.has(w)) continue;
          previous.set(w, v);
          queue.push(w);
        }
      }
      const path = [start];
      for (let v = previous.get(start)!; v !== start; v = previous.get(v)!) path.splice(1, 0, v);
      // The same cycle found from another of its nodes: keyed by its nodes from the smallest.
      const first = path.indexOf([...path].sort()[0]);
      const key = [...path.slice(first), ...path.slice(0, first)].join(' ');
      if (!cycles.has(key))
        cycles.set(
          key,
          path.map((v, i) => out.get(v)!.get(path[(i + 1) % path.length])!),
        );
    }
    return { nodes: component, cycles: [...cycles.values()] };
  });
}

function formatComponent({ nodes, cycles }: { nodes: string[]; cycles: Edge[][] }): string {
  return [`${nodes.length} folders in one circle: ${nodes.join(', ')}`, ...cycles.map(formatCycle)].join(
    '\n',
  );
}

function formatCycle(cycle: Edge[]): string {
  const head = [...cycle.map((e) => e.from), cycle[0].from].join(' -> ');
  const lines = cycle.map((e) => `  ${e.from} -> ${e.to}: ${e.file}:${e.line} imports ${e.target}`);
  return [head, ...lines].join('\n');
}

/** The layer of a node, by its index in LAYERS; undefined when no layer names it. */
function layerOf(node: string): number | undefined {
  const i = LAYERS.findIndex((l) =>
    l.nodes.some((n) => (n.endsWith('/*') ? node.startsWith(n.slice(0, -1)) : n === node)),
  );
  return i < 0 ? undefined : i;
}

const layerName = (node: string) => LAYERS[layerOf(node) ?? -1]?.name ?? 'none';
const describeEdge = (e: Edge) =>
  `${e.file}:${e.line} imports ${e.target} (${e.from}, layer ${layerName(e.from)} -> ${e.to}, layer ${layerName(e.to)})`;

describe('the engine import graph', () => {
  const graph = engineGraph();

  it('resolves every relative import of every engine source file', () => {
    expect(graph.unresolved).toEqual([]);
    expect(graph.edges.length).toBeGreaterThan(500);
  });

  it('has a layer for every folder', () => {
    expect([...graph.nodes].filter((n) => layerOf(n) === undefined).sort()).toEqual([]);
  });

  it('has no cycle between folders', () => {
    // Each circle: its folders, then a cycle through each, every step with the import that makes it.
    expect(folderCycles(graph.edges).map(formatComponent).join('\n\n')).toBe('');
  });

  it('imports only within a folder, its own layer or the layers below', () => {
    const upward = graph.edges
      .filter((e) => e.from !== e.to)
      .filter((e) => (layerOf(e.to) ?? Number.POSITIVE_INFINITY) > (layerOf(e.from) ?? -1))
      .map(describeEdge);
    expect(upward).toEqual([]);
  });

  it('is the only importer of the app layer', () => {
    const app = LAYERS.findIndex((l) => l.name === APP_LAYER);
    const intoApp = graph.edges
      .filter((e) => layerOf(e.to) === app && layerOf(e.from) !== app)
      .map(describeEdge);
    expect(intoApp).toEqual([]);
  });
});

describe('the import graph checks themselves', () => {
  const edge = (from: string, to: string): Edge => ({
    from,
    to,
    file: `${from}/a.ts`,
    line: 1,
    target: `${to}/b.ts`,
  });

  it('names the nodes: top folders, page kinds and app pages apart', () => {
    expect(nodeOf('main.tsx')).toBe('main');
    expect(nodeOf('request/index.ts')).toBe('request');
    expect(nodeOf('shell/topbar/TopBar.tsx')).toBe('shell');
    expect(nodeOf('pages/types.ts')).toBe('pages');
    expect(nodeOf('pages/list/ListPage.tsx')).toBe('pages/list');
    expect(nodeOf('app/appStore.ts')).toBe('app');
    expect(nodeOf('app/pages/login/LoginPage.tsx')).toBe('app/pages/login');
    expect(layerOf('app/pages/login')).toBe(LAYERS.length - 1);
  });

  it('reads every kind of import: static, type-only, re-export, dynamic and import types', () => {
    const text = [
      "import a from './a';",
      "import type { B } from '../b';",
      "import './c.css';",
      "export { d } from './d';",
      "export * from './e';",
      "const F = lazy(() => import('./f'));",
      "type G = typeof import('./g');",
      "const h = 'import(\\'./h\\')'; // import i from './i';",
    ].join('\n');
    expect(specifiersOf('x.tsx', text)).toEqual([
      { spec: './a', line: 1 },
      { spec: '../b', line: 2 },
      { spec: './c.css', line: 3 },
      { spec: './d', line: 4 },
      { spec: './e', line: 5 },
      { spec: './f', line: 6 },
      { spec: './g', line: 7 },
    ]);
  });

  it('finds a cycle and names an import for each of its edges', () => {
    const cycles = folderCycles([
      edge('a', 'b'),
      edge('b', 'c'),
      edge('c', 'a'),
      edge('c', 'd'),
      edge('d', 'd'),
    ]);
    expect(cycles.map((c) => c.nodes)).toEqual([['a', 'b', 'c']]);
    expect(cycles[0].cycles.map(formatCycle)).toEqual([
      'a -> b -> c -> a\n' +
        '  a -> b: a/a.ts:1 imports b/b.ts\n' +
        '  b -> c: b/a.ts:1 imports c/b.ts\n' +
        '  c -> a: c/a.ts:1 imports a/b.ts',
    ]);
    expect(folderCycles([edge('a', 'b'), edge('b', 'c'), edge('a', 'c')])).toEqual([]);
  });
});
