import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

const emulator = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
const realFirebase = { FIREBASE_API_KEY: 'web-api-key', FIREBASE_PROJECT_ID: 'shunkan-prod' };

describe('loadEnv', () => {
  it('starts on the embedded defaults with the emulator', () => {
    const env = loadEnv(emulator);
    expect(env).toMatchObject({ isEmulator: true, PORT: 3000, CLOCK_OFFSET_DAYS: 0, DAILY_LIMIT_STANDARD: 50, DAILY_LIMIT_PREMIUM: 100 });
  });

  it('needs either the emulator or real Firebase', () => {
    expect(() => loadEnv({})).toThrow(/FIREBASE_AUTH_EMULATOR_HOST/);
    expect(loadEnv(realFirebase).isEmulator).toBe(false);
  });

  it('accepts a moved clock only for emulator-mode tests, never with real Firebase', () => {
    expect(loadEnv({ ...emulator, CLOCK_OFFSET_DAYS: '8' }).CLOCK_OFFSET_DAYS).toBe(8);
    expect(() => loadEnv({ ...realFirebase, CLOCK_OFFSET_DAYS: '8' })).toThrow(/CLOCK_OFFSET_DAYS is for tests/);
    expect(() => loadEnv({ ...emulator, CLOCK_OFFSET_DAYS: '-1' })).toThrow(/CLOCK_OFFSET_DAYS/);
  });

  it('requires the webhook secret and a public URL with Stripe', () => {
    expect(() => loadEnv({ ...realFirebase, STRIPE_SECRET_KEY: 'sk_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadEnv({ ...realFirebase, STRIPE_SECRET_KEY: 'sk_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(/PUBLIC_URL/);
  });

  it('accepts STRIPE_API_HOST only on a loopback address (the secret key would travel over plain HTTP)', () => {
    for (const host of ['127.0.0.1:12111', 'localhost:12111', 'LOCALHOST:80', '[::1]:12111']) {
      expect(loadEnv({ ...emulator, STRIPE_API_HOST: host }).STRIPE_API_HOST).toBe(host);
    }
    for (const host of ['stripe.example.com:80', '10.0.0.5:12111', '127.0.0.1', '127.0.0.1:0', '127.0.0.1:99999', 'localhost.evil.com:80', 'user@127.0.0.1:80', '127.0.0.1:80/x', '::1:12111']) {
      expect(() => loadEnv({ ...emulator, STRIPE_API_HOST: host }), host).toThrow(/STRIPE_API_HOST .* must be a loopback host:port/);
    }
    expect(() => loadEnv({ ...realFirebase, STRIPE_SECRET_KEY: 'sk_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', PUBLIC_URL: 'https://shunkan.example.com', STRIPE_API_HOST: 'api.stripe.com:80' })).toThrow(
      /STRIPE_API_HOST/,
    );
  });

  it('reads TRUST_PROXY as a number of hops or the proxies\' addresses, never "trust every hop" (decision 051)', () => {
    expect(loadEnv(emulator).TRUST_PROXY).toBe(false);
    expect(loadEnv({ ...emulator, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ ...emulator, TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ ...emulator, TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ ...emulator, TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,loopback' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '192.168.1.5', 'loopback']);
    expect(loadEnv({ ...emulator, TRUST_PROXY: 'fd00::/8' }).TRUST_PROXY).toEqual(['fd00::/8']);
    for (const value of ['yes', '11', '10.0.0.0/33', 'example.com', '10.0.0.1/8/1', '1.2.3']) {
      expect(() => loadEnv({ ...emulator, TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });
});
