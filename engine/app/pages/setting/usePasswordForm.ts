import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { loginRedirect, request } from '../../../request';
import { resetSession } from '../../../session/session';
import type { PasswordValues } from './passwordRules';

/**
 * Changing the password ends the session on the server (000701 afterwards), so on success we
 * leave for the login page ourselves instead of letting the next call raise the dialog.
 */
export function usePasswordForm(onChanged: () => void) {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);

  async function submit(values: PasswordValues) {
    setSubmitting(true);
    try {
      await request('ISupSrmSysUserService/updatepwd', { oldPwd: values.oldPwd, newPwd: values.newPwd });
      onChanged();
      resetSession();
      navigate(loginRedirect('/dashboard'), { replace: true });
    } catch {
      // the request layer showed why (old password wrong, policy)
    } finally {
      setSubmitting(false);
    }
  }

  return { submitting, submit };
}
