// The login's answer when a second factor is due, apart from the calls (secondFactor.ts) so the
// session module can tell it without importing them.

/** The password step's answer when a second factor is due: no session yet, a challenge. */
export interface SecondFactorStep {
  secondFactor: 'code' | 'enrol';
  challenge: string;
  userNo: string;
  userName: string;
}

export function isSecondFactorStep(answer: unknown): answer is SecondFactorStep {
  return Boolean(answer && typeof answer === 'object' && 'secondFactor' in answer && 'challenge' in answer);
}
