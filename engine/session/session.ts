import type { UserInfo } from '@schemas/generated/user-info';
import { menuStore } from '../menu/menuStore';
import { loginRedirect, request } from '../request';
import { clearTabs } from '../tabs/tabsStore';
import { type AuthAnswer, authNoticeStore } from './authNotice';
import { forgetSession } from './marker';
import { clearTrail } from './pageTrail';
import { isSecondFactorStep, type SecondFactorStep } from './secondFactorStep';
import { sessionEndStore } from './sessionEnd';
import { storeUserInfo, userStore } from './userStore';

export const SESSION_CALLS = {
  login: 'ISrmBmLoginService/login',
  logout: 'ISrmBmLoginService/logout',
  userInfo: 'ISrmBmLoginService/getUserInfo',
  auth: 'ISrmBmLoginService/getAuth',
} as const;

/** The login's answer in cookie mode: the token is in the HttpOnly cookie, never here. */
interface LoginAnswer {
  orgNo?: string;
  userNo?: string;
  userName?: string;
}

/**
 * The spec's client transforms the password with a symmetric cipher whose key it does not give,
 * so the password goes as typed and confidentiality rests on HTTPS.
 */
export async function login(userNo: string, pwd: string): Promise<SecondFactorStep | undefined> {
  const answer = await request<LoginAnswer | SecondFactorStep>(SESSION_CALLS.login, {
    userNo: userNo.trim(),
    pwd,
    invokerParam: '1',
  });
  // A second factor due: no session yet; the login page asks for the code (engine/session/secondFactor.ts).
  if (isSecondFactorStep(answer)) return answer;
  sessionOpened();
}

/**
 * After a call that opened a session (the login, its second-factor step): the answer set the session
 * cookie and its marker, so the last session's state is forgotten but not the marker (resetSession
 * would sign the browser out again).
 */
export function sessionOpened(): void {
  loginReturn = undefined;
  forgetState();
  sessionEndStore.reset();
}

/** The start-up user load; errors are the caller's to show (the guard shows them, then goes to login). */
export async function loadUser(): Promise<UserInfo> {
  const info = await request<UserInfo>(SESSION_CALLS.userInfo, {}, { showError: false });
  storeUserInfo(info);
  return info;
}

/** Licence check after login; true when licensed. The answer's notices go to the shell. */
export async function checkLicense(): Promise<boolean> {
  const auth = await request<AuthAnswer>(SESSION_CALLS.auth, { type: '1' }, { showError: false });
  authNoticeStore.set({ auth: auth ?? null, dismissed: false });
  return Number(auth?.isLicense) !== 0;
}

/** Where the next login goes when the browser ended the session itself (see logout). */
let loginReturn: string | undefined;

/** The page the next login returns to, when the session was ended by logout; else undefined. */
export function loginReturnPath(): string | undefined {
  return loginReturn;
}

/** Forgets the return path once the login page has it in its address. */
export function clearLoginReturn(): void {
  loginReturn = undefined;
}

/**
 * Forgets the session marker, user, menus, tabs, cached page data and the pages visited. `returnTo`:
 * the page the next login goes back to, set before anything is forgotten, so the guard that sees the session end
 * on the page open now sends the user to login with it rather than with that page.
 */
export function resetSession(returnTo?: string): void {
  loginReturn = returnTo;
  forgetSession();
  forgetState();
}

function forgetState(): void {
  userStore.reset();
  menuStore.reset();
  authNoticeStore.reset();
  clearTabs();
  clearTrail();
}

/**
 * Ends the session on the server (best effort: a session that is already gone must not stop the
 * user from leaving) and returns the login address with the page to come back to: `returnPath`, the
 * page open now for a logout, the page before the password page after a password change.
 */
export async function logout(returnPath: string): Promise<string> {
  try {
    await request(SESSION_CALLS.logout, {}, { showError: false });
  } catch {
    // already logged out server-side; nothing to tell the user
  }
  resetSession(returnPath);
  return loginRedirect(returnPath);
}
