// What getAuth answered after login (spec 000 section 4): the licence state, and the notices the
// shell shows: the licence's last day near (spec 001 section 9: licence warns days before expiry)
// and the password's expiry near (password policy: isExpireWarn, predate).
import { createStore } from '../store/createStore';

export interface AuthAnswer {
  isLicense: number;
  licenseExpireDate?: string | null;
  licenseDaysLeft?: number | null;
  licenseWarn?: boolean;
  pwdExpireDate?: string | null;
  pwdDaysLeft?: number | null;
  pwdWarn?: boolean;
}

export const authNoticeStore = createStore<{ auth: AuthAnswer | null; dismissed: boolean }>(() => ({
  auth: null,
  dismissed: false,
}));

export interface Notice {
  key: 'license' | 'password';
  textKey: string;
  params: { date: string; days: number };
}

/** The notices to show, licence first. */
export function noticesOf(auth: AuthAnswer | null): Notice[] {
  const out: Notice[] = [];
  if (auth?.licenseWarn && auth.licenseExpireDate)
    out.push({
      key: 'license',
      textKey: 'license.warnBanner',
      params: { date: auth.licenseExpireDate, days: auth.licenseDaysLeft ?? 0 },
    });
  if (auth?.pwdWarn && auth.pwdExpireDate)
    out.push({
      key: 'password',
      textKey: 'password.expiryBanner',
      params: { date: auth.pwdExpireDate, days: auth.pwdDaysLeft ?? 0 },
    });
  return out;
}
