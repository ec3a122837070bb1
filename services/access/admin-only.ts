// System administration is for the buyer side: a supplier's user is refused whatever flags a role
// gives it (an administrator could grant a supplier role a system menu by mistake; this holds anyway).
// With `lookups`, a call from another screen's selector still answers (the dictionary's list serves
// every dropdown): only the administration screen's own use is refused.
import { AppError } from '../errors.js';
import type { MethodDef } from '../registry.js';

export function adminOnly(
  methods: Record<string, MethodDef>,
  options: { lookups?: boolean } = {},
): Record<string, MethodDef> {
  return Object.fromEntries(
    Object.entries(methods).map(([name, def]) => [
      name,
      {
        ...def,
        handler: async (ctx, body) => {
          if (ctx.user?.scope.supplierNo && !(options.lookups && ctx.lookup))
            throw new AppError('forbidden', {
              flag: def.access.kind === 'menu' ? def.access.flag : 'isSearch',
            });
          return def.handler(ctx, body);
        },
      } satisfies MethodDef,
    ]),
  );
}
