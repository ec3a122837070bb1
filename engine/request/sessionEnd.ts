// What the user is told when a session ends (spec 000 section 8: 10004 and 000701): the in-app re-login
// dialog and the login page a reload lands on word it for what happened, as the server's answer says:
// 10004 a session that expired; 000701 a session that ended, with the reason in response.data
// (services/auth/sessions.ts). Statements, not questions: the dialog's buttons are the choice.

export const SESSION_EXPIRED = '10004';
export const SESSION_INVALID = '000701';

export type SessionEndReason = 'expired' | 'accountDisabled' | 'passwordChanged' | 'loggedOut' | 'ended';

/** Locale keys of each reason's title and text (literal, so the locale check sees them used). */
export const SESSION_END_TEXTS: Record<SessionEndReason, { title: string; text: string }> = {
  expired: { title: 'session.expiredTitle', text: 'session.expiredText' },
  accountDisabled: { title: 'session.disabledTitle', text: 'session.disabledText' },
  passwordChanged: { title: 'session.passwordChangedTitle', text: 'session.passwordChangedText' },
  loggedOut: { title: 'session.loggedOutTitle', text: 'session.loggedOutText' },
  ended: { title: 'login.confirmLogOut', text: 'login.confirmTip' },
};

const NAMED = new Set<string>(['accountDisabled', 'passwordChanged', 'loggedOut']);

/** Why the session ended, from a failed call's code and its response.data; undefined for any other failure. */
export function sessionEndReason(code: string | undefined, data?: unknown): SessionEndReason | undefined {
  if (code === SESSION_EXPIRED) return 'expired';
  if (code !== SESSION_INVALID) return undefined;
  const reason = data && typeof data === 'object' ? (data as { reason?: unknown }).reason : undefined;
  return typeof reason === 'string' && NAMED.has(reason) ? (reason as SessionEndReason) : 'ended';
}
