import { appRouter } from '@shunkan/api-router';
import { ZCataloguePlan } from '@shunkan/api-router/domain/plans';
import { TEXT } from '@shunkan/config/texts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * The REST contract (decision 012): one table of the /api paths and the procedure each one adapts;
 * the OpenAPI 3.1 document is generated from the procedures' own `.input()` / `.output()` zod schemas
 * with zod's `z.toJSONSchema`, so the document cannot drift from what the procedures validate.
 */

type Method = 'get' | 'post' | 'put' | 'delete';
/** public: no token; user: a Firebase ID token; admin: a token of a user whose record has the admin role. */
type Access = 'public' | 'user' | 'admin';
type JsonSchema = Record<string, unknown>;

export type RestRoute = {
  method: Method;
  /** OpenAPI style: `/api/custom-scenarios/{id}`. */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  /** The procedure the adapter calls (`billing.createPaymentIntent`): its schemas document the path. */
  procedure?: string;
  /** Where the procedure's input comes from; GET paths read it from the query string. */
  inputIn?: 'body' | 'query' | 'none';
  /** The REST body when it differs from the procedure's input (a JSON schema, patched from the procedure's). */
  body?: (procedureInput: JsonSchema | undefined) => JsonSchema;
  /** The REST answer when the adapter reshapes the procedure's output. */
  response?: (procedureOutput: JsonSchema | undefined) => JsonSchema;
  /** A non-JSON answer (CSV). */
  responseContentType?: string;
  /** Statuses the path answers deliberately besides the common ones. */
  extraStatuses?: Record<string, string>;
};

const json = (schema: z.ZodType): JsonSchema => toJson(schema, 'output');

const ZPlanEntry = z.object({
  priceId: z.string().nullable(),
  name: z.string(),
  price: z.string().meta({ description: '表示用の価格（例: ¥980/月）' }),
  priceYen: z.number().int(),
  interval: z.enum(['month', 'year']),
  features: z.array(z.string()),
  isPopular: z.boolean(),
  discountLabel: z.string().nullable(),
  dailyLimit: z.number().int().nullable(),
});

const PRICE_KEYS = ['standard_monthly', 'standard_yearly', 'premium_monthly', 'premium_yearly'] as const;

export const REST_ROUTES: readonly RestRoute[] = [
  // Operations and configuration.
  { method: 'get', path: '/api/health', summary: 'Health of the database and the Auth provider', tag: 'system', access: 'public',
    response: () => json(z.object({ status: z.enum(['ok', 'degraded']), db: z.object({ ok: z.boolean(), kind: z.string() }), auth: z.object({ mode: z.string(), status: z.string() }), evaluator: z.object({ status: z.enum(['preparing', 'ready', 'failed']) }) })),
    extraStatuses: { '503': 'A dependency is unreachable (same body, status "degraded")' } },
  { method: 'get', path: '/api/ready', summary: 'Readiness: healthy database and the evaluator\'s answer lattices compiled', tag: 'system', access: 'public',
    response: () => json(z.object({ status: z.enum(['ready', 'preparing']), db: z.object({ ok: z.boolean() }), evaluator: z.object({ status: z.enum(['preparing', 'ready', 'failed']) }) })),
    extraStatuses: { '503': 'Still compiling the answer lattices, or the database is unreachable (status "preparing")' } },
  { method: 'get', path: '/api/public-config', summary: 'Configuration the web client needs before sign-in, with the plan catalogue', tag: 'system', access: 'public',
    response: () => json(z.object({ plans: z.array(ZCataloguePlan), firebase: z.object({ apiKey: z.string(), authDomain: z.string(), projectId: z.string() }), authEmulatorUrl: z.string().nullable(), billingMode: z.string(), stripePublishableKey: z.string().nullable(), aiMode: z.string() })) },
  { method: 'get', path: '/api/openapi.json', summary: 'This document', tag: 'system', access: 'public', response: () => ({ type: 'object' }) },
  { method: 'get', path: '/api/trpc/{path}', summary: 'tRPC queries (the web client\'s protocol; not part of the REST contract)', tag: 'system', access: 'public', response: () => ({}) },
  { method: 'post', path: '/api/trpc/{path}', summary: 'tRPC mutations (the web client\'s protocol; not part of the REST contract)', tag: 'system', access: 'public', response: () => ({}) },

  // Account and subscription.
  { method: 'get', path: '/api/auth/user', summary: 'The signed-in user', tag: 'account', access: 'user', procedure: 'auth.me' },
  { method: 'post', path: '/api/auth/login', summary: 'Retired: sign-in happens with Firebase Auth on the client', tag: 'account', access: 'public',
    response: () => json(z.object({ message: z.string() })), extraStatuses: { '410': 'Always: sign in with Firebase Auth' } },
  { method: 'post', path: '/api/emergency-reset', summary: 'Password reset link for an account (admin)', tag: 'account', access: 'admin', procedure: 'admin.passwordResetLink' },
  { method: 'get', path: '/api/user-subscription', summary: 'The learner\'s subscription and today\'s usage', tag: 'billing', access: 'user', procedure: 'subscription.current' },
  { method: 'get', path: '/api/subscription-plans', summary: 'The plan catalogue, keyed by plan', tag: 'billing', access: 'public', procedure: 'plans.list',
    response: () => json(z.record(z.string(), ZPlanEntry)) },
  { method: 'get', path: '/api/subscription-details', summary: 'Subscription, payment method and invoices', tag: 'billing', access: 'user', procedure: 'billing.details' },
  { method: 'post', path: '/api/start-trial', summary: 'Start the free trial', tag: 'billing', access: 'user', procedure: 'billing.startTrial' },
  { method: 'post', path: '/api/create-payment-intent', summary: 'A payment intent for a plan', tag: 'billing', access: 'user', procedure: 'billing.createPaymentIntent' },
  { method: 'post', path: '/api/create-checkout-session', summary: 'A Stripe Checkout session for a plan', tag: 'billing', access: 'user', procedure: 'billing.createCheckoutSession' },
  { method: 'post', path: '/api/create-customer-portal', summary: 'A Stripe customer portal session', tag: 'billing', access: 'user', procedure: 'billing.createPortalSession' },
  { method: 'post', path: '/api/upgrade-subscription', summary: 'Switch the current plan to yearly billing', tag: 'billing', access: 'user', procedure: 'billing.upgradeToYearly' },
  { method: 'post', path: '/api/stripe/webhook', summary: 'Stripe events (signed with the Stripe-Signature header; no bearer token)', tag: 'billing', access: 'public',
    body: () => ({ type: 'object', description: 'A Stripe event, verified against the raw body' }),
    response: () => json(z.object({ received: z.boolean() })),
    extraStatuses: { '400': 'Missing or invalid signature' } },

  // Practice.
  { method: 'post', path: '/api/problem', summary: 'The next problem for the learner', tag: 'practice', access: 'user', procedure: 'practice.nextProblem' },
  { method: 'post', path: '/api/evaluate-with-claude', summary: 'Grade an answer (the spec\'s body: japaneseSentence, userTranslation, difficultyLevel)', tag: 'practice', access: 'user', procedure: 'practice.evaluate',
    body: (input) => {
      const properties = { ...((input?.properties as JsonSchema | undefined) ?? {}) };
      properties.userTranslation = { ...((properties.answer as JsonSchema | undefined) ?? { type: 'string' }), description: 'The learner\'s English (the spec\'s name; `answer` is also accepted)' };
      return { ...input, properties, required: ((input?.required as string[] | undefined) ?? []).filter((key) => key !== 'answer') };
    } },
  { method: 'get', path: '/api/daily-count-removed', summary: 'Today\'s served problems against the plan\'s daily limit', tag: 'practice', access: 'user', procedure: 'practice.today' },

  // Learning record (my page).
  { method: 'get', path: '/api/monthly-stats', summary: 'This month\'s figures', tag: 'learning', access: 'user', procedure: 'learning.monthlyStats' },
  { method: 'get', path: '/api/streak', summary: 'Days practised in a row', tag: 'learning', access: 'user', procedure: 'learning.streak' },
  { method: 'get', path: '/api/difficulty-stats', summary: 'Figures per level', tag: 'learning', access: 'user', procedure: 'learning.difficultyStats' },
  { method: 'get', path: '/api/recent-sessions', summary: 'Recent answers, newest first (cursor paging)', tag: 'learning', access: 'user', procedure: 'learning.recentSessions', inputIn: 'query' },
  { method: 'get', path: '/api/bookmarked-sessions', summary: 'Bookmarked answers (cursor paging)', tag: 'learning', access: 'user', procedure: 'learning.bookmarkedSessions', inputIn: 'query' },
  { method: 'get', path: '/api/progress-report', summary: 'The progress report', tag: 'learning', access: 'user', procedure: 'learning.progressReport' },

  // Custom scenarios (premium and trial).
  { method: 'get', path: '/api/custom-scenarios', summary: 'The learner\'s custom scenarios', tag: 'scenarios', access: 'user', procedure: 'scenarios.list' },
  { method: 'post', path: '/api/custom-scenarios', summary: 'Create a custom scenario', tag: 'scenarios', access: 'user', procedure: 'scenarios.create' },
  { method: 'put', path: '/api/custom-scenarios/{id}', summary: 'Edit a custom scenario', tag: 'scenarios', access: 'user', procedure: 'scenarios.update' },
  { method: 'delete', path: '/api/custom-scenarios/{id}', summary: 'Delete a custom scenario', tag: 'scenarios', access: 'user', procedure: 'scenarios.delete', inputIn: 'none' },

  // Account deletion (decision 059).
  { method: 'delete', path: '/api/account', summary: 'Delete the caller\'s own account: subscription cancelled at once, data deleted, sign-in account deleted (sign-in within the last 5 minutes; body { confirmation: "削除する" })', tag: 'account', access: 'user', procedure: 'account.delete',
    extraStatuses: { '403': 'The last sign-in is older than 5 minutes (sign in again), or an administrator\'s account', '503': 'The subscription could not be cancelled (nothing deleted), or the sign-in account could not be deleted yet (repeat the call)' } },
  { method: 'delete', path: '/api/admin/users/{userId}', summary: 'Delete a user\'s account, data and subscription', tag: 'admin', access: 'admin', procedure: 'admin.users.delete', inputIn: 'none',
    extraStatuses: { '409': 'The last administrator', '503': 'The subscription could not be cancelled (nothing deleted), or the sign-in account could not be deleted yet (repeat the call)' } },

  // Admin dashboard.
  { method: 'get', path: '/api/admin/stats', summary: 'Headline figures', tag: 'admin', access: 'admin', procedure: 'admin.stats' },
  { method: 'get', path: '/api/admin/users', summary: 'Users, searchable and paged', tag: 'admin', access: 'admin', procedure: 'admin.users.list', inputIn: 'query' },
  { method: 'put', path: '/api/admin/users/{userId}/subscription', summary: 'Set a user\'s plan', tag: 'admin', access: 'admin', procedure: 'admin.users.setSubscriptionType' },
  { method: 'get', path: '/api/admin/analytics', summary: 'Usage over time', tag: 'admin', access: 'admin', procedure: 'admin.analytics' },
  { method: 'get', path: '/api/admin/payments', summary: 'Payments', tag: 'admin', access: 'admin', procedure: 'admin.payments' },
  { method: 'get', path: '/api/admin/content', summary: 'The problem bank by level', tag: 'admin', access: 'admin', procedure: 'admin.content' },
  { method: 'get', path: '/api/admin/export/{kind}', summary: 'A CSV export (streamed)', tag: 'admin', access: 'admin', procedure: 'admin.exportFile', inputIn: 'none', responseContentType: 'text/csv' },

  // Admin price tools.
  { method: 'post', path: '/api/stripe/price-info', summary: 'A Stripe price and where it is configured', tag: 'admin', access: 'admin', procedure: 'admin.tools.priceInfo',
    response: (output) => {
      const properties = (output?.properties as Record<string, JsonSchema> | undefined) ?? {};
      const price = properties.price ?? {};
      return { ...price, properties: { ...((price.properties as JsonSchema | undefined) ?? {}), source: properties.source ?? {} } };
    } },
  { method: 'get', path: '/api/stripe-prices', summary: 'Configured Stripe prices', tag: 'admin', access: 'admin', procedure: 'admin.tools.prices' },
  { method: 'get', path: '/api/stripe/prices', summary: 'Configured Stripe prices (the spec\'s second name)', tag: 'admin', access: 'admin', procedure: 'admin.tools.prices' },
  { method: 'post', path: '/api/plan-configuration', summary: 'Save the plan configuration', tag: 'admin', access: 'admin', procedure: 'admin.tools.savePlanConfiguration' },
  { method: 'post', path: '/api/save-price-configuration', summary: 'Save the Stripe price ids per plan (either body form of the spec)', tag: 'admin', access: 'admin', procedure: 'admin.tools.savePriceConfiguration',
    body: (input) => {
      const properties = (input?.properties as Record<string, JsonSchema> | undefined) ?? {};
      const priceIds = properties.priceIds ?? { type: 'object' };
      const flat = { type: 'object', properties: { mode: properties.mode ?? {}, ...Object.fromEntries(PRICE_KEYS.map((key) => [key, { type: 'string', description: 'A Stripe price id; blank means not this plan' }])) } };
      return { oneOf: [{ type: 'object', properties: { mode: properties.mode ?? {}, priceIds }, required: ['priceIds'] }, flat] };
    } },
];

type ProcedureDef = { type: 'query' | 'mutation' | 'subscription'; inputs: z.ZodType[]; output?: z.ZodType };

function procedureDef(name: string): ProcedureDef {
  const procedures = (appRouter._def as unknown as { procedures: Record<string, { _def: ProcedureDef } | undefined> }).procedures;
  const procedure = procedures[name];
  if (!procedure) throw new Error(`REST contract: no procedure ${name}`);
  return procedure._def;
}

function toJson(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    // Dates leave the server as ISO strings.
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type === 'date') Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
    },
  });
  return rest as JsonSchema;
}

function isEmptyInput(schema: JsonSchema | undefined): boolean {
  return !schema || Object.keys(schema).length === 0 || schema.not !== undefined;
}

const ERROR_BODY: JsonSchema = {
  type: 'object',
  properties: {
    message: { type: 'string', description: 'A Japanese message meant for the learner' },
    code: { type: 'string', description: 'tRPC-style error code (BAD_REQUEST, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, ...)' },
    fieldErrors: {
      type: 'array',
      description: 'On 400 for invalid input: the refused fields and why',
      items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } }, required: ['path', 'message'] },
    },
  },
  required: ['message'],
};

function errorResponse(description: string, example: string, code: string) {
  return { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example: { message: example, code } } } };
}

function operationOf(route: RestRoute): JsonSchema {
  const def = route.procedure ? procedureDef(route.procedure) : undefined;
  const input = def?.inputs[0] ? toJson(def.inputs[0], 'input') : undefined;
  const output = def?.output ? toJson(def.output, 'output') : undefined;
  const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
  const inputProps = (input?.properties as Record<string, JsonSchema> | undefined) ?? {};
  const required = new Set((input?.required as string[] | undefined) ?? []);

  const parameters: JsonSchema[] = pathParams.map((name) => ({ name, in: 'path', required: true, schema: inputProps[name] ?? { type: 'string' } }));
  const inputIn = route.inputIn ?? (route.method === 'get' ? 'query' : 'body');
  let requestBody: JsonSchema | undefined;
  if (inputIn === 'query' && !isEmptyInput(input)) {
    for (const [name, schema] of Object.entries(inputProps)) {
      if (!pathParams.includes(name)) parameters.push({ name, in: 'query', required: required.has(name), schema });
    }
  } else if (inputIn === 'body' && (route.body || !isEmptyInput(input))) {
    const bodySchema = route.body ? route.body(input) : input ?? {};
    const properties = bodySchema.properties as Record<string, JsonSchema> | undefined;
    const withoutPath = properties
      ? {
          ...bodySchema,
          properties: Object.fromEntries(Object.entries(properties).filter(([key]) => !pathParams.includes(key))),
          required: ((bodySchema.required as string[] | undefined) ?? []).filter((key) => !pathParams.includes(key)),
        }
      : bodySchema;
    requestBody = { required: route.method !== 'post' || required.size > 0, content: { 'application/json': { schema: withoutPath } } };
  }

  const okSchema = route.response ? route.response(output) : output ?? {};
  const responses: Record<string, unknown> = {
    '200': route.responseContentType
      ? { description: 'OK', content: { [route.responseContentType]: { schema: { type: 'string' } } } }
      : { description: 'OK', content: { 'application/json': { schema: okSchema } } },
    '400': errorResponse('Invalid input', TEXT.invalidInput, 'BAD_REQUEST'),
  };
  if (route.access !== 'public') {
    responses['401'] = errorResponse('No valid Firebase ID token', TEXT.unauthorized, 'UNAUTHORIZED');
    responses['403'] = errorResponse(route.access === 'admin' ? 'Not an admin' : 'Not allowed for this account or plan', TEXT.forbidden, 'FORBIDDEN');
  }
  responses['429'] = errorResponse('Too many requests', TEXT.tooManyRequests, 'TOO_MANY_REQUESTS');
  responses['500'] = errorResponse('Unexpected failure (details are logged, never shown)', TEXT.serverError, 'INTERNAL_SERVER_ERROR');
  if (route.procedure) responses['503'] = errorResponse('The database or the Auth provider is unreachable; retry later', TEXT.serviceUnavailable, 'SERVICE_UNAVAILABLE');
  for (const [status, description] of Object.entries(route.extraStatuses ?? {})) {
    if (status === '503') responses[status] = { description, content: { 'application/json': { schema: okSchema } } };
    else if (status === '410') responses[status] = { description, content: { 'application/json': { schema: okSchema } } };
    else responses[status] = errorResponse(description, TEXT.invalidInput, 'BAD_REQUEST');
  }

  return {
    operationId: `${route.method}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    summary: route.summary,
    tags: [route.tag],
    ...(route.procedure ? { description: `Adapter over the tRPC procedure \`${route.procedure}\` (same validation and access checks).` } : {}),
    security: route.access === 'public' ? [] : [{ bearerAuth: [] }],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    ...(route.access === 'admin' ? { 'x-access': 'admin' } : {}),
  };
}

export function buildOpenApiDocument(routes: readonly RestRoute[] = REST_ROUTES): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    paths[route.path] = { ...paths[route.path], [route.method]: operationOf(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Shunkan API',
      version: '1.0.0',
      description:
        'REST paths of 瞬間英作文 (spec section 7). Each path adapts a tRPC procedure; bodies and answers are generated from its zod schemas. Errors answer { message, code } with a Japanese message.',
    },
    servers: [{ url: '/' }],
    tags: ['system', 'account', 'billing', 'practice', 'learning', 'scenarios', 'admin'].map((name) => ({ name })),
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A Firebase Auth ID token; admin paths also need the admin role in our database.' },
      },
      schemas: { Error: ERROR_BODY },
    },
  };
}

/** `GET /api/openapi.json`: built once at start-up, public, cacheable. */
export function registerOpenApiRoute(app: FastifyInstance): void {
  const body = JSON.stringify(buildOpenApiDocument());
  app.get('/api/openapi.json', async (_request, reply) =>
    reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body),
  );
}
