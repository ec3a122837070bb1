// Check before write: an import answers first what it would do (rows to add, to update, left
// unchanged, in error) and writes nothing; the same file confirmed with the check's job is written.
// On update an empty cell keeps the stored value and the marker #CLEAR empties a field; the mode
// refuses the rows it does not allow; a record changed between check and confirm, or another file,
// is never written on stale decisions. Old binary .xls workbooks are read like .xlsx ones.
//
// On both databases: what the writes leave in the rows (kept, cleared, versions, nothing before the
// confirmation) and the .xls read. The refusals before anything is written run on PostgreSQL only.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATH, BOTH_DBS, startTestServer, type TestServer } from '../support/server.js';

const MENU = 'Base.Basic.Organizational';
const PORT = 'IBmOrgService';
const FIXTURES = fileURLToPath(new URL('../fixtures/import/', import.meta.url));
const HEADER = ['Organization code', 'Organization name', 'Short name', 'Remark'];

async function workbook(rows: unknown[][], header = HEADER): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Data');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe.each(BOTH_DBS)('import check and confirm on %s', (kind) => {
  const onPostgres = it.runIf(kind === 'postgres');
  let s: TestServer;
  let admin: string;

  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever came back.
  async function upload(data: Buffer, name: string, fields: Record<string, string>): Promise<any> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(data)]), name);
    const res = await fetch(`${s.url}${API_PATH}/${PORT}/importexcel`, {
      method: 'POST',
      headers: { 'authentication-info': admin, 'app-module-number': MENU, 'accept-language': 'en-US' },
      body: form,
    });
    return res.json();
  }
  const checkFile = (data: Buffer, mode: string, name = 'orgs.xlsx') =>
    upload(data, name, { step: 'check', mode });
  const confirm = (data: Buffer, jobId: string, name = 'orgs.xlsx') =>
    upload(data, name, { step: 'import', jobId });

  const org = (orgNo: string) =>
    s.server.database.db
      .selectFrom('bmOrg')
      .select(['orgName', 'orgShortName', 'remark', 'statusCode', 'version'])
      .where('orgNo', '=', orgNo)
      .executeTakeFirst();

  async function annotatedRows(jobId: string): Promise<unknown[][]> {
    const res = await fetch(`${s.url}${API_PATH}/${PORT}/downImportErrorFile`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'authentication-info': admin,
        'app-module-number': MENU,
        'accept-language': 'en-US',
      },
      body: JSON.stringify({ condition: { jobId } }),
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const rows: unknown[][] = [];
    book.worksheets[0].eachRow((row, n) => {
      rows[n] = (row.values as unknown[]).slice(1);
    });
    return rows;
  }

  beforeAll(async () => {
    s = await startTestServer({ database: kind });
    admin = await s.login('admin');
    await s.server.database.db
      .insertInto('bmOrg')
      .values([
        { orgNo: 'CHK001', orgName: 'Original', orgShortName: 'Short', remark: 'Keep me' },
        { orgNo: 'CHK003', orgName: 'Same', orgShortName: 'S' },
      ])
      .execute();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('checks without writing, then imports what was confirmed: empty cells keep, #CLEAR clears', async () => {
    const file = await workbook([
      ['CHK001', 'Renamed', '', '#CLEAR'],
      ['CHK002', 'New one', 'N2', ''],
      ['CHK003', 'Same', '', ''],
    ]);
    const checked = await checkFile(file, 'upsert');
    expect(checked.response?.data, JSON.stringify(checked)).toMatchObject({
      status: 'checked',
      mode: 'upsert',
      total: 3,
      inserted: 1,
      updated: 1,
      unchanged: 1,
      errorCount: 0,
      annotated: true,
    });
    // Nothing is written before the confirmation.
    expect(await org('CHK001')).toMatchObject({ orgName: 'Original', remark: 'Keep me', version: 1 });
    expect(await org('CHK002')).toBeUndefined();

    const imported = await confirm(file, checked.response.data.jobId);
    expect(imported.response?.data, JSON.stringify(imported)).toMatchObject({
      status: 'imported',
      inserted: 1,
      updated: 1,
      unchanged: 1,
    });
    expect(await org('CHK001')).toMatchObject({
      orgName: 'Renamed',
      orgShortName: 'Short',
      remark: null,
      statusCode: '1',
      version: 2,
    });
    expect(await org('CHK002')).toMatchObject({ orgName: 'New one', orgShortName: 'N2', version: 1 });
    // The unchanged row was not written.
    expect(await org('CHK003')).toMatchObject({ version: 1 });
    // A check is imported once.
    const again = await confirm(file, checked.response.data.jobId);
    expect(again).toMatchObject({ code: '10038' });
  });

  onPostgres('the annotated workbook of a check marks each changed field, old → new', async () => {
    await s.server.database.db
      .insertInto('bmOrg')
      .values({ orgNo: 'CHK010', orgName: 'Before', orgShortName: 'B', remark: 'Old remark' })
      .execute();
    const checked = await checkFile(
      await workbook([
        ['CHK010', 'After', '', '#clear'],
        ['CHK011', 'Brand new', '', ''],
      ]),
      'upsert',
    );
    expect(checked.response.data).toMatchObject({
      status: 'checked',
      inserted: 1,
      updated: 1,
      annotated: true,
    });
    const rows = await annotatedRows(checked.response.data.jobId);
    expect(rows[1].at(-1)).toBe('Changes');
    const changes = String(rows[2].at(-1));
    expect(changes).toContain('Organization name: Before → After');
    expect(changes).toContain('Remark: Old remark → (cleared)');
    expect(changes).not.toContain('Short name');
    expect(rows[3][4]).toBeUndefined();
    expect(await org('CHK010')).toMatchObject({ orgName: 'Before', version: 1 });
  });

  onPostgres(
    'the mode refuses the rows it does not allow, in the caller’s language, and writes nothing',
    async () => {
      const file = await workbook([
        ['CHK003', 'Same', '', ''],
        ['CHK020', 'Not there', '', ''],
      ]);
      const addOnly = await checkFile(file, 'add');
      expect(addOnly.response.data).toMatchObject({ status: 'checkFailed', errorCount: 1 });
      expect(addOnly.response.data.errors).toMatchObject([
        {
          row: 2,
          column: 'Organization code',
          reason: 'already exists, and the import adds new records only',
        },
      ]);
      const updateOnly = await checkFile(file, 'update');
      expect(updateOnly.response.data.errors).toMatchObject([
        { row: 3, reason: 'does not exist, and the import updates existing records only' },
      ]);
      // A mode that is not one is a payload error; a required field cannot be cleared.
      expect(await checkFile(file, 'replace')).toMatchObject({ errorCode: '10002' });
      const clearName = await checkFile(await workbook([['CHK003', '#CLEAR', '', '']]), 'update');
      expect(clearName.response.data.errors).toMatchObject([
        { row: 2, column: 'Organization name', reason: 'is required and cannot be cleared' },
      ]);
      // An update-only file needs the key column, not every required one.
      const keyOnly = await checkFile(
        await workbook([['CHK003', 'x']], ['Organization code', 'Remark']),
        'update',
      );
      expect(keyOnly.response.data).toMatchObject({ status: 'checked', updated: 1 });
      expect(await org('CHK020')).toBeUndefined();
    },
  );

  onPostgres(
    'a record changed since the check, or another file, is never written on stale decisions',
    async () => {
      await s.server.database.db
        .insertInto('bmOrg')
        .values({ orgNo: 'CHK030', orgName: 'Thirty', orgShortName: 'T' })
        .execute();
      const file = await workbook([
        ['CHK030', 'Thirty renamed', '', ''],
        ['CHK031', 'Thirty-one', '', ''],
      ]);
      const checked = await checkFile(file, 'upsert');
      expect(checked.response.data).toMatchObject({ status: 'checked', inserted: 1, updated: 1 });
      const { jobId } = checked.response.data;
      // Another file under the same check is refused.
      const other = await confirm(await workbook([['CHK031', 'Other', '', '']]), jobId);
      expect(other).toMatchObject({ code: '10037' });
      // Someone saves the record in between: the confirmation writes nothing and answers a new check.
      await s.server.database.db
        .updateTable('bmOrg')
        .set({ orgShortName: 'Changed', version: 2 })
        .where('orgNo', '=', 'CHK030')
        .execute();
      const stale = await confirm(file, jobId);
      expect(stale.response?.data, JSON.stringify(stale)).toMatchObject({
        status: 'checked',
        changed: true,
        inserted: 1,
        updated: 1,
      });
      expect(await org('CHK031')).toBeUndefined();
      expect(await org('CHK030')).toMatchObject({ orgName: 'Thirty', orgShortName: 'Changed' });
      // The new check can be confirmed; the short name saved meanwhile stays.
      const imported = await confirm(file, jobId);
      expect(imported.response.data).toMatchObject({ status: 'imported', inserted: 1, updated: 1 });
      expect(await org('CHK030')).toMatchObject({
        orgName: 'Thirty renamed',
        orgShortName: 'Changed',
        version: 3,
      });
    },
  );

  onPostgres('the template says how empty cells, #CLEAR and the check work', async () => {
    const res = await fetch(`${s.url}${API_PATH}/${PORT}/downExcelTemplate`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'authentication-info': admin,
        'app-module-number': MENU,
        'accept-language': 'en-US',
      },
      body: '{}',
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const note = book.worksheets[0].getCell(1, 1).note;
    expect(JSON.stringify(note)).toContain('an empty cell leaves the stored value unchanged');
    const help = book.getWorksheet('Instructions')!;
    const lines = (help.getColumn(1).values as string[]).filter(Boolean);
    expect(lines.join('\n')).toContain('To empty a field, write #CLEAR in its cell.');
    expect(lines[0]).toContain('matched to an existing record by Organization code');
  });

  it('reads an old binary .xls with formulas, dates and numbers as the same sheet saved as .xlsx', async () => {
    const xlsx = readFileSync(`${FIXTURES}legacy.xlsx`);
    const xls = readFileSync(`${FIXTURES}legacy.xls`);
    const fromXls = await checkFile(xls, 'add', 'legacy.xls');
    expect(fromXls.response?.data, JSON.stringify(fromXls)).toMatchObject({
      status: 'checked',
      total: 3,
      inserted: 3,
    });
    const imported = await confirm(xls, fromXls.response.data.jobId, 'legacy.xls');
    expect(imported.response.data).toMatchObject({ status: 'imported', inserted: 3 });
    const stored = await s.server.database.db
      .selectFrom('bmOrg')
      .select([
        'orgNo',
        'orgName',
        'remark',
        'statusCode',
        'closeAcctFlag',
        'closeAcctStartDate',
        'closeAcctEndDate',
      ])
      .where('orgNo', 'in', ['0099', 'LEG002', 'LEG003'])
      .orderBy('orgNo')
      .execute();
    expect(stored).toEqual([
      {
        orgNo: '0099',
        orgName: 'Legacy one',
        remark: '42',
        statusCode: '1',
        closeAcctFlag: 'N',
        closeAcctStartDate: '2025-01-01',
        closeAcctEndDate: '2025-01-31',
      },
      {
        orgNo: 'LEG002',
        orgName: 'Legacy two',
        remark: 'total 3.0',
        statusCode: '0',
        closeAcctFlag: 'Y',
        closeAcctStartDate: '2024-02-29',
        closeAcctEndDate: '2024-03-31',
      },
      {
        orgNo: 'LEG003',
        orgName: '遗留组织三',
        remark: 'plain text',
        statusCode: '1',
        closeAcctFlag: 'N',
        closeAcctStartDate: null,
        closeAcctEndDate: null,
      },
    ]);
    // The same sheet saved as .xlsx changes nothing of what the .xls wrote.
    const fromXlsx = await checkFile(xlsx, 'upsert', 'legacy.xlsx');
    expect(fromXlsx.response.data).toMatchObject({
      status: 'checked',
      inserted: 0,
      updated: 0,
      unchanged: 3,
    });
  });
});
