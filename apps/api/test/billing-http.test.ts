import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../src/server.js';
import { emulatorAdmin, signUp, startTestServer } from './harness.js';

let server: ServerHandle;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

type Json = Record<string, unknown>;

async function call(method: 'GET' | 'POST', url: string, token?: string, payload?: string) {
  return server.app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    ...(payload === undefined ? {} : { payload }),
  });
}

describe('billing over REST in sandbox mode (spec section 7)', () => {
  it('GET /api/subscription-plans: keyed by plan key, public', async () => {
    const response = await call('GET', '/api/subscription-plans');
    expect(response.statusCode).toBe(200);
    const plans = response.json() as Record<string, Json>;
    expect(Object.keys(plans)).toEqual(['standard', 'standard-yearly', 'premium', 'premium-yearly']);
    expect(plans.standard).toMatchObject({ priceId: null, name: 'スタンダード', price: '¥780/月', priceYen: 780, dailyLimit: 50 });
    expect(plans['premium-yearly']).toMatchObject({ name: 'プレミアム年間', price: '¥10,800/年' });
    expect(Array.isArray(plans.premium?.features)).toBe(true);
    const config = (await call('GET', '/api/public-config')).json() as Json;
    expect(config.billingMode).toBe('sandbox');
    // The web client's plan selection, checkout and payment results read the catalogue from here (decision 048).
    const catalogue = config.plans as Json[];
    expect(catalogue.map((plan) => plan.id)).toEqual(['standard', 'standard-yearly', 'premium', 'premium-yearly']);
    expect(catalogue[0]).toMatchObject({ name: 'スタンダード', priceYen: 780, dailyLimit: 50, priceId: null });
  });

  it('walks trial, payment intent, checkout, portal and details with the spec bodies (empty JSON bodies accepted)', async () => {
    const { idToken } = await signUp();
    const trial = await call('POST', '/api/start-trial', idToken, '');
    expect(trial.statusCode).toBe(200);
    expect(trial.json()).toMatchObject({ subscriptionStatus: 'trialing', trialDaysRemaining: 7 });
    const again = await call('POST', '/api/start-trial', idToken);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: '無料トライアルはすでにご利用済みです。' });

    const intent = await call('POST', '/api/create-payment-intent', idToken, JSON.stringify({ planId: 'standard' }));
    expect(intent.statusCode).toBe(200);
    const { clientSecret } = intent.json() as { clientSecret: string };
    expect(clientSecret).toMatch(/^sandbox_pi_/);
    const declined = await call('POST', '/api/trpc/billing.confirmSandboxPayment', idToken, JSON.stringify({ clientSecret, cardNumber: '4000000000000002' }));
    expect(declined.statusCode).toBe(402);
    const paid = await call('POST', '/api/trpc/billing.confirmSandboxPayment', idToken, JSON.stringify({ clientSecret, cardNumber: '4242424242424242' }));
    expect(paid.statusCode).toBe(200);
    expect((await call('GET', '/api/user-subscription', idToken)).json()).toMatchObject({ subscriptionStatus: 'active', planType: 'standard', hasAccess: true });

    const checkout = await call('POST', '/api/create-checkout-session', idToken, JSON.stringify({ priceId: null, planId: 'premium', successUrl: 'https://evil.example.com/', cancelUrl: '/payment-cancelled' }));
    expect(checkout.statusCode).toBe(400);
    expect(checkout.json()).toMatchObject({ message: 'リダイレクト先のURLが正しくありません。' });

    const portal = await call('POST', '/api/create-customer-portal', idToken, '');
    expect(portal.statusCode).toBe(200);
    expect(portal.json()).toEqual({ url: '/my-page?portal=sandbox' });

    const upgrade = await call('POST', '/api/upgrade-subscription', idToken, JSON.stringify({ planType: 'yearly' }));
    expect(upgrade.statusCode).toBe(200);
    expect((upgrade.json() as { message: string }).message).toContain('年間プランへの変更が完了しました');
    const twice = await call('POST', '/api/upgrade-subscription', idToken, JSON.stringify({ planType: 'yearly' }));
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ message: 'すでに年間プランをご利用中です。' });

    const details = await call('GET', '/api/subscription-details', idToken);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ status: 'active', planId: 'standard-yearly', interval: 'year', amount: 7800, billingMode: 'sandbox' });
    expect((details.json() as { payments: unknown[] }).payments).toHaveLength(2);
  });

  it('checkout session for a new learner points at the sandbox checkout page', async () => {
    const { idToken } = await signUp();
    const checkout = await call('POST', '/api/create-checkout-session', idToken, JSON.stringify({ priceId: 'standard-yearly', successUrl: '/payment-success?plan=standard-yearly', cancelUrl: '/payment-cancelled' }));
    expect(checkout.statusCode).toBe(200);
    expect((checkout.json() as { url: string }).url).toMatch(/^\/checkout\?plan=standard-yearly&session=sandbox_cs_/);
    expect((await call('POST', '/api/create-payment-intent', idToken, JSON.stringify({ planId: 'gold' }))).statusCode).toBe(400);
  });

  it('answers 401 without a token, 400 with the admin text to administrators, 404 on the webhook in sandbox mode', async () => {
    for (const [method, url] of [
      ['POST', '/api/start-trial'],
      ['POST', '/api/create-payment-intent'],
      ['POST', '/api/create-checkout-session'],
      ['POST', '/api/create-customer-portal'],
      ['POST', '/api/upgrade-subscription'],
      ['GET', '/api/subscription-details'],
    ] as const) {
      expect((await call(method, url, undefined, method === 'POST' ? '{}' : undefined)).statusCode, url).toBe(401);
    }
    const admin = await signUp();
    await emulatorAdmin('accounts:update', { localId: admin.localId, customAttributes: JSON.stringify({ admin: true }) });
    const refused = await call('POST', '/api/start-trial', admin.idToken, '{}');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: '管理者は課金の対象外です。' });
    const webhook = await server.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' }, payload: '{}' });
    expect(webhook.statusCode).toBe(404);
  });
});
