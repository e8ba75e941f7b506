import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { appRouter } from '@shunkan/api-router';
import { createContextInner, readBearerToken, resolveSessionUser, type Services } from '@shunkan/api-router/context';
import { toHttpError } from '@shunkan/api-router/errors';
import { createSessionCache } from '@shunkan/api-router/session';
import { createFirebaseVerifier } from '@shunkan/api-router/services/auth';
import { listPlanCatalogue } from '@shunkan/api-router/domain/billing';
import { getCatalogue } from '@shunkan/api-router/domain/plans';
import { createSandboxBilling } from '@shunkan/api-router/services/billing/sandbox';
import { createStripeBilling } from '@shunkan/api-router/services/billing/stripe';
import type { BillingProvider } from '@shunkan/api-router/services/billing/types';
import { seedProblemBank } from '@shunkan/api-router/services/problem-bank/index';
import { createPracticeServices } from '@shunkan/api-router/services/practice-services';
import { checkDatabase, createDatabase, migrateToLatest, type DbHandle } from '@shunkan/db';
import { seedPlans } from '@shunkan/db/plans';
import { TEXT } from '@shunkan/config/texts';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { staticSecurityHeaders } from './security-headers.js';
import { Redis } from 'ioredis';
import pino from 'pino';
import type { AppRouter } from '@shunkan/api-router';
import type { Env, TrustProxy } from './env.js';
import { createRestHandler, logError, sendError } from './rest/adapter.js';
import { registerOpenApiRoute } from './rest/openapi.js';
import { registerRestRoutes } from './rest/routes.js';
import { registerStripeWebhook } from './webhooks/stripe.js';
import { createWebPages } from './web-preloads.js';
import { createWeightedStore, weightedKey } from './rate-limit-store.js';
import { clientKeyOf } from './client-key.js';
import { serializeError } from './log-serializers.js';
import { listenForRoleChanges } from './role-listener.js';
import { EvaluatorClosedError, startEvaluatorWorker } from '@shunkan/api-router/services/evaluator-worker';

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimitGroup?: RateLimitGroup;
  }
}

type RateLimitGroup = 'auth' | 'billing' | 'ai' | 'default';

/** Helmet's defaults that matter for a JSON error answered before routing (a URL that does not decode). */
const FRAMEWORK_ERROR_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
};

/**
 * Answers a request Node's HTTP parser refused before Fastify saw it (malformed request line or
 * headers, headers over 16 KB, a request not received within REQUEST_TIMEOUT_MS) with the one error
 * body in Japanese and the protective headers, instead of Fastify's English default ("Client
 * Error", "Client Timeout"). The connection is closed afterwards, as Node and Fastify do.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify(
    status === 408 ? { code: 'TIMEOUT', message: TEXT.requestTimeout } : { code: 'BAD_REQUEST', message: TEXT.invalidInput },
  );
  if (socket.writable) {
    const headers = Object.entries({ ...FRAMEWORK_ERROR_HEADERS, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers}\r\n${body}`);
  }
  socket.destroy();
}

/** Calls one tRPC batch request may carry (decision 026). */
export const MAX_TRPC_BATCH_CALLS = 20;

export type ServerHandle = {
  app: FastifyInstance;
  database: DbHandle;
  services: Services;
  /** Every route as registered (method and URL), for the REST contract test. */
  routes: { method: string; url: string }[];
  /** Resolves when the evaluator's answer lattices are compiled (or their preparation failed). */
  evaluatorReady: Promise<void>;
  start: () => Promise<string>;
  stop: () => Promise<void>;
};

/**
 * Fastify's own request lines (incoming, completed, default error logs) are off; each finished request
 * gets one line here instead, written where Fastify would write its "request completed" line (no
 * extra onResponse hook). The path only: query strings may carry tRPC inputs (learner answers).
 */
class RequestLineLogController extends LogController {
  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    request.log.info({ method: request.method, url: request.url.split('?')[0], statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request');
  }
}

let stdoutDestination: ReturnType<typeof pino.destination> | null = null;

/**
 * Standard output for the log, one per process (tests start many servers in one): lines are gathered
 * up to 4 KB (or 50 ms) per write instead of one write per line under load; the buffer is flushed on
 * exit (pino registers it), so only a killed process can lose its last 50 ms of lines.
 */
function logDestination(): ReturnType<typeof pino.destination> {
  stdoutDestination ??= pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 50 });
  return stdoutDestination;
}

function defaultWebDist(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // dist/index.js and src/server.ts both sit one level below apps/api.
  return path.resolve(here, '../../web/dist');
}

/**
 * A request's path as the router reads it: without the query string and percent-decoded, so that
 * `/%61pi/trpc/demo.evaluate` (routed to tRPC like `/api/trpc/demo.evaluate`) is limited like it
 * instead of slipping past the limiter or into a laxer group. A path that does not decode is
 * answered 400 by the router anyway; it is returned as sent.
 */
export function routedPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Rate-limit bucket of a request: AI work and auth-ish calls get tighter limits than reads. */
const BILLING_WRITE = /\b(billing\.(startTrial|createPaymentIntent|confirmSandboxPayment|createCheckoutSession|createPortalSession|cancelAtPeriodEnd|resume|upgradeToYearly)|account\.delete|admin\.users\.delete)\b/;
const BILLING_WRITE_PATHS = ['/api/start-trial', '/api/create-payment-intent', '/api/create-checkout-session', '/api/create-customer-portal', '/api/upgrade-subscription'];

export function rateLimitGroupOf(url: string, configured: RateLimitGroup | undefined): RateLimitGroup {
  if (configured) return configured;
  url = routedPath(url);
  // tRPC batches name their procedures in the path (`/api/trpc/a.b,c.d`); the stricter group wins.
  const trpcPath = /^\/api\/trpc\/(.*)/.exec(url)?.[1] ?? '';
  if (/\b(demo\.|admin\.(passwordResetLink|setupAdmin))/.test(trpcPath) || url.startsWith('/api/auth') || url.startsWith('/api/emergency-reset')) {
    return 'auth';
  }
  // Every write that calls the billing provider (Stripe: an API with a rate limit of its own, shared by
  // every learner of the account; decision 066: these were in the default group, 600 a minute).
  if (BILLING_WRITE.test(trpcPath) || BILLING_WRITE_PATHS.some((path) => url.startsWith(path))) return 'billing';
  // Every procedure that may ask the AI: grading, problem generation (an admin's, or a custom scenario's
  // next problem with Gemini) and an appeal's re-check (decision 051: the last two were in the default group).
  if (/\b(practice\.|admin\.generateProblems|scenarios\.nextProblem|appeals\.submit)/.test(trpcPath) || url.startsWith('/api/problem') || url.startsWith('/api/evaluate')) {
    return 'ai';
  }
  return 'default';
}

/**
 * How many calls a request counts as against its rate limit: a tRPC batch (`/api/trpc/a,b,c?batch=1`)
 * runs each procedure it names, so it counts once per call; any other request once. tRPC refuses a
 * batch over MAX_TRPC_BATCH_CALLS before running anything, but the calls it named still count, so a
 * client cannot probe for free.
 */
export function rateLimitWeightOf(url: string): number {
  const query = url.indexOf('?');
  if (query < 0) return 1;
  // Read as tRPC reads it (decoded: `batch=%31` is a batch too), and the path decoded like the router's.
  if (new URLSearchParams(url.slice(query + 1)).get('batch') !== '1') return 1;
  const trpcPath = /^\/api\/trpc\/(.*)/.exec(routedPath(url))?.[1];
  return trpcPath ? trpcPath.split(',').length : 1;
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A number of hops is a function here: Fastify's own `true`
 * trusts every hop, so the client's address became the left-most X-Forwarded-For entry, which the
 * client writes itself (a balancer appends to it): a fresh rate-limit allowance and demo quota per
 * request. Fastify's numeric form trusts nothing at all. Trusting `hops` proxies takes the entry the
 * farthest trusted proxy appended.
 */
export function trustProxyOption(trust: TrustProxy): false | string | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust.join(',');
}

export async function createServer(
  env: Env,
  overrides: {
    database?: DbHandle;
    /** Tests only: the module the evaluator's worker thread runs (a fixture that can be made to die). */
    evaluatorWorkerUrl?: URL;
  } = {},
): Promise<ServerHandle> {
  const app = Fastify({
    logger: {
      level: env.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // Errors without the request bodies some of them carry (log-serializers.ts, decision 051).
      serializers: { err: serializeError },
      stream: logDestination(),
    },
    bodyLimit: 64 * 1024,
    // A whole request (headers and body) must arrive within REQUEST_TIMEOUT_MS, else 408 and the
    // connection is closed: Fastify's default is no limit, so a client trickling a body a byte a second
    // held its connection (and the memory of its half-read body) for ever. Node checks the deadlines
    // every connectionsCheckingInterval (30 s by default): a tenth of the deadline here.
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    http: { headersTimeout: env.REQUEST_TIMEOUT_MS, connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.round(env.REQUEST_TIMEOUT_MS / 10))) },
    clientErrorHandler: answerClientError,
    // tRPC batches name every procedure in one path segment (my page loads nine at once); Fastify's
    // default of 100 characters would answer such a batch 414. The web client caps a batch at 10 calls
    // and 2,083 URL characters (apps/web lib/trpc.ts); other clients get twice that room.
    routerOptions: { maxParamLength: 4096 },
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    // One line per request instead of Fastify's two (the supported form of `disableRequestLogging`).
    logController: new RequestLineLogController({ disableRequestLogging: true }),
    // Errors raised before routing (a URL that does not decode: `%ED%A0%80`) take the one error path
    // too, instead of Fastify's English default body.
    // Helmet's hooks do not run for them: the same protective headers are set here.
    frameworkErrors: (error, request, reply) => sendError(request, reply.headers(FRAMEWORK_ERROR_HEADERS), error),
    // A request arriving while the server drains (SIGTERM) is refused by the hook below, in Japanese and
    // with the protective headers: Fastify's own refusal is English and bare (decision 088).
    return503OnClosing: false,
  });
  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  // The one clock of every request (both doors); offset only in emulator-mode browser tests (env.ts).
  const clockOffsetMs = env.CLOCK_OFFSET_DAYS * 24 * 60 * 60 * 1000;
  const now = () => new Date(Date.now() + clockOffsetMs);
  if (clockOffsetMs > 0) app.log.warn({ days: env.CLOCK_OFFSET_DAYS }, 'test clock: the server clock runs ahead');

  const database =
    overrides.database ??
    (await createDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.dataDir,
      onConnectionError: (error) => app.log.warn({ err: error }, 'database connection lost; it will be replaced'),
    }));
  await migrateToLatest(database.db);
  await seedProblemBank(database.db);
  await seedPlans(database.db, {
    priceIds: {
      standard: env.STRIPE_PRICE_STANDARD,
      'standard-yearly': env.STRIPE_PRICE_STANDARD_YEARLY,
      premium: env.STRIPE_PRICE_PREMIUM,
      'premium-yearly': env.STRIPE_PRICE_PREMIUM_YEARLY,
    },
    dailyLimits: { standard: env.DAILY_LIMIT_STANDARD, premium: env.DAILY_LIMIT_PREMIUM },
  });

  const auth = createFirebaseVerifier({
    projectId: env.FIREBASE_PROJECT_ID,
    emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
    serviceAccountJson: env.FIREBASE_SERVICE_ACCOUNT,
    timeoutMs: env.AUTH_TIMEOUT_MS,
  });
  // Grading in a worker thread (decision 033): the main thread keeps serving HTTP meanwhile.
  const useWorker = env.EVALUATOR_WORKER === undefined ? env.NODE_ENV === 'production' : env.EVALUATOR_WORKER === 'true';
  const worker = useWorker
    ? startEvaluatorWorker(overrides.evaluatorWorkerUrl ?? new URL(import.meta.url.endsWith('.ts') ? './evaluator-worker.ts' : './evaluator-worker.js', import.meta.url), {
        onRestart: (err) => app.log.error({ err }, 'evaluator worker died or was stuck: the answers it held failed, a new worker grades from now on'),
        // A core left to this thread (HTTP, the database, PGlite itself): on 2 cores one worker (decision 062).
        size: env.EVALUATOR_WORKERS ?? Math.min(4, Math.max(1, availableParallelism() - 1)),
        stuckAfterMs: env.EVALUATOR_STUCK_MS,
      })
    : undefined;
  const practice = createPracticeServices({
    db: database.db,
    log: app.log,
    ...(worker ? { grader: worker } : {}),
    gemini: env.GEMINI_API_KEY
      ? { apiKey: env.GEMINI_API_KEY, model: env.GEMINI_MODEL, baseUrl: env.GEMINI_BASE_URL, timeoutMs: env.GEMINI_TIMEOUT_MS }
      : undefined,
  });
  // Load the evaluator's NLP resources before listening, so the first learner is not kept waiting
  // (in process; the worker loads its own).
  const evaluator = worker ?? (await practice.getEvaluator());
  // Compile every bank problem's answer lattice in the background (in small batches between
  // requests), so that no learner's first answer to a problem pays for its compilation. Until it is
  // done the server is live but not ready: /api/ready answers 503, so that a load balancer (or a
  // benchmark) sends learners only to a prepared server, while /api/health stays 200.
  const preparedAt = Date.now();
  let evaluatorStatus: 'preparing' | 'ready' | 'failed' = 'preparing';
  const evaluatorReady = evaluator.prepare().then(
    () => {
      evaluatorStatus = 'ready';
      app.log.info({ ms: Date.now() - preparedAt }, 'evaluator lattices prepared');
    },
    (err: unknown) => {
      // The server stopped before the worker had prepared: nothing failed.
      if (err instanceof EvaluatorClosedError) return;
      // Grading still works (each problem is compiled when first answered): ready, but said so.
      evaluatorStatus = 'failed';
      app.log.warn({ err }, 'evaluator lattice preparation failed');
    },
  );
  // Chosen once: real Stripe with a secret key (env.ts then requires the webhook secret and PUBLIC_URL),
  // otherwise the clearly labelled local sandbox.
  const billing: BillingProvider =
    env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET && env.PUBLIC_URL
      ? createStripeBilling({
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          publicUrl: env.PUBLIC_URL,
          apiHost: env.STRIPE_API_HOST,
          log: app.log,
        })
      : createSandboxBilling({ publicUrl: env.PUBLIC_URL });
  const sessions = createSessionCache();
  const services: Services = {
    auth,
    adminEmails: env.ADMIN_EMAILS,
    log: app.log,
    practice,
    limits: { standard: env.DAILY_LIMIT_STANDARD, premium: env.DAILY_LIMIT_PREMIUM, trial: env.DAILY_LIMIT_TRIAL },
    billing,
    pinnedPriceIds: {
      standard_monthly: env.STRIPE_PRICE_STANDARD,
      standard_yearly: env.STRIPE_PRICE_STANDARD_YEARLY,
      premium_monthly: env.STRIPE_PRICE_PREMIUM,
      premium_yearly: env.STRIPE_PRICE_PREMIUM_YEARLY,
    },
    diagnostics: {
      authMode: env.isEmulator ? 'emulator' : 'firebase',
      aiMode: env.GEMINI_API_KEY ? 'gemini' : 'builtin',
      dbKind: database.kind,
      publicUrl: env.PUBLIC_URL ?? null,
      settings: {
        DATABASE_URL: Boolean(env.DATABASE_URL),
        GEMINI_API_KEY: Boolean(env.GEMINI_API_KEY),
        STRIPE_SECRET_KEY: Boolean(env.STRIPE_SECRET_KEY),
        STRIPE_PUBLISHABLE_KEY: Boolean(env.STRIPE_PUBLISHABLE_KEY),
        STRIPE_WEBHOOK_SECRET: Boolean(env.STRIPE_WEBHOOK_SECRET),
        PUBLIC_URL: Boolean(env.PUBLIC_URL),
        ADMIN_EMAILS: env.ADMIN_EMAILS.length > 0,
      },
      startupProblems: [],
    },
    sessions,
  };

  // Registered before any route or plugin, so every encapsulated scope (REST billing paths, tRPC, the
  // webhook) inherits it: Fastify's own errors (bad JSON, body too large) and anything a handler throws
  // go through the one error path (api-router errors.ts) instead of Fastify's default body.
  app.setErrorHandler((error, request, reply) => {
    const http = toHttpError(error);
    logError(request, error, http.status, http.isInternal);
    return reply.status(http.status).send(http.body);
  });

  // A role changed on any instance (or by hand) drops that user's cached session here (decision 031).
  // It shares the instance's one listening connection with the read cache (database.notices).
  const roleListener = database.notices ? listenForRoleChanges({ hub: database.notices, sessions, log: app.log }) : null;
  await roleListener?.ready;

  // Commands fail fast while Redis is unreachable (the rate limiter then counts in memory).
  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1, commandTimeout: 2_000, connectTimeout: 2_000 }) : null;

  const emulatorOrigin = env.FIREBASE_AUTH_EMULATOR_HOST ? `http://${env.FIREBASE_AUTH_EMULATOR_HOST}` : null;
  // Security headers on every response (helmet). Worked out once (security-headers.ts): @fastify/helmet
  // rebuilt the middleware, parsing the CSP directives again, on every request (3% of an authenticated
  // read's CPU), and the middleware itself built each header again per request (decision 071).
  const setSecurityHeaders = staticSecurityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com', 'https://apis.google.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'", 'https://*.googleapis.com', 'https://api.stripe.com', ...(emulatorOrigin ? [emulatorOrigin] : [])],
        // Google sign-in runs in a frame on the project's auth domain, which may be a custom one.
        frameSrc: [
          "'self'",
          'https://js.stripe.com',
          'https://hooks.stripe.com',
          'https://*.firebaseapp.com',
          ...(env.FIREBASE_AUTH_DOMAIN ? [`https://${env.FIREBASE_AUTH_DOMAIN}`] : []),
          ...(emulatorOrigin ? [emulatorOrigin] : []),
        ],
        upgradeInsecureRequests: null,
      },
    },
    // Google sign-in opens a popup that must be able to message this window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    setSecurityHeaders(reply.raw);
    done();
  });
  // API answers carry a learner's e-mail address, plan, payments and answers: no browser or proxy may
  // keep them (a shared computer's back button or disk cache; decision 055). Set on the raw response
  // like the headers above, so refusals, the rate limiter's 429 and tRPC's answers carry it too; a
  // route that says otherwise (the OpenAPI document: public) overrides it. The public configuration is
  // left alone: index.html preloads it, and a no-store answer may not be reused from the preload.
  app.addHook('onRequest', (request, reply, done) => {
    const routed = routedPath(request.url);
    if (routed.startsWith('/api/') && routed !== '/api/public-config') reply.raw.setHeader('cache-control', 'no-store');
    done();
  });
  // Shutting down (SIGTERM, stop()): answers in flight are finished, and a request that still arrives on
  // a kept-alive connection is refused "try again" (503, connection closed), so that the client or the
  // load balancer sends it to another instance; it runs nothing here (decision 088).
  let draining = false;
  app.addHook('preClose', (done) => {
    draining = true;
    done();
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!draining) return done();
    reply.code(503).header('connection', 'close').send({ code: 'SERVICE_UNAVAILABLE', message: TEXT.serviceUnavailable });
  });
  // An answer finished during the drain closes its connection: left open, a kept-alive connection held
  // the shutdown for Fastify's keep-alive timeout (72 s) after its last answer, past an orchestrator's
  // grace period (SIGKILL: PGlite not closed, the log's last lines lost).
  app.addHook('onSend', (_request, reply, _payload, done) => {
    if (draining) reply.header('connection', 'close');
    done();
  });
  // Responses over 1 KB (JSON of the API, index.html) are compressed on the fly; the hashed assets are
  // compressed at build and sent as they are (fastifyStatic `preCompressed` below sets Content-Encoding,
  // which this plugin leaves alone).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cors, { origin: env.CORS_ORIGINS.length > 0 ? env.CORS_ORIGINS : false });
  // Requests per minute and client address: counted in Redis, shared by every API instance, when
  // REDIS_URL is set; in memory per instance otherwise (the default start needs no Redis).
  const rateLimits: Record<RateLimitGroup, number> = {
    auth: env.RATE_LIMIT_AUTH_PER_MIN,
    billing: env.RATE_LIMIT_BILLING_PER_MIN,
    ai: env.RATE_LIMIT_AI_PER_MIN,
    default: env.RATE_LIMIT_PER_MIN,
  };
  if (redis) {
    let lastReport = 0;
    redis.on('error', (error: Error) => {
      // ioredis reconnects by itself; one line per 10 s is enough while Redis is away.
      if (Date.now() - lastReport < 10_000) return;
      lastReport = Date.now();
      app.log.warn({ err: error }, 'Redis unavailable: rate limits are counted per instance until it is back');
    });
  }
  // The limiter counts only on a connected Redis (rate-limit-store.ts): the first requests after
  // start-up are counted too unless Redis does not answer within 2 s.
  if (redis && redis.status !== 'ready') {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2_000);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  // The plugin asks for the key and for the limit of each request: the group is worked out once.
  const groups = new WeakMap<FastifyRequest, RateLimitGroup>();
  const groupOf = (request: FastifyRequest): RateLimitGroup => {
    let group = groups.get(request);
    if (group === undefined) {
      group = rateLimitGroupOf(request.url, request.routeOptions.config?.rateLimitGroup);
      groups.set(request, group);
    }
    return group;
  };
  await app.register(rateLimit, {
    global: true,
    // Redis away, failing or slow: the store counts in this instance's memory instead (decision 066), so
    // the limits hold per instance and no request waits for Redis; an error left would let it through
    // rather than refuse it (the limit protects the service; its counter must not take it down).
    skipOnError: true,
    // Each call of a tRPC batch counts (the weight rides in the key; see rate-limit-store.ts).
    store: createWeightedStore({
      redis,
      nameSpace: env.REDIS_KEY_PREFIX,
      onRedisSkipped: (reason) => app.log.warn({ reason }, 'Redis failed or was slow: rate limits are counted per instance for a few seconds'),
    }),
    // Per client: an IPv6 client by its /64 network (client-key.ts).
    keyGenerator: (request) => weightedKey(`${clientKeyOf(request.ip)}:${groupOf(request)}`, rateLimitWeightOf(request.url)),
    max: (request) => rateLimits[groupOf(request)],
    timeWindow: 60_000,
    allowList: (request) => !routedPath(request.url).startsWith('/api/'),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      code: 'TOO_MANY_REQUESTS',
      message: TEXT.tooManyRequests,
    }),
  });

  // Health is polled by load balancers: the database answers `select 1`, the Auth provider is asked at
  // most every 10 s (a remote call per probe would make health the most expensive path).
  let emulatorStatus: { at: number; status: Promise<'ok' | 'unreachable'> } | null = null;
  const authHealth = (): Promise<'ok' | 'unreachable' | 'configured'> => {
    if (!env.isEmulator) return Promise.resolve('configured');
    if (!emulatorStatus || Date.now() - emulatorStatus.at > 10_000) {
      emulatorStatus = { at: Date.now(), status: checkEmulator(env.FIREBASE_AUTH_EMULATOR_HOST) };
    }
    return emulatorStatus.status;
  };
  app.get('/api/health', async (_request, reply) => {
    const [db, authStatus] = await Promise.all([checkDatabase(database.db), authHealth()]);
    const ok = db && authStatus !== 'unreachable';
    return reply.status(ok ? 200 : 503).send({
      status: ok ? 'ok' : 'degraded',
      db: { ok: db, kind: database.kind },
      auth: { mode: env.isEmulator ? 'emulator' : 'firebase', status: authStatus },
      evaluator: { status: evaluatorStatus },
    });
  });
  // Readiness: healthy and the evaluator's lattices compiled (a failed preparation counts as ready:
  // problems are then compiled when first answered).
  app.get('/api/ready', async (_request, reply) => {
    const db = await checkDatabase(database.db);
    const ready = db && evaluatorStatus !== 'preparing';
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'preparing', db: { ok: db }, evaluator: { status: evaluatorStatus } });
  });

  // What every page needs before it renders (index.html preloads it). The plan catalogue travels here
  // too: plan selection, checkout and the payment results show a guest its names and prices without the
  // data layer's download (decision 048); it is the same list as `plans.list`. Every page waits for this
  // answer, so it must not fail with the database: while the catalogue cannot be read, the last one read
  // is sent (none before the first read), and the pages render with their own "try again" states.
  let lastPlans: Awaited<ReturnType<typeof listPlanCatalogue>>['plans'] = [];
  app.get('/api/public-config', async (request) => ({
    plans: await listPlanCatalogue({ db: database.db, billing }).then(
      (catalogue) => (lastPlans = catalogue.plans),
      (error: unknown) => {
        request.log.warn({ err: error }, 'plan catalogue unreadable: public-config sends the last one read');
        return lastPlans;
      },
    ),
    firebase: {
      apiKey: env.FIREBASE_API_KEY ?? 'demo-api-key',
      authDomain: env.FIREBASE_AUTH_DOMAIN ?? `${env.FIREBASE_PROJECT_ID}.firebaseapp.com`,
      projectId: env.FIREBASE_PROJECT_ID,
    },
    authEmulatorUrl: emulatorOrigin,
    billingMode: billing.mode,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
    aiMode: env.GEMINI_API_KEY ? 'gemini' : 'builtin',
  }));

  // tRPC reads the raw body of any content type and, for multipart/form-data, parses it as FormData,
  // which fails with an internal error on a malformed body. No procedure takes anything but JSON, so
  // any other body type is refused first, 415 with the Japanese text like on the REST door.
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || !routedPath(request.url).startsWith('/api/trpc/')) return;
    const type = request.headers['content-type'];
    if (type === undefined || /^application\/json\s*(;|$)/i.test(type)) return;
    throw Object.assign(new Error('tRPC takes JSON bodies only'), { statusCode: 415 });
  });
  await app.register(fastifyTRPCPlugin, {
    prefix: '/api/trpc',
    trpcOptions: {
      router: appRouter,
      // Each call of a batch counts against the rate limit (rateLimitWeightOf); the cap bounds the work
      // one request can start. The web client sends at most 10 calls a batch (apps/web lib/trpc.ts
      // BATCH_LIMITS); other clients get twice that room (decision 026).
      maxBatchSize: MAX_TRPC_BATCH_CALLS,
      createContext: async ({ req }) => {
        const session = await resolveSessionUser(database.db, services, req.headers.authorization, now());
        return createContextInner({ db: database.db, services, ...session, clientIp: clientKeyOf(req.ip), now, authToken: readBearerToken(req.headers.authorization) });
      },
      onError: ({ error, path: procedure, req }) => {
        const http = toHttpError(error);
        if (http.isInternal) req.log.error({ err: error, procedure }, 'procedure failed');
        else if (http.status >= 500 && http.status !== 501) req.log.warn({ err: error, procedure, status: http.status }, 'procedure refused: a dependency is unavailable');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  await registerStripeWebhook(app, { db: database.db, billing, log: app.log });
  registerRestRoutes(app, createRestHandler(database.db, services, now));
  registerOpenApiRoute(app);

  const webDist = env.WEB_DIST ?? defaultWebDist();
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // assets/x-HASH.js.br and .gz are written by the build (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else if (filePath.endsWith('.html')) res.header('cache-control', 'no-cache');
      },
    });
  }

  const webPages = createWebPages(
    webDist,
    emulatorOrigin ? [emulatorOrigin] : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'],
  );
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // HEAD is GET without the body (RFC 9110): a monitor's or link checker's HEAD of a page is not a 404.
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (pathname.startsWith('/api/') || pathname === '/api' || !isRead || !hasWeb) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: TEXT.apiNotFound });
    }
    // A hashed chunk that is not in this build (a page opened before a new version was deployed asks for
    // the old one) is a 404, not index.html: served as HTML it failed as "Expected a JavaScript module"
    // and the page went blank; a 404 lets the web app's preload-error handler load the new version.
    if (pathname.startsWith('/assets/')) return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    // SPA fallback: every client route (including unknown ones, which render the 404 page) gets index.html,
    // naming the chunks of the route that will render it (modulepreload).
    const page = await webPages.pageFor(pathname);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
  });

  let stopped = false;
  return {
    app,
    database,
    services,
    routes,
    evaluatorReady,
    start: async () => {
      const host = env.HOST ?? (env.isEmulator ? '127.0.0.1' : '0.0.0.0');
      const address = await app.listen({ port: env.PORT, host });
      if (billing.mode === 'stripe') {
        // A price that disagrees with the catalogue would charge learners another amount than shown:
        // say so loudly, without delaying start-up or failing it when Stripe is briefly unreachable.
        void getCatalogue(database.db)
          .then((plans) => billing.checkPrices(plans))
          .then((problems) => {
            services.diagnostics?.startupProblems.push(...problems);
            for (const problem of problems) app.log.error({ problem }, 'Stripe price configuration does not match the plan catalogue');
          })
          .catch((error: unknown) => app.log.warn({ err: error }, 'Stripe prices could not be checked'));
      }
      if (env.isEmulator) {
        app.log.warn(
          { host },
          'Firebase Auth emulator mode: ID tokens are unsigned, so the API listens on loopback only (set HOST to override at your own risk).',
        );
      }
      return address;
    },
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await app.close();
      await worker?.close();
      await roleListener?.stop();
      redis?.disconnect();
      if (!overrides.database) await database.close();
    },
  };
}

async function checkEmulator(hostPort: string | undefined): Promise<'ok' | 'unreachable'> {
  try {
    const response = await fetch(`http://${hostPort}/`, { signal: AbortSignal.timeout(1500) });
    return response.ok ? 'ok' : 'unreachable';
  } catch {
    return 'unreachable';
  }
}
