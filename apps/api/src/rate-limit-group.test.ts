import { describe, expect, it } from 'vitest';
import { rateLimitGroupOf } from './server';

describe('rateLimitGroupOf', () => {
  it.each([
    ['/api/trpc/practice.nextProblem', 'ai'],
    ['/api/trpc/subscription.current,practice.evaluate?batch=1', 'ai'],
    ['/api/problem', 'ai'],
    ['/api/evaluate-with-claude', 'ai'],
    ['/api/trpc/admin.generateProblems', 'ai'],
    ['/api/trpc/admin.passwordResetLink', 'auth'],
    ['/api/trpc/admin.setupAdmin', 'auth'],
    ['/api/emergency-reset', 'auth'],
    ['/api/auth/user', 'auth'],
    ['/api/trpc/demo.nextProblem', 'auth'],
    ['/api/trpc/practice.nextProblem,demo.evaluate?batch=1', 'auth'],
    ['/api/trpc/admin.whoami', 'default'],
    ['/api/trpc/subscription.current', 'default'],
    ['/api/health', 'default'],
    ['/api/ready', 'default'],
  ] as const)('%s → %s', (url, group) => {
    expect(rateLimitGroupOf(url, undefined)).toBe(group);
  });

  it('keeps a group a route configured', () => {
    expect(rateLimitGroupOf('/api/anything', 'auth')).toBe('auth');
  });
});
