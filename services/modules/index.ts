// Every service the server answers, by the spec's names.
import type { ServiceDef } from '../registry.js';
import { IBmAllocateMethodHeadService } from './IBmAllocateMethodHeadService.js';
import { IBmBarcodeService } from './IBmBarcodeService.js';
import { IBmBarRuleHeadService } from './IBmBarRuleHeadService.js';
import { IBmBoxRuleHeadService } from './IBmBoxRuleHeadService.js';
import { IBmBoxService } from './IBmBoxService.js';
import { IBmBusinessControlService } from './IBmBusinessControlService.js';
import { IBmCategoryService } from './IBmCategoryService.js';
import { IBmClassifyTypeService } from './IBmClassifyTypeService.js';
import { IBmCustomerAddressService } from './IBmCustomerAddressService.js';
import { IBmCustomerItemService } from './IBmCustomerItemService.js';
import { IBmCustomerService } from './IBmCustomerService.js';
import { IBmDeliveryAddressService } from './IBmDeliveryAddressService.js';
import { IBmEnumService } from './IBmEnumService.js';
import { IBmItemGroupService } from './IBmItemGroupService.js';
import { IBmItemService } from './IBmItemService.js';
import { IBmItemUnitConvertService } from './IBmItemUnitConvertService.js';
import { IBmLotRuleHeadService } from './IBmLotRuleHeadService.js';
import { IBmMachineService } from './IBmMachineService.js';
import { IBmNoticeConfigService } from './IBmNoticeConfigService.js';
import { IBmNoticePolicyService } from './IBmNoticePolicyService.js';
import { IBmNoticeService } from './IBmNoticeService.js';
import { IBmNoticeTemplateService } from './IBmNoticeTemplateService.js';
import { IBmOrgService } from './IBmOrgService.js';
import { IBmPrintTemplateService } from './IBmPrintTemplateService.js';
import { IBmSnTransactionService } from './IBmSnTransactionService.js';
import { IBmStrategyApplyService } from './IBmStrategyApplyService.js';
import { IBmSupplierItemService } from './IBmSupplierItemService.js';
import { IBmSupplierService } from './IBmSupplierService.js';
import { IBmTurnMethodHeadService } from './IBmTurnMethodHeadService.js';
import { IBmUnderMethodHeadService } from './IBmUnderMethodHeadService.js';
import { IBmUnitConvertService } from './IBmUnitConvertService.js';
import { IBmUnitService } from './IBmUnitService.js';
import { IBmUpperMethodHeadService } from './IBmUpperMethodHeadService.js';
import { IBmWarehouseCellService } from './IBmWarehouseCellService.js';
import { IBmWarehouseService } from './IBmWarehouseService.js';
import { IBmWaveManageHeadService } from './IBmWaveManageHeadService.js';
import { IBmZoneService } from './IBmZoneService.js';
import { ICheckReceiptService, ISrmReceivingDetailService } from './ICheckReceiptService.js';
import { ICheckReturnService } from './ICheckReturnService.js';
import { IExtBcDocConfigService } from './IExtBcDocConfigService.js';
import { IReportCenterService } from './IReportCenterService.js';
import { IReportPrintService } from './IReportPrintService.js';
import { ISrmAsnHeadService } from './ISrmAsnHeadService.js';
import { ISrmBillReturnService } from './ISrmBillReturnService.js';
import { ISrmBmLoginService } from './ISrmBmLoginService.js';
import { ISrmDeliveryApprovalService } from './ISrmDeliveryApprovalService.js';
import { ISrmDeliveryRuleService } from './ISrmDeliveryRuleService.js';
import { ISrmFileService } from './ISrmFileService.js';
import { ISrmOrderAnswerConfigService } from './ISrmOrderAnswerConfigService.js';
import { ISrmSchedulingDisplayConfigService } from './ISrmSchedulingDisplayConfigService.js';
import { ISrmSysNewsFileService } from './ISrmSysNewsFileService.js';
import { ISrmSysNewsService } from './ISrmSysNewsService.js';
import { ISrmSysRoleService } from './ISrmSysRoleService.js';
import { ISupBmBarcodePrintService } from './ISupBmBarcodePrintService.js';
import { ISupBmDocTemplateManageService } from './ISupBmDocTemplateManageService.js';
import { ISupSrmIndexService } from './ISupSrmIndexService.js';
import { ISupSrmPurchaseAnswerChangeService } from './ISupSrmPurchaseAnswerChangeService.js';
import { ISupSrmPurchaseDateChangeService } from './ISupSrmPurchaseDateChangeService.js';
import { ISupSrmPurchaseHeadService } from './ISupSrmPurchaseHeadService.js';
import { ISupSrmPurchaseService } from './ISupSrmPurchaseService.js';
import { ISupSrmSysUserService } from './ISupSrmSysUserService.js';
import { ISupSrmVmiService } from './ISupSrmVmiService.js';
import { ISysApiKeyService } from './ISysApiKeyService.js';
import { ISysAppVersionService } from './ISysAppVersionService.js';
import { ISysCacheService } from './ISysCacheService.js';
import { ISysDocNumberRuleService } from './ISysDocNumberRuleService.js';
import { ISysDropDownDataService } from './ISysDropDownDataService.js';
import { ISysEmployeeService } from './ISysEmployeeService.js';
import { ISysExportJobService } from './ISysExportJobService.js';
import { ISysExportTemplateService } from './ISysExportTemplateService.js';
import { ISysFrameDefineService } from './ISysFrameDefineService.js';
import { ISysImportTemplateService } from './ISysImportTemplateService.js';
import { ISysJobService } from './ISysJobService.js';
import { ISysLicenseService } from './ISysLicenseService.js';
import { ISysLogService } from './ISysLogService.js';
import { ISysMenuService } from './ISysMenuService.js';
import { ISysParamService } from './ISysParamService.js';
import { ISysPasswordPolicyService } from './ISysPasswordPolicyService.js';
import { ISysSecondFactorService } from './ISysSecondFactorService.js';
import { ISysTableLayoutService } from './ISysTableLayoutService.js';
import { ISysTagService } from './ISysTagService.js';
import { ISysUserService } from './ISysUserService.js';
import { ISysViewService } from './ISysViewService.js';
import { ISysWebhookDeliveryService } from './ISysWebhookDeliveryService.js';
import { IWarehousingDetailService } from './IWarehousingDetailService.js';
import { IZlLanguageService } from './IZlLanguageService.js';

export const SERVICES: ServiceDef[] = [
  ISrmBmLoginService,
  IZlLanguageService,
  ISysMenuService,
  ISupSrmSysUserService,
  IBmOrgService,
  IReportCenterService,
  ISysTagService,
  ISysViewService,
  IBmWarehouseService,
  IBmSupplierService,
  IBmClassifyTypeService,
  IBmEnumService,
  ISrmSysRoleService,
  ISysUserService,
  ISysFrameDefineService,
  ISysExportTemplateService,
  ISysImportTemplateService,
  ISysExportJobService,
  ISupBmDocTemplateManageService,
  IReportPrintService,
  IBmPrintTemplateService,
  ISysEmployeeService,
  ISysParamService,
  ISysJobService,
  ISysLogService,
  ISysCacheService,
  ISysPasswordPolicyService,
  ISysSecondFactorService,
  ISysLicenseService,
  ISrmFileService,
  ISrmSysNewsFileService,
  ISrmSysNewsService,
  ISupSrmPurchaseDateChangeService,
  ISupSrmPurchaseAnswerChangeService,
  ISupSrmPurchaseHeadService,
  ISysApiKeyService,
  ISysWebhookDeliveryService,
  ISupSrmPurchaseService,
  // Delivery: notices and the purchaser's delivery rules.
  ISrmAsnHeadService,
  ISrmDeliveryApprovalService,
  ISrmDeliveryRuleService,
  // GS1 labels of the notices' boxes.
  ISupBmBarcodePrintService,
  // Receipt tracking: the warehouse's receipts of the notices' goods.
  ICheckReceiptService,
  ICheckReturnService,
  ISrmBillReturnService,
  IWarehousingDetailService,
  ISrmReceivingDetailService,
  // Inventory synergy: VMI and escrow stock and its movements, as the warehouse reports them.
  ISupSrmVmiService,
  ISrmOrderAnswerConfigService,
  // The dashboard and the schedule screens' common setting.
  ISupSrmIndexService,
  ISrmSchedulingDisplayConfigService,
  ISysAppVersionService,
  // Material base data.
  IBmUnitService,
  IBmUnitConvertService,
  IBmCategoryService,
  IBmItemGroupService,
  IBmItemService,
  IBmItemUnitConvertService,
  IBmZoneService,
  IBmWarehouseCellService,
  IBmCustomerService,
  IBmCustomerAddressService,
  IBmDeliveryAddressService,
  IBmCustomerItemService,
  IBmSupplierItemService,
  // Rules, labels, strategies and messages.
  IBmBarRuleHeadService,
  IBmLotRuleHeadService,
  IBmBoxRuleHeadService,
  IBmBarcodeService,
  IBmBoxService,
  IBmSnTransactionService,
  IBmWaveManageHeadService,
  IBmUpperMethodHeadService,
  IBmUnderMethodHeadService,
  IBmTurnMethodHeadService,
  IBmAllocateMethodHeadService,
  IBmStrategyApplyService,
  IBmNoticeConfigService,
  IBmNoticeTemplateService,
  IBmNoticePolicyService,
  IBmNoticeService,
  IExtBcDocConfigService,
  IBmMachineService,
  ISysDocNumberRuleService,
  ISysDropDownDataService,
  // Table management and business control.
  ISysTableLayoutService,
  IBmBusinessControlService,
];
