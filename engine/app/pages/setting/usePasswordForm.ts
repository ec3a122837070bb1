import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PASSWORD_RULE_CALL, type PasswordRule, toPasswordRule } from '../../../core/passwordPolicy';
import { request } from '../../../request';
import { pageBefore } from '../../../session/pageTrail';
import { logout } from '../../../session/session';
import type { PasswordValues } from './passwordRules';

/** Where the next login goes when the user came to the password page from no other page. */
export const AFTER_PASSWORD_CHANGE = '/dashboard';

/**
 * The password page's calls: the active policy's rule as the page opens (`ruleLoaded` for the checks,
 * `rule` once it is there, for the help text), and the change. A successful change is said
 * (`onChanged`), then the session ends (the user logs in again with the new password) and the login
 * that follows returns to the page the user came from, or the dashboard: never to this form.
 */
export function usePasswordForm(onChanged: () => void) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [submitting, setSubmitting] = useState(false);
  const [ruleLoaded] = useState(() =>
    request<unknown>(PASSWORD_RULE_CALL, {}).then(toPasswordRule, () => undefined),
  );
  const [rule, setRule] = useState<PasswordRule>();
  useEffect(() => {
    let mounted = true;
    void ruleLoaded.then((r) => {
      if (mounted) setRule(r);
    });
    return () => {
      mounted = false;
    };
  }, [ruleLoaded]);

  async function submit(values: PasswordValues) {
    setSubmitting(true);
    try {
      await request('ISupSrmSysUserService/updatepwd', { oldPwd: values.oldPwd, newPwd: values.newPwd });
    } catch {
      // the request layer showed why (old password wrong, policy)
      setSubmitting(false);
      return;
    }
    // Read before the session (and the pages it visited) is forgotten.
    const back = pageBefore(pathname) ?? AFTER_PASSWORD_CHANGE;
    onChanged();
    navigate(await logout(back), { replace: true });
  }

  return { rule, ruleLoaded, submitting, submit };
}
