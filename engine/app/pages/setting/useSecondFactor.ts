import { useCallback, useEffect, useState } from 'react';
import { request } from '../../../request';
import { type Enrolment, SECOND_FACTOR_CALLS, type SecondFactorState } from '../../../session/secondFactor';

/** How the user proves it is them to turn the factor off: a current code, or the password. */
export type DisableProof = { code: string } | { pwd: string };

/**
 * The settings page's second factor: its state, an enrolment (QR code and key, then the first code),
 * the recovery codes shown once after it, and turning it off.
 */
export function useSecondFactor() {
  const [state, setState] = useState<SecondFactorState>();
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setState(await request<SecondFactorState>(SECOND_FACTOR_CALLS.state, {}));
    } catch {
      // the request layer showed why
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  /** Runs one call with the busy flag; false when it was refused (the request layer showed why). */
  async function run(work: () => Promise<void>): Promise<boolean> {
    setBusy(true);
    try {
      await work();
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  }

  const start = () => run(async () => setEnrolment(await request<Enrolment>(SECOND_FACTOR_CALLS.start, {})));

  const confirm = (code: string) =>
    run(async () => {
      const answer = await request<{ recoveryCodes: string[] }>(SECOND_FACTOR_CALLS.confirm, {
        code: code.trim(),
      });
      setEnrolment(undefined);
      setRecoveryCodes(answer.recoveryCodes);
      await load();
    });

  const disable = (proof: DisableProof) =>
    run(async () => {
      await request(SECOND_FACTOR_CALLS.disable, proof);
      await load();
    });

  return {
    state,
    enrolment,
    recoveryCodes,
    busy,
    start,
    confirm,
    disable,
    cancelEnrolment: () => setEnrolment(undefined),
    /** The user has put the recovery codes away: they are not shown again. */
    recoverySaved: () => setRecoveryCodes(undefined),
  };
}
