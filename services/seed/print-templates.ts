// Document templates seeded at every start when missing (bm_print_template; an administrator's changes
// to a seeded row survive). Names are locale keys; layouts follow schemas/print-layout.schema.json.

import type { HeaderField, PrintLayout } from '../../schemas/generated/print-layout.js';
import type { Db } from '../db/database.js';
import { PRINT_TYPE, type PrintType } from '../print/templates.js';

export interface PrintTemplateSeed {
  module: string;
  reportKey: string;
  templateNameKey: string;
  /** '4' documents (the print dialog, the default); '2' label templates (the template selector). */
  templateType?: '2' | '4';
  printType: PrintType;
  isDefault: 0 | 1;
  /** Only prints of this organisation's records (empty: every organisation). */
  orgNo?: string;
  sort: number;
  layout: PrintLayout;
}

const ORG = 'Base.Basic.Organizational';
const WAREHOUSE = 'Base.Basic.Warehouse';
const SUPPLIER = 'Base.Basic.Supplier';
const LABEL = 'Base.Barcode.Label';

/** Who printed, when, and how many: under the title of every list. */
const JOB_HEADER: HeaderField[] = [
  { labelKey: 'print.printer', value: { system: 'printer' } },
  { labelKey: 'print.printTime', value: { system: 'printTime' } },
  { labelKey: 'print.count', value: { system: 'count' } },
];

const LANDSCAPE_A4 = { size: 'A4', orientation: 'landscape', margin: 12 } as const;

export const PRINT_TEMPLATES: PrintTemplateSeed[] = [
  {
    module: ORG,
    reportKey: 'orgList',
    templateNameKey: 'printTemplate.orgList',
    printType: PRINT_TYPE.server,
    isDefault: 1,
    sort: 1,
    layout: {
      kind: 'table',
      page: LANDSCAPE_A4,
      header: JOB_HEADER,
      table: {
        columns: [
          { prop: 'orgNo', width: 1.1 },
          { prop: 'orgName', width: 2.6 },
          { prop: 'orgShortName', width: 1.4 },
          { prop: 'statusCode', width: 0.8, align: 'center' },
          { prop: 'closeAcctFlag', width: 0.9, align: 'center' },
          { prop: 'closeAcctStartDate', width: 1.1 },
          { prop: 'closeAcctEndDate', width: 1.1 },
          { prop: 'remark', width: 2.2 },
          { prop: '*custom' },
          { prop: 'updateName', width: 1.1 },
          { prop: 'updateDate', width: 2 },
        ],
      },
    },
  },
  {
    module: WAREHOUSE,
    reportKey: 'warehouseLabels',
    templateNameKey: 'printTemplate.warehouseLabels',
    printType: PRINT_TYPE.server,
    isDefault: 1,
    sort: 1,
    // A4 sheet of 2 x 4 labels of 95 x 68 mm: name, organisation, address, a QR code of
    // organisation/warehouse and a Code 128 of the warehouse number.
    layout: {
      kind: 'labels',
      page: { size: 'A4', margin: 10 },
      labels: {
        width: 95,
        height: 68,
        columns: 2,
        rows: 4,
        border: true,
        elements: [
          {
            type: 'text',
            x: 4,
            y: 4,
            width: 62,
            height: 11,
            value: { field: 'warehouseName' },
            fontSize: 12,
            bold: true,
          },
          {
            type: 'text',
            x: 4,
            y: 16,
            width: 62,
            height: 5,
            labelKey: 'field.orgNo',
            value: { field: 'orgNo' },
            fontSize: 8,
          },
          {
            type: 'text',
            x: 4,
            y: 21,
            width: 62,
            height: 8,
            labelKey: 'field.address',
            value: { field: 'address' },
            fontSize: 7,
          },
          {
            type: 'barcode',
            symbology: 'qrcode',
            x: 68,
            y: 3,
            width: 24,
            height: 24,
            value: { format: '{orgNo}/{warehouseNo}' },
          },
          { type: 'line', x1: 4, y1: 30, x2: 91, y2: 30, thickness: 0.2 },
          {
            type: 'barcode',
            symbology: 'code128',
            x: 2,
            y: 33,
            width: 91,
            height: 30,
            value: { field: 'warehouseNo' },
          },
        ],
      },
    },
  },
  {
    module: WAREHOUSE,
    reportKey: 'warehouseList',
    templateNameKey: 'printTemplate.warehouseList',
    printType: PRINT_TYPE.server,
    isDefault: 0,
    sort: 2,
    layout: {
      kind: 'table',
      page: LANDSCAPE_A4,
      header: JOB_HEADER,
      table: {
        columns: [
          { prop: 'orgNo', width: 1.1 },
          { prop: 'warehouseNo', width: 1.2 },
          { prop: 'warehouseName', width: 2.2 },
          { prop: 'statusCode', width: 0.8, align: 'center' },
          { prop: 'address', width: 2.6 },
          { prop: 'contact', width: 1.1 },
          { prop: 'telNo', width: 1.2 },
          { prop: 'mobileNo', width: 1.2 },
          { prop: 'isMainWarehouse', width: 0.9, align: 'center' },
          { prop: '*custom' },
        ],
      },
    },
  },
  {
    module: WAREHOUSE,
    reportKey: 'warehouseDockLabel',
    templateNameKey: 'printTemplate.warehouseDockLabel',
    printType: PRINT_TYPE.server,
    isDefault: 0,
    // The Hanoi plant's receiving-dock labels: one 100 x 60 mm label per page for its thermal printers.
    orgNo: 'HN01',
    sort: 3,
    layout: {
      kind: 'labels',
      page: { size: { width: 100, height: 60 }, margin: 0 },
      labels: {
        width: 100,
        height: 60,
        elements: [
          {
            type: 'text',
            x: 5,
            y: 4,
            width: 66,
            height: 11,
            value: { field: 'warehouseName' },
            fontSize: 13,
            bold: true,
          },
          {
            type: 'text',
            x: 5,
            y: 16,
            width: 66,
            height: 5,
            labelKey: 'field.warehouseNo',
            value: { field: 'warehouseNo' },
            fontSize: 9,
          },
          {
            type: 'barcode',
            symbology: 'qrcode',
            x: 74,
            y: 3,
            width: 23,
            height: 23,
            value: { format: '{orgNo}/{warehouseNo}' },
          },
          {
            type: 'barcode',
            symbology: 'code128',
            x: 2,
            y: 27,
            width: 96,
            height: 29,
            value: { field: 'warehouseNo' },
          },
        ],
      },
    },
  },
  {
    module: SUPPLIER,
    reportKey: 'supplierList',
    templateNameKey: 'printTemplate.supplierList',
    printType: PRINT_TYPE.server,
    isDefault: 1,
    sort: 1,
    layout: {
      kind: 'table',
      page: LANDSCAPE_A4,
      header: JOB_HEADER,
      table: {
        columns: [
          { prop: 'orgNo', width: 1.1 },
          { prop: 'supplierNo', width: 1 },
          { prop: 'supplierName', width: 2.6 },
          { prop: 'supplierShortName', width: 1.3 },
          { prop: 'erpSupplierNo', width: 1.1 },
          { prop: 'statusCode', width: 0.8, align: 'center' },
          { prop: 'checkFlag', width: 0.8, align: 'center' },
          { prop: 'taxRate', width: 0.8, align: 'right' },
          { prop: 'creditLevel', width: 0.8 },
          { prop: 'establishDate', width: 1.1 },
          { prop: '*custom' },
        ],
      },
    },
  },
  {
    module: SUPPLIER,
    reportKey: 'supplierLabels',
    templateNameKey: 'printTemplate.supplierLabels',
    printType: PRINT_TYPE.server,
    isDefault: 0,
    sort: 2,
    // A4 sheet of 3 x 7 address-size labels of 63.5 x 38.1 mm.
    layout: {
      kind: 'labels',
      page: { size: 'A4', margin: 7 },
      labels: {
        width: 63.5,
        height: 38.1,
        columns: 3,
        rows: 7,
        gapX: 2.5,
        elements: [
          {
            type: 'text',
            x: 3,
            y: 2.5,
            width: 57.5,
            height: 5,
            value: { field: 'supplierShortName' },
            fontSize: 10,
            bold: true,
          },
          {
            type: 'text',
            x: 3,
            y: 7.5,
            width: 57.5,
            height: 7,
            value: { field: 'supplierName' },
            fontSize: 7,
          },
          {
            type: 'barcode',
            symbology: 'code128',
            x: 1,
            y: 15,
            width: 43,
            height: 20,
            value: { field: 'supplierNo' },
          },
          {
            type: 'barcode',
            symbology: 'qrcode',
            x: 45,
            y: 15,
            width: 17,
            height: 17,
            value: { field: 'supplierNo' },
          },
        ],
      },
    },
  },
  {
    module: LABEL,
    reportKey: 'barcodeLabels',
    templateNameKey: 'printTemplate.barcodeLabels',
    printType: PRINT_TYPE.server,
    isDefault: 1,
    sort: 1,
    // A4 sheet of 2 x 5 labels of 100 x 50 mm: the barcode to scan, what it is, and how many.
    layout: {
      kind: 'labels',
      page: { size: 'A4', margin: 10 },
      labels: {
        width: 95,
        height: 54,
        columns: 2,
        rows: 5,
        gapX: 0,
        elements: [
          {
            type: 'text',
            x: 3,
            y: 2,
            width: 89,
            height: 5,
            value: { field: 'itemNo' },
            fontSize: 10,
            bold: true,
          },
          {
            type: 'text',
            x: 3,
            y: 7.5,
            width: 60,
            height: 5,
            value: { format: '{combinationLotNo} · {qty} {unitNo}' },
            fontSize: 8,
          },
          { type: 'text', x: 3, y: 12.5, width: 60, height: 5, value: { field: 'lotDate' }, fontSize: 8 },
          {
            type: 'barcode',
            symbology: 'code128',
            x: 2,
            y: 19,
            width: 62,
            height: 30,
            value: { field: 'barcode' },
          },
          {
            type: 'barcode',
            symbology: 'qrcode',
            x: 68,
            y: 14,
            width: 24,
            height: 24,
            value: { field: 'barcode' },
          },
        ],
      },
    },
  },
  {
    // A label template for the local BarTender service (type 1), listed by the template selector
    // (templateType '2'); BarTender holds its own layout, so this one only names the fields it is sent.
    module: LABEL,
    reportKey: 'bartenderItemLabel',
    templateNameKey: 'printTemplate.bartenderItemLabel',
    templateType: '2',
    printType: PRINT_TYPE.bartender,
    isDefault: 1,
    sort: 1,
    layout: {
      kind: 'labels',
      page: { size: 'A6', margin: 4 },
      labels: {
        width: 90,
        height: 50,
        elements: [
          { type: 'text', x: 2, y: 2, width: 86, height: 5, value: { field: 'itemNo' } },
          {
            type: 'barcode',
            symbology: 'code128',
            x: 2,
            y: 10,
            width: 86,
            height: 30,
            value: { field: 'barcode' },
          },
        ],
      },
    },
  },
  // Delivery notes of delivery notices, on both sides' lists and detail pages: drawn by their renderer
  // (services/print/asn-delivery-note.ts: head, lines, invoices, a barcode of the number); the layout is
  // the fallback list should the renderer be missing.
  ...[
    'Offsite.Delivery.AsnTracking',
    'Offsite.Delivery.AsnTracking.Detail',
    'Offsite.Delivery.AsnList',
    'Offsite.Delivery.AsnList.Detail',
  ].map(
    (module): PrintTemplateSeed => ({
      module,
      reportKey: 'asnDeliveryNote',
      templateNameKey: 'printTemplate.asnDeliveryNote',
      printType: PRINT_TYPE.server,
      isDefault: 1,
      sort: 1,
      layout: {
        kind: 'table',
        page: { size: 'A4', margin: 12 },
        header: JOB_HEADER,
        table: {
          columns: [
            { prop: 'asnNo', width: 1.6 },
            { prop: 'supplierNo', width: 1 },
            { prop: 'deliveryDate', width: 1 },
            { prop: 'expectedArrivalDate', width: 1 },
            { prop: 'warehouseNo', width: 1 },
            { prop: 'status', width: 1 },
          ],
        },
      },
    }),
  ),
];

/** Adds the seeded templates that are missing; existing rows are left as an administrator keeps them. */
export async function seedPrintTemplates(db: Db): Promise<void> {
  await db
    .insertInto('bmPrintTemplate')
    .values(
      PRINT_TEMPLATES.map((p) => ({
        module: p.module,
        reportKey: p.reportKey,
        templateName: p.templateNameKey,
        templateType: p.templateType ?? '4',
        printType: p.printType,
        isDefault: p.isDefault,
        orgNo: p.orgNo ?? null,
        sort: p.sort,
        layout: JSON.stringify(p.layout),
        createName: 'system',
        updateName: 'system',
      })),
    )
    .onConflict((oc) => oc.columns(['module', 'reportKey']).doNothing())
    .execute();
}
