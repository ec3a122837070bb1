// Message configuration and application classification codes on both databases: events, templates
// and policies with their references checked, a policy's test send writing one message per receiver,
// the message query (tabs, "messages to me", read by the receiver only), and classify types
// maintained as application classification codes (scope, the business lookup, in use by a wave).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Body, caller, keeperOf, records } from '../support/rules.js';
import { POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

const CONFIG = 'Base.Message.Config';
const TEMPLATE = 'Base.Message.Template';
const POLICY = 'Base.Message.Policy';
const QUERY = 'Base.Message.Query';
const CLASSIFY = 'BaseManage.Config.ApplicationClassification';

describe.each(POSTGRES_ONLY)('messages and application classification on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let buyer: string;
  beforeAll(async () => {
    s = await startTestServer({ database: kind });
    [admin, buyer] = await Promise.all([s.login('admin'), s.login('buyer')]);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('keeps the seeded events and lets an administrator add, switch off and delete one', async () => {
    const call = caller(s, admin, CONFIG);
    const events = records(
      await call('IBmNoticeConfigService/getbmnoticeconfiglistbyparams', { bigModule: 'DELIVERY' }),
    );
    expect(events.map((e) => e.noticeConfigNo)).toEqual(
      expect.arrayContaining(['ASN_APPROVED', 'ASN_SUBMITTED', 'RECEIPT_DONE']),
    );
    const bad = await call('IBmNoticeConfigService/addbmnoticeconfig', {
      noticeConfigNo: 'QC_FAILED',
      noticeConfigName: 'Quality check failed',
      bigModule: 'DELIVERY',
      paramList: 'asnNo;itemNo',
    });
    expect(bad.msg).toBe('Invalid value: Template values must be names separated by commas.');
    const added = await call('IBmNoticeConfigService/addbmnoticeconfig', {
      noticeConfigNo: 'QC_FAILED',
      noticeConfigName: 'Quality check failed',
      bigModule: 'DELIVERY',
      paramList: 'asnNo, itemNo',
    });
    expect(added.response.data).toMatchObject({ statusCode: '1', version: 1 });
    const asBuyer = await caller(
      s,
      buyer,
      CONFIG,
    )('IBmNoticeConfigService/updatebmnoticeconfigbyid', {
      id: added.response.data.id,
      version: 1,
      statusCode: '0',
    });
    expect(asBuyer.errorCode).toBe('10005');
    const gone = await call('IBmNoticeConfigService/deletebmnoticeconfigbyids', {
      delList: [{ id: added.response.data.id, version: 1 }],
    });
    expect(gone.response.data).toEqual({ deleted: 1 });
    // An event a policy uses stays.
    const used = records(
      await call('IBmNoticeConfigService/getbmnoticeconfiglistbyparams', { keyword: 'ASN_APPROVED' }),
    )[0];
    const refused = await call('IBmNoticeConfigService/deletebmnoticeconfigbyids', {
      delList: [{ id: used.id, version: used.version }],
    });
    expect(refused.code).toBe('10016');
  });

  it('adds templates and a policy with its references checked, and sends a test to its receivers', async () => {
    const tpl = caller(s, admin, TEMPLATE);
    const template = await tpl('IBmNoticeTemplateService/addbmnoticetemplate', {
      orgNo: 'SH01',
      noticeTemplateNo: 'TPL-RCV',
      noticeTemplateName: 'Goods received',
      noticeType: '2',
      noticeTitle: 'Delivery {{asnNo}} received',
      content: '{{receiveQty}} received against {{asnNo}}.',
    });
    expect(template.response.data).toMatchObject({ noticeType: '2', statusCode: '1' });
    // The notice template lookup: valid templates by channel.
    const byType = records(
      await caller(
        s,
        buyer,
        POLICY,
      )('IBmNoticeTemplateService/getbmnoticetemplatelistbyparams', {
        statusCode: '1',
        noticeType: '2',
        keyword: 'TPL',
      }),
    );
    expect(byType.map((t) => t.noticeTemplateNo).sort()).toEqual(['TPL-ASN-NEW', 'TPL-RCV']);

    const pol = caller(s, admin, POLICY);
    const base = {
      orgNo: 'SH01',
      policyNo: 'POL-RCV',
      policyName: 'Receipt to purchasing',
      noticeConfigNo: 'RECEIPT_DONE',
      noticeTemplateNo: 'TPL-RCV',
    };
    const cases: [Record<string, unknown>, string][] = [
      [
        {},
        "Invalid value: Receiving users is empty: name users or roles, or send to the document's supplier.",
      ],
      [
        { noticeConfigNo: 'NO_SUCH', receiverUsers: 'buyer' },
        'Invalid value: Message event "NO_SUCH" does not exist or is not valid.',
      ],
      [
        { noticeTemplateNo: 'TPL-BILL', receiverUsers: 'buyer' },
        'Invalid value: Template code "TPL-BILL" does not exist or is not valid.',
      ],
      [
        { receiverUsers: 'buyer,ghost' },
        'Invalid value: Receiving users "ghost" does not exist or is not valid.',
      ],
      [
        { receiverRoles: 'nobody' },
        'Invalid value: Receiving roles "nobody" does not exist or is not valid.',
      ],
    ];
    for (const [extra, message] of cases) {
      const r = await pol('IBmNoticePolicyService/addbmnoticepolicy', { ...base, ...extra });
      expect(r.msg, JSON.stringify(extra)).toBe(message);
    }
    const policy = await pol('IBmNoticePolicyService/addbmnoticepolicy', {
      ...base,
      receiverUsers: 'buyer',
      receiverRoles: 'admin',
    });
    expect(policy.status).toBe(200);
    // A template a policy uses stays.
    expect(
      (
        await tpl('IBmNoticeTemplateService/deletebmnoticetemplatebyids', {
          delList: [{ id: template.response.data.id, version: 1 }],
        })
      ).code,
    ).toBe('10016');

    // The test send: buyer and every valid user of the admin role, placeholders named.
    const sent = await pol('IBmNoticePolicyService/sendtestnotice', {
      delList: [{ id: policy.response.data.id, version: 1 }],
    });
    expect(sent.response.data.sent).toBeGreaterThanOrEqual(2);
    const asBuyer = await caller(
      s,
      buyer,
      POLICY,
    )('IBmNoticePolicyService/sendtestnotice', {
      delList: [{ id: policy.response.data.id, version: 1 }],
    });
    expect(asBuyer.errorCode).toBe('10005');
    const mine = records(
      await caller(
        s,
        buyer,
        QUERY,
      )('IBmNoticeService/getbmnoticelistbyparams', { mine: 'Y', noticeConfigNo: 'RECEIPT_DONE' }),
    );
    expect(mine.map((m) => [m.noticeTitle, m.content, m.readStatus, m.noticeType])).toEqual([
      ['Delivery {asnNo} received', '{receiveQty} received against {asnNo}.', '0', '2'],
    ]);
  });

  it("queries messages by read status, the caller's own first, and lets only the receiver read one", async () => {
    const asBuyer = caller(s, buyer, QUERY);
    const page = await asBuyer('IBmNoticeService/getbmnoticelistbyparams', {
      mine: 'Y',
      countBy: 'readStatus',
    });
    const own = records(page);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((m) => m.receiverUserNo === 'buyer')).toBe(true);
    const counts = page.response.data.counts as Record<string, number>;
    expect((counts['0'] ?? 0) + (counts['1'] ?? 0)).toBe(page.response.data.total);
    const everything = records(await asBuyer('IBmNoticeService/getbmnoticelistbyparams', { mine: 'N' }));
    expect(everything.length).toBeGreaterThan(own.length);

    const unread = own.find((m) => m.readStatus === '0')!;
    const read = await asBuyer('IBmNoticeService/readnotice', {
      delList: [{ id: unread.id, version: unread.version }],
    });
    expect(read.response.data).toEqual({ read: 1 });
    const again = await asBuyer('IBmNoticeService/getbmnoticebyid', { id: unread.id });
    expect(again.response.data).toMatchObject({ readStatus: '1', version: unread.version + 1 });
    expect(again.response.data.readDate).toBeTruthy();
    const other = own.find((m) => m.readStatus === '0' && m.id !== unread.id)!;
    const stale = await asBuyer('IBmNoticeService/readnotice', { delList: [{ id: other.id, version: 99 }] });
    expect(stale.code).toBe('10007');
    expect(
      (await asBuyer('IBmNoticeService/getbmnoticebyid', { id: other.id })).response.data.readStatus,
    ).toBe('0');
    // Someone else's message is not the buyer's to read.
    const adminsOwn = everything.find((m) => m.receiverUserNo === 'admin')!;
    const foreign = await asBuyer('IBmNoticeService/readnotice', {
      delList: [{ id: adminsOwn.id, version: adminsOwn.version }],
    });
    expect(foreign.code).toBe('10008');
  });

  it('maintains application classification codes within the data scope, with the business lookup', async () => {
    const call = caller(s, admin, CLASSIFY);
    const svc = 'IBmClassifyTypeService';
    const demo = records(await call(`${svc}/getbmclassifytypelistbyparams`, {}));
    expect(demo.map((c) => [c.classifyType, c.applicationType, c.docNature])).toEqual(
      expect.arrayContaining([['SH01-PO', 'PURCHASE', '1']]),
    );
    const noType = await call(`${svc}/addbmclassifytype`, {
      orgNo: 'SH01',
      classifyType: 'SH01-SO',
      classifyTypeName: 'Sales',
    });
    expect(noType.errorCode).toBe('10002');
    const added = await call(`${svc}/addbmclassifytype`, {
      orgNo: 'SH01',
      classifyType: 'SH01-SO',
      classifyTypeName: 'Shanghai sales shipment',
      applicationType: 'SALES',
      docNature: '2',
    });
    expect(added.response.data).toMatchObject({ applicationType: 'SALES', docNature: '2', version: 1 });
    // getBusinessClassifyTypeListByParams (orgNo, docNature, bigModule): valid codes in the caller's scope.
    const business = async (token: string, condition: Record<string, unknown>) =>
      records(
        await caller(
          s,
          token,
          'Base.Strategy.WaveTemplate',
        )(`${svc}/getBusinessClassifyTypeListByParams`, condition),
      ).map((c) => c.classifyType);
    expect(await business(admin, { orgNo: 'SH01', bigModule: 'SALES' })).toEqual(['SH01-SO']);
    expect(await business(admin, { orgNo: 'SH01', docNature: '1' })).toEqual(['SH01-PO']);
    // The buyer's classify-type scope does not hold the new code; a keeper who adds one is granted it.
    expect(await business(buyer, { orgNo: 'SH01', bigModule: 'SALES' })).toEqual([]);
    const keeperToken = await keeperOf(s, admin, 'SH01', `keeper-cls-${kind}`);
    const keeper = caller(s, keeperToken, CLASSIFY);
    const made = await keeper(`${svc}/addbmclassifytype`, {
      orgNo: 'SH01',
      classifyType: 'SH01-TR',
      classifyTypeName: 'Transfer',
      applicationType: 'TRANSFER',
    });
    expect(made.status).toBe(200);
    expect(await business(keeperToken, { orgNo: 'SH01' })).toEqual(['SH01-TR']);
    const outside = await keeper(`${svc}/addbmclassifytype`, {
      orgNo: 'HN01',
      classifyType: 'HN01-TR',
      classifyTypeName: 'Transfer',
      applicationType: 'TRANSFER',
    });
    expect(outside.code).toBe('10013');

    // A code a wave template uses stays; a free one goes, and leaves every data scope with it.
    const waves = caller(s, admin, 'Base.Strategy.WaveTemplate');
    const wave = await waves('IBmWaveManageHeadService/addbmwavemanagehead', {
      orgNo: 'SH01',
      warehouseNo: 'SH01-FG',
      waveNo: 'WV-SO',
      waveName: 'Sales wave',
      classifyType: 'SH01-SO',
    });
    expect(wave.status).toBe(200);
    const inUse = await call(`${svc}/deletebmclassifytypebyids`, {
      delList: [{ id: added.response.data.id, version: 1 }],
    });
    expect(inUse.code).toBe('10016');
    const free = await call(`${svc}/deletebmclassifytypebyids`, {
      delList: [{ id: made.response.data.id, version: 1 }],
    });
    expect(free.response.data).toEqual({ deleted: 1 });
    const scopeRows = await s.server.database.db
      .selectFrom('sysUserData')
      .select('dataValue')
      .where('dataValue', '=', 'SH01-TR')
      .execute();
    expect(scopeRows).toEqual([]);
  });

  it('exports and imports message templates', async () => {
    const exported = await s.call(
      'IBmNoticeTemplateService/exportexcel',
      { condition: { orgNo: 'SH01' } },
      { token: buyer, menu: TEMPLATE },
    );
    expect(exported.http).toBe(200);
    const templates = await caller(s, buyer, TEMPLATE)('IBmNoticeTemplateService/getExportNameList', {});
    expect(templates.response.data).toEqual([
      { exportName: 'all', exportLabel: 'Message templates', isDefault: 1 },
    ]);
    const refused = await s.call(
      'IBmNoticeTemplateService/downExcelTemplate',
      {},
      { token: buyer, menu: TEMPLATE },
    );
    expect((refused.body as Body).errorCode).toBe('10005');
  });
});
