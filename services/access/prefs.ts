// Per-user preferences kept on the server (sys_user_pref): favourite menus, column settings, the
// default view of each screen. They follow the user to any browser.
import type { CallContext } from '../registry.js';

export async function getPref(ctx: CallContext, key: string): Promise<unknown> {
  const row = await ctx.db
    .selectFrom('sysUserPref')
    .select('value')
    .where('userId', '=', ctx.user!.id)
    .where('prefKey', '=', key)
    .executeTakeFirst();
  return row?.value;
}

export async function setPref(ctx: CallContext, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await ctx.db
    .insertInto('sysUserPref')
    .values({ userId: ctx.user!.id, prefKey: key, value: json, updateDate: new Date() })
    .onConflict((oc) =>
      oc.columns(['userId', 'prefKey']).doUpdateSet({ value: json, updateDate: new Date() }),
    )
    .execute();
}

export async function deletePref(ctx: CallContext, key: string): Promise<void> {
  await ctx.db
    .deleteFrom('sysUserPref')
    .where('userId', '=', ctx.user!.id)
    .where('prefKey', '=', key)
    .execute();
}
