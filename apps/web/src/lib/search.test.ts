import { describe, expect, it } from 'vitest';
import { adminSearch, checkoutSearch, homeSearch, loginSearch, paymentSuccessSearch, practiceSearch } from './search';

describe('route search parameters', () => {
  it('keeps a same-site redirect and drops any other', () => {
    expect(loginSearch.parse({ redirect: '/checkout?plan=premium' })).toEqual({ redirect: '/checkout?plan=premium' });
    for (const redirect of ['//evil.example', 'https://evil.example/', '/\\evil.example', 42]) expect(loginSearch.parse({ redirect })).toEqual({});
    // A URL parser drops tabs and newlines: each of these reads as //evil.example (decision 098).
    for (const redirect of ['/\t/evil.example', '/\n/evil.example', '/\r/evil.example']) {
      expect(new URL(redirect, 'https://shunkan.example').host).toBe('evil.example');
      expect(loginSearch.parse({ redirect })).toEqual({});
    }
  });

  it('drops a parameter that does not validate instead of failing the page', () => {
    expect(homeSearch.parse({ difficulty: 'toeic' })).toEqual({ difficulty: 'toeic' });
    expect(homeSearch.parse({ difficulty: 'expert' })).toEqual({});
    expect(practiceSearch.parse({ mode: 'review', scenario: 7 })).toEqual({ mode: 'review' });
    expect(checkoutSearch.parse({ plan: 'gold', cancel: '/payment-cancelled' })).toEqual({ cancel: '/payment-cancelled' });
    expect(adminSearch.parse({ tab: 'tools', tool: 'price-check', session_id: 'cs_1' })).toEqual({ tab: 'tools', tool: 'price-check', session_id: 'cs_1' });
    expect(adminSearch.parse({ tab: 'nope' })).toEqual({});
  });

  it('reads ?trial=true as the boolean, from JSON or text', () => {
    expect(paymentSuccessSearch.parse({ trial: true, plan: 'premium' })).toEqual({ trial: true, plan: 'premium' });
    expect(paymentSuccessSearch.parse({ trial: 'true' })).toEqual({ trial: true });
    expect(paymentSuccessSearch.parse({ trial: 'yes' })).toEqual({});
  });
});
