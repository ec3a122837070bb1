// Receipt tracking: rejection details (goods refused at inspection). The declaration is
// ICheckReceiptService.ts's, one kind of the warehouse's receipts (migration 099).
import { RECEIPT } from '../rules/delivery.js';
import { receiptService } from './ICheckReceiptService.js';

export const ICheckReturnService = receiptService(
  'ICheckReturnService',
  RECEIPT.rejection,
  'getCheckReturnPage',
);
