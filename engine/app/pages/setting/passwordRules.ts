export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;

export interface PasswordValues {
  oldPwd?: string;
  newPwd?: string;
  confirmPwd?: string;
}

/** Locale key of the first problem with one field, or undefined (spec 000 section 9: length 6-20). */
export function passwordProblem(field: keyof PasswordValues, values: PasswordValues): string | undefined {
  const value = values[field] ?? '';
  if (!value) {
    return {
      oldPwd: 'password.oldRequired',
      newPwd: 'password.newRequired',
      confirmPwd: 'password.confirmRequired',
    }[field];
  }
  if (field !== 'oldPwd' && (value.length < PASSWORD_MIN || value.length > PASSWORD_MAX))
    return 'password.length';
  if (field === 'confirmPwd' && value !== values.newPwd) return 'password.mismatch';
  return undefined;
}
