// Hand-written SQL in the service modules: every module that builds SQL itself says why in one line
// (`// hand-written SQL: <reason>`), so the list `npm run count:hand-sql` prints stays a list of reasons.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { inspectModule, moduleSources, reasonProblems } from '../../scripts/count-hand-sql';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('hand-written SQL in services/modules', () => {
  it('is declared with its reason wherever a module has it, and only there', () => {
    const modules = moduleSources(root).map((m) => inspectModule(m.module, m.text));
    expect(modules.length).toBeGreaterThan(50);
    const problems = reasonProblems(modules);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('finds query builders, sql templates and transactions, not words in comments', () => {
    const hand = (text: string) => inspectModule('IXService', text).hand;
    expect(hand("const r = await ctx.db.selectFrom('sysTag').selectAll().execute();")).toBe(true);
    expect(hand("await tx.updateTable('bmOrg').set({ orgName: 'x' }).execute();")).toBe(true);
    expect(hand('q.where(sql<boolean>`t1.scope_all`);')).toBe(true);
    expect(hand('await ctx.db.transaction().execute(async (tx) => work(tx));')).toBe(true);
    expect(hand("// the resource layer runs .selectFrom('x') and sql`` for us\nexport const a = 1;")).toBe(
      false,
    );
    expect(hand("...standardMethods(orgResource, { list: 'getbmorglistbyparams' }),")).toBe(false);
  });

  it('refuses hand-written SQL without its reason, and a reason without hand-written SQL', () => {
    const sqlText = "await ctx.db.deleteFrom('sysCache').execute();";
    const reason = '// hand-written SQL: clears the whole cache table at once\n';
    expect(reasonProblems([inspectModule('IA', sqlText)])).toEqual([
      expect.stringContaining('services/modules/IA.ts writes SQL by hand'),
    ]);
    expect(reasonProblems([inspectModule('IB', reason + sqlText)])).toEqual([]);
    expect(inspectModule('IB', reason + sqlText).reason).toBe('clears the whole cache table at once');
    expect(reasonProblems([inspectModule('IC', `${reason}export const a = 1;`)])).toEqual([
      expect.stringContaining('says "hand-written SQL" but writes none'),
    ]);
  });
});
