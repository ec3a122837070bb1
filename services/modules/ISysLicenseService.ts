// Licence authorisation screen (BaseManage.Security.License): what the installation's licence says,
// and its activation with a key the vendor signed (services/system/license.ts). There is no switch:
// only a key that verifies against the configured public key changes the licence.
import { adminOnly } from '../access/admin-only.js';
import { AppError } from '../errors.js';
import { type CallContext, defineMethod, defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { add, getMany, inTransaction, update } from '../resource/resource.js';
import { licenseState, verifyLicenseKey } from '../system/license.js';

export const LICENSE_MENU = 'BaseManage.Security.License';
/** The installation's one licence row. */
const LICENSE_ID = '1';

/** The licence row: every value is the server's, written from a verified key, never as sent. */
const licenseResource = defineResource({
  table: 'sysLicense',
  menus: [LICENSE_MENU],
  fields: {
    licenseKey: { type: 'string' },
    licensee: { type: 'string' },
    expireDate: { type: 'date' },
    activatedBy: { type: 'string' },
  },
});

async function current(ctx: CallContext) {
  const [state, [row]] = await Promise.all([
    licenseState(ctx.db, ctx.config),
    getMany(licenseResource, ctx, [LICENSE_ID], { stored: true }),
  ]);
  return {
    id: 1,
    version: (row?.version as number | undefined) ?? 1,
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
        const own = {
          licenseKey: body.condition.licenseKey.trim(),
          licensee: claims.licensee,
          expireDate: claims.expireDate,
          activatedBy: ctx.user!.userName,
        };
        await inTransaction(ctx, async (tx) => {
          const [stored] = await getMany(licenseResource, tx, [LICENSE_ID], { stored: true });
          // The first activation makes the row; later ones update it, at the version the form read
          // when it sends one (two admins activating at once cannot both win silently).
          if (!stored) await add(licenseResource, tx, {}, { id: Number(LICENSE_ID), ...own });
          else
            await update(
              licenseResource,
              tx,
              { id: LICENSE_ID, version: body.condition.version || undefined },
              own,
              undefined,
              { version: 'ifSent' },
            );
        });
        return current(ctx);
      },
    }),
  }),
);
