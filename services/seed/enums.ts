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
};
