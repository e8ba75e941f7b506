import { expect, ownPort, test } from './own-product';
import { newLearner } from './support';

// Stripe Elements (js.stripe.com) cannot load on this closed network, so the Payment Element itself is
// covered by the integration tests; what a browser can show offline in Stripe mode is tested here, on a
// product of its own whose Stripe SDK talks to a local server speaking the Stripe REST protocol.
test('Stripe mode without a publishable key: checkout says 決済システムの設定エラーです。 and asks Stripe for nothing', async ({ ownProduct }) => {
  test.setTimeout(180_000);
  // Stopped by the fixture's teardown, also when the test fails or times out.
  const stripe = await ownProduct.fakeStripe();
  const port = ownPort(3340);
  const product = await ownProduct.start({
    port,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_local_protocol_server',
      STRIPE_WEBHOOK_SECRET: 'whsec_local_protocol_server',
      STRIPE_API_HOST: stripe.host,
      PUBLIC_URL: `http://localhost:${port}`,
    },
  });
  const page = await (await ownProduct.newContext(product.url)).newPage();
  await newLearner(page);
  await page.goto('/checkout?plan=standard');
  // The toast (エラー / 決済システムの設定エラーです。) and the card both say it.
  const toasts = page.getByRole('region', { name: /^通知/ });
  await expect(toasts.getByText('エラー', { exact: true })).toBeVisible();
  await expect(toasts.getByText('決済システムの設定エラーです。')).toBeVisible();
  await expect(page.getByText('決済システムの設定エラーです。')).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'プラン選択に戻る' })).toHaveAttribute('href', '/subscription-select');
  await expect(page.getByRole('button', { name: '決済を確定する' })).toHaveCount(0);
  // No customer and no unpayable subscription were created at Stripe.
  expect(stripe.calls('POST', '/v1/customers')).toHaveLength(0);
  expect(stripe.calls('POST', '/v1/subscriptions')).toHaveLength(0);
});
