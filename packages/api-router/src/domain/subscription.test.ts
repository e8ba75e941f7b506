import type { SubscriptionRow } from '@shunkan/db/schema';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../session.js';
import { addInterval, resolveSubscription, STRIPE_RENEWAL_GRACE_MS, toSubscriptionView, trialDaysRemaining } from './subscription.js';

const DAY = 86_400_000;
const T0 = new Date('2026-03-10T03:00:00.000Z');
const at = (days: number) => new Date(T0.getTime() + days * DAY);

const learner: SessionUser = { id: 'u1', firebaseUid: 'f1', email: 'a@example.com', emailVerified: true, isAdmin: false };
const admin: SessionUser = { ...learner, id: 'u2', isAdmin: true };

function row(patch: Partial<SubscriptionRow>): SubscriptionRow {
  return {
    user_id: 'u1',
    status: 'none',
    type: null,
    plan_id: null,
    interval: null,
    trial_start: null,
    trial_used: false,
    current_period_end: null,
    amount: null,
    cancel_at_period_end: false,
    provider: 'sandbox',
    stripe_customer_id: null,
    stripe_subscription_id: null,
    last_event_at: null,
    updated_at: T0,
    ...patch,
  };
}

const trial = row({ status: 'trialing', type: 'premium', trial_start: T0, trial_used: true });
const standardMonthly = row({ status: 'active', type: 'standard', plan_id: 'standard', interval: 'month', amount: 780, current_period_end: at(30) });

describe('trial', () => {
  it('counts 7 minus whole days elapsed, never below 0', () => {
    expect(trialDaysRemaining(T0, T0)).toBe(7);
    expect(trialDaysRemaining(T0, at(0.99))).toBe(7);
    expect(trialDaysRemaining(T0, at(1))).toBe(6);
    expect(trialDaysRemaining(T0, at(6.5))).toBe(1);
    expect(trialDaysRemaining(T0, at(7))).toBe(0);
    expect(trialDaysRemaining(T0, at(30))).toBe(0);
    expect(trialDaysRemaining(null, T0)).toBe(0);
  });

  it('gives premium access for 7 days, then expires (moved clock)', () => {
    const during = toSubscriptionView(learner, trial, at(6.99));
    expect(during).toMatchObject({ subscriptionStatus: 'trialing', hasAccess: true, isPremium: true, trialDaysRemaining: 1 });
    expect(during.trialEndsAt).toBe(at(7).toISOString());
    const after = toSubscriptionView(learner, trial, at(7));
    expect(after).toMatchObject({ subscriptionStatus: 'expired', hasAccess: false, isPremium: false, trialDaysRemaining: 0, trialUsed: true });
  });
});

describe('paid periods', () => {
  it('premium features need type premium with access; standard has access only', () => {
    expect(toSubscriptionView(learner, standardMonthly, at(1))).toMatchObject({ hasAccess: true, isPremium: false });
    const premium = row({ ...standardMonthly, type: 'premium', plan_id: 'premium' });
    expect(toSubscriptionView(learner, premium, at(1))).toMatchObject({ hasAccess: true, isPremium: true });
    for (const status of ['past_due', 'canceled', 'expired', 'none']) {
      expect(toSubscriptionView(learner, row({ ...premium, status }), at(1))).toMatchObject({ hasAccess: false, isPremium: false });
    }
  });

  it('admins always have access and premium, whatever their row says', () => {
    expect(toSubscriptionView(admin, undefined, T0)).toMatchObject({ isAdmin: true, hasAccess: true, isPremium: true, subscriptionStatus: 'none' });
    expect(toSubscriptionView(admin, row({ status: 'expired' }), T0)).toMatchObject({ hasAccess: true, isPremium: true });
  });

  it('renews a sandbox subscription for every whole interval that has passed', () => {
    expect(resolveSubscription(standardMonthly, at(29))).toEqual({ status: 'active', currentPeriodEnd: at(30), renewals: [] });
    const once = resolveSubscription(standardMonthly, at(30));
    expect(once.status).toBe('active');
    expect(once.renewals).toEqual([at(30)]);
    expect(once.currentPeriodEnd).toEqual(addInterval(at(30), 'month'));
    const thrice = resolveSubscription(standardMonthly, addInterval(at(30), 'month', 2));
    expect(thrice.renewals).toHaveLength(3);
    expect(thrice.currentPeriodEnd).toEqual(addInterval(at(30), 'month', 3));
    const yearly = resolveSubscription(row({ ...standardMonthly, interval: 'year', plan_id: 'standard-yearly' }), at(31));
    expect(yearly.currentPeriodEnd).toEqual(addInterval(at(30), 'year'));
  });

  it('ends at period end when cancellation was asked for, and not before', () => {
    const canceling = row({ ...standardMonthly, cancel_at_period_end: true });
    expect(resolveSubscription(canceling, at(29.9)).status).toBe('active');
    expect(resolveSubscription(canceling, at(30))).toEqual({ status: 'canceled', currentPeriodEnd: at(30), renewals: [] });
    expect(toSubscriptionView(learner, canceling, at(31))).toMatchObject({ subscriptionStatus: 'canceled', hasAccess: false, cancelAtPeriodEnd: true });
  });

  it('lets Stripe renew: active through a grace period, past_due without word from Stripe after it', () => {
    const stripeRow = row({ ...standardMonthly, provider: 'stripe' });
    expect(resolveSubscription(stripeRow, at(31)).status).toBe('active');
    expect(resolveSubscription(stripeRow, new Date(at(30).getTime() + STRIPE_RENEWAL_GRACE_MS + 1)).status).toBe('past_due');
    expect(resolveSubscription(stripeRow, at(40)).renewals).toEqual([]);
  });

  it('keeps an admin-granted active row without a period end active', () => {
    expect(resolveSubscription(row({ status: 'active', type: 'standard' }), at(1000)).status).toBe('active');
  });
});

describe('addInterval', () => {
  it('adds calendar months, clamping to the end of shorter months', () => {
    expect(addInterval(new Date('2026-01-31T00:00:00Z'), 'month')).toEqual(new Date('2026-02-28T00:00:00Z'));
    expect(addInterval(new Date('2028-01-31T00:00:00Z'), 'month')).toEqual(new Date('2028-02-29T00:00:00Z'));
    expect(addInterval(new Date('2026-12-15T09:30:00Z'), 'month')).toEqual(new Date('2027-01-15T09:30:00Z'));
    expect(addInterval(new Date('2028-02-29T00:00:00Z'), 'year')).toEqual(new Date('2029-02-28T00:00:00Z'));
    expect(addInterval(new Date('2026-03-31T00:00:00Z'), 'month', -1)).toEqual(new Date('2026-02-28T00:00:00Z'));
  });
});
