// How the build cuts the browser app into files (vite.config.ts, rolldown's codeSplitting). A route
// must download what it renders and little else, in few files: each file costs about 1 kB of
// response headers over the wire on top of its bytes, and left alone the bundler makes a file of every
// set of lazy imports that share a module (antd's components alone came to some sixty files of 1 to
// 10 kB for one list page). So the modules go in tiers, each a file of its own, in the order a signed-in
// page loads them:
//
//   index    every module the first page needs whatever the route: React, the router, i18next, the
//            request layer, the session (what main.tsx imports, statically);
//   login    what the login page shares with other pages (the icons' base, the date format);
//            the login page itself stays a lazy chunk of its own;
//   shell    what the shell and the page host need (the layout, side menu, tabs, antd's core, the
//            screen loader), since every signed-in page renders inside them;
//   pages    what two or more page kinds share (list, form, detail, dashboard: Formily, the table,
//            the search and dialog parts);
//   the rest each page kind, dialog and widget with what only it uses, as the bundler cuts it:
//            the date pickers, the permission tree, upload, charts and the editable table load with
//            the page or the field that renders them, never before.
//
// A module joins the first tier whose roots reach it through static imports. A tier only imports
// tiers above it, so the files never import each other in a circle.
import { dirname, resolve } from 'node:path';
import type { ModuleInfo } from 'rolldown';

/** The lazy modules that root each tier, by their path under engine/. */
const LOGIN_ROOTS = [/[\\/]engine[\\/]app[\\/]pages[\\/]login[\\/]LoginPage\.tsx$/];
const SHELL_ROOTS = [/[\\/]engine[\\/]shell[\\/]Shell\.tsx$/, /[\\/]engine[\\/]host[\\/]ScreenHost\.tsx$/];
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
              else if (name !== 'default' && (this.info(target)?.exports ?? []).includes(name))
                queue.push([target, [name], id]);
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
  // What every other lazy module loads: the login tier is what the login page shares with them; what
  // only the login page uses stays in its own chunk.
  const lazyRoots = modules.filter((m) => (info(m)?.dynamicImporters.length ?? 0) > 0);
  const elsewhere = new Set<string>();
  for (const root of lazyRoots)
    if (!LOGIN_ROOTS.some((r) => r.test(root))) for (const m of graph.closure(root)) elsewhere.add(m);
  const reachedBy = (sets: Set<string>[], m: string) => sets.filter((s) => s.has(m)).length;
  return {
    tierOf(m) {
      if (reachedBy(login, m) > 0) return elsewhere.has(m) ? 'login' : null;
      if (reachedBy(shell, m) > 0) return 'shell';
      // Shared by page kinds: one file per set of kinds, so a list does not load what only forms
      // and detail pages share.
      const sharing = kinds.flatMap((k, i) => (k.has(m) ? [KIND_NAMES[i]] : []));
      if (sharing.length > 1) return `pages-${sharing.join('-')}`;
      return null;
    },
  };
}

/** rolldown's `output.codeSplitting`. */
export function chunkGroups() {
  let tiers: Tiers | undefined;
  return {
    groups: [
      // What main.tsx loads statically: the entry file.
      { name: 'boot', tags: ['$initial' as const], priority: 2 },
      {
        debugName: 'tiers',
        priority: 1,
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
