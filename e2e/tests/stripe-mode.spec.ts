import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeStripe } from '../../packages/api-router/src/services/billing/fake-stripe-server';
import { startProduct } from '../../scripts/lib/e2e-server.mjs';
import { newLearner } from './support';

const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9199';
const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-shunkan-test';
const PORT = 3340 + Number(process.env.TEST_PORT_OFFSET ?? 0);

// Stripe Elements (js.stripe.com) cannot load on this closed network, so the Payment Element itself is
// covered by the integration tests; what a browser can show offline in Stripe mode is tested here, on a
// product of its own whose Stripe SDK talks to a local server speaking the Stripe REST protocol.
test('Stripe mode without a publishable key: checkout says 決済システムの設定エラーです。 and asks Stripe for nothing', async ({ browser }) => {
  test.setTimeout(180_000);
  const stripe = await startFakeStripe();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shunkan-e2e-stripe-'));
  const product = await startProduct({
    port: PORT,
    emulatorHost,
    projectId,
    dataDir,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_local_protocol_server',
      STRIPE_WEBHOOK_SECRET: 'whsec_local_protocol_server',
      STRIPE_API_HOST: stripe.host,
      PUBLIC_URL: `http://localhost:${PORT}`,
    },
  });
  const context = await browser.newContext({ baseURL: product.url });
  const page = await context.newPage();
  try {
    await newLearner(page);
    await page.goto('/checkout?plan=standard');
    // The toast (エラー / 決済システムの設定エラーです。) and the card both say it.
    const toasts = page.getByRole('region', { name: /Notifications/ });
    await expect(toasts.getByText('エラー', { exact: true })).toBeVisible();
    await expect(toasts.getByText('決済システムの設定エラーです。')).toBeVisible();
    await expect(page.getByText('決済システムの設定エラーです。')).toHaveCount(2);
    await expect(page.getByRole('link', { name: 'プラン選択に戻る' })).toHaveAttribute('href', '/subscription-select');
    await expect(page.getByRole('button', { name: '決済を確定する' })).toHaveCount(0);
    // No customer and no unpayable subscription were created at Stripe.
    expect(stripe.calls('POST', '/v1/customers')).toHaveLength(0);
    expect(stripe.calls('POST', '/v1/subscriptions')).toHaveLength(0);
  } finally {
    await context.close();
    await product.stop();
    await stripe.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
