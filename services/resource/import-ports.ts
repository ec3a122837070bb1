// The resources that can be imported, each with its port and business key. A resource joins the
// import by one entry here; the routes, the template and the checks come from its declaration.
import { orgResource } from '../modules/IBmOrgService.js';
import { supplierResource } from '../modules/IBmSupplierService.js';
import { warehouseResource } from '../modules/IBmWarehouseService.js';
import type { ImportDecl } from './import-columns.js';

const ORG_REF = { table: 'bmOrg', column: 'orgNo', validField: 'statusCode' } as const;

export const IMPORT_PORTS: readonly ImportDecl[] = [
  {
    port: 'IBmOrgService',
    resource: orgResource,
    key: ['orgNo'],
    templateNameKey: 'importTemplate.IBmOrgService',
  },
  {
    port: 'IBmWarehouseService',
    resource: warehouseResource,
    key: ['warehouseNo'],
    templateNameKey: 'importTemplate.IBmWarehouseService',
    references: { orgNo: ORG_REF },
  },
  {
    port: 'IBmSupplierService',
    resource: supplierResource,
    key: ['supplierNo'],
    templateNameKey: 'importTemplate.IBmSupplierService',
    references: { orgNo: ORG_REF },
  },
];
