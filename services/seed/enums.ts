// System dictionaries seeded at every start (only missing values are added). Their names in each
// language are the locale keys enum.<enumMid>.<enumValue>; enum_name keeps the English name.

export const SYSTEM_ENUMS: Record<string, [value: string, name: string][]> = {
  STATUS_CODE: [
    ['1', 'Valid'],
    ['0', 'Invalid'],
  ],
  YES_NO: [
    ['Y', 'Yes'],
    ['N', 'No'],
  ],
  ORDER_TYPE: [
    ['1', 'General'],
    ['2', 'Subcontract'],
    ['3', 'VMI'],
  ],
  WAY_CARRIAGE: [
    ['1', 'Express'],
    ['2', 'Logistics'],
    ['3', 'Self-delivery'],
  ],
  ASN_STATUS: [
    ['0', 'Pending approval'],
    ['1', 'Rejected'],
    ['2', 'Shipped'],
    ['3', 'Partially received'],
    ['4', 'Received'],
    ['X', 'Voided'],
  ],
  DELIVERY_TIMING: [
    ['1', 'Normal'],
    ['2', 'Early'],
    ['3', 'Delayed'],
  ],
  MERCHANT_TYPE: [
    ['1', 'Supplier'],
    ['2', 'Customer'],
  ],
  INVOICE_TYPE: [
    ['1', 'Ordinary invoice'],
    ['2', 'VAT ordinary invoice'],
    ['3', 'VAT special invoice'],
  ],
  SEX: [
    ['1', 'Male'],
    ['2', 'Female'],
  ],
  JOB_STATE: [
    ['0', 'Normal'],
    ['1', 'Paused'],
    ['2', 'Blocked'],
    ['3', 'Complete'],
    ['4', 'Error'],
    ['5', 'Not exist'],
  ],
  TRANSACTION_TYPE: [
    ['1', 'Inbound'],
    ['2', 'Outbound'],
  ],
  // Material base data (cells, items, units, customers, delivery addresses, merchant items).
  // Yes/no selects store 1 and 0 (spec 001 section 5); the cell flags use it (isBadCell '1').
  YES_NO_FLAG: [
    ['1', 'Yes'],
    ['0', 'No'],
  ],
  CELL_TYPE: [
    ['1', 'Storage'],
    ['2', 'Picking'],
    ['3', 'Receiving'],
    ['4', 'Shipping'],
    ['5', 'Staging'],
  ],
  SHELVES_TYPE: [
    ['1', 'Shelf'],
    ['2', 'Pallet rack'],
    ['3', 'Floor'],
    ['4', 'Mezzanine'],
  ],
  SCATTER_PROPERTY: [
    ['1', 'Whole pallet'],
    ['2', 'Whole case'],
    ['3', 'Loose pieces'],
  ],
  CUSTOMER_TYPE: [
    ['1', 'Distributor'],
    ['2', 'Retailer'],
    ['3', 'End customer'],
    ['4', 'Internal'],
  ],
  LOADADR_TYPE: [
    ['1', 'Loading'],
    ['2', 'Unloading'],
  ],
  ITEM_TYPE: [
    ['1', 'Raw material'],
    ['2', 'Semi-finished'],
    ['3', 'Finished good'],
    ['4', 'Packaging'],
    ['5', 'Consumable'],
  ],
  ABC_CLASS: [
    ['A', 'Class A'],
    ['B', 'Class B'],
    ['C', 'Class C'],
  ],
  UNIT_TYPE: [
    ['1', 'Quantity'],
    ['2', 'Weight'],
    ['3', 'Volume'],
    ['4', 'Length'],
  ],
  ROUNDING_TYPE: [
    ['1', 'Round half up'],
    ['2', 'Round up'],
    ['3', 'Round down'],
  ],
  SHELF_LIFE_UNIT: [
    ['D', 'Days'],
    ['M', 'Months'],
    ['Y', 'Years'],
  ],
  TRANSFER_MODE: [
    ['1', 'PO delivery'],
    ['2', 'JIT delivery'],
    ['3', 'Appointment delivery'],
  ],
};
