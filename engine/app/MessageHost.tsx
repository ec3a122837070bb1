import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { type Notifier, setNotifier } from '../request';
import { confirmWarning, toast } from './toast';

let baseNotifier: Notifier | undefined;

/** The notifier outside the shell; the shell swaps in its own and restores this one when it unmounts. */
export function getBaseNotifier(): Notifier | undefined {
  return baseNotifier;
}

/** Installs the request notifier for pages outside the shell (login, announcements, licence). */
export function MessageHost({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  useEffect(() => {
    baseNotifier = { error: toast.error, confirmRelogin: confirmWarning, navigate: (to) => navigate(to) };
    setNotifier(baseNotifier);
  }, [navigate]);
  return children;
}
