import { BILLING_TEXT } from '@shunkan/config/billing';
import type { DbHandle } from '@shunkan/db';
import { seedPlans } from '@shunkan/db/plans';
import { findSubscription } from '@shunkan/db/subscriptions';
import { TRPCError } from '@trpc/server';
import type { Stripe } from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '../src/session.js';
import { startFakeStripe, type FakeStripeServer } from '../src/services/billing/fake-stripe-server.js';
import { createStripeBilling, createStripeClient } from '../src/services/billing/stripe.js';
import { handleStripeEvent } from '../src/services/billing/stripe-webhook.js';
import type { StripeBillingProvider } from '../src/services/billing/types.js';
import { callerFor, openTestDb, seedUser, silentLog, testServices } from './helpers.js';

const PRICES = {
  standard: 'price_std_month',
  'standard-yearly': 'price_std_year',
  premium: 'price_pre_month',
  'premium-yearly': 'price_pre_year',
} as const;

let handle: DbHandle;
let fake: FakeStripeServer;
let billing: StripeBillingProvider;
let lineSeq = 0;

beforeAll(async () => {
  handle = await openTestDb();
  await seedPlans(handle.db, { priceIds: PRICES });
  fake = await startFakeStripe({
    prices: [
      { id: PRICES.standard, unit_amount: 780, interval: 'month' },
      { id: PRICES['standard-yearly'], unit_amount: 7800, interval: 'year' },
      { id: PRICES.premium, unit_amount: 1000, interval: 'month' },
      { id: PRICES['premium-yearly'], unit_amount: 10800, interval: 'year', currency: 'usd' },
    ],
  });
  billing = createStripeBilling({ secretKey: 'sk_test_fake', webhookSecret: 'whsec_test', publicUrl: 'https://shunkan.example.com/ignored-path', apiHost: fake.host, log: silentLog });
});
afterAll(async () => {
  await fake?.close();
  await handle?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

function caller(user: SessionUser) {
  return callerFor(handle.db, user, { services: testServices(handle.db, { billing }) });
}

async function errorOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return { code: (error as TRPCError).code, message: (error as TRPCError).message };
}

/** What Stripe would send after the first invoice of `subscriptionId` is paid. */
function invoicePaidEvent(input: { userId: string; customer: string; subscriptionId: string; price: string; amount: number; created: number; periodEnd: number }): Stripe.Event {
  lineSeq += 1;
  return {
    id: `evt_paid_${lineSeq}`,
    object: 'event',
    type: 'invoice.paid',
    created: input.created,
    data: {
      object: {
        id: `in_paid_${lineSeq}`,
        object: 'invoice',
        customer: input.customer,
        amount_paid: input.amount,
        currency: 'jpy',
        billing_reason: 'subscription_create',
        status_transitions: { paid_at: input.created },
        parent: { type: 'subscription_details', subscription_details: { subscription: input.subscriptionId, metadata: { user_id: input.userId } } },
        lines: { object: 'list', data: [{ id: `il_${lineSeq}`, period: { start: input.created, end: input.periodEnd }, pricing: { type: 'price_details', price_details: { price: input.price, product: 'prod_x' } } }] },
      },
    },
  } as unknown as Stripe.Event;
}

/** The webhook's handling of one verified event, with the provider settling duplicate subscriptions. */
function deliver(event: Stripe.Event) {
  return handleStripeEvent({ db: handle.db, event, log: silentLog, stripe: billing });
}

/** A learner with a paid Stripe subscription: payment intent through the fake, then the invoice.paid webhook. */
async function stripeSubscriber(planId: 'standard' | 'premium' = 'standard') {
  const user = await seedUser(handle.db);
  await caller(user).billing.createPaymentIntent({ planId });
  const row = await findSubscription(handle.db, user.id);
  const now = Math.floor(Date.now() / 1000);
  await deliver(invoicePaidEvent({ userId: user.id, customer: row?.stripe_customer_id ?? '', subscriptionId: row?.stripe_subscription_id ?? '', price: PRICES[planId], amount: 780, created: now, periodEnd: now + 30 * 86_400 }));
  return { user, subscriptionId: row?.stripe_subscription_id ?? '', customerId: row?.stripe_customer_id ?? '' };
}

describe('Stripe provider against a local Stripe-protocol server', () => {
  it('lists the catalogue in stripe mode with the configured price ids', async () => {
    const list = await callerFor(handle.db, null, { services: testServices(handle.db, { billing }) }).plans.list();
    expect(list.billingMode).toBe('stripe');
    expect(Object.fromEntries(list.plans.map((p) => [p.id, p.priceId]))).toEqual(PRICES);
  });

  it('creates one customer and an incomplete subscription, and returns the invoice confirmation secret', async () => {
    const user = await seedUser(handle.db);
    const intent = await caller(user).billing.createPaymentIntent({ planId: 'standard' });
    expect(intent).toMatchObject({ mode: 'stripe', planId: 'standard', amount: 780, planName: 'スタンダード' });
    expect(intent.clientSecret).toMatch(/^pi_in_fake\d+_secret_fake$/);

    const [customer] = fake.calls('POST', '/v1/customers');
    expect(customer?.params).toMatchObject({ email: user.email, 'metadata[user_id]': user.id });
    expect(customer?.headers['idempotency-key']).toBe(`shunkan-customer-${user.id}`);
    expect(customer?.headers.authorization).toBe('Bearer sk_test_fake');
    const [created] = fake.calls('POST', '/v1/subscriptions');
    expect(created?.params).toEqual({
      customer: expect.stringMatching(/^cus_fake/),
      'items[0][price]': PRICES.standard,
      payment_behavior: 'default_incomplete',
      'payment_settings[save_default_payment_method]': 'on_subscription',
      'expand[0]': 'latest_invoice.confirmation_secret',
      'metadata[user_id]': user.id,
      'metadata[plan_id]': 'standard',
    });
    const row = await findSubscription(handle.db, user.id);
    expect(row).toMatchObject({ status: 'none', stripe_customer_id: created?.params.customer, stripe_subscription_id: expect.stringMatching(/^sub_fake/) });

    // Reloading the checkout page reuses the unpaid subscription and the customer.
    fake.requests.length = 0;
    const again = await caller(user).billing.createPaymentIntent({ planId: 'standard' });
    expect(again.clientSecret).toBe(intent.clientSecret);
    expect(fake.calls('POST', '/v1/customers')).toHaveLength(0);
    expect(fake.calls('POST', '/v1/subscriptions')).toHaveLength(0);
    expect(fake.calls('GET', `/v1/subscriptions/${row?.stripe_subscription_id}`)[0]?.params).toEqual({ 'expand[0]': 'latest_invoice.confirmation_secret' });

    // Another plan makes a new subscription for the same customer, after cancelling the unpaid one: a
    // form of the first plan still open in another tab can no longer be paid.
    fake.requests.length = 0;
    const oldId = row?.stripe_subscription_id ?? '';
    await caller(user).billing.createPaymentIntent({ planId: 'premium' });
    expect(fake.calls('POST', '/v1/customers')).toHaveLength(0);
    const [cancelled] = fake.calls('DELETE', `/v1/subscriptions/${oldId}`);
    expect(cancelled?.params).toEqual({});
    expect(cancelled?.headers['idempotency-key']).toBe(`shunkan-cancel-${oldId}-plain`);
    expect(fake.subscriptions.get(oldId)?.status).toBe('canceled');
    expect(fake.calls('POST', '/v1/subscriptions')[0]?.params).toMatchObject({ customer: row?.stripe_customer_id, 'items[0][price]': PRICES.premium });
    // The DELETE came before the new subscription.
    expect(fake.requests.map((r) => r.method).filter((m) => m !== 'GET')).toEqual(['DELETE', 'POST']);
    const newId = (await findSubscription(handle.db, user.id))?.stripe_subscription_id ?? '';
    expect(newId).not.toBe(oldId);

    // Stripe says the new one was paid before its webhook reached us: no third subscription is created.
    fake.pay(newId);
    fake.requests.length = 0;
    expect(await errorOf(caller(user).billing.createPaymentIntent({ planId: 'standard' }))).toEqual({ code: 'CONFLICT', message: BILLING_TEXT.alreadySubscribed });
    expect(fake.calls('POST', '/v1/subscriptions')).toHaveLength(0);
    expect(fake.calls('DELETE', `/v1/subscriptions/${newId}`)).toHaveLength(0);
  });

  it('creates a subscription-mode checkout session with absolute URLs on the public origin', async () => {
    const user = await seedUser(handle.db);
    const { url } = await caller(user).billing.createCheckoutSession({ priceId: PRICES['standard-yearly'], cancelUrl: 'https://shunkan.example.com/subscription-select' });
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_fake/);
    const [session] = fake.calls('POST', '/v1/checkout/sessions');
    expect(session?.params).toMatchObject({
      mode: 'subscription',
      client_reference_id: user.id,
      'line_items[0][price]': PRICES['standard-yearly'],
      'line_items[0][quantity]': '1',
      success_url: 'https://shunkan.example.com/payment-success?plan=standard-yearly&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://shunkan.example.com/subscription-select',
      locale: 'ja',
      'metadata[plan_id]': 'standard-yearly',
      'subscription_data[metadata][user_id]': user.id,
      'subscription_data[metadata][plan_id]': 'standard-yearly',
    });
    expect(session?.params.customer).toMatch(/^cus_fake/);
    expect((await errorOf(caller(user).billing.createCheckoutSession({ planId: 'standard', successUrl: 'https://evil.example.com/' }))).code).toBe('BAD_REQUEST');
  });

  it('opens the customer portal for a learner with a Stripe customer only', async () => {
    const fresh = await seedUser(handle.db);
    expect(await errorOf(caller(fresh).billing.createPortalSession())).toEqual({ code: 'BAD_REQUEST', message: BILLING_TEXT.noBillingAccount });
    const { user, customerId } = await stripeSubscriber();
    const { url } = await caller(user).billing.createPortalSession();
    expect(url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(fake.calls('POST', '/v1/billing_portal/sessions')[0]?.params).toEqual({ customer: customerId, return_url: 'https://shunkan.example.com/my-page', locale: 'ja' });
  });

  it('activates on invoice.paid and tells Stripe about cancellation at period end and its withdrawal', async () => {
    const { user, subscriptionId } = await stripeSubscriber();
    expect(await caller(user).subscription.current()).toMatchObject({ subscriptionStatus: 'active', planType: 'standard', hasAccess: true });
    fake.requests.length = 0;
    expect(await caller(user).billing.cancelAtPeriodEnd()).toMatchObject({ cancelAtPeriodEnd: true, subscriptionStatus: 'active' });
    expect(await caller(user).billing.resume()).toMatchObject({ cancelAtPeriodEnd: false });
    expect(fake.calls('POST', `/v1/subscriptions/${subscriptionId}`).map((r) => r.params)).toEqual([{ cancel_at_period_end: 'true' }, { cancel_at_period_end: 'false' }]);
  });

  it('upgrades to the yearly price with prorations, only if the charge goes through', async () => {
    const { user, subscriptionId } = await stripeSubscriber();
    fake.requests.length = 0;
    const result = await caller(user).billing.upgradeToYearly({ planType: 'yearly' });
    expect(result.message).toBe('スタンダード年間プランへの変更が完了しました。日割りの差額 ¥7,300 をお支払いいただきました。');
    expect(result.subscription).toMatchObject({ planType: 'standard-yearly', interval: 'year', amount: 7800 });
    const [update] = fake.calls('POST', `/v1/subscriptions/${subscriptionId}`);
    expect(update?.params).toEqual({
      'items[0][id]': expect.stringMatching(/^si_fake/),
      'items[0][price]': PRICES['standard-yearly'],
      proration_behavior: 'create_prorations',
      payment_behavior: 'pending_if_incomplete',
      'expand[0]': 'latest_invoice',
    });
    expect(fake.calls('GET', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
  });

  it('withdraws a scheduled cancellation on Stripe once the yearly upgrade is paid', async () => {
    const { user, subscriptionId } = await stripeSubscriber();
    await caller(user).billing.cancelAtPeriodEnd();
    fake.requests.length = 0;
    const result = await caller(user).billing.upgradeToYearly({ planType: 'yearly' });
    expect(result.message).toBe('スタンダード年間プランへの変更が完了しました。日割りの差額 ¥7,300 をお支払いいただきました。解約のご予定は取り消され、スタンダード年間プランとして自動更新されます。');
    expect(result.subscription).toMatchObject({ planType: 'standard-yearly', cancelAtPeriodEnd: false });
    // Stripe takes no cancel_at_period_end beside pending_if_incomplete: the plan change first, then the withdrawal.
    expect(fake.calls('POST', `/v1/subscriptions/${subscriptionId}`).map((r) => r.params.cancel_at_period_end ?? r.params.payment_behavior)).toEqual(['pending_if_incomplete', 'false']);
    expect(fake.subscriptions.get(subscriptionId)).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    expect((await findSubscription(handle.db, user.id))?.cancel_at_period_end).toBe(false);
  });

  it('applies Stripe\'s current state when the upgrade\'s two updates of one second arrive in reverse order', async () => {
    const { user, subscriptionId } = await stripeSubscriber();
    await caller(user).billing.cancelAtPeriodEnd();
    await caller(user).billing.upgradeToYearly({ planType: 'yearly' });
    const now = fake.subscriptions.get(subscriptionId) as unknown as Stripe.Subscription;
    // The first invoice was reported paid by a webhook only (stripeSubscriber): Stripe would say active.
    Object.assign(now, { status: 'active' });
    const second = Math.floor(Date.now() / 1000) + 5;
    const updated = (id: string, object: Stripe.Subscription) =>
      ({ id, object: 'event', type: 'customer.subscription.updated', created: second, data: { object } }) as unknown as Stripe.Event;
    // Stripe sends the withdrawal's snapshot and the plan change's (still cancelling) in one second; the
    // withdrawal arrives first here, so the plan change's older snapshot comes last.
    expect(await deliver(updated('evt_withdrawal', { ...now, cancel_at_period_end: false }))).toBe('applied');
    fake.requests.length = 0;
    expect(await deliver(updated('evt_plan_change', { ...now, cancel_at_period_end: true }))).toBe('applied');
    expect(fake.calls('GET', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    expect(await caller(user).subscription.current()).toMatchObject({ planType: 'standard-yearly', cancelAtPeriodEnd: false });
  });

  it('keeps the cancellation shown when Stripe refuses its withdrawal after a paid upgrade', async () => {
    const { user, subscriptionId } = await stripeSubscriber();
    await caller(user).billing.cancelAtPeriodEnd();
    fake.failNextMatching('POST', `/v1/subscriptions/${subscriptionId}`, (params) => params.cancel_at_period_end === 'false', 500);
    const result = await caller(user).billing.upgradeToYearly({ planType: 'yearly' });
    expect(result.message).toContain('解約のご予定を取り消せませんでした');
    expect(result.subscription).toMatchObject({ planType: 'standard-yearly', cancelAtPeriodEnd: true });
    expect(fake.subscriptions.get(subscriptionId)).toMatchObject({ cancel_at_period_end: true });
  });

  it('leaves a plan change with pending_if_incomplete alone when no cancellation is scheduled', async () => {
    const { user, subscriptionId } = await stripeSubscriber();
    fake.requests.length = 0;
    await caller(user).billing.upgradeToYearly({ planType: 'yearly' });
    expect(fake.calls('POST', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
  });

  it('upgrades standard to premium on Stripe, invoicing the prorated difference now', async () => {
    const { user, subscriptionId } = await stripeSubscriber();
    fake.requests.length = 0;
    const result = await caller(user).billing.upgradeToYearly({ planType: 'premium' });
    expect(result.subscription).toMatchObject({ planType: 'premium', subscriptionType: 'premium', interval: 'month' });
    const [update] = fake.calls('POST', `/v1/subscriptions/${subscriptionId}`);
    // Same interval: Stripe would put the proration on the next invoice unless told to invoice now.
    expect(update?.params).toMatchObject({ 'items[0][price]': PRICES.premium, proration_behavior: 'always_invoice', payment_behavior: 'pending_if_incomplete' });
  });

  describe('a second live subscription for one learner (docs/decisions/006)', () => {
    /**
     * Two subscriptions on Stripe's side for one learner, as an older client, a checkout session of the
     * premium modal, or a race could leave them: A through our checkout page, B created directly.
     */
    async function twoSubscriptions() {
      const user = await seedUser(handle.db);
      await caller(user).billing.createPaymentIntent({ planId: 'standard' });
      const row = await findSubscription(handle.db, user.id);
      const customer = row?.stripe_customer_id ?? '';
      const older = row?.stripe_subscription_id ?? '';
      const newer = await createStripeClient('sk_test_fake', fake.host).subscriptions.create({
        customer,
        items: [{ price: PRICES.premium }],
        payment_behavior: 'default_incomplete',
        metadata: { user_id: user.id, plan_id: 'premium' },
      });
      fake.pay(older);
      fake.pay(newer.id);
      const now = Math.floor(Date.now() / 1000);
      const paid = (subscriptionId: string, price: string, amount: number, offset: number) =>
        invoicePaidEvent({ userId: user.id, customer, subscriptionId, price, amount, created: now + offset, periodEnd: now + offset + 30 * 86_400 });
      return { user, older, newer: newer.id, paidOlder: (offset: number) => paid(older, PRICES.standard, 780, offset), paidNewer: (offset: number) => paid(newer.id, PRICES.premium, 1080, offset) };
    }

    it('keeps the newer and cancels the older through Stripe, crediting its unused time', async () => {
      const { user, older, newer, paidOlder, paidNewer } = await twoSubscriptions();
      expect(await deliver(paidOlder(0))).toBe('applied');
      expect(await findSubscription(handle.db, user.id)).toMatchObject({ status: 'active', plan_id: 'standard', stripe_subscription_id: older });
      fake.requests.length = 0;

      expect(await deliver(paidNewer(5))).toBe('applied');
      const [cancel] = fake.calls('DELETE', `/v1/subscriptions/${older}`);
      expect(cancel?.params).toEqual({ prorate: 'true', invoice_now: 'true' });
      expect(cancel?.headers['idempotency-key']).toBe(`shunkan-cancel-${older}-credit`);
      expect(fake.subscriptions.get(older)?.status).toBe('canceled');
      expect(fake.subscriptions.get(newer)?.status).toBe('active');
      expect(await findSubscription(handle.db, user.id)).toMatchObject({ status: 'active', plan_id: 'premium', stripe_subscription_id: newer });
      // Both charges are facts and stay in the payment history.
      const rows = await handle.db.selectFrom('payments').select(['amount', 'plan_id']).where('user_id', '=', user.id).orderBy('amount').execute();
      expect(rows).toEqual([
        { amount: 780, plan_id: 'standard' },
        { amount: 1080, plan_id: 'premium' },
      ]);

      // Later news about the cancelled one (its deletion, its final credit invoice) changes nothing.
      fake.requests.length = 0;
      const deleted = { ...paidOlder(10), id: 'evt_deleted_older', type: 'customer.subscription.deleted', data: { object: { ...fake.subscriptions.get(older), status: 'canceled' } } } as unknown as Stripe.Event;
      expect(await deliver(deleted)).toBe('ignored');
      const finalInvoice = paidOlder(11);
      (finalInvoice.data.object as { amount_paid: number }).amount_paid = 0;
      expect(await deliver(finalInvoice)).toBe('ignored');
      expect(fake.calls('DELETE', `/v1/subscriptions/${newer}`)).toHaveLength(0);
      expect(await findSubscription(handle.db, user.id)).toMatchObject({ status: 'active', plan_id: 'premium', stripe_subscription_id: newer });
    });

    it('cancels the older one when its payment is reported after the newer one', async () => {
      const { user, older, newer, paidOlder, paidNewer } = await twoSubscriptions();
      expect(await deliver(paidNewer(0))).toBe('applied');
      fake.requests.length = 0;
      expect(await deliver(paidOlder(-5))).toBe('ignored');
      expect(fake.calls('DELETE', `/v1/subscriptions/${older}`)).toHaveLength(1);
      expect(fake.calls('DELETE', `/v1/subscriptions/${newer}`)).toHaveLength(0);
      expect(await findSubscription(handle.db, user.id)).toMatchObject({ status: 'active', plan_id: 'premium', stripe_subscription_id: newer });
    });

    it('leaves the event unrecorded for Stripe to retry when Stripe cannot be reached while settling', async () => {
      const { user, older, paidOlder, paidNewer } = await twoSubscriptions();
      await deliver(paidOlder(0));
      const event = paidNewer(5);
      fake.failNext(500);
      await expect(deliver(event)).rejects.toThrow(BILLING_TEXT.providerUnavailable);
      expect(await findSubscription(handle.db, user.id)).toMatchObject({ stripe_subscription_id: older, plan_id: 'standard' });
      // Stripe redelivers the same event: it was not recorded, so it is processed now.
      expect(await deliver(event)).toBe('applied');
      expect(fake.subscriptions.get(older)?.status).toBe('canceled');
    });
  });

  it('turns Stripe failures into a Japanese 502 and changes nothing', async () => {
    const user = await seedUser(handle.db);
    fake.failNext(500);
    expect(await errorOf(caller(user).billing.createPaymentIntent({ planId: 'standard' }))).toEqual({ code: 'BAD_GATEWAY', message: BILLING_TEXT.providerUnavailable });
    expect((await findSubscription(handle.db, user.id))?.stripe_subscription_id ?? null).toBeNull();
  });

  it('checks the configured prices against the catalogue', async () => {
    const problems = await billing.checkPrices((await callerFor(handle.db, null, { services: testServices(handle.db, { billing }) }).plans.list()).plans);
    expect(fake.calls('GET', `/v1/prices/${PRICES.standard}`)).toHaveLength(1);
    expect(problems).toEqual([
      `premium: ${PRICES.premium} charges 1000, the catalogue says 1080`,
      `premium-yearly: ${PRICES['premium-yearly']} is in usd, not jpy`,
    ]);
  });
});
