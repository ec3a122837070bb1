// The second factor's calls (services/auth/second-factor.ts): the login's code and enrolment steps
// after a password step that answered a challenge, and the user's own factor on the settings page.
import { request } from '../request';
import { sessionOpened as startSession } from './session';

export { isSecondFactorStep, type SecondFactorStep } from './secondFactorStep';

/** What an enrolment shows: the key as text, the otpauth address and its QR code (an image data URL). */
export interface Enrolment {
  secret: string;
  uri: string;
  qr: string;
}

export interface SecondFactorState {
  enabled: boolean;
  confirmedAt: string | null;
  recoveryLeft: number;
  required: boolean;
}

export const SECOND_FACTOR_CALLS = {
  login: 'ISrmBmLoginService/loginSecondFactor',
  startAtLogin: 'ISrmBmLoginService/startSecondFactorAtLogin',
  confirmAtLogin: 'ISrmBmLoginService/confirmSecondFactorAtLogin',
  state: 'ISysSecondFactorService/getMySecondFactor',
  start: 'ISysSecondFactorService/startMySecondFactor',
  confirm: 'ISysSecondFactorService/confirmMySecondFactor',
  disable: 'ISysSecondFactorService/disableMySecondFactor',
} as const;

/** The session the code step opened (its token is the HttpOnly cookie): start afresh, as a login does. */
function sessionOpened(): void {
  startSession();
}

/** The code (or a recovery code) for a 'code' challenge; the session opens. */
export async function loginWithCode(challenge: string, code: string): Promise<void> {
  await request(SECOND_FACTOR_CALLS.login, { challenge, code: code.trim() });
  sessionOpened();
}

export function startEnrolmentAtLogin(challenge: string): Promise<Enrolment> {
  return request<Enrolment>(SECOND_FACTOR_CALLS.startAtLogin, { challenge });
}

/** The first code of an enrolment at login: the session opens; the recovery codes are to be shown once. */
export async function confirmEnrolmentAtLogin(challenge: string, code: string): Promise<string[]> {
  const answer = await request<{ recoveryCodes: string[] }>(SECOND_FACTOR_CALLS.confirmAtLogin, {
    challenge,
    code: code.trim(),
  });
  sessionOpened();
  return answer.recoveryCodes;
}
