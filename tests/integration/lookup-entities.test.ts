// The lookups of the selectors nobody else builds: document types, machines, dropdown data and
// the user-by-role picker, plus the `in` condition a page uses to name the codes it shows. Valid records
// only, the caller's data scope, and nothing of another supplier.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

type Row = Record<string, unknown>;

describe.each(POSTGRES_ONLY)('selector lookups of items, users and the rest on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let buyer: string;
  let supplier1: string;
  beforeAll(async () => {
    s = await startTestServer({ database: kind });
    [admin, buyer, supplier1] = await Promise.all(['admin', 'buyer', 'supplier1'].map((u) => s.login(u)));
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (path: string, condition: Row, token: string, size = 20) =>
    // A selector on some other screen: the App-Module-Number is that screen's menu.
    s.call(path, { current: 1, size, condition }, { token, menu: 'Index.Dashboard', lang: 'en-US' });
  const records = async (path: string, condition: Row, token: string, size = 20) => {
    const r = await call(path, condition, token, size);
    expect(r.body.code, JSON.stringify(r.body)).toBe('0');
    return r.body.response.data.records as Row[];
  };
  const codes = async (path: string, field: string, condition: Row, token: string) =>
    (await records(path, condition, token)).map((r) => r[field]);

  const DOC = 'IExtBcDocConfigService/getextbcdocconfiglistbyparams';
  const MACHINE = 'IBmMachineService/getbmmachinelistbyparams';
  const DROPDOWN = 'ISysDropDownDataService/getsysdropdowndatalistbyparams';
  const BY_ROLE = 'ISysUserService/getAuthUserListByRole';

  it('lists the valid document types of the document organisation, module and nature', async () => {
    expect(await codes(DOC, 'docType', { docOrgNo: 'SH01', bigModule: 'PO' }, supplier1)).toEqual([
      'SH-PO-RET',
      'SH-PO-STD',
      'SH-PO-SUB',
    ]);
    expect(await codes(DOC, 'docType', { docOrgNo: 'SH01', bigModule: 'PO', docNature: '1' }, buyer)).toEqual(
      ['SH-PO-STD', 'SH-PO-SUB'],
    );
    // A type without a nature serves every nature.
    expect(
      await codes(DOC, 'docType', { docOrgNo: 'SH01', bigModule: 'ASN', docNature: '2' }, buyer),
    ).toEqual(['SH-ASN']);
    // docOrgNo names the organisation, in place of orgNo.
    expect(await codes(DOC, 'docType', { orgNo: 'SH01', docOrgNo: 'HN01', bigModule: 'PO' }, admin)).toEqual([
      'HN-PO-STD',
    ]);
    expect(await codes(DOC, 'docType', { docOrgNo: 'HN01' }, supplier1)).toEqual([]);
    const [first] = await records(DOC, { docOrgNo: 'SH01', keyword: 'standard' }, buyer);
    expect(first).toMatchObject({ docType: 'SH-PO-STD', docTypeName: 'Standard purchase', orgNo: 'SH01' });
  });

  it('lists valid machines of an organisation in scope, optionally at a warehouse', async () => {
    expect(await codes(MACHINE, 'machineNo', { orgNo: 'SH01' }, supplier1)).toEqual(['SH-FL-01', 'SH-PK-01']);
    expect(await codes(MACHINE, 'machineNo', { orgNo: 'HN01' }, supplier1)).toEqual([]);
    expect(await codes(MACHINE, 'machineNo', { orgNo: 'HN01' }, buyer)).toEqual(['HN-FL-01']);
    expect(await codes(MACHINE, 'machineNo', { orgNo: 'SH01', warehouseNo: 'SH01-FG' }, buyer)).toEqual([
      'SH-PK-01',
    ]);
    const [one] = await records(MACHINE, { keyword: 'fork', orgNo: 'SH01' }, buyer);
    expect(one).toMatchObject({ machineNo: 'SH-FL-01', machineName: 'Forklift 1' });
  });

  it("lists a data source's valid items, newest first unless another declared sort is asked for", async () => {
    expect(await codes(DROPDOWN, 'code', { dataSource: 'CAR_TYPE' }, supplier1)).toEqual([
      'TRUCK96',
      'TRUCK42',
      'VAN',
    ]);
    expect(
      await codes(DROPDOWN, 'code', { dataSource: 'CAR_TYPE', field: 'code', order: 'asc' }, supplier1),
    ).toEqual(['TRUCK42', 'TRUCK96', 'VAN']);
    const [item] = await records(DROPDOWN, { dataSource: 'PACKING', keyword: 'pal' }, buyer);
    expect(item).toMatchObject({ code: 'PALLET', name: 'Pallet', dataSource: 'PACKING' });
    const injected = await call(DROPDOWN, { field: 'name; drop table sys_user', order: 'asc' }, buyer);
    expect(injected.http).toBe(400);
    expect(injected.body.errorCode).toBe('10006');
  });

  it('picks users who may work in an organisation, warehouse and classify type, by role', async () => {
    expect(await codes(BY_ROLE, 'userNo', { orgNo: 'HN01', statusCode: '1' }, admin)).toEqual([
      'admin',
      'buyer',
      'supplier2',
    ]);
    expect(
      await codes(BY_ROLE, 'userNo', { warehouseNo: 'SH01-RM', classifyType: 'SH01-PO' }, admin),
    ).toEqual(['admin', 'buyer', 'supplier1']);
    const buyers = await records(BY_ROLE, { orgNo: 'SH01', roleNo: 'buyer', field: 'userName' }, admin);
    expect(buyers).toEqual([
      expect.objectContaining({ userNo: 'buyer', roleNos: 'buyer', roleNames: 'Purchaser' }),
    ]);
    // A supplier's user picks only its own supplier's users, and only in its scope.
    expect(await codes(BY_ROLE, 'userNo', { orgNo: 'SH01' }, supplier1)).toEqual(['supplier1']);
    expect(JSON.stringify(await records(BY_ROLE, {}, admin))).not.toMatch(/pwd|argon/i);
  });

  it('names the codes a page shows in one call (`in`), within scope and valid only', async () => {
    expect(
      await codes(
        'IBmWarehouseService/getFullAuthorityWarehouseListByParams',
        'warehouseNo',
        { in: { warehouseNo: ['SH01-RM', 'HN01-RM', 'NOPE'] } },
        supplier1,
      ),
    ).toEqual(['SH01-RM']);
    expect(
      await codes(MACHINE, 'machineName', { in: { machineNo: ['SH-FL-01', 'SH-OLD-01'] } }, buyer),
    ).toEqual(['Forklift 1']);
    // Warehouses of several organisations at once (a selector whose parent is a multi-select).
    expect(
      await codes(
        'IBmWarehouseService/getFullAuthorityWarehouseListByParams',
        'warehouseNo',
        { in: { orgNo: ['SH01', 'HN01'] } },
        buyer,
      ),
    ).toEqual(['HN01-RM', 'SH01-FG', 'SH01-RM']);
    expect(await codes(MACHINE, 'machineNo', { in: { machineNo: [] } }, buyer)).toEqual([]);
    for (const bad of [{ in: { pwdHash: ['x'] } }, { in: { machineNo: 'SH-FL-01' } }]) {
      const r = await call(MACHINE, bad, buyer);
      expect(r.http, JSON.stringify(bad)).toBe(400);
      expect(r.body.errorCode).toBe('10002');
    }
  });
});
