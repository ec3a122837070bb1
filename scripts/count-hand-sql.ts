// `npm run count:hand-sql`: the service modules (services/modules/) that write SQL by hand (Kysely
// query builders or sql`` templates) instead of leaving it to the resource layer, each with the reason
// it keeps it. A module with hand-written SQL carries the reason on one line,
//   // hand-written SQL: <reason>
// and tests/unit/hand-sql.test.ts fails when one lacks it (or keeps the line without any such SQL).
// `-- --ref <commit>` counts the modules of a commit instead of the working tree (read with git).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MODULES_DIR = 'services/modules';

/** A statement built by hand: a Kysely builder that reads or writes, a raw sql`` template, a transaction. */
const HAND_SQL =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(<[^>]*>)?`|\.transaction\(\)/;
const REASON = /^\s*\/\/ hand-written SQL: (.*\S)\s*$/m;

export interface ModuleSql {
  module: string;
  /** The module builds SQL itself. */
  hand: boolean;
  /** Its `// hand-written SQL: <reason>` line, if it has one. */
  reason?: string;
}

/** The code without its comments, so a comment that mentions a builder does not count as one. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

export function inspectModule(module: string, text: string): ModuleSql {
  const reason = REASON.exec(text)?.[1];
  return { module, hand: HAND_SQL.test(code(text)), ...(reason ? { reason } : {}) };
}

/** Every module's source: the working tree's, or a commit's (`ref`). */
export function moduleSources(root: string, ref?: string): { module: string; text: string }[] {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
  const names = ref
    ? git('ls-tree', '--name-only', `${ref}:${MODULES_DIR}`).split('\n')
    : readdirSync(join(root, MODULES_DIR));
  return names
    .filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))
    .sort()
    .map((n) => ({
      module: n.replace(/\.ts$/, ''),
      text: ref
        ? git('show', `${ref}:${MODULES_DIR}/${n}`)
        : readFileSync(join(root, MODULES_DIR, n), 'utf8'),
    }));
}

/** What is wrong with the reason lines: a module with hand SQL and none, or a line without hand SQL. */
export function reasonProblems(modules: ModuleSql[]): string[] {
  return modules.flatMap((m) => {
    if (m.hand && !m.reason)
      return [
        `${MODULES_DIR}/${m.module}.ts writes SQL by hand: say why in a line "// hand-written SQL: <reason>"`,
      ];
    if (!m.hand && m.reason)
      return [`${MODULES_DIR}/${m.module}.ts says "hand-written SQL" but writes none: remove the line`];
    return [];
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const at = process.argv.indexOf('--ref');
  const ref = at > 0 ? process.argv[at + 1] : undefined;
  const modules = moduleSources(root, ref).map((m) => inspectModule(m.module, m.text));
  const hand = modules.filter((m) => m.hand);
  for (const m of hand) console.log(`${m.module.padEnd(34)} ${m.reason ?? '(no reason given)'}`);
  console.log(
    `${hand.length} of ${modules.length} modules in ${MODULES_DIR} write SQL by hand${ref ? ` at ${ref}` : ''}`,
  );
  const problems = ref ? [] : reasonProblems(modules);
  for (const p of problems) console.log(p);
  process.exit(problems.length ? 1 : 0);
}
