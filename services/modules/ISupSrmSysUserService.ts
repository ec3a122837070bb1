// The user's own password change (spec 000 section 7: updatepwd), under the password policy.

import { sql } from 'kysely';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { checkNewPassword, loadPolicy } from '../auth/policy.js';
import { endUserSessions } from '../auth/sessions.js';
import { AppError } from '../errors.js';
import { defineMethod, defineService } from '../registry.js';

interface UpdatePwdBody {
  condition: { oldPwd: string; newPwd: string };
}

export const ISupSrmSysUserService = defineService('ISupSrmSysUserService', {
  updatepwd: defineMethod<UpdatePwdBody>({
    body: {
      type: 'object',
      required: ['condition'],
      properties: {
        condition: {
          type: 'object',
          required: ['oldPwd', 'newPwd'],
          properties: {
            oldPwd: { type: 'string', minLength: 1, maxLength: 128 },
            newPwd: { type: 'string', minLength: 1, maxLength: 128 },
          },
        },
      },
    },
    access: { kind: 'user' },
    handler: async (ctx, body) => {
      const { oldPwd, newPwd } = body.condition;
      const me = ctx.user!;
      const user = await ctx.db
        .selectFrom('sysUser')
        .select(['pwdHash', 'userNo'])
        .where('id', '=', me.id)
        .executeTakeFirstOrThrow();
      if (!(await verifyPassword(user.pwdHash, oldPwd))) throw new AppError('wrongOldPassword');
      checkNewPassword(await loadPolicy(ctx.db), newPwd, ctx.t, { userNo: user.userNo, oldPassword: oldPwd });
      await ctx.db
        .updateTable('sysUser')
        .set({
          pwdHash: await hashPassword(newPwd, ctx.config.argon2),
          pwdChangedAt: new Date(),
          version: sql`version + 1`,
          updateName: me.userName,
          updateDate: new Date(),
        })
        .where('id', '=', me.id)
        .execute();
      // Other sessions of this user end: whoever knew the old password is out.
      await endUserSessions(ctx.db, me.id, 'passwordChanged', me.tokenHash);
      return null;
    },
  }),
});
