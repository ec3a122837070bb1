import { SafetyOutlined } from '@ant-design/icons';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../request/types';
import {
  confirmEnrolmentAtLogin,
  type Enrolment,
  loginWithCode,
  type SecondFactorStep,
  startEnrolmentAtLogin,
} from '../../../session/secondFactor';
import './secondFactor.css';

/** Refusals after which the challenge is gone: the user starts again with the password. */
const CHALLENGE_GONE = new Set(['10252', '10010']);

interface Props {
  step: SecondFactorStep;
  /** The session is open: go where the login was going. */
  onDone(): void;
  /** Back to the password. */
  onBack(): void;
}

/**
 * The login's second step, in place of the password form (no antd form here either, as on the rest of
 * the login route): the authenticator's code or a recovery code, or, for a role that requires a second
 * factor and a user without one, its enrolment (QR code, key, first code) and the recovery codes once.
 */
export function SecondFactorLogin({ step, onDone, onBack }: Props) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const enrol = step.secondFactor === 'enrol';

  // The enrolment is started once per challenge, whatever the parent renders meanwhile.
  const back = useRef(onBack);
  back.current = onBack;
  useEffect(() => {
    if (!enrol) return;
    startEnrolmentAtLogin(step.challenge).then(setEnrolment, () => back.current());
  }, [enrol, step.challenge]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      setError('secondFactor.codeRequired');
      return;
    }
    setBusy(true);
    try {
      if (enrol) setRecoveryCodes(await confirmEnrolmentAtLogin(step.challenge, code));
      else {
        await loginWithCode(step.challenge, code);
        onDone();
      }
    } catch (e) {
      // the request layer showed why; a challenge that ended sends the user back to the password
      setCode('');
      if (e instanceof RequestError && CHALLENGE_GONE.has(e.code)) onBack();
    } finally {
      setBusy(false);
    }
  }

  if (recoveryCodes)
    return (
      <div className="login__form" data-part="recovery-codes">
        <h2 className="login__step-title">{t('secondFactor.recoveryTitle')}</h2>
        <p className="login__step-hint">{t('secondFactor.recoveryHint')}</p>
        <ol className="login__recovery">
          {recoveryCodes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ol>
        <button type="button" className="login__submit" onClick={onDone}>
          {t('secondFactor.recoveryDone')}
        </button>
      </div>
    );

  return (
    <form className="login__form" onSubmit={submit} noValidate data-part="second-factor">
      <h2 className="login__step-title">
        {t(enrol ? 'secondFactor.enrolTitle' : 'secondFactor.loginTitle')}
      </h2>
      <p className="login__step-hint">{t(enrol ? 'secondFactor.enrolHint' : 'secondFactor.loginHint')}</p>
      {enrol && enrolment && (
        <div className="login__enrol">
          <img src={enrolment.qr} alt={t('secondFactor.qr')} width={180} height={180} />
          <p className="login__step-hint">{t('secondFactor.scan')}</p>
          <span className="login__secret">
            {t('secondFactor.secret')}: <code data-part="secret">{enrolment.secret}</code>
          </span>
        </div>
      )}
      <label className="login__field">
        <span>{t(enrol ? 'secondFactor.code' : 'secondFactor.loginCode')}</span>
        <span className={`login__input${error ? ' login__input--error' : ''}`}>
          <SafetyOutlined />
          <input
            name="code"
            autoComplete="one-time-code"
            // biome-ignore lint/a11y/noAutofocus: the step has one job, typing the code
            autoFocus
            maxLength={32}
            value={code}
            aria-invalid={!!error}
            onChange={(e) => {
              setCode(e.target.value);
              setError(undefined);
            }}
          />
        </span>
        {error && <em role="alert">{t(error)}</em>}
      </label>
      <button type="submit" className="login__submit" disabled={busy} aria-busy={busy}>
        {busy && <span className="login__busy" />}
        {t(enrol ? 'secondFactor.confirm' : 'secondFactor.verify')}
      </button>
      <button type="button" className="login__back" onClick={onBack}>
        {t('secondFactor.back')}
      </button>
    </form>
  );
}
