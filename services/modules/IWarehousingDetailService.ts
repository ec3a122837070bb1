// Receipt tracking: warehousing details (accepted goods put away into stock). The declaration is
// ICheckReceiptService.ts's, one kind of the warehouse's receipts (migration 099).
import { RECEIPT } from '../rules/delivery.js';
import { receiptService } from './ICheckReceiptService.js';

export const IWarehousingDetailService = receiptService(
  'IWarehousingDetailService',
  RECEIPT.warehousing,
  'getWarehousingDetailPage',
);
