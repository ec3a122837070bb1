// What a module prints: the records of the resource its screen lists (found in the service registry,
// like import ports), under that menu's isPrint flag. Prints read records through the resource layer,
// so the caller's data scope applies exactly as to the list.
import { menuChainFlags } from '../access/permissions.js';
import { AppError } from '../errors.js';
import { SERVICES } from '../modules/index.js';
import type { CallContext } from '../registry.js';
import type { ResourceDef } from '../resource/define.js';

/** The resource whose records a module's screen lists, if any. */
export function printableResource(module: string): ResourceDef | undefined {
  for (const service of SERVICES) {
    for (const method of Object.values(service.methods)) {
      if (method.resource?.menus.includes(module)) return method.resource;
    }
  }
  return undefined;
}

/**
 * The module's resource, once the caller's menu grants isPrint on it (a hidden page acts under its list's
 * menu, as everywhere). An unknown module says there is nothing to print; a menu without the flag is 10005.
 */
export async function requirePrintable(ctx: CallContext, module: string): Promise<ResourceDef> {
  const def = printableResource(module);
  if (!def) throw new AppError('printNothing', { module: module.slice(0, 100) });
  const chain = await menuChainFlags(ctx.db, ctx.user!.id, module);
  const owning = chain.find((m) => def.menus.includes(m.menuNo));
  if (!owning?.flags?.isPrint) throw new AppError('forbidden', { flag: 'isPrint' });
  return def;
}
