import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { safeRedirect } from '../../../session/guard';
import type { SecondFactorStep } from '../../../session/secondFactorStep';
import { login } from '../../../session/session';

export interface LoginValues {
  userNo: string;
  pwd: string;
}

export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

/** Locale keys of what is missing; the user name counts as missing when it is only spaces. */
export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (!values.userNo.trim()) errors.userNo = 'login.userNoRequired';
  if (!values.pwd) errors.pwd = 'login.pwdRequired';
  return errors;
}

/**
 * The login form without antd Form and Input: through antd's form context they pull rc-field-form
 * and async-validator (about 30 KB gzip) into the login route for two required fields.
 */
export function useLoginForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [values, setValues] = useState<LoginValues>({ userNo: '', pwd: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [step, setStep] = useState<SecondFactorStep>();

  function change(field: keyof LoginValues, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const found = validateLogin(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSubmitting(true);
    try {
      const next = await login(values.userNo, values.pwd);
      // A second factor due: the page shows its step (SecondFactorLogin), which then calls `done`.
      if (next) setStep(next);
      else navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch {
      // the request layer already showed the server's message (wrong password, locked, ...)
    } finally {
      setSubmitting(false);
    }
  }

  return {
    values,
    errors,
    submitting,
    change,
    submit,
    showPassword,
    toggleShowPassword: () => setShowPassword((v) => !v),
    step,
    /** The second step opened the session: go where the login was going. */
    done: () => navigate(safeRedirect(params.get('redirect')), { replace: true }),
    /** Back to the password, which is typed again. */
    back: () => {
      setStep(undefined);
      setValues((v) => ({ ...v, pwd: '' }));
    },
  };
}
