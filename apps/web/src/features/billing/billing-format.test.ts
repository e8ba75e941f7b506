import { describe, expect, it } from 'vitest';
import { cancelTargetFromSearch } from './billing-format';

const ORIGIN = 'https://shunkan.example.com';

describe('cancelTargetFromSearch', () => {
  it('keeps paths of this site (with query and hash) and same-origin URLs as paths', () => {
    expect(cancelTargetFromSearch('/payment-cancelled', ORIGIN)).toBe('/payment-cancelled');
    expect(cancelTargetFromSearch('/my-page?from=checkout#plan', ORIGIN)).toBe('/my-page?from=checkout#plan');
    expect(cancelTargetFromSearch(`${ORIGIN}/subscription-select`, ORIGIN)).toBe('/subscription-select');
  });

  it('falls back to the payment-cancelled page for anything that could leave the site', () => {
    for (const value of [undefined, '', 42, 'https://evil.example.com/', '//evil.example.com/x', '/\\evil.example.com', 'javascript:alert(1)', 'http://shunkan.example.com/']) {
      expect(cancelTargetFromSearch(value, ORIGIN)).toBe('/payment-cancelled');
    }
  });
});
