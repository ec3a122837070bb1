import { describe, expect, it } from 'vitest';
import { noticesOf } from './authNotice';

describe('notices after login', () => {
  it('shows the licence warning, then the password warning, only when the server says so', () => {
    expect(noticesOf(null)).toEqual([]);
    expect(noticesOf({ isLicense: 1, licenseWarn: false, pwdWarn: false })).toEqual([]);
    const both = noticesOf({
      isLicense: 1,
      licenseWarn: true,
      licenseExpireDate: '2030-01-10',
      licenseDaysLeft: 9,
      pwdWarn: true,
      pwdExpireDate: '2030-01-03',
      pwdDaysLeft: 2,
    });
    expect(both).toEqual([
      { key: 'license', textKey: 'license.warnBanner', params: { date: '2030-01-10', days: 9 } },
      { key: 'password', textKey: 'password.expiryBanner', params: { date: '2030-01-03', days: 2 } },
    ]);
  });
});
