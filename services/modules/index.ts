// Every service the server answers, by the spec's names.
import type { ServiceDef } from '../registry.js';
import { IBmOrgService } from './IBmOrgService.js';
import { IReportCenterService } from './IReportCenterService.js';
import { ISrmBmLoginService } from './ISrmBmLoginService.js';
import { ISupSrmSysUserService } from './ISupSrmSysUserService.js';
import { ISysMenuService } from './ISysMenuService.js';
import { ISysTagService } from './ISysTagService.js';
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
];
