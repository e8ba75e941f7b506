import { AppError } from '../../errors.js';
import { randomBytes } from 'node:crypto';
import { BILLING_TEXT, SANDBOX_CARDS, SANDBOX_PAYMENT_INTENT_TTL_MS } from '@shunkan/config/billing';
import { inTransaction } from '@shunkan/db';
import { lockSubscription } from '@shunkan/db/subscriptions';
import { assertBillingLease } from '../../domain/billing-lock.js';
import { cancelOpenSandboxPayments, findOpenSandboxPayment, findPaymentByClientSecret, insertPayment, setPaymentStatus } from '@shunkan/db/payments';
import { findCataloguePlan } from '../../domain/plans.js';
import { activatePaidPeriod, addInterval, resolveSubscription } from '../../domain/subscription.js';
import { type SandboxBillingProvider } from './types.js';

function randomId(bytes = 12): string {
  return randomBytes(bytes).toString('hex');
}

/** Digits only: the form may send "4242 4242 4242 4242" or "4242-4242-...". */
export function normalizeCardNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/**
 * Sandbox billing, the default without Stripe keys: the same calls and state transitions as Stripe,
 * run locally. A payment intent is a pending `payments` row whose client secret
 * (`sandbox_pi_<id>_secret_<random>`, shaped like Stripe's) the checkout form confirms with a test card;
 * no money moves and the UI labels the mode (plans.list billingMode).
 */
export function createSandboxBilling(options: { publicUrl?: string | null } = {}): SandboxBillingProvider {
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : null;
  return {
    mode: 'sandbox',
    publicOrigin,

    async createPaymentIntent({ db, user, plan, now }) {
      // Like Stripe's incomplete subscription: a reload of the checkout page continues the open payment,
      // while it may still be confirmed (SANDBOX_PAYMENT_INTENT_TTL_MS); an older one is replaced.
      const open = await findOpenSandboxPayment(db, { userId: user.id, planId: plan.id, since: new Date(now.getTime() - SANDBOX_PAYMENT_INTENT_TTL_MS + 60_000) });
      if (open?.client_secret && open.amount === plan.priceYen) {
        await cancelOpenSandboxPayments(db, { userId: user.id, keepId: open.id });
        return { clientSecret: open.client_secret };
      }
      const id = `sandbox_pi_${randomId()}`;
      const clientSecret = `${id}_secret_${randomId(16)}`;
      await inTransaction(db, async (trx) => {
        await insertPayment(trx, {
          id,
          user_id: user.id,
          amount: plan.priceYen,
          status: 'pending',
          description: `${plan.name}プラン`,
          provider: 'sandbox',
          plan_id: plan.id,
          kind: 'subscription',
          client_secret: clientSecret,
          created_at: now,
        });
        // Only the newest checkout can be paid: a form left open in another tab (another plan) would
        // otherwise start a second paid subscription after the first.
        await cancelOpenSandboxPayments(trx, { userId: user.id, keepId: id });
      });
      return { clientSecret };
    },

    async confirmPayment({ db, user, clientSecret, cardNumber, now }) {
      const payment = await findPaymentByClientSecret(db, clientSecret);
      // Another account's secret is treated as unknown: it must not reveal or complete someone else's payment.
      if (!payment || payment.user_id !== user.id || !payment.plan_id) throw new AppError('NOT_FOUND', BILLING_TEXT.paymentNotFound);
      // A double-submitted form: the first confirmation did the work.
      if (payment.status === 'succeeded') return { planId: payment.plan_id };
      if (payment.status === 'canceled') throw new AppError('CONFLICT', BILLING_TEXT.paymentSuperseded);
      // A checkout form left open for hours must not start a plan at the price (and terms) of then: the
      // intent expires, and a new checkout makes a new one (decision 060).
      if (now.getTime() - payment.created_at.getTime() > SANDBOX_PAYMENT_INTENT_TTL_MS) throw new AppError('CONFLICT', BILLING_TEXT.paymentExpired);
      const card = normalizeCardNumber(cardNumber);
      if (card === SANDBOX_CARDS.declined) {
        await setPaymentStatus(db, payment.id, 'failed', ['pending']);
        throw new AppError('PAYMENT_REQUIRED', BILLING_TEXT.cardDeclined);
      }
      if (card !== SANDBOX_CARDS.success) throw new AppError('BAD_REQUEST', BILLING_TEXT.unknownTestCard);
      const plan = await findCataloguePlan(db, payment.plan_id);
      if (!plan) throw new AppError('BAD_REQUEST', BILLING_TEXT.unknownPlan);
      await inTransaction(db, async (trx) => {
        // The learner's subscription row, locked: two confirmations (two tabs) are decided one at a time,
        // so the second sees the paid plan the first started and is refused instead of charging twice.
        const row = await lockSubscription(trx, user.id);
        // Still this write's lease (decision 086): a write whose lease was taken over stores nothing.
        await assertBillingLease(trx, user.id);
        // Read again under the lock: a concurrent double submit of this form has already done the work.
        const current = await findPaymentByClientSecret(trx, clientSecret);
        if (current?.status === 'succeeded') return;
        if (current?.status === 'canceled') throw new AppError('CONFLICT', BILLING_TEXT.paymentSuperseded);
        const status = resolveSubscription(row, now).status;
        if (status === 'active' || status === 'past_due') throw new AppError('CONFLICT', BILLING_TEXT.alreadySubscribed);
        // Only the confirmation that moves the payment to succeeded starts the paid period.
        if (!(await setPaymentStatus(trx, payment.id, 'succeeded', ['pending', 'failed']))) return;
        // Price as offered when the intent was created, even if an admin edited the catalogue since.
        await activatePaidPeriod(trx, {
          userId: user.id,
          plan: { ...plan, priceYen: payment.amount },
          periodEnd: addInterval(now, plan.interval),
          provider: 'sandbox',
          cancelAtPeriodEnd: false,
        });
      });
      return { planId: plan.id };
    },

    async createCheckoutSession({ plan, cancelUrl }) {
      // The web's /checkout page shows the sandbox card form for this plan; the session id is informative.
      // The cancel URL (already checked to be ours) rides along so the form's cancel button returns there,
      // as Stripe's hosted page does; the page checks it again, since anyone can write a /checkout link.
      const params = new URLSearchParams({ plan: plan.id, session: `sandbox_cs_${randomId()}`, cancel: cancelUrl });
      return { url: `/checkout?${params.toString()}` };
    },

    async createPortalSession() {
      return { url: '/my-page?portal=sandbox' };
    },

    async setCancelAtPeriodEnd() {
      // Nothing remote to tell: the domain stores the flag, and resolveSubscription ends the period.
    },

    async cancelForAccountDeletion() {
      // Nothing remote charges in the sandbox: renewals happen only when the learner's row is read
      // (syncSubscription), and the deletion removes the row; open checkouts are cancelled with the data.
    },

    async changePlan({ user, row, from, to, now }) {
      // Stripe's create_prorations: credit for the unused part of the current period, the new plan's
      // full price from now, and a new billing cycle starting today (the interval changes).
      const periodEnd = row.current_period_end && row.current_period_end > now ? row.current_period_end : now;
      const periodStart = addInterval(periodEnd, from.interval, -1);
      const length = periodEnd.getTime() - periodStart.getTime();
      const unused = length > 0 ? (periodEnd.getTime() - now.getTime()) / length : 0;
      const unusedShare = Math.min(1, Math.max(0, unused));
      const credit = Math.round((row.amount ?? from.priceYen) * unusedShare);
      // The same interval (standard to premium) keeps the billing cycle, as Stripe does: the new plan is
      // charged for the rest of the period only. Another interval starts a new cycle today.
      const sameCycle = from.interval === to.interval && periodEnd > now;
      const charge = Math.max(0, (sameCycle ? Math.round(to.priceYen * unusedShare) : to.priceYen) - credit);
      const payment = {
        id: `sandbox_pr_${randomId()}`,
        user_id: user.id,
        amount: charge,
        status: 'succeeded',
        description: `${to.name}プランへの変更（日割り）`,
        provider: 'sandbox',
        plan_id: to.id,
        kind: 'proration',
        created_at: now,
      };
      // Nothing remote holds the cancellation: the domain stores the withdrawn flag.
      // The charge is stored with the plan change, in the domain's transaction.
      return {
        proratedAmount: charge,
        currentPeriodEnd: sameCycle ? periodEnd : addInterval(now, to.interval),
        cancelAtPeriodEnd: false,
        record: async (trx) => {
          await insertPayment(trx, payment);
        },
      };
    },
  };
}
