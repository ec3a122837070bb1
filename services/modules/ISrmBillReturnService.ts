// Receipt tracking: return details (accepted goods sent back to the supplier, owed again). The declaration is
// ICheckReceiptService.ts's, one kind of the warehouse's receipts (migration 099).
import { RECEIPT } from '../rules/delivery.js';
import { receiptService } from './ICheckReceiptService.js';

export const ISrmBillReturnService = receiptService(
  'ISrmBillReturnService',
  RECEIPT.return,
  'getSrmBillReturnPage',
);
