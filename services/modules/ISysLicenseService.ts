// Licence authorisation screen (BaseManage.Security.License): what the installation's licence says,
// and its activation with a key the vendor signed (services/system/license.ts). There is no switch:
// only a key that verifies against the configured public key changes the licence.
// hand-written SQL: the single licence row (id 1), activated with an optional version
import { adminOnly } from '../access/admin-only.js';
import { AppError } from '../errors.js';
import { type CallContext, defineMethod, defineService } from '../registry.js';
import { licenseState, verifyLicenseKey } from '../system/license.js';

export const LICENSE_MENU = 'BaseManage.Security.License';

async function current(ctx: CallContext) {
  const [state, row] = await Promise.all([
    licenseState(ctx.db, ctx.config),
    ctx.db
      .selectFrom('sysLicense')
      .select(['id', 'version', 'activatedBy', 'updateDate'])
      .where('id', '=', 1)
      .executeTakeFirst(),
  ]);
  return {
    id: 1,
    version: row?.version ?? 1,
    ...state,
    isLicense: String(state.isLicense),
    configured: state.configured ? 'Y' : 'N',
    activatedBy: row?.activatedBy ?? null,
    activateDate: row?.activatedBy ? row.updateDate : null,
    // The key itself is not shown again; a new one replaces it.
    licenseKey: null,
  };
}

export const ISysLicenseService = defineService(
  'ISysLicenseService',
  adminOnly({
    getLicense: defineMethod({
      body: { type: 'object', properties: { condition: { type: ['object', 'null'] } } },
      access: { kind: 'menu', menus: [LICENSE_MENU], flag: 'isSearch' },
      handler: current,
    }),
    activateLicense: defineMethod<{ condition: { licenseKey: string; version?: number } }>({
      body: {
        type: 'object',
        required: ['condition'],
        properties: {
          condition: {
            type: 'object',
            required: ['licenseKey'],
            properties: {
              id: {},
              version: { type: ['integer', 'null'], minimum: 1 },
              licenseKey: { type: 'string', minLength: 1, maxLength: 4000 },
              // What the form shows beside the key: accepted and ignored.
              isLicense: {},
              licensee: {},
              expireDate: {},
              daysLeft: {},
              warnDays: {},
              activatedBy: {},
            },
          },
        },
      },
      access: { kind: 'menu', menus: [LICENSE_MENU], flag: 'isModify' },
      handler: async (ctx, body) => {
        const claims = verifyLicenseKey(ctx.config, body.condition.licenseKey);
        if (new Date(`${claims.expireDate}T23:59:59.999Z`).getTime() < Date.now())
          throw new AppError('licenseExpired', { date: claims.expireDate });
        const name = ctx.user!.userName;
        const values = {
          licenseKey: body.condition.licenseKey.trim(),
          licensee: claims.licensee,
          expireDate: claims.expireDate,
          activatedBy: name,
          updateName: name,
          updateDate: new Date(),
        };
        const version = body.condition.version;
        const existing = await ctx.db
          .selectFrom('sysLicense')
          .select('version')
          .where('id', '=', 1)
          .executeTakeFirst();
        if (!existing) {
          await ctx.db
            .insertInto('sysLicense')
            .values({ id: 1, ...values, createName: name })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
        } else {
          // Optimistic locking as everywhere: two admins activating at once cannot both win silently.
          let q = ctx.db
            .updateTable('sysLicense')
            .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
            .where('id', '=', 1);
          if (version) q = q.where('version', '=', version);
          const r = await q.executeTakeFirst();
          if (Number(r.numUpdatedRows) !== 1) throw new AppError('staleVersion');
        }
        return current(ctx);
      },
    }),
  }),
);
