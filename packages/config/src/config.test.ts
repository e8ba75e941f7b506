import { describe, expect, it } from 'vitest';
import { findPlan, formatYen } from './plans';
import { isPublicPath } from './routes';
import { jstDay, jstDayStart } from './time';

describe('JST day', () => {
  it('rolls over at midnight Asia/Tokyo, not UTC', () => {
    expect(jstDay(new Date('2026-03-01T14:59:59Z'))).toBe('2026-03-01');
    expect(jstDay(new Date('2026-03-01T15:00:00Z'))).toBe('2026-03-02');
    expect(jstDayStart(new Date('2026-03-01T20:00:00Z')).toISOString()).toBe('2026-03-01T15:00:00.000Z');
  });
});

describe('plans', () => {
  it('falls back to standard for unknown ids and formats yen', () => {
    expect(findPlan('premium-yearly').priceYen).toBe(10800);
    expect(findPlan('nope').id).toBe('standard');
    expect(findPlan(undefined).name).toBe('スタンダード');
    expect(formatYen(7800)).toBe('¥7,800');
  });
});

describe('public paths', () => {
  it('knows the public and protected routes of spec section 2', () => {
    expect(isPublicPath('/login')).toBe(true);
    expect(isPublicPath('/subscription/select')).toBe(true);
    expect(isPublicPath('/price-check')).toBe(true);
    expect(isPublicPath('/')).toBe(false);
    expect(isPublicPath('/my-page')).toBe(false);
    expect(isPublicPath('/chat/toeic')).toBe(false);
    expect(isPublicPath('/unknown')).toBe(false);
  });
});
