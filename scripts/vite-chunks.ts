// How the build cuts the browser app into files (vite.config.ts, rolldown's codeSplitting). A route
// must download what it renders and little else, in few files: each file costs about 1 kB of
// response headers over the wire on top of its bytes, and left alone the bundler makes a file of every
// set of lazy imports that share a module (antd's components alone came to some sixty files of 1 to
// 10 kB for one list page). So the modules go in tiers, each a file of its own, in the order a signed-in
// page loads them:
//
//   boot     the entry file: every module the first page needs whatever the route (React, the
//            router, i18next, the request layer, the session: what main.tsx imports statically),
//            and what the login page shares with the other pages (the icons' base, the date
//            format), which every route loads next; the login page itself is a lazy chunk of its own;
//   shell    what the shell and the page host need (the layout, side menu, tabs, antd's core, the
//            screens' loader and model with the route table), since every signed-in page renders
//            inside them, and what lists, forms and detail pages all share;
//   pages-*  what some page kinds share, a file for each set of kinds (list and detail: antd's table;
//            form and detail: Formily), so a list does not load what only forms and details share;
//   the rest each page kind, dialog and widget with what only it uses, as the bundler cuts it:
//            the date pickers, the permission tree, upload, charts, the editable table and the
//            dialogs load with the page, the field or the click that shows them, never before.
//
// A module joins the first tier whose roots reach it through static imports. A tier only imports
// tiers above it, so the files never import each other in a circle, and a file's modules run in the
// order they were written without the bundler's wrappers (output.strictExecutionOrder) around each.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { ModuleInfo } from 'rolldown';

/** The lazy modules that root each tier, by their path under engine/. */
const LOGIN_ROOTS = [/[\\/]engine[\\/]app[\\/]pages[\\/]login[\\/]LoginPage\.tsx$/];
const SHELL_ROOTS = [
  /[\\/]engine[\\/]shell[\\/]Shell\.tsx$/,
  /[\\/]engine[\\/]host[\\/]ScreenHost\.tsx$/,
  // The screens' model (engine/screens/: the route table the shell imports lazily, the date presets
  // and document declarations of lists, details and widgets): small, and every signed-in route uses it.
  /[\\/]engine[\\/]screens[\\/][^\\/]+\.ts$/,
];
const KIND_NAMES = ['list', 'form', 'detail', 'dashboard'];
const PAGE_KIND_ROOTS = [
  /[\\/]engine[\\/]pages[\\/]list[\\/]ListPage\.tsx$/,
  /[\\/]engine[\\/]pages[\\/]form[\\/]FormPage\.tsx$/,
  /[\\/]engine[\\/]pages[\\/]detail[\\/]DetailPage\.tsx$/,
  /[\\/]engine[\\/]pages[\\/]dashboard[\\/]DashboardPage\.tsx$/,
];

type Info = (id: string) => ModuleInfo | null;

/** Every module reachable from the module `from` by any import, static or dynamic, either way. */
function allModules(from: string, info: Info): string[] {
  const seen = new Set<string>([from]);
  const queue = [from];
  while (queue.length > 0) {
    const m = info(queue.pop() as string);
    if (!m) continue;
    for (const next of [...m.importers, ...m.importedIds, ...m.dynamicImporters, ...m.dynamicallyImportedIds])
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
  }
  return [...seen];
}

// A package's index (antd, @ant-design/icons, @formily/antd-v5) re-exports every component of the
// package: following all of its imports would make a page that uses antd's Button reach antd's date
// pickers and tables too, which the bundler leaves out of that page. So a module reaches through a
// re-export (`export { X } from`, `export * from`) only the modules of the names it imports; its own
// imports it reaches whole.
const REEXPORT = /^export\s*(\*(?:\s+as\s+[\w$]+)?|\{([^}]*)\})\s*from\s*['"]([^'"]+)['"]$/;
const IMPORT =
  /^import\s+(?:([\w$]+)\s*,?\s*)?(\*\s+as\s+[\w$]+|\{([^}]*)\})?\s*(?:from\s*)?['"]([^'"]+)['"]$/;

/** The statements of a module's code, comments and directives left out. */
function statements(code: string): string[] {
  return (
    code
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '')
      // An import's names may span lines: the braces hold no statement break.
      .replace(/\{[^{}]*\}/g, (names) => names.replace(/\s+/g, ' '))
      .split(/;|\n/)
      .map((s) => s.replace(/\s+/g, ' ').trim())
      .filter((s) => s !== '')
  );
}

/** `a`, `default as b`, `c as d` -> [[name there, name here], ...]. */
const specifiers = (list: string) =>
  list
    .split(',')
    .map((part) => part.trim().split(/\s+as\s+/))
    .filter(([name]) => name)
    .map(([name, alias]) => [name, alias ?? name] as const);

/** Every name: a namespace import, or a module whose imports could not be read. */
const ALL = '*';

interface Parsed {
  /** The modules imported for the module's own use, with the names taken from each. */
  imports: Map<string, Set<string>>;
  /** Re-exports: the name given out -> [module, name there]; `export *` under ALL. */
  reexports: Map<string, [string, string][]>;
}

export class Graph {
  private parsed = new Map<string, Parsed>();
  constructor(private readonly info: Info) {}

  /** The module a specifier of `from` names, among the modules `from` imports. */
  private target(from: string, spec: string, ids: string[]): string | undefined {
    if (spec.startsWith('.')) {
      const base = resolve(dirname(from), spec);
      return ids.find(
        (id) =>
          id === base ||
          (id.startsWith(base) &&
            /^(\.[cm]?[jt]sx?|\.json|\.css|[\\/]index\.[cm]?[jt]sx?)$/.test(id.slice(base.length))),
      );
    }
    return ids.find((id) => {
      const path = id.replace(/\\/g, '/');
      return (
        path.includes(`/node_modules/${spec}/`) ||
        new RegExp(`/node_modules/${spec.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.[cm]?js$`).test(path)
      );
    });
  }

  private parse(id: string): Parsed {
    let parsed = this.parsed.get(id);
    if (parsed) return parsed;
    const m = this.info(id);
    const ids = m?.importedIds ?? [];
    parsed = { imports: new Map(), reexports: new Map() };
    const take = (target: string, names: Iterable<string>) => {
      const set = parsed?.imports.get(target) ?? new Set<string>();
      for (const n of names) set.add(n);
      parsed?.imports.set(target, set);
    };
    const accounted = new Set<string>();
    for (const s of m?.code ? statements(m.code) : []) {
      const re = REEXPORT.exec(s);
      if (re) {
        const target = this.target(id, re[3], ids);
        if (!target) continue;
        accounted.add(target);
        if (re[1].startsWith('*')) {
          // `export * as ns from` gives one name holding everything.
          const name = re[1].includes(' as ') ? re[1].split(' as ')[1].trim() : ALL;
          parsed.reexports.set(name, [...(parsed.reexports.get(name) ?? []), [target, ALL]]);
        } else
          for (const [there, here] of specifiers(re[2]))
            parsed.reexports.set(here, [...(parsed.reexports.get(here) ?? []), [target, there]]);
        continue;
      }
      const im = IMPORT.exec(s);
      if (!im) continue;
      const target = this.target(id, im[4], ids);
      if (!target) continue;
      accounted.add(target);
      const names: string[] = [];
      if (im[1]) names.push('default');
      if (im[2]?.startsWith('*')) names.push(ALL);
      for (const [there] of specifiers(im[3] ?? '')) names.push(there);
      take(target, names);
    }
    // What the code does not show as an import statement (require(), an alias): all of it.
    for (const target of ids) if (!accounted.has(target)) take(target, [ALL]);
    this.parsed.set(id, parsed);
    return parsed;
  }

  /**
   * Whether a module exports `name`: its own exports, or those of a module it hands on with
   * `export *` (rolldown lists such a re-export as `*`, not by the names it brings: @formily/react's
   * index hands on its hooks that way, through a second `export *`).
   */
  private provides(id: string, name: string, seen = new Set<string>()): boolean {
    if (seen.has(id)) return false;
    seen.add(id);
    const exports = this.info(id)?.exports ?? [];
    if (exports.includes(name)) return true;
    if (!exports.includes(ALL)) return false;
    return (this.parse(id).reexports.get(ALL) ?? []).some(([target]) => this.provides(target, name, seen));
  }

  /** The modules a root loads with it: itself and what it imports statically, transitively. */
  closure(root: string): Set<string> {
    return this.walk(root).seen;
  }

  /** How a root reaches a module: the chain of imports, root first (empty if it does not). */
  why(root: string, target: string): string[] {
    const { seen, from } = this.walk(root);
    const chain: string[] = [];
    for (let at: string | undefined = seen.has(target) ? target : undefined; at; at = from.get(at))
      chain.unshift(at);
    return chain;
  }

  private walk(root: string): { seen: Set<string>; from: Map<string, string> } {
    const seen = new Set<string>();
    const from = new Map<string, string>();
    /** The names already asked of each module. */
    const asked = new Map<string, Set<string>>();
    // A lazy module is imported whole: `import()` gives every name.
    const queue: [string, string[], string?][] = [[root, [ALL]]];
    while (queue.length > 0) {
      const [id, names, parent] = queue.pop() as [string, string[], string?];
      const parsed = this.parse(id);
      if (!seen.has(id)) {
        seen.add(id);
        if (parent) from.set(id, parent);
        asked.set(id, new Set());
        for (const [target, taken] of parsed.imports) queue.push([target, [...taken], id]);
      }
      const done = asked.get(id) as Set<string>;
      for (const name of names) {
        if (done.has(name) || done.has(ALL)) continue;
        done.add(name);
        for (const [key, sources] of parsed.reexports)
          for (const [target, there] of sources) {
            if (key === ALL) {
              // `export *` hands on the names its module exports, never its default.
              if (name === ALL) queue.push([target, [ALL], id]);
              else if (name !== 'default' && this.provides(target, name)) queue.push([target, [name], id]);
            } else if (name === ALL || key === name) queue.push([target, [there], id]);
          }
      }
    }
    return { seen, from };
  }
}

export interface Tiers {
  /** The tier a module goes to, or null to leave it to the bundler. */
  tierOf(id: string): string | null;
}

/** The folder of the npm package a module comes from (the last node_modules/<name> of its path). */
const PACKAGE_FOLDER = /^(.*[\\/]node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/;
const sideEffectsDeclared = new Map<string, boolean>();

/** Whether the package a module comes from says which of its modules have side effects. */
function declaresSideEffects(id: string): boolean {
  const folder = PACKAGE_FOLDER.exec(id)?.[1];
  if (!folder) return false;
  let declared = sideEffectsDeclared.get(folder);
  if (declared === undefined) {
    try {
      declared = 'sideEffects' in JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
    } catch {
      declared = false;
    }
    sideEffectsDeclared.set(folder, declared);
  }
  return declared;
}

/** The kinds nearly every screen is: what all three share goes with the shell, which loads first. */
const MAIN_KINDS = ['list', 'form', 'detail'];
/** The tier of what some page kinds share. */
const pagesTier = (kinds: string[]) =>
  MAIN_KINDS.every((k) => kinds.includes(k)) ? 'shell' : `pages-${kinds.join('-')}`;
const kindsOf = (tier: string) => (tier.startsWith('pages-') ? tier.slice('pages-'.length).split('-') : []);
/** Higher tiers load first: boot, then shell, then the pages tiers. */
const rank = (tier: string) => (tier === 'boot' ? 0 : tier === 'shell' ? 1 : 2);

/** The tiers of the module graph the module `id` belongs to. */
export function computeTiers(id: string, info: Info): Tiers {
  const modules = allModules(id, info);
  const graph = new Graph(info);
  const closures = (roots: RegExp[]) =>
    modules.filter((m) => roots.some((r) => r.test(m))).map((m) => graph.closure(m));
  const login = closures(LOGIN_ROOTS);
  const shell = closures(SHELL_ROOTS);
  const kindRoots = PAGE_KIND_ROOTS.map((r) => modules.find((m) => r.test(m)));
  const kinds = kindRoots.map((root) => (root ? graph.closure(root) : new Set<string>()));
  // What every other lazy module loads: what the login page shares with them goes with the entry;
  // what only the login page uses stays in its own chunk.
  const lazyRoots = modules.filter((m) => (info(m)?.dynamicImporters.length ?? 0) > 0);
  const elsewhere = new Set<string>();
  for (const root of lazyRoots)
    if (!LOGIN_ROOTS.some((r) => r.test(root))) for (const m of graph.closure(root)) elsewhere.add(m);
  const reachedBy = (sets: Set<string>[], m: string) => sets.some((s) => s.has(m));
  // The entry's own modules: what it imports statically.
  const initial = new Set(modules.filter((m) => info(m)?.isEntry).flatMap((m) => [...graph.closure(m)]));
  const tierOf = (m: string): string | null => {
    if (initial.has(m)) return 'boot';
    if (reachedBy(login, m)) return elsewhere.has(m) ? 'boot' : null;
    if (reachedBy(shell, m)) return 'shell';
    const sharing = kinds.flatMap((k, i) => (k.has(m) ? [KIND_NAMES[i]] : []));
    return sharing.length > 1 ? pagesTier(sharing) : null;
  };
  const tiers = new Map<string, string>();
  for (const m of modules) {
    const tier = tierOf(m);
    if (tier) tiers.set(m, tier);
  }
  // The names a module takes from a package's index decide what it reaches, but the bundler keeps
  // every module such an index imports when the package does not say its modules are free of side
  // effects (package.json `sideEffects`: @formily/react's components, for one). Each such module
  // joins the tier of the modules that import it (the highest, or the pages tier of all their
  // kinds), so that no tier imports one below it. (A package that does say so, antd, keeps only what
  // is used: its index leads nowhere.)
  const join = (a: string | undefined, b: string): string => {
    if (a === undefined || a === b) return b;
    if (rank(a) !== rank(b)) return rank(a) < rank(b) ? a : b;
    return pagesTier(KIND_NAMES.filter((k) => kindsOf(a).includes(k) || kindsOf(b).includes(k)));
  };
  const imported = new Map<string, string>();
  for (const queue = [...tiers.keys()]; queue.length > 0; ) {
    const from = queue.pop() as string;
    if (declaresSideEffects(from)) continue;
    const tier = tiers.get(from) ?? (imported.get(from) as string);
    for (const next of info(from)?.importedIds ?? []) {
      if (tiers.has(next)) continue;
      const joined = join(imported.get(next), tier);
      if (joined === imported.get(next)) continue;
      imported.set(next, joined);
      queue.push(next);
    }
  }
  return { tierOf: (m) => tiers.get(m) ?? imported.get(m) ?? null };
}

/** rolldown's `output.codeSplitting`. */
export function chunkGroups() {
  let tiers: Tiers | undefined;
  return {
    groups: [
      {
        debugName: 'tiers',
        // The tiers hold their dependencies already (a module's imports are in its tier or above);
        // pulling them in again would move, say, antd's menu into the pages tier because Formily
        // imports it too.
        includeDependenciesRecursively: false,
        name: (id: string, ctx: { getModuleInfo: Info }) => {
          // Worked out at the first module, once per build (a config serves one build).
          tiers ??= computeTiers(id, (m) => ctx.getModuleInfo(m));
          return tiers.tierOf(id);
        },
      },
    ],
  };
}
