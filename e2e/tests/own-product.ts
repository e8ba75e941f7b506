import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, type BrowserContext } from '@playwright/test';
import { startFakeStripe, type FakePrice, type FakeStripeServer } from '../../packages/api-router/src/services/billing/fake-stripe-server';
import { startProduct, type Product } from '../../scripts/lib/e2e-server.mjs';

const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9199';
const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-shunkan-test';

/** A product's port: `base` shifted by TEST_PORT_OFFSET, so that two checkouts can run their suites at once. */
export const ownPort = (base: number) => base + Number(process.env.TEST_PORT_OFFSET ?? 0);

/**
 * What a test that needs a product of its own starts. Everything started here is stopped by the
 * fixture's teardown, newest first, whatever becomes of the test: Playwright runs fixture teardown
 * after a failure and after a timeout too (a `finally` in the test body does not run when the test
 * times out, as its function is abandoned), so no product, port or data directory outlives it.
 */
export type OwnProduct = {
  /** The built product on `port` (see `ownPort`) against the suite's Auth emulator. */
  start: (options: { port: number; env?: Record<string, string>; dataDir?: string }) => Promise<Product>;
  /** A data directory kept across restarts of the product, removed at the end. */
  dataDir: (prefix: string) => string;
  /** A local server speaking the Stripe REST protocol. */
  fakeStripe: (options?: { prices?: FakePrice[] }) => Promise<FakeStripeServer>;
  /** A browser context on a product's URL. */
  newContext: (baseURL: string) => Promise<BrowserContext>;
};

export const test = base.extend<{ ownProduct: OwnProduct }>({
  ownProduct: async ({ browser }, use) => {
    const cleanups: Array<{ label: string; run: () => Promise<void> | void }> = [];
    const later = (label: string, run: () => Promise<void> | void) => cleanups.push({ label, run });
    await use({
      start: async ({ port, env, dataDir }) => {
        const product = await startProduct({ port, emulatorHost, projectId, env, dataDir });
        later(`product ${product.url}`, () => product.stop());
        return product;
      },
      dataDir: (prefix) => {
        const dir = mkdtempSync(path.join(tmpdir(), prefix));
        later(`data directory ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
        return dir;
      },
      fakeStripe: async (options) => {
        const stripe = await startFakeStripe(options);
        later('local Stripe server', () => stripe.close());
        return stripe;
      },
      newContext: async (baseURL) => {
        const context = await browser.newContext({ baseURL });
        later('browser context', () => context.close());
        return context;
      },
    });
    const failures: string[] = [];
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup.run();
      } catch (error) {
        failures.push(`${cleanup.label}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (failures.length > 0) throw new Error(`cleanup failed: ${failures.join('; ')}`);
  },
});

export { expect } from '@playwright/test';
