import { AppError } from '../errors.js';
import { describe, expect, it } from 'vitest';
import { resolveReturnUrl } from './billing.js';

describe('checkout return URLs', () => {
  const origin = 'https://shunkan.example.com';

  it('accepts paths of this site and absolute URLs on the public origin', () => {
    expect(resolveReturnUrl(undefined, '/payment-cancelled', origin)).toBe('/payment-cancelled');
    expect(resolveReturnUrl('', '/payment-cancelled', origin)).toBe('/payment-cancelled');
    expect(resolveReturnUrl('/payment-success?plan=standard&session_id={CHECKOUT_SESSION_ID}', '/x', origin)).toBe(
      '/payment-success?plan=standard&session_id={CHECKOUT_SESSION_ID}',
    );
    expect(resolveReturnUrl('https://shunkan.example.com/payment-success', '/x', origin)).toBe('https://shunkan.example.com/payment-success');
  });

  it('refuses anything that could send the learner elsewhere', () => {
    for (const value of [
      'https://evil.example.com/payment-success',
      'http://shunkan.example.com/payment-success',
      'https://shunkan.example.com.evil.com/',
      '//evil.example.com/x',
      '/\\evil.example.com',
      'javascript:alert(1)',
      'payment-success',
      '/ok\nLocation: https://evil.example.com',
    ]) {
      expect(() => resolveReturnUrl(value, '/x', origin), value).toThrow(AppError);
    }
    expect(() => resolveReturnUrl('https://shunkan.example.com/', '/x', null)).toThrow(AppError);
  });
});
