// Writes the import fixtures (tests/fixtures/import/*.xlsx) from their CSV sources with LibreOffice,
// so the tests read workbooks a real spreadsheet program wrote. LibreOffice is not in CI: run this
// after changing a CSV and commit the .xlsx and .xls files. Needs `apt-get install libreoffice-calc-nogui`.
// Text columns stay text (codes keep leading zeros); the two date columns are read as Y-M-D dates.
//
// legacy.csv becomes one sheet saved twice, as legacy.xlsx and as an old binary legacy.xls (Excel 97),
// with formulas (text, numbers and a date computed in cells), dates and numbers. Its cells starting
// with = are evaluated; the workbook is then opened again with recalculation on load (without it,
// LibreOffice's .xls export stores 0 for a formula whose result is text) and saved in both formats.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIR = fileURLToPath(new URL('../tests/fixtures/import/', import.meta.url));
// Separator 44 (,), quote 34 ("), charset 76 (UTF-8), start at line 1, then column/format pairs:
// 2 = text, 5 = date Y-M-D.
const COLUMNS = '1/2/2/2/3/2/4/2/5/2/6/2/7/5/8/5';
const FILTER = `CSV:44,34,76,1,${COLUMNS}`;

/** Column formats of legacy.csv: 1 standard (formulas are evaluated), 2 text, 5 date Y-M-D. */
const LEGACY_COLUMNS = '1/2/2/1/3/2/4/2/5/1/6/2/7/5/8/1/9/1/10/1';
// Language 1033 (en-US, so formulas use its syntax); token 13: evaluate formulas.
const LEGACY_FILTER = `CSV:44,34,76,1,${LEGACY_COLUMNS},1033,false,false,false,false,false,0,true`;
const LEGACY = 'legacy.csv';
/** LibreOffice settings: recalculate every formula when a workbook is opened. */
const RECALC = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="ODFRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
`;

const soffice = (profile: string, args: string[]) =>
  execFileSync('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', ...args], {
    stdio: 'inherit',
    timeout: 120_000,
  });

const profile = mkdtempSync(join(tmpdir(), 'import-lo-'));
const recalcProfile = mkdtempSync(join(tmpdir(), 'import-lo-recalc-'));
const work = mkdtempSync(join(tmpdir(), 'import-lo-work-'));
try {
  // `tsx scripts/make-import-fixtures.ts legacy.csv` writes only the workbooks of the sources named.
  const only = process.argv.slice(2);
  const wanted = (f: string) => !only.length || only.includes(f);
  const sources = readdirSync(DIR).filter((f) => f.endsWith('.csv') && f !== LEGACY && wanted(f));
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
  if (wanted(LEGACY)) {
    soffice(profile, [
      `--infilter=${LEGACY_FILTER}`,
      '--convert-to',
      'xlsx',
      '--outdir',
      work,
      join(DIR, LEGACY),
    ]);
    mkdirSync(join(recalcProfile, 'user'), { recursive: true });
    writeFileSync(join(recalcProfile, 'user', 'registrymodifications.xcu'), RECALC);
    for (const format of ['xlsx:Calc MS Excel 2007 XML', 'xls:MS Excel 97'])
      soffice(recalcProfile, ['--convert-to', format, '--outdir', DIR, join(work, 'legacy.xlsx')]);
  }
  console.log(`wrote the workbooks to ${DIR}`);
} finally {
  for (const dir of [profile, recalcProfile, work]) rmSync(dir, { recursive: true, force: true });
}
