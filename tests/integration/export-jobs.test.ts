// Large exports as jobs: above the configured row count the export answers a job id at once; the
// workbook is built in the database, its progress is visible to its owner only, and the finished file
// downloads with every row. A job whose writer went silent is reported failed.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobClass } from '../../services/system/job-classes.js';
import { API_PATH, POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

const MENU = 'Base.Basic.Organizational';

describe.each(POSTGRES_ONLY)('export jobs on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let buyer: string;

  const post = (path: string, token: string, condition: unknown) =>
    fetch(`${s.url}${API_PATH}/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'authentication-info': token,
        'app-module-number': MENU,
        'accept-language': 'en-US',
      },
      body: JSON.stringify({ condition }),
    });

  async function finished(id: string) {
    for (let i = 0; i < 100; i++) {
      const r = await s.call('ISysExportJobService/getExportJob', { condition: { id } }, { token: admin });
      const job = r.body.response.data;
      if (job.status !== 'running') return job;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the export job did not finish');
  }

  beforeAll(async () => {
    // Every export of more than one row becomes a job.
    s = await startTestServer({ database: kind, config: { exportJobRows: 1 } });
    [admin, buyer] = await Promise.all([s.login('admin'), s.login('buyer')]);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('a small export still streams the file at once', async () => {
    const res = await post('IBmOrgService/exportexcel', admin, { keyword: 'SH01' });
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
  });

  it('a large export answers a job, reports progress and downloads every row when done', async () => {
    const res = await post('IBmOrgService/exportexcel', admin, {});
    expect(res.headers.get('content-type')).toContain('application/json');
    const answer = (await res.json()).response.data;
    expect(answer).toMatchObject({
      total: 2,
      fileName: expect.stringMatching(/^Organizations-\d{14}\.xlsx$/),
    });

    const job = await finished(answer.exportJobId);
    expect(job).toMatchObject({ status: 'done', totalRows: 2, doneRows: 2, fileName: answer.fileName });

    const file = await post('ISysExportJobService/downloadExportJob', admin, { id: answer.exportJobId });
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    expect(file.headers.get('content-disposition')).toContain(answer.fileName);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await file.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const codes: unknown[] = [];
    workbook.worksheets[0].eachRow((row, n) => {
      if (n > 1) codes.push(row.getCell(1).value);
    });
    expect(codes.sort()).toEqual(['HN01', 'SH01']);
  });

  it("nobody else sees or downloads another user's export", async () => {
    const res = await post('IBmOrgService/exportexcel', admin, {});
    const { exportJobId } = (await res.json()).response.data;
    await finished(exportJobId);
    const seen = await s.call(
      'ISysExportJobService/getExportJob',
      { condition: { id: exportJobId } },
      { token: buyer },
    );
    expect(seen.body.code).toBe('10008');
    const fetched = await post('ISysExportJobService/downloadExportJob', buyer, { id: exportJobId });
    expect((await fetched.json()).code).toBe('10008');
  });

  it('a job whose writer went silent is reported failed and cannot be downloaded', async () => {
    const res = await post('IBmOrgService/exportexcel', admin, {});
    const { exportJobId } = (await res.json()).response.data;
    await finished(exportJobId);
    const db = s.server.database.db;
    await db
      .updateTable('sysExportJob')
      .set({ status: 'running', heartbeat: new Date(Date.now() - 10 * 60_000) })
      .where('id', '=', exportJobId)
      .execute();
    const job = await s.call(
      'ISysExportJobService/getExportJob',
      { condition: { id: exportJobId } },
      { token: admin },
    );
    expect(job.body.response.data.status).toBe('error');
    const fetched = await post('ISysExportJobService/downloadExportJob', admin, { id: exportJobId });
    const body = await fetched.json();
    expect(body.code).toBe('10040');
    expect(body.msg).toMatch(/not ready/);
  });

  it('the clean-up job removes dead jobs past retention with their chunks, and keeps live ones', async () => {
    const db = s.server.database.db;
    const [user] = await db.selectFrom('sysUser').select('id').where('userNo', '=', 'admin').execute();
    const old = new Date(Date.now() - 40 * 86_400_000);
    const recent = new Date(Date.now() - 5 * 60_000);
    // An export that died mid-file long ago, and one running now that began long ago.
    const dead = await db
      .insertInto('sysExportJob')
      .values({
        userId: user.id,
        module: MENU,
        fileName: 'dead.xlsx',
        status: 'running',
        createDate: old,
        heartbeat: old,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('sysExportChunk')
      .values({ jobId: dead.id, seq: 0, data: Buffer.from('part') })
      .execute();
    const live = await db
      .insertInto('sysExportJob')
      .values({
        userId: user.id,
        module: MENU,
        fileName: 'live.xlsx',
        status: 'running',
        createDate: old,
        heartbeat: recent,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // An import killed long ago (still 'checking'), one checking now, and a finished one of today.
    const imports = await db
      .insertInto('sysImportJob')
      .values([
        {
          userId: user.id,
          module: MENU,
          port: 'IBmOrgService',
          fileName: 'killed.xlsx',
          status: 'checking',
          createDate: old,
          updateDate: old,
        },
        {
          userId: user.id,
          module: MENU,
          port: 'IBmOrgService',
          fileName: 'now.xlsx',
          status: 'checking',
          createDate: old,
          updateDate: recent,
        },
        { userId: user.id, module: MENU, port: 'IBmOrgService', fileName: 'today.xlsx', status: 'imported' },
      ])
      .returning(['id', 'fileName'])
      .execute();
    const message = await jobClass('purgeExportImportFiles')!({
      db,
      config: s.config,
      jobId: 'test',
      fireTime: new Date(),
    });
    expect(message).toMatch(/export jobs removed: [1-9]/);
    const exportsLeft = await db
      .selectFrom('sysExportJob')
      .select('id')
      .where('id', 'in', [dead.id, live.id])
      .execute();
    expect(exportsLeft.map((j) => j.id)).toEqual([live.id]);
    const chunks = await db
      .selectFrom('sysExportChunk')
      .select('jobId')
      .where('jobId', '=', dead.id)
      .execute();
    expect(chunks).toEqual([]);
    const importsLeft = await db
      .selectFrom('sysImportJob')
      .select('fileName')
      .where(
        'id',
        'in',
        imports.map((j) => j.id),
      )
      .orderBy('fileName')
      .execute();
    expect(importsLeft.map((j) => j.fileName)).toEqual(['now.xlsx', 'today.xlsx']);
  });

  it('a bad job id is a clear payload error, never a 500', async () => {
    const r = await s.call(
      'ISysExportJobService/getExportJob',
      { condition: { id: '../etc' } },
      { token: admin },
    );
    expect(r.http).toBe(400);
    expect(r.body.errorCode).toBe('10002');
  });
});
