import { describe, expect, it } from 'vitest';
import { validateLogin } from './useLoginForm';

describe('validateLogin', () => {
  it('needs a user name that is not only spaces, and a password', () => {
    expect(validateLogin({ userNo: '   ', pwd: '' })).toEqual({
      userNo: 'login.userNoRequired',
      pwd: 'login.pwdRequired',
    });
    expect(validateLogin({ userNo: ' admin ', pwd: ' ' })).toEqual({});
  });
});
