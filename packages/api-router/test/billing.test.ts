import { BILLING_TEXT } from '@shunkan/config/billing';
import { TEXT } from '@shunkan/config/texts';
import { createDatabase, type DbHandle } from '@shunkan/db';
import { seedPlans } from '@shunkan/db/plans';
import { findSubscription, updateSubscription } from '@shunkan/db/subscriptions';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContextInner, type SessionUser } from '../src/context.js';
import { getAccess } from '../src/domain/access.js';
import { addInterval } from '../src/domain/subscription.js';
import { createStripeBilling } from '../src/services/billing/stripe.js';
import { createCallerFactory, premiumProcedure, router, subscribedProcedure } from '../src/trpc.js';
import { callerFor, openTestDb, seedUser, silentLog, testServices } from './helpers.js';

let handle: DbHandle;
const DAY = 86_400_000;
const T0 = new Date('2026-04-01T00:00:00.000Z');
const at = (days: number) => new Date(T0.getTime() + days * DAY);

beforeAll(async () => {
  handle = await openTestDb();
  await seedPlans(handle.db);
});
afterAll(async () => {
  await handle?.close();
});

/** A caller whose clock reads `now` (ctx.now()), to move through trials and periods deterministically. */
function callerAt(user: SessionUser | null, now: Date) {
  return callerFor(handle.db, user, { now: () => now });
}

async function errorOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return { code: (error as TRPCError).code, message: (error as TRPCError).message };
}

async function payments(userId: string) {
  return handle.db.selectFrom('payments').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
}

/** A learner who paid for `planId` in the sandbox at `now`. */
async function paidLearner(planId: 'standard' | 'premium' | 'standard-yearly' = 'standard', now = T0): Promise<SessionUser> {
  const user = await seedUser(handle.db);
  const caller = callerAt(user, now);
  const intent = await caller.billing.createPaymentIntent({ planId });
  await caller.billing.confirmSandboxPayment({ clientSecret: intent.clientSecret, cardNumber: '4242 4242 4242 4242' });
  return user;
}

describe(`billing in sandbox mode (${process.env.TEST_DATABASE_URL ? 'postgres server' : 'pglite'})`, () => {
  it('lists the seeded catalogue publicly, with yen prices and daily limits', async () => {
    const list = await callerAt(null, T0).plans.list();
    expect(list.billingMode).toBe('sandbox');
    expect(list.plans.map((p) => [p.id, p.priceYen, p.interval, p.dailyLimit, p.priceId])).toEqual([
      ['standard', 780, 'month', 50, null],
      ['standard-yearly', 7800, 'year', 50, null],
      ['premium', 1080, 'month', 100, null],
      ['premium-yearly', 10800, 'year', 100, null],
    ]);
    expect(list.plans[1]).toMatchObject({ name: 'スタンダード年間', isPopular: true, discountLabel: '2ヶ月分お得（16%OFF）', adminKey: 'standard_yearly' });
  });

  it('seeds idempotently and lets the environment set Stripe price ids without touching edited rows', async () => {
    await handle.db.updateTable('plans').set({ price_yen: 880 }).where('id', '=', 'premium').execute();
    await seedPlans(handle.db, { priceIds: { premium: 'price_env_premium' } });
    await seedPlans(handle.db);
    const rows = await handle.db.selectFrom('plans').selectAll().orderBy('sort_order').execute();
    expect(rows).toHaveLength(4);
    const premium = rows.find((r) => r.id === 'premium');
    expect(premium).toMatchObject({ price_yen: 880, stripe_price_id: 'price_env_premium', daily_limit: 100 });
    await handle.db.updateTable('plans').set({ price_yen: 1080, stripe_price_id: null }).where('id', '=', 'premium').execute();
  });

  it('starts a 7-day premium trial once per account', async () => {
    const user = await seedUser(handle.db);
    const view = await callerAt(user, T0).billing.startTrial();
    expect(view).toMatchObject({ subscriptionStatus: 'trialing', trialDaysRemaining: 7, hasAccess: true, isPremium: true, trialUsed: true });
    expect(view.trialEndsAt).toBe(at(7).toISOString());
    expect(await errorOf(callerAt(user, at(1)).billing.startTrial())).toEqual({ code: 'CONFLICT', message: '無料トライアルはすでにご利用済みです。' });
    // Still refused once the trial has expired.
    expect((await errorOf(callerAt(user, at(10)).billing.startTrial())).code).toBe('CONFLICT');
  });

  it('starts one trial under concurrent requests', async () => {
    const user = await seedUser(handle.db);
    const results = await Promise.allSettled([callerAt(user, T0).billing.startTrial(), callerAt(user, T0).billing.startTrial()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('ends access when the trial ends (getAccess and the subscribed/premium procedures, moved clock)', async () => {
    const user = await seedUser(handle.db);
    await callerAt(user, T0).billing.startTrial();
    expect(await getAccess({ db: handle.db, user, now: at(6.9) })).toEqual({ hasAccess: true, isPremium: true, kind: 'trial', dailyLimit: 100 });
    expect(await getAccess({ db: handle.db, user, now: at(7) })).toMatchObject({ hasAccess: false, isPremium: false, kind: 'none' });

    const probe = router({ learn: subscribedProcedure.query(({ ctx }) => ctx.access.kind), premium: premiumProcedure.query(() => 'ok') });
    const probeAt = (now: Date) => createCallerFactory(probe)(createContextInner({ db: handle.db, services: testServices(handle.db), user, now: () => now }));
    expect(await probeAt(at(6)).learn()).toBe('trial');
    expect(await probeAt(at(6)).premium()).toBe('ok');
    expect(await errorOf(probeAt(at(7)).learn())).toEqual({ code: 'FORBIDDEN', message: TEXT.subscriptionRequired });
    expect(await callerAt(user, at(7)).subscription.current()).toMatchObject({ subscriptionStatus: 'expired', hasAccess: false });
    // The expiry is written down on read.
    expect((await findSubscription(handle.db, user.id))?.status).toBe('expired');
  });

  it('pays with the 4242 test card: active for one month, a payment row, the plan limit', async () => {
    const user = await seedUser(handle.db);
    await callerAt(user, T0).billing.startTrial();
    const caller = callerAt(user, at(2));
    const intent = await caller.billing.createPaymentIntent({ planId: 'standard' });
    expect(intent).toMatchObject({ mode: 'sandbox', planId: 'standard', amount: 780, planName: 'スタンダード' });
    expect(intent.clientSecret).toMatch(/^sandbox_pi_[0-9a-f]+_secret_[0-9a-f]+$/);
    // Reloading the checkout page continues the same open payment.
    expect((await caller.billing.createPaymentIntent({ planId: 'standard' })).clientSecret).toBe(intent.clientSecret);
    expect(await caller.billing.confirmSandboxPayment({ clientSecret: intent.clientSecret, cardNumber: '4242424242424242' })).toEqual({ status: 'succeeded', planId: 'standard' });
    const view = await caller.subscription.current();
    expect(view).toMatchObject({ subscriptionStatus: 'active', subscriptionType: 'standard', planType: 'standard', interval: 'month', amount: 780, hasAccess: true, isPremium: false, trialUsed: true });
    expect(view.currentPeriodEnd).toBe(addInterval(at(2), 'month').toISOString());
    expect(await getAccess({ db: handle.db, user, now: at(3) })).toEqual({ hasAccess: true, isPremium: false, kind: 'standard', dailyLimit: 50 });
    const paid = async () => (await payments(user.id)).filter((p) => p.status !== 'pending');
    expect((await paid()).map((p) => [p.amount, p.status, p.kind, p.plan_id])).toEqual([[780, 'succeeded', 'subscription', 'standard']]);
    // A double-submitted form changes nothing more.
    await caller.billing.confirmSandboxPayment({ clientSecret: intent.clientSecret, cardNumber: '4242424242424242' });
    expect(await paid()).toHaveLength(1);
    // Paying again while subscribed is refused.
    expect(await errorOf(caller.billing.createPaymentIntent({ planId: 'premium' }))).toEqual({ code: 'CONFLICT', message: BILLING_TEXT.alreadySubscribed });
  });

  it('declines 4000000000000002 in Japanese and leaves the state alone; another card then succeeds', async () => {
    const user = await seedUser(handle.db);
    const caller = callerAt(user, T0);
    const intent = await caller.billing.createPaymentIntent({ planId: 'premium' });
    expect(await errorOf(caller.billing.confirmSandboxPayment({ clientSecret: intent.clientSecret, cardNumber: '4000 0000 0000 0002' }))).toEqual({
      code: 'PAYMENT_REQUIRED',
      message: 'カードが拒否されました。別のカードをお試しください。',
    });
    expect(await caller.subscription.current()).toMatchObject({ subscriptionStatus: 'none', hasAccess: false });
    expect((await payments(user.id)).map((p) => p.status)).toEqual(['failed']);
    expect((await errorOf(caller.billing.confirmSandboxPayment({ clientSecret: intent.clientSecret, cardNumber: '5105105105105100' }))).code).toBe('BAD_REQUEST');
    expect((await errorOf(caller.billing.confirmSandboxPayment({ clientSecret: intent.clientSecret, cardNumber: 'abcd' }))).code).toBe('BAD_REQUEST');
    await caller.billing.confirmSandboxPayment({ clientSecret: intent.clientSecret, cardNumber: '4242424242424242' });
    expect(await caller.subscription.current()).toMatchObject({ subscriptionStatus: 'active', subscriptionType: 'premium', isPremium: true });
    expect(await getAccess({ db: handle.db, user, now: at(1) })).toMatchObject({ kind: 'premium', dailyLimit: 100 });
  });

  it('lets only the newest checkout be paid, and never a second paid plan', async () => {
    const user = await seedUser(handle.db);
    const caller = callerAt(user, T0);
    // Two tabs: standard first, then premium. Opening premium supersedes the standard form.
    const standard = await caller.billing.createPaymentIntent({ planId: 'standard' });
    const premium = await caller.billing.createPaymentIntent({ planId: 'premium' });
    expect(premium.clientSecret).not.toBe(standard.clientSecret);
    expect(await errorOf(caller.billing.confirmSandboxPayment({ clientSecret: standard.clientSecret, cardNumber: '4242424242424242' }))).toEqual({
      code: 'CONFLICT',
      message: BILLING_TEXT.paymentSuperseded,
    });
    expect(await caller.subscription.current()).toMatchObject({ subscriptionStatus: 'none' });
    // Going back to standard opens a fresh payment (the superseded one stays closed) and supersedes premium.
    const standardAgain = await caller.billing.createPaymentIntent({ planId: 'standard' });
    expect(standardAgain.clientSecret).not.toBe(standard.clientSecret);
    expect((await errorOf(caller.billing.confirmSandboxPayment({ clientSecret: premium.clientSecret, cardNumber: '4242424242424242' }))).code).toBe('CONFLICT');
    // A declined newest payment can still be retried.
    expect((await errorOf(caller.billing.confirmSandboxPayment({ clientSecret: standardAgain.clientSecret, cardNumber: '4000000000000002' }))).code).toBe('PAYMENT_REQUIRED');
    expect(await caller.billing.confirmSandboxPayment({ clientSecret: standardAgain.clientSecret, cardNumber: '4242424242424242' })).toEqual({ status: 'succeeded', planId: 'standard' });
    expect(await caller.subscription.current()).toMatchObject({ subscriptionStatus: 'active', planType: 'standard' });
    // Exactly one charge, and superseded forms are not listed as payments.
    // (Created at the same instant: compared without an order.)
    expect((await payments(user.id)).map((p) => `${p.plan_id}:${p.status}`).sort()).toEqual(['premium:canceled', 'standard:canceled', 'standard:succeeded']);
    expect((await caller.billing.details()).payments.map((p) => [p.amount, p.status])).toEqual([[780, 'succeeded']]);
  });

  it('refuses to confirm an open payment once another paid plan is active (409, nothing charged)', async () => {
    const user = await seedUser(handle.db);
    const caller = callerAt(user, T0);
    const intent = await caller.billing.createPaymentIntent({ planId: 'premium' });
    // A paid plan started elsewhere meanwhile (another device's payment, an admin grant).
    await updateSubscription(handle.db, user.id, { status: 'active', type: 'standard', plan_id: 'standard', interval: 'month', amount: 780, provider: 'sandbox', current_period_end: at(30) });
    expect(await errorOf(caller.billing.confirmSandboxPayment({ clientSecret: intent.clientSecret, cardNumber: '4242424242424242' }))).toEqual({
      code: 'CONFLICT',
      message: BILLING_TEXT.alreadySubscribed,
    });
    expect(await caller.subscription.current()).toMatchObject({ subscriptionStatus: 'active', planType: 'standard', amount: 780 });
    expect((await payments(user.id)).map((p) => p.status)).toEqual(['pending']);
  });

  it('confirms a double-submitted form once, even concurrently', async () => {
    const user = await seedUser(handle.db);
    const caller = callerAt(user, T0);
    const intent = await caller.billing.createPaymentIntent({ planId: 'standard' });
    const results = await Promise.all([1, 2].map(() => caller.billing.confirmSandboxPayment({ clientSecret: intent.clientSecret, cardNumber: '4242424242424242' })));
    expect(results).toEqual([
      { status: 'succeeded', planId: 'standard' },
      { status: 'succeeded', planId: 'standard' },
    ]);
    expect((await payments(user.id)).map((p) => p.status)).toEqual(['succeeded']);
  });

  it("never confirms another learner's payment", async () => {
    const owner = await seedUser(handle.db);
    const intruder = await seedUser(handle.db);
    const intent = await callerAt(owner, T0).billing.createPaymentIntent({ planId: 'standard' });
    expect(await errorOf(callerAt(intruder, T0).billing.confirmSandboxPayment({ clientSecret: intent.clientSecret, cardNumber: '4242424242424242' }))).toEqual({
      code: 'NOT_FOUND',
      message: BILLING_TEXT.paymentNotFound,
    });
    expect(await callerAt(intruder, T0).subscription.current()).toMatchObject({ subscriptionStatus: 'none' });
    expect(await callerAt(owner, T0).subscription.current()).toMatchObject({ subscriptionStatus: 'none' });
  });

  it('renews automatically at period end and records each renewal', async () => {
    const user = await paidLearner('standard');
    const later = addInterval(T0, 'month', 2);
    const view = await callerAt(user, later).subscription.current();
    expect(view).toMatchObject({ subscriptionStatus: 'active', hasAccess: true });
    expect(view.currentPeriodEnd).toBe(addInterval(T0, 'month', 3).toISOString());
    // Reading twice (or concurrently) records each renewal once.
    await Promise.all([callerAt(user, later).billing.details(), callerAt(user, later).subscription.current()]);
    expect((await payments(user.id)).map((p) => [p.kind, p.amount])).toEqual([
      ['subscription', 780],
      ['renewal', 780],
      ['renewal', 780],
    ]);
  });

  it('cancels at period end and resumes before it', async () => {
    const user = await paidLearner('standard');
    const canceled = await callerAt(user, at(10)).billing.cancelAtPeriodEnd();
    expect(canceled).toMatchObject({ subscriptionStatus: 'active', cancelAtPeriodEnd: true, hasAccess: true });
    expect((await callerAt(user, at(10)).billing.details()).nextBillingDate).toBeNull();
    const resumed = await callerAt(user, at(11)).billing.resume();
    expect(resumed).toMatchObject({ subscriptionStatus: 'active', cancelAtPeriodEnd: false });
    await callerAt(user, at(12)).billing.cancelAtPeriodEnd();
    const periodEnd = addInterval(T0, 'month');
    expect(await callerAt(user, new Date(periodEnd.getTime() - 1)).subscription.current()).toMatchObject({ subscriptionStatus: 'active' });
    expect(await callerAt(user, periodEnd).subscription.current()).toMatchObject({ subscriptionStatus: 'canceled', hasAccess: false });
    expect(await getAccess({ db: handle.db, user, now: periodEnd })).toMatchObject({ hasAccess: false });
    expect(await errorOf(callerAt(user, periodEnd).billing.resume())).toEqual({ code: 'BAD_REQUEST', message: BILLING_TEXT.subscriptionEnded });
    // No renewal was charged for the canceled subscription.
    expect((await payments(user.id)).map((p) => p.kind)).toEqual(['subscription']);
    // A canceled learner may subscribe again.
    const intent = await callerAt(user, at(40)).billing.createPaymentIntent({ planId: 'standard' });
    expect(intent.clientSecret).toMatch(/^sandbox_pi_/);
  });

  it('upgrades a monthly plan to yearly at once with a prorated charge', async () => {
    const user = await paidLearner('standard');
    const periodEnd = addInterval(T0, 'month');
    const now = new Date(T0.getTime() + (periodEnd.getTime() - T0.getTime()) / 2);
    const result = await callerAt(user, now).billing.upgradeToYearly({ planType: 'yearly' });
    // Half the month unused: credit 390 of 780, so 7,800 − 390 = 7,410.
    expect(result.message).toBe('スタンダード年間プランへの変更が完了しました。日割りの差額 ¥7,410 をお支払いいただきました。');
    expect(result.message).toContain('年間プランへの変更が完了しました');
    expect(result.subscription).toMatchObject({ subscriptionStatus: 'active', planType: 'standard-yearly', interval: 'year', amount: 7800 });
    expect(result.subscription.currentPeriodEnd).toBe(addInterval(now, 'year').toISOString());
    expect((await payments(user.id)).map((p) => [p.kind, p.amount, p.plan_id])).toEqual([
      ['subscription', 780, 'standard'],
      ['proration', 7410, 'standard-yearly'],
    ]);
    expect(await errorOf(callerAt(user, now).billing.upgradeToYearly({ planType: 'yearly' }))).toEqual({ code: 'BAD_REQUEST', message: BILLING_TEXT.alreadyYearly });
    expect((await callerAt(user, now).billing.details()).canUpgradeToYearly).toBe(false);
  });

  it('keeps the learner on the yearly plan when the upgrade follows a scheduled cancellation', async () => {
    // Paying the prorated yearly price while 解約 is scheduled must buy the year, not end at the old period's end.
    const user = await paidLearner('standard');
    await callerAt(user, at(10)).billing.cancelAtPeriodEnd();
    const result = await callerAt(user, at(12)).billing.upgradeToYearly({ planType: 'yearly' });
    expect(result.message).toContain('解約のご予定は取り消され、スタンダード年間プランとして自動更新されます。');
    expect(result.subscription).toMatchObject({ planType: 'standard-yearly', cancelAtPeriodEnd: false });
    expect((await findSubscription(handle.db, user.id))?.cancel_at_period_end).toBe(false);
    const details = await callerAt(user, at(12)).billing.details();
    expect(details).toMatchObject({ cancelAtPeriodEnd: false, nextBillingDate: addInterval(at(12), 'year').toISOString() });
    // Past the monthly period's end the learner still has the year that was paid for.
    expect(await callerAt(user, at(40)).subscription.current()).toMatchObject({ subscriptionStatus: 'active', hasAccess: true, planType: 'standard-yearly' });
  });

  it('upgrades standard to premium at once, keeping the period and charging the prorated difference', async () => {
    const user = await paidLearner('standard');
    const periodEnd = addInterval(T0, 'month');
    const now = new Date(T0.getTime() + (periodEnd.getTime() - T0.getTime()) / 2);
    expect((await callerAt(user, now).billing.details()).canUpgradeToPremium).toBe(true);
    await callerAt(user, now).billing.cancelAtPeriodEnd();
    const result = await callerAt(user, now).billing.upgradeToYearly({ planType: 'premium' });
    // Half the month left: (1,080 − 780) / 2 = 150.
    expect(result.message).toBe('プレミアムプランへの変更が完了しました。日割りの差額 ¥150 をお支払いいただきました。解約のご予定は取り消され、プレミアムプランとして自動更新されます。');
    expect(result.subscription).toMatchObject({ subscriptionStatus: 'active', subscriptionType: 'premium', planType: 'premium', interval: 'month', amount: 1080, cancelAtPeriodEnd: false, isPremium: true });
    expect(result.subscription.currentPeriodEnd).toBe(periodEnd.toISOString());
    expect((await payments(user.id)).map((p) => [p.kind, p.amount, p.plan_id])).toEqual([
      ['subscription', 780, 'standard'],
      ['proration', 150, 'premium'],
    ]);
    expect(await errorOf(callerAt(user, now).billing.upgradeToYearly({ planType: 'premium' }))).toEqual({ code: 'BAD_REQUEST', message: BILLING_TEXT.alreadyPremium });
    expect((await callerAt(user, now).billing.details()).canUpgradeToPremium).toBe(false);
    // The next renewal charges the premium price.
    const renewed = await callerAt(user, new Date(periodEnd.getTime() + DAY)).billing.details();
    expect(renewed).toMatchObject({ status: 'active', planId: 'premium' });
    expect((await payments(user.id)).map((p) => [p.kind, p.amount]).at(-1)).toEqual(['renewal', 1080]);
  });

  it('upgrades standard yearly to premium yearly', async () => {
    const user = await paidLearner('standard-yearly');
    const result = await callerAt(user, at(1)).billing.upgradeToYearly({ planType: 'premium' });
    expect(result.subscription).toMatchObject({ planType: 'premium-yearly', interval: 'year', amount: 10800 });
  });

  it('refuses the yearly upgrade without an active paid subscription', async () => {
    const none = await seedUser(handle.db);
    expect(await errorOf(callerAt(none, T0).billing.upgradeToYearly({ planType: 'yearly' }))).toEqual({ code: 'BAD_REQUEST', message: BILLING_TEXT.noActiveSubscription });
    const trialing = await seedUser(handle.db);
    await callerAt(trialing, T0).billing.startTrial();
    expect((await errorOf(callerAt(trialing, T0).billing.upgradeToYearly({ planType: 'yearly' }))).code).toBe('BAD_REQUEST');
    expect((await errorOf(callerAt(trialing, T0).billing.upgradeToYearly({ planType: 'monthly' as never }))).code).toBe('BAD_REQUEST');
  });

  it('creates sandbox checkout sessions on our own pages only', async () => {
    const user = await seedUser(handle.db);
    const caller = callerAt(user, T0);
    // The validated cancel URL travels with the session so the sandbox form's cancel button can return there.
    expect((await caller.billing.createCheckoutSession({ planId: 'standard-yearly' })).url).toMatch(
      /^\/checkout\?plan=standard-yearly&session=sandbox_cs_[0-9a-f]+&cancel=%2Fpayment-cancelled$/,
    );
    const premium = new URL((await caller.billing.createCheckoutSession({ priceId: 'premium', successUrl: '/payment-success?plan=premium', cancelUrl: '/my-page?from=checkout' })).url, 'http://x');
    expect([premium.pathname, premium.searchParams.get('plan'), premium.searchParams.get('cancel')]).toEqual(['/checkout', 'premium', '/my-page?from=checkout']);
    expect(await errorOf(caller.billing.createCheckoutSession({ planId: 'standard', successUrl: 'https://evil.example.com/' }))).toEqual({
      code: 'BAD_REQUEST',
      message: BILLING_TEXT.invalidRedirectUrl,
    });
    expect((await errorOf(caller.billing.createCheckoutSession({ planId: 'standard', cancelUrl: '//evil.example.com/' }))).code).toBe('BAD_REQUEST');
    expect(await errorOf(caller.billing.createCheckoutSession({ priceId: 'price_unknown' }))).toEqual({ code: 'BAD_REQUEST', message: BILLING_TEXT.unknownPlan });
    expect((await errorOf(caller.billing.createCheckoutSession({} as never))).code).toBe('BAD_REQUEST');
    expect(await caller.billing.createPortalSession()).toEqual({ url: '/my-page?portal=sandbox' });
  });

  it('shows subscription details with this learner’s payments only', async () => {
    const user = await paidLearner('premium');
    await paidLearner('standard');
    const details = await callerAt(user, at(1)).billing.details();
    expect(details).toMatchObject({
      isAdmin: false,
      billingMode: 'sandbox',
      status: 'active',
      planId: 'premium',
      planName: 'プレミアム',
      subscriptionType: 'premium',
      interval: 'month',
      amount: 1080,
      currency: 'jpy',
      cancelAtPeriodEnd: false,
      dailyLimit: 100,
      canUpgradeToYearly: true,
      canManageBilling: true,
    });
    expect(details.nextBillingDate).toBe(addInterval(T0, 'month').toISOString());
    expect(details.payments.map((p) => [p.amount, p.status, p.planId])).toEqual([[1080, 'succeeded', 'premium']]);
  });

  it('keeps administrators out of billing (they use everything for free)', async () => {
    const admin = await seedUser(handle.db, { isAdmin: true });
    const caller = callerAt(admin, T0);
    const adminExempt = { code: 'BAD_REQUEST', message: '管理者は課金の対象外です。' };
    expect(await errorOf(caller.billing.startTrial())).toEqual(adminExempt);
    expect(await errorOf(caller.billing.createPaymentIntent({ planId: 'standard' }))).toEqual(adminExempt);
    expect(await errorOf(caller.billing.confirmSandboxPayment({ clientSecret: 'sandbox_pi_x_secret_y', cardNumber: '4242424242424242' }))).toEqual(adminExempt);
    expect(await errorOf(caller.billing.createCheckoutSession({ planId: 'standard' }))).toEqual(adminExempt);
    expect(await errorOf(caller.billing.createPortalSession())).toEqual(adminExempt);
    expect(await errorOf(caller.billing.cancelAtPeriodEnd())).toEqual(adminExempt);
    expect(await errorOf(caller.billing.resume())).toEqual(adminExempt);
    expect(await errorOf(caller.billing.upgradeToYearly({ planType: 'yearly' }))).toEqual(adminExempt);
    expect(await caller.billing.details()).toMatchObject({ isAdmin: true, dailyLimit: null, payments: [], canManageBilling: false, canUpgradeToYearly: false });
    expect(await getAccess({ db: handle.db, user: admin, now: T0 })).toEqual({ hasAccess: true, isPremium: true, kind: 'admin', dailyLimit: null });
  });

  it('answers guests 401 and unverified learners 403 on every billing procedure', async () => {
    const unverified = await seedUser(handle.db, { emailVerified: false });
    for (const [user, code] of [
      [null, 'UNAUTHORIZED'],
      [unverified, 'FORBIDDEN'],
    ] as const) {
      const caller = callerAt(user, T0);
      for (const call of [
        () => caller.billing.startTrial(),
        () => caller.billing.createPaymentIntent({ planId: 'standard' }),
        () => caller.billing.confirmSandboxPayment({ clientSecret: 'x', cardNumber: '4242424242424242' }),
        () => caller.billing.createCheckoutSession({ planId: 'standard' }),
        () => caller.billing.createPortalSession(),
        () => caller.billing.cancelAtPeriodEnd(),
        () => caller.billing.resume(),
        () => caller.billing.upgradeToYearly({ planType: 'yearly' }),
        () => caller.billing.details(),
      ]) {
        expect((await errorOf(call())).code).toBe(code);
      }
    }
  });

  it('refuses the sandbox confirmation in Stripe mode', async () => {
    const user = await seedUser(handle.db);
    const stripe = createStripeBilling({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x', publicUrl: 'http://localhost:3000', apiHost: '127.0.0.1:9', log: silentLog });
    const caller = callerFor(handle.db, user, { services: testServices(handle.db, { billing: stripe }) });
    expect(await errorOf(caller.billing.confirmSandboxPayment({ clientSecret: 'sandbox_pi_x_secret_y', cardNumber: '4242424242424242' }))).toEqual({
      code: 'PRECONDITION_FAILED',
      message: BILLING_TEXT.sandboxOnly,
    });
  });

  it('lets an admin-granted plan (no catalogue id) be cancelled and upgraded', async () => {
    const user = await seedUser(handle.db);
    await updateSubscription(handle.db, user.id, { status: 'active', type: 'premium', plan_id: null, interval: 'month', current_period_end: at(20) });
    const result = await callerAt(user, at(10)).billing.upgradeToYearly({ planType: 'yearly' });
    expect(result.subscription).toMatchObject({ planType: 'premium-yearly', interval: 'year' });
  });
});

// Two instances on one PostgreSQL database: separate memory (each its own process queue), one lease table.
describe.skipIf(!process.env.TEST_DATABASE_URL)('one learner\'s billing writes across two instances (postgres server, decision 074)', () => {
  it('ten upgrades sent to two instances at once charge the proration once', async () => {
    const url = (handle as DbHandle & { url?: string }).url;
    if (!url) throw new Error('the test database has no url');
    const other = await createDatabase({ databaseUrl: url, maxConnections: 10, readCache: false });
    try {
      const user = await paidLearner('standard');
      const now = at(10);
      const callers = [callerAt(user, now), callerFor(other.db, user, { now: () => now })];
      const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => callers[i % 2]!.billing.upgradeToYearly({ planType: 'yearly' })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const refused of results.filter((r) => r.status === 'rejected')) expect((refused.reason as TRPCError).message).toBe(BILLING_TEXT.alreadyYearly);
      expect((await payments(user.id)).filter((p) => p.kind === 'proration')).toHaveLength(1);
      expect(await handle.db.selectFrom('billing_locks').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
