import { type PasswordBreach, type PasswordRule, passwordBreach } from '../../../core/passwordPolicy';

export interface PasswordValues {
  oldPwd?: string;
  newPwd?: string;
  confirmPwd?: string;
}

/** What the checks know beside the values: the active policy's rule (once loaded) and whose password it is. */
export interface PasswordCheckContext {
  rule?: PasswordRule;
  userNo?: string;
}

/** A problem with one field: the locale key of its message, and for the policy the breach it names. */
export interface PasswordProblem {
  key: string;
  breach?: PasswordBreach;
}

const REQUIRED: Record<keyof PasswordValues, string> = {
  oldPwd: 'password.oldRequired',
  newPwd: 'password.newRequired',
  confirmPwd: 'password.confirmRequired',
};

/**
 * The first problem with one field, or undefined. The new password is judged by the server's own
 * check (engine/core/passwordPolicy.ts) against the active policy: its lengths and character classes,
 * and that it differs from the old password and does not contain the user number. Without the rule
 * (not loaded) the server judges it on save. The old password's length is not judged: older policies
 * allowed others.
 */
export function passwordProblem(
  field: keyof PasswordValues,
  values: PasswordValues,
  context: PasswordCheckContext = {},
): PasswordProblem | undefined {
  const value = values[field] ?? '';
  if (!value) return { key: REQUIRED[field] };
  if (field === 'newPwd' && context.rule) {
    const breach = passwordBreach(context.rule, value, {
      userNo: context.userNo,
      oldPassword: values.oldPwd || undefined,
    });
    if (breach) return { key: 'validation.passwordPolicy', breach };
  }
  if (field === 'confirmPwd' && value !== values.newPwd) return { key: 'password.mismatch' };
  return undefined;
}
