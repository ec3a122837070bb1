// Writes the import fixtures (tests/fixtures/import/*.xlsx) from their CSV sources with LibreOffice,
// so the tests read workbooks a real spreadsheet program wrote. LibreOffice is not in CI: run this
// after changing a CSV and commit the .xlsx files. Needs `apt-get install libreoffice-calc-nogui`.
// Text columns stay text (codes keep leading zeros); the two date columns are read as Y-M-D dates.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIR = fileURLToPath(new URL('../tests/fixtures/import/', import.meta.url));
// Separator 44 (,), quote 34 ("), charset 76 (UTF-8), start at line 1, then column/format pairs:
// 2 = text, 5 = date Y-M-D.
const COLUMNS = '1/2/2/2/3/2/4/2/5/2/6/2/7/5/8/5';
const FILTER = `CSV:44,34,76,1,${COLUMNS}`;

const profile = mkdtempSync(join(tmpdir(), 'import-lo-'));
try {
  const sources = readdirSync(DIR).filter((f) => f.endsWith('.csv'));
  for (const csv of sources) {
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=file://${profile}`,
        '--headless',
        `--infilter=${FILTER}`,
        '--convert-to',
        'xlsx:Calc MS Excel 2007 XML',
        '--outdir',
        DIR,
        join(DIR, csv),
      ],
      { stdio: 'inherit', timeout: 120_000 },
    );
  }
  console.log(`wrote ${sources.length} workbooks to ${DIR}`);
} finally {
  rmSync(profile, { recursive: true, force: true });
}
