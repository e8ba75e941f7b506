import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to listen on; defaults to loopback while the Auth emulator (unsigned tokens) is in use. */
  HOST: optionalString,
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which proxies in front may name the client (X-Forwarded-For): `false` none; `true` or a number, that
   * many hops (the nearest proxy only for `true`); or the proxies' addresses and CIDR ranges. Never "every
   * hop": a balancer appends to the header the client sent, so the left-most entry is the client's own word.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx) => {
      const trust = parseTrustProxy(value);
      if (trust === null) {
        ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY must be false, true, a number of proxy hops (1-10), or comma-separated proxy addresses or CIDR ranges' });
        return z.NEVER;
      }
      return trust;
    }),
  /**
   * Grade answers in a worker thread, beside the HTTP and database work of the main thread
   * (decision 033). Default: on in production, off otherwise (tests build many servers).
   */
  EVALUATOR_WORKER: z.enum(['true', 'false']).optional(),
  /**
   * Grading worker threads when grading is off the main thread (decision 062): answers go to the
   * least busy. Default: the machine's cores less one (the main thread's), 1 to 4; each holds ~250 MB.
   */
  EVALUATOR_WORKERS: z.coerce.number().int().min(1).max(32).optional(),
  /**
   * A grading worker holding answers that has answered none of them for this long is stuck: it is
   * ended, its answers get 503 and a new worker takes over (decision 066). One answer takes ~150 ms at most.
   */
  EVALUATOR_STUCK_MS: z.coerce.number().int().min(1_000).max(600_000).default(10_000),
  /** Extra origins allowed to call the API cross-origin (comma-separated); same-origin needs none. */
  CORS_ORIGINS: z.string().default('').transform(splitList),
  WEB_DIST: optionalString,
  PUBLIC_URL: optionalString,

  FIREBASE_PROJECT_ID: z.string().default('demo-shunkan'),
  FIREBASE_AUTH_EMULATOR_HOST: optionalString,
  FIREBASE_API_KEY: optionalString,
  FIREBASE_AUTH_DOMAIN: optionalString,
  FIREBASE_SERVICE_ACCOUNT: optionalString,
  ADMIN_EMAILS: z.string().default('').transform((v) => splitList(v).map((e) => e.toLowerCase())),

  /** Requests per minute per client address: sign-in-ish calls, AI work (problems, grading), the rest. */
  RATE_LIMIT_AUTH_PER_MIN: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_AI_PER_MIN: z.coerce.number().int().positive().default(120),
  /** Writes that call the billing provider (Stripe), account deletions included (decision 066). */
  RATE_LIMIT_BILLING_PER_MIN: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_PER_MIN: z.coerce.number().int().positive().default(600),
  /** Redis shared by all API instances for the rate limits (e.g. redis://127.0.0.1:6379); in memory per instance when unset. */
  REDIS_URL: optionalString,
  /** Prefix of the rate-limit keys in Redis (separates deployments or test runs sharing one Redis). */
  REDIS_KEY_PREFIX: z.string().min(1).default('shunkan:rate-limit:'),
  /** Daily problem limits per plan (DECISIONS.md defaults). */
  DAILY_LIMIT_STANDARD: z.coerce.number().int().positive().default(50),
  DAILY_LIMIT_PREMIUM: z.coerce.number().int().positive().default(100),
  DAILY_LIMIT_TRIAL: z.coerce.number().int().positive().default(100),

  /**
   * Moves the server's clock forward by this many days (trials, periods, the Japanese day). For browser
   * tests of time-dependent behaviour only: refused unless the Auth emulator is in use.
   */
  CLOCK_OFFSET_DAYS: z.coerce.number().min(0).max(3650).default(0),

  GEMINI_API_KEY: optionalString,
  GEMINI_MODEL: z.string().default('gemini-2.5-flash'),
  GEMINI_BASE_URL: optionalString,
  GEMINI_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
  /** Deadline for receiving one whole request, headers and body (slow-body clients: 408). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  AUTH_TIMEOUT_MS: z.coerce.number().int().positive().max(60_000).default(3000),

  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /**
   * host:port (http) of a Stripe-protocol server, for tests only. Loopback addresses only: the secret key
   * travels in every request, and over plain HTTP it must not leave the machine.
   */
  STRIPE_API_HOST: optionalString,
  /** Stripe price ids of the catalogue plans (written into the plans table at start-up). */
  STRIPE_PRICE_STANDARD: optionalString,
  STRIPE_PRICE_STANDARD_YEARLY: optionalString,
  STRIPE_PRICE_PREMIUM: optionalString,
  STRIPE_PRICE_PREMIUM_YEARLY: optionalString,
});

/** "host:port" on the loopback interface (127.0.0.1, localhost or [::1]), and nothing else (no user info, path or query). */
export function isLoopbackHostPort(value: string): boolean {
  const match = /^(?:127\.0\.0\.1|localhost|\[::1\]):(\d{1,5})$/i.exec(value);
  const port = Number(match?.[1]);
  return Boolean(match) && port > 0 && port <= 65535;
}

/** What TRUST_PROXY names: no proxy, a number of hops, or the proxies' addresses (null: not a valid value). */
export type TrustProxy = false | number | string[];

const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_KEYWORDS.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

export function parseTrustProxy(value: string): TrustProxy | null {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === '' || text === '0') return false;
  if (text === 'true') return 1;
  if (/^\d+$/.test(text)) return Number(text) <= 10 ? Number(text) : null;
  const entries = splitList(text);
  return entries.length > 0 && entries.every(isProxyAddress) ? entries : null;
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export type Env = z.infer<typeof ZEnv> & { dataDir: string; isEmulator: boolean };

/** The one place process.env is read; fails fast with a readable message. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const env = parsed.data;
  const isEmulator = Boolean(env.FIREBASE_AUTH_EMULATOR_HOST);
  if (!isEmulator && !env.FIREBASE_API_KEY) {
    throw new Error(
      'Invalid environment: set FIREBASE_AUTH_EMULATOR_HOST (local emulator) or FIREBASE_API_KEY and FIREBASE_PROJECT_ID (real Firebase).',
    );
  }
  if (env.CLOCK_OFFSET_DAYS > 0 && !isEmulator) {
    throw new Error('Invalid environment: CLOCK_OFFSET_DAYS is for tests with the Auth emulator only.');
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    throw new Error('Invalid environment: STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set.');
  }
  // Stripe redirects back to absolute URLs (checkout success/cancel, portal return): they must be ours.
  if (env.STRIPE_SECRET_KEY && !env.PUBLIC_URL) {
    throw new Error('Invalid environment: PUBLIC_URL (e.g. https://shunkan.example.com) is required when STRIPE_SECRET_KEY is set.');
  }
  if (env.STRIPE_API_HOST && !isLoopbackHostPort(env.STRIPE_API_HOST)) {
    throw new Error(
      'Invalid environment: STRIPE_API_HOST (a plain-HTTP Stripe-protocol server for tests) must be a loopback host:port such as 127.0.0.1:12111, localhost:12111 or [::1]:12111; leave it unset to use Stripe.',
    );
  }
  if (env.REDIS_URL && !/^rediss?:\/\//.test(env.REDIS_URL)) {
    throw new Error('Invalid environment: REDIS_URL must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379.');
  }
  if (env.PUBLIC_URL && !URL.canParse(env.PUBLIC_URL)) {
    throw new Error('Invalid environment: PUBLIC_URL must be an absolute URL such as https://shunkan.example.com.');
  }
  return { ...env, dataDir: path.resolve(env.DATA_DIR), isEmulator };
}
