// What the inbound API does not do and an administrator does through the portal: a key for the ERP
// (Base management → Integration keys, `ISysApiKeyService/addSysApiKey`), and, for a scale fill, the
// organisations, their raw-material warehouses and the suppliers its orders name (the API refuses an
// order of an unknown supplier or a line of an unknown warehouse, and an order must name a known
// organisation). Each is created only when missing, so a second run changes nothing.
import { SCALE_ORGS, SCALE_SUPPLIERS } from './catalogue.js';
import type { PortalSession } from './client.js';

const KEY_MENU = 'BaseManage.Config.ApiKey';
const ORG_MENU = 'Base.Basic.Organizational';
const SUPPLIER_MENU = 'Base.Basic.Supplier';
const WAREHOUSE_MENU = 'Base.Basic.Warehouse';

/**
 * A new key for the ERP and its warehouse serving `orgNos`, allowed to push orders, read events, send
 * receipts and VMI stock; the key is shown once.
 */
export async function createKey(
  session: PortalSession,
  keyName: string,
  orgNos: readonly string[],
): Promise<string> {
  const saved = await session.call<{ apiKey: string }>(
    'ISysApiKeyService/addSysApiKey',
    {
      condition: {
        keyName,
        entities: 'purchaseOrder,event,receipt,stock',
        orgNos: orgNos.join(','),
        remark: 'ERP simulator',
      },
    },
    KEY_MENU,
  );
  return saved.apiKey;
}

interface Page<T> {
  records: T[];
}

/**
 * Creates the organisations (each with its raw-material warehouse, `<org>-RM`) and suppliers of a scale
 * fill that are missing; answers how many were.
 */
export async function ensureScaleParties(
  session: PortalSession,
): Promise<{ orgs: number; warehouses: number; suppliers: number }> {
  const orgs = await session.call<Page<{ orgNo: string }>>(
    'IBmOrgService/getbmorglistbyparams',
    { current: 1, size: 1000, condition: { in: { orgNo: [...SCALE_ORGS] } } },
    ORG_MENU,
  );
  const haveOrgs = new Set(orgs.records.map((o) => o.orgNo));
  const newOrgs = SCALE_ORGS.filter((o) => !haveOrgs.has(o));
  for (const orgNo of newOrgs)
    await session.call(
      'IBmOrgService/addbmorg',
      { condition: { orgNo, orgName: `Simulated plant ${orgNo}`, orgShortName: orgNo } },
      ORG_MENU,
    );
  const wanted = SCALE_ORGS.map((orgNo) => ({ orgNo, warehouseNo: `${orgNo}-RM` }));
  const warehouses = await session.call<Page<{ warehouseNo: string }>>(
    'IBmWarehouseService/getbmwarehouselistbyparams',
    { current: 1, size: 1000, condition: { in: { warehouseNo: wanted.map((w) => w.warehouseNo) } } },
    WAREHOUSE_MENU,
  );
  const haveWarehouses = new Set(warehouses.records.map((w) => w.warehouseNo));
  const newWarehouses = wanted.filter((w) => !haveWarehouses.has(w.warehouseNo));
  for (const w of newWarehouses)
    await session.call(
      'IBmWarehouseService/addbmwarehouse',
      { condition: { ...w, warehouseName: `Raw materials ${w.orgNo}` } },
      WAREHOUSE_MENU,
    );
  const suppliers = await session.call<Page<{ supplierNo: string }>>(
    'IBmSupplierService/getbmsupplierlistbyparams',
    { current: 1, size: 1000, condition: { in: { supplierNo: SCALE_SUPPLIERS.map((s) => s.supplierNo) } } },
    SUPPLIER_MENU,
  );
  const haveSuppliers = new Set(suppliers.records.map((s) => s.supplierNo));
  const newSuppliers = SCALE_SUPPLIERS.filter((s) => !haveSuppliers.has(s.supplierNo));
  for (const s of newSuppliers)
    await session.call(
      'IBmSupplierService/addbmsupplier',
      { condition: { orgNo: s.orgNo, supplierNo: s.supplierNo, supplierName: s.supplierName } },
      SUPPLIER_MENU,
    );
  return { orgs: newOrgs.length, warehouses: newWarehouses.length, suppliers: newSuppliers.length };
}
