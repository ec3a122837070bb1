// The modules of the screens shipped in screens/ (a screen's `module`, else its menu number): what the
// custom-field screen offers to put a field on, each named by its title in the caller's language, the
// modules with a list screen first. The files are code, read once per process.
import type { CallContext } from '../registry.js';
import { shippedScreens } from './screen-registry.js';

export interface ScreenModule {
  module: string;
  /** Whether a list screen shows the module (its custom fields may be columns and search fields). */
  hasList: boolean;
  /** The locale key of the title of the module's first screen (its list's when it has one). */
  titleKey: string;
}

let modules: Map<string, ScreenModule> | undefined;

/** Every module a shipped list, form or detail screen belongs to. */
export function screenModules(): Map<string, ScreenModule> {
  if (!modules) {
    modules = new Map();
    for (const screen of shippedScreens() as {
      kind?: string;
      module?: string;
      menuNo?: string;
      titleKey?: string;
    }[]) {
      const module = screen.module ?? screen.menuNo;
      if (!module || !screen.titleKey || !['list', 'form', 'detail'].includes(screen.kind ?? '')) continue;
      const isList = screen.kind === 'list';
      const known = modules.get(module);
      if (!known) modules.set(module, { module, hasList: isList, titleKey: screen.titleKey });
      else if (isList && !known.hasList)
        modules.set(module, { module, hasList: true, titleKey: screen.titleKey });
    }
  }
  return modules;
}

/**
 * The modules named in the caller's language: a menu's title (the administrator's own, else the
 * locale's `menu.<menuNo>`), else the title of the module's screen; those with a list screen first,
 * then by name. `keyword` keeps those whose number or name holds it.
 */
export async function namedScreenModules(
  ctx: CallContext,
  keyword?: string | null,
): Promise<{ module: string; moduleName: string; hasList: boolean }[]> {
  const all = [...screenModules().values()];
  const own = await ctx.db
    .selectFrom('sysMenu')
    .select(['menuNo', 'titleI18n'])
    .where(
      'menuNo',
      'in',
      all.map((m) => m.module),
    )
    .execute();
  const titles = new Map(
    own.map((m) => [m.menuNo, (m.titleI18n as Record<string, string> | null)?.[ctx.lang]]),
  );
  const wanted = keyword?.trim().toLowerCase();
  return all
    .map((m) => ({
      module: m.module,
      moduleName: titles.get(m.module) || ctx.t(`menu.${m.module}`, { defaultValue: ctx.t(m.titleKey) }),
      hasList: m.hasList,
    }))
    .filter(
      (m) =>
        !wanted || m.module.toLowerCase().includes(wanted) || m.moduleName.toLowerCase().includes(wanted),
    )
    .sort(
      (a, b) =>
        Number(b.hasList) - Number(a.hasList) ||
        a.moduleName.localeCompare(b.moduleName, ctx.lang) ||
        a.module.localeCompare(b.module),
    );
}
