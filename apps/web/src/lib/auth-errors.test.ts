import { describe, expect, it } from 'vitest';
import { authErrorMessage, isAlreadyRegistered } from './auth-errors';

describe('auth error messages', () => {
  it('maps Firebase codes to Japanese and keeps unknown provider messages', () => {
    expect(authErrorMessage({ code: 'auth/invalid-credential' }, 'x')).toBe('メールアドレスまたはパスワードが正しくありません。');
    expect(authErrorMessage({ code: 'auth/other', message: 'provider says no' }, 'x')).toBe('provider says no');
    expect(authErrorMessage({}, 'fallback')).toBe('fallback');
  });

  it('recognises an address that is already registered', () => {
    expect(isAlreadyRegistered({ code: 'auth/email-already-in-use' })).toBe(true);
    expect(isAlreadyRegistered({ message: 'EMAIL_EXISTS' })).toBe(true);
    expect(isAlreadyRegistered({ code: 'auth/weak-password', message: 'weak' })).toBe(false);
  });
});
