import { createHmac } from 'node:crypto';
import { expect, ownPort, test } from './own-product';
import { createVerifiedAccount, logIn, newLearner, uniqueEmail } from './support';

// Decision 096: a refund made at Stripe reaches the learner's payment history (my page) and the admin's
// payments tab. The product runs in Stripe mode against a local server speaking Stripe's REST protocol;
// Stripe's events are posted to the webhook signed with the endpoint secret, as Stripe signs them.
const WEBHOOK_SECRET = 'whsec_local_protocol_server';
const PRICE_STANDARD = 'price_local_standard';

/** Stripe's signature header: t=<seconds>,v1=HMAC-SHA256(secret, "<t>.<payload>"). */
function signature(payload: string, secret: string): string {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
}

let eventSeq = 0;
async function deliver(baseUrl: string, type: string, object: object): Promise<unknown> {
  eventSeq += 1;
  const created = Math.floor(Date.now() / 1000);
  const payload = JSON.stringify({ id: `evt_e2e_refund_${eventSeq}_${created}`, object: 'event', type, created, livemode: false, pending_webhooks: 1, data: { object } });
  const response = await fetch(`${baseUrl}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature(payload, WEBHOOK_SECRET) }, body: payload });
  expect(response.status).toBe(200);
  return response.json();
}

test('a partial refund at Stripe: my page shows 一部返金済み and 返金 ¥300; the admin sees it and ¥480 of revenue', async ({ ownProduct }) => {
  test.setTimeout(240_000);
  const stripe = await ownProduct.fakeStripe({ prices: [{ id: PRICE_STANDARD, unit_amount: 780, interval: 'month' }] });
  const port = ownPort(3377);
  const product = await ownProduct.start({
    port,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_local_protocol_server',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_local_protocol_server',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: stripe.host,
      STRIPE_PRICE_STANDARD: PRICE_STANDARD,
      PUBLIC_URL: `http://localhost:${port}`,
    },
  });

  // The learner opens the checkout: our server makes the customer and the subscription at Stripe.
  const page = await (await ownProduct.newContext(product.url)).newPage();
  await newLearner(page);
  await page.goto('/checkout?plan=standard');
  await expect.poll(() => stripe.calls('POST', '/v1/subscriptions').length, { timeout: 30_000 }).toBe(1);
  const [subscription] = [...stripe.subscriptions.values()];
  if (!subscription) throw new Error('no subscription at the local Stripe server');
  const subscriptionId = subscription.id as string;
  const userId = (subscription.metadata as { user_id: string }).user_id;

  // The card is charged at Stripe (the Payment Element cannot load offline), then Stripe's invoice.paid.
  const { invoiceId, chargeId } = stripe.pay(subscriptionId);
  const now = Math.floor(Date.now() / 1000);
  expect(
    await deliver(product.url, 'invoice.paid', {
      id: invoiceId,
      object: 'invoice',
      customer: subscription.customer,
      amount_paid: 780,
      currency: 'jpy',
      billing_reason: 'subscription_create',
      status_transitions: { paid_at: now },
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: { user_id: userId } } },
      lines: { object: 'list', data: [{ id: 'il_1', period: { start: now, end: now + 30 * 86_400 }, pricing: { type: 'price_details', price_details: { price: PRICE_STANDARD, product: 'prod_x' } } }] },
    }),
  ).toMatchObject({ outcome: 'applied' });

  await page.goto('/my-page');
  const history = page.getByTestId('payment-history');
  await expect(history).toContainText('¥780');
  await expect(history).toContainText('支払い済み');

  // Support refunds ¥300 in the Stripe Dashboard; Stripe sends charge.refunded.
  const { charge } = stripe.refund(chargeId, 300);
  expect(await deliver(product.url, 'charge.refunded', charge)).toMatchObject({ outcome: 'applied' });
  await page.reload();
  await expect(history).toContainText('一部返金済み');
  await expect(history).toContainText('返金 ¥300');
  await expect(history).toContainText('¥780');
  await expect(history).not.toContainText('支払い済み');

  // The administrator's payments tab: the status, the amount returned and the revenue net of it.
  const adminEmail = uniqueEmail('refund-admin');
  await createVerifiedAccount(adminEmail, { admin: true });
  const adminPage = await (await ownProduct.newContext(product.url)).newPage();
  await logIn(adminPage, adminEmail);
  await adminPage.waitForURL((url) => url.pathname === '/');
  await adminPage.goto('/admin?tab=payments');
  await expect(adminPage.getByTestId('pay-revenue-value')).toHaveText('¥480');
  const rows = adminPage.getByTestId('payment-table');
  await expect(rows).toContainText('一部返金済み');
  await expect(rows).toContainText('返金 ¥300・売上 ¥480');
  await expect(rows).not.toContainText('失敗');
});
