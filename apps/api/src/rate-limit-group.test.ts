import { describe, expect, it } from 'vitest';
import { rateLimitGroupOf, rateLimitWeightOf, routedPath } from './server';

describe('rateLimitGroupOf', () => {
  it.each([
    ['/api/trpc/practice.nextProblem', 'ai'],
    ['/api/trpc/subscription.current,practice.evaluate?batch=1', 'ai'],
    ['/api/problem', 'ai'],
    ['/api/evaluate-with-claude', 'ai'],
    ['/api/trpc/admin.generateProblems', 'ai'],
    // They may ask Gemini too (decision 051).
    ['/api/trpc/scenarios.nextProblem', 'ai'],
    ['/api/trpc/appeals.submit', 'ai'],
    ['/api/trpc/scenarios.list,appeals.statuses?batch=1', 'default'],
    ['/api/trpc/admin.passwordResetLink', 'auth'],
    ['/api/trpc/admin.setupAdmin', 'auth'],
    ['/api/emergency-reset', 'auth'],
    ['/api/auth/user', 'auth'],
    ['/api/trpc/demo.nextProblem', 'auth'],
    ['/api/trpc/practice.nextProblem,demo.evaluate?batch=1', 'auth'],
    // Writes that call the billing provider, on both doors (decision 066: they were in the default group).
    ['/api/trpc/billing.createCheckoutSession', 'billing'],
    ['/api/trpc/billing.createPaymentIntent', 'billing'],
    ['/api/trpc/billing.cancelAtPeriodEnd', 'billing'],
    ['/api/trpc/billing.resume', 'billing'],
    ['/api/trpc/billing.upgradeToYearly', 'billing'],
    ['/api/trpc/billing.createPortalSession', 'billing'],
    ['/api/trpc/billing.startTrial', 'billing'],
    ['/api/trpc/billing.confirmSandboxPayment', 'billing'],
    ['/api/trpc/account.delete', 'billing'],
    ['/api/trpc/admin.users.delete', 'billing'],
    ['/api/trpc/subscription.current,billing.createCheckoutSession?batch=1', 'billing'],
    ['/api/trpc/%62illing.createCheckoutSession', 'billing'],
    ['/api/create-checkout-session', 'billing'],
    ['/api/create-payment-intent', 'billing'],
    ['/api/create-customer-portal', 'billing'],
    ['/api/upgrade-subscription', 'billing'],
    ['/api/start-trial', 'billing'],
    ['/api/trpc/billing.details', 'default'],
    ['/api/trpc/billing.resumed', 'default'],
    ['/api/subscription-details', 'default'],
    ['/api/trpc/admin.whoami', 'default'],
    ['/api/trpc/subscription.current', 'default'],
    ['/api/health', 'default'],
    ['/api/ready', 'default'],
    // Percent-encoded paths reach the same routes, so they land in the same groups.
    ['/api/trpc/%64emo.nextProblem', 'auth'],
    ['/%61pi/trpc/practice%2Eevaluate?batch=1', 'ai'],
    ['/api/%65mergency-reset', 'auth'],
    ['/api/trpc/%ZZ', 'default'],
  ] as const)('%s → %s', (url, group) => {
    expect(rateLimitGroupOf(url, undefined)).toBe(group);
  });

  it('keeps a group a route configured', () => {
    expect(rateLimitGroupOf('/api/anything', 'auth')).toBe('auth');
  });

  it('reads the routed path: query dropped, percent-decoded, left as sent when it does not decode', () => {
    expect(routedPath('/%61pi/health?x=%2F')).toBe('/api/health');
    expect(routedPath('/api/%ED%A0%80')).toBe('/api/%ED%A0%80');
  });
});

describe('rateLimitWeightOf', () => {
  it.each([
    ['/api/trpc/plans.list', 1],
    ['/api/trpc/plans.list?batch=1&input=%7B%7D', 1],
    ['/api/trpc/a.b,c.d,e.f?batch=1', 3],
    ['/api/trpc/a.b%2Cc.d?batch=1', 2],
    ['/%61pi/trpc/a.b,c.d?input=x&batch=1', 2],
    // Percent-encoded spellings reach the same batch, so they count the same.
    ['/api/%74rpc/a.b,c.d,e.f?batch=1', 3],
    ['/api/trpc/a.b,c.d?batch=%31', 2],
    ['/api/trpc/a.b,c.d?batch=true', 1],
    // Without batch=1 tRPC runs no batch: one (unknown) procedure.
    ['/api/trpc/a.b,c.d', 1],
    ['/api/problem', 1],
    ['/api/problem?batch=1', 1],
  ] as const)('%s counts %i', (url, weight) => {
    expect(rateLimitWeightOf(url)).toBe(weight);
  });
});
