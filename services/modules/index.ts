// Every service the server answers, by the spec's names.
import type { ServiceDef } from '../registry.js';
import { IBmClassifyTypeService } from './IBmClassifyTypeService.js';
import { IBmEnumService } from './IBmEnumService.js';
import { IBmMachineService } from './IBmMachineService.js';
import { IBmOrgService } from './IBmOrgService.js';
import { IBmSupplierService } from './IBmSupplierService.js';
import { IBmWarehouseService } from './IBmWarehouseService.js';
import { IExtBcDocConfigService } from './IExtBcDocConfigService.js';
import { IReportCenterService } from './IReportCenterService.js';
import { ISrmBmLoginService } from './ISrmBmLoginService.js';
import { ISrmSysRoleService } from './ISrmSysRoleService.js';
import { ISupSrmSysUserService } from './ISupSrmSysUserService.js';
import { ISysDropDownDataService } from './ISysDropDownDataService.js';
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
  IExtBcDocConfigService,
  IBmMachineService,
  ISysDropDownDataService,
];
