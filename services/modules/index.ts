// Every service the server answers, by the spec's names.
import type { ServiceDef } from '../registry.js';
import { IBmAllocateMethodHeadService } from './IBmAllocateMethodHeadService.js';
import { IBmBarcodeService } from './IBmBarcodeService.js';
import { IBmBarRuleHeadService } from './IBmBarRuleHeadService.js';
import { IBmBoxRuleHeadService } from './IBmBoxRuleHeadService.js';
import { IBmBoxService } from './IBmBoxService.js';
import { IBmClassifyTypeService } from './IBmClassifyTypeService.js';
import { IBmEnumService } from './IBmEnumService.js';
import { IBmLotRuleHeadService } from './IBmLotRuleHeadService.js';
import { IBmNoticeConfigService } from './IBmNoticeConfigService.js';
import { IBmNoticePolicyService } from './IBmNoticePolicyService.js';
import { IBmNoticeService } from './IBmNoticeService.js';
import { IBmNoticeTemplateService } from './IBmNoticeTemplateService.js';
import { IBmOrgService } from './IBmOrgService.js';
import { IBmSnTransactionService } from './IBmSnTransactionService.js';
import { IBmStrategyApplyService } from './IBmStrategyApplyService.js';
import { IBmSupplierService } from './IBmSupplierService.js';
import { IBmTurnMethodHeadService } from './IBmTurnMethodHeadService.js';
import { IBmUnderMethodHeadService } from './IBmUnderMethodHeadService.js';
import { IBmUpperMethodHeadService } from './IBmUpperMethodHeadService.js';
import { IBmWarehouseService } from './IBmWarehouseService.js';
import { IBmWaveManageHeadService } from './IBmWaveManageHeadService.js';
import { IReportCenterService } from './IReportCenterService.js';
import { ISrmBmLoginService } from './ISrmBmLoginService.js';
import { ISrmSysRoleService } from './ISrmSysRoleService.js';
import { ISupSrmSysUserService } from './ISupSrmSysUserService.js';
import { ISysExportJobService } from './ISysExportJobService.js';
import { ISysFrameDefineService } from './ISysFrameDefineService.js';
import { ISysMenuService } from './ISysMenuService.js';
import { ISysTagService } from './ISysTagService.js';
import { ISysUserService } from './ISysUserService.js';
import { ISysViewService } from './ISysViewService.js';
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
  ISysExportJobService,
  // Rules, labels, strategies and messages (issue 8).
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
];
