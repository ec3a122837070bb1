// The box label template of delivery notices (the label-print screens' template selector: templateType
// 2): one A6 label a page, the GS1 logistic label's minimum size, with the SSCC's GS1-128 barcode lowest
// on the label (GS1 General Specifications 6.6). Added at every start when missing; an administrator's
// changes to the row survive, like the document templates' (services/seed/print-templates.ts).
import type { PrintLayout } from '../../schemas/generated/print-layout.js';
import type { Db } from '../db/database.js';

export const ASN_LABEL_MODULE = 'Offsite.Delivery.LabelPrint';
export const ASN_LABEL_REPORT_KEY = 'asnSsccLabel';

export const ASN_LABEL_LAYOUT: PrintLayout = {
  kind: 'labels',
  page: { size: 'A6', margin: 0 },
  labels: {
    width: 105,
    height: 148,
    elements: [
      // Who ships to whom.
      {
        type: 'text',
        x: 5,
        y: 4,
        width: 95,
        height: 5,
        fontSize: 8,
        labelKey: 'asnLabel.from',
        value: { format: '{supplierNo} {supplierName}' },
      },
      {
        type: 'text',
        x: 5,
        y: 9,
        width: 95,
        height: 5,
        fontSize: 8,
        labelKey: 'asnLabel.to',
        value: { format: '{orgName} {warehouseNo}' },
      },
      { type: 'line', x1: 3, y1: 15, x2: 102, y2: 15, thickness: 0.4 },
      // What the box holds, for people; the QR code for a phone.
      { type: 'text', x: 5, y: 17, width: 62, height: 4, fontSize: 7, value: { key: 'asnLabel.sscc' } },
      {
        type: 'text',
        x: 5,
        y: 21,
        width: 62,
        height: 6,
        fontSize: 11,
        bold: true,
        value: { field: 'ssccText' },
      },
      {
        type: 'text',
        x: 5,
        y: 29,
        width: 62,
        height: 6,
        fontSize: 11,
        bold: true,
        labelKey: 'asnLabel.item',
        value: { field: 'itemNo' },
      },
      { type: 'text', x: 5, y: 35, width: 62, height: 8, fontSize: 8, value: { field: 'itemName' } },
      {
        type: 'text',
        x: 5,
        y: 44,
        width: 62,
        height: 6,
        fontSize: 12,
        bold: true,
        labelKey: 'asnLabel.qty',
        value: { format: '{qty} {unitNo}' },
      },
      {
        type: 'text',
        x: 5,
        y: 51,
        width: 62,
        height: 5,
        fontSize: 9,
        labelKey: 'asnLabel.lot',
        value: { field: 'lotNo' },
      },
      {
        type: 'barcode',
        symbology: 'qrcode',
        x: 68,
        y: 17,
        width: 34,
        height: 34,
        value: { field: 'qrText' },
      },
      {
        type: 'text',
        x: 5,
        y: 57,
        width: 95,
        height: 5,
        fontSize: 9,
        labelKey: 'asnLabel.asn',
        value: { format: '{asnNo} / {lineSeq}' },
      },
      {
        type: 'text',
        x: 5,
        y: 62,
        width: 95,
        height: 5,
        fontSize: 9,
        labelKey: 'asnLabel.order',
        value: { format: '{purchaseNo} / {purchaseSeq}' },
      },
      {
        type: 'text',
        x: 5,
        y: 67,
        width: 95,
        height: 5,
        fontSize: 9,
        labelKey: 'asnLabel.deliveryDate',
        value: { field: 'deliveryDate' },
      },
      {
        type: 'text',
        x: 5,
        y: 72,
        width: 95,
        height: 6,
        fontSize: 12,
        bold: true,
        labelKey: 'asnLabel.box',
        value: { field: 'boxOf' },
      },
      { type: 'line', x1: 3, y1: 80, x2: 102, y2: 80, thickness: 0.4 },
      // The SSCC for the scanner: GS1-128 with AI (00), and its digits large under it.
      { type: 'text', x: 5, y: 83, width: 95, height: 4, fontSize: 7, value: { key: 'asnLabel.sscc' } },
      {
        type: 'barcode',
        symbology: 'gs1-128',
        x: 2.5,
        y: 88,
        width: 100,
        height: 36,
        showText: false,
        value: { field: 'ssccElement' },
      },
      {
        type: 'text',
        x: 2.5,
        y: 126,
        width: 100,
        height: 8,
        fontSize: 16,
        bold: true,
        align: 'center',
        value: { field: 'ssccText' },
      },
    ],
  },
};

/** Adds the box label template when it is missing. */
export async function seedAsnLabelTemplate(db: Db): Promise<void> {
  await db
    .insertInto('bmPrintTemplate')
    .values({
      module: ASN_LABEL_MODULE,
      reportKey: ASN_LABEL_REPORT_KEY,
      templateName: 'printTemplate.asnSsccLabel',
      templateType: '2',
      printType: 2,
      isDefault: 1,
      sort: 1,
      layout: JSON.stringify(ASN_LABEL_LAYOUT),
      createName: 'system',
      updateName: 'system',
    })
    .onConflict((oc) => oc.columns(['module', 'reportKey']).doNothing())
    .execute();
}
