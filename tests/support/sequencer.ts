// The order test files start in: the few integration files that take far longer than the rest first, so
// that no worker is left running one of them alone at the end of the run, then the others as Vitest
// orders them (by their last duration where it remembers one, else larger files first). A clean
// checkout, as CI runs, has no durations yet: without the list the longest integration file (a minute
// and more, two servers started and killed in processes of their own) started last. The e2e files are
// left in Vitest's order: the run took longer with their two longest, the walks over every screen, side
// by side first than with the larger files first.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The longest files, longest first: most start servers in processes of their own. */
const LONGEST = [
  'tests/integration/import-kill.test.ts',
  'tests/integration/transport.test.ts',
  'tests/integration/security.test.ts',
  'tests/integration/start.test.ts',
  'tests/integration/scheduler.test.ts',
  'tests/integration/export-large.test.ts',
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONGEST.indexOf(relative(f.project.config.root, f.moduleId).replaceAll('\\', '/'));
      return i < 0 ? LONGEST.length : i;
    };
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
