// The password rule of spec 001 (the password policy screen), shared by browser and server: the server
// refuses a new password with the first breach this finds (services/auth/policy.ts, error 10011), and
// the forms that set a password judge it with the same function before sending, so the two sides cannot
// disagree. The policy itself is the server's (sys_password_policy); a form asks for the part it needs
// with PASSWORD_RULE_CALL, which any logged-in user may make.

/** What `constitute` may require: any characters, letters and digits only, or both letters and digits. */
export const PASSWORD_CONSTITUTES = ['ANY', 'LETTERS_DIGITS', 'LETTERS_AND_DIGITS'] as const;
export type PasswordConstitute = (typeof PASSWORD_CONSTITUTES)[number];

/**
 * The bounds within which the policy's lengths are set: spec 001 section 5 says 6 to 20, which stays
 * the default; an administrator may allow up to 128 characters (ASVS V6.2.9 wants at least 64).
 */
export const PASSWORD_LENGTH_BOUNDS = { min: 6, max: 128 } as const;

/** The active policy as a form needs it: what the server answers to PASSWORD_RULE_CALL, nothing else. */
export interface PasswordRule {
  constitute: PasswordConstitute;
  minLength: number;
  maxLength: number;
}

/** The call answering the active PasswordRule (`ISysPasswordPolicyService/getPasswordRule`, `{}`). */
export const PASSWORD_RULE_CALL = 'ISysPasswordPolicyService/getPasswordRule';

/** Who the password is for, and the password it replaces when the user types it (a change of one's own). */
export interface PasswordContext {
  userNo?: string;
  oldPassword?: string;
}

/** The first rule a password breaks: a locale key of the reason and its parameters. */
export interface PasswordBreach {
  key: string;
  params?: Record<string, unknown>;
}

/** A user number shorter than this is not looked for inside the password (it would forbid too much). */
export const USER_NO_MIN_SEARCHED = 3;

/**
 * The first rule of `rule` that `password` breaks, or undefined when it passes: the length, the
 * character classes `constitute` requires, then (with the context) that it differs from the old
 * password and does not contain the user number. The reason's key completes "does not meet the
 * password policy: …" (error 10011, validation.passwordPolicy).
 */
export function passwordBreach(
  rule: PasswordRule,
  password: string,
  context: PasswordContext = {},
): PasswordBreach | undefined {
  if (password.length < rule.minLength) return { key: 'password.tooShort', params: { min: rule.minLength } };
  if (password.length > rule.maxLength) return { key: 'password.tooLong', params: { max: rule.maxLength } };
  if (rule.constitute !== 'ANY' && !/^[A-Za-z\d]+$/.test(password))
    return { key: 'password.onlyLettersDigits' };
  if (rule.constitute === 'LETTERS_AND_DIGITS' && !(/[A-Za-z]/.test(password) && /\d/.test(password)))
    return { key: 'password.needLettersDigits' };
  if (context.oldPassword !== undefined && context.oldPassword === password)
    return { key: 'password.sameAsOld' };
  const userNo = context.userNo?.trim() ?? '';
  if (userNo.length >= USER_NO_MIN_SEARCHED && password.toLowerCase().includes(userNo.toLowerCase()))
    return { key: 'password.containsUserNo' };
  return undefined;
}

const RULE_TEXT_KEYS: Record<PasswordConstitute, string> = {
  ANY: 'password.rule.any',
  LETTERS_DIGITS: 'password.rule.lettersDigits',
  LETTERS_AND_DIGITS: 'password.rule.lettersAndDigits',
};

/** The rule as a sentence for the help text under a password field: a locale key and its parameters. */
export function passwordRuleText(rule: PasswordRule): { key: string; params: { min: number; max: number } } {
  return { key: RULE_TEXT_KEYS[rule.constitute], params: { min: rule.minLength, max: rule.maxLength } };
}

/** The rule out of an answer (or a policy row), keeping only what a form needs; undefined if it is none. */
export function toPasswordRule(value: unknown): PasswordRule | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { constitute, minLength, maxLength } = value as Record<string, unknown>;
  if (!PASSWORD_CONSTITUTES.includes(constitute as PasswordConstitute)) return undefined;
  if (!Number.isInteger(minLength) || !Number.isInteger(maxLength)) return undefined;
  return {
    constitute: constitute as PasswordConstitute,
    minLength: minLength as number,
    maxLength: maxLength as number,
  };
}
