import { jstDay } from '@shunkan/config/time';
import { TRPCError } from '@trpc/server';
import type { Db, DbHandle } from '@shunkan/db';
import { seedPlans } from '@shunkan/db/plans';
import { updateSubscription } from '@shunkan/db/subscriptions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../src/session.js';
import { getAccess } from '../src/domain/access.js';
import { startFakeStripe, type FakeStripeServer } from '../src/services/billing/fake-stripe-server.js';
import { createStripeBilling } from '../src/services/billing/stripe.js';
import { seedProblemBank } from '../src/services/problem-bank/index.js';
import { callerFor, openTestDb, seedUser, silentLog, testServices } from './helpers.js';

const NOW = new Date('2026-11-24T03:00:00.000Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

async function addAttempt(db: Db, user: SessionUser, input: { problemId: string; level: string; rating: number; durationMs: number; at: Date; errors?: unknown[] }) {
  await db
    .insertInto('attempts')
    .values({
      user_id: user.id,
      problem_id: input.problemId,
      level: input.level,
      answer: 'answer',
      normalized_answer: 'answer',
      rating: input.rating,
      model_answer: 'model',
      feedback: 'フィードバック',
      errors: JSON.stringify(input.errors ?? []),
      similar_phrases: '[]',
      provider: 'builtin',
      duration_ms: input.durationMs,
      created_at: input.at,
      day: jstDay(input.at),
    })
    .execute();
}

async function expectError(promise: Promise<unknown>, code: string): Promise<TRPCError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(TRPCError);
  expect((error as TRPCError).code).toBe(code);
  return error as TRPCError;
}

describe('admin figures on fixed data (spec section 9 formulas)', () => {
  let fixed: DbHandle;
  let admin: SessionUser;

  beforeAll(async () => {
    fixed = await openTestDb();
    const db = fixed.db;
    await seedProblemBank(db);
    await seedPlans(db);
    admin = await seedUser(db, { isAdmin: true });
    const a = await seedUser(db);
    const b = await seedUser(db);
    const c = await seedUser(db);
    await db.updateTable('users').set({ created_at: ago(60) }).where('id', 'in', [a.id, b.id, c.id]).execute();
    // A: three answers yesterday (toeic 5, 4, 2); B: one 10 days ago (middle-school 3); C: one 40 days ago (toeic 5).
    for (const rating of [5, 4, 2]) await addAttempt(db, a, { problemId: 'toeic-001', level: 'toeic', rating, durationMs: 60_000, at: ago(1) });
    await addAttempt(db, b, { problemId: 'middle-school-001', level: 'middle-school', rating: 3, durationMs: 120_000, at: ago(10) });
    await addAttempt(db, c, { problemId: 'toeic-002', level: 'toeic', rating: 5, durationMs: 5_400_000, at: ago(40) });
    // A pays standard monthly (¥780), B premium yearly (¥10,800), C is on a trial, the admin has nothing.
    await updateSubscription(db, a.id, { status: 'active', type: 'standard', plan_id: 'standard', interval: 'month', amount: 780, provider: 'sandbox', current_period_end: new Date(NOW.getTime() + 10 * DAY) });
    await updateSubscription(db, b.id, { status: 'active', type: 'premium', plan_id: 'premium-yearly', interval: 'year', amount: 10_800, provider: 'sandbox', current_period_end: new Date(NOW.getTime() + 100 * DAY) });
    await updateSubscription(db, c.id, { status: 'trialing', type: 'standard', trial_start: ago(2) });
    // Twelve succeeded payments of ¥100 (an hour apart), one declined (¥780), one still pending (not a transaction).
    for (let i = 0; i < 12; i += 1) {
      await db.insertInto('payments').values({ id: `pay_${String(i).padStart(2, '0')}`, user_id: a.id, amount: 100, status: 'succeeded', description: `支払い${i}`, provider: 'sandbox', plan_id: 'standard', created_at: new Date(ago(3).getTime() + i * 3_600_000) }).execute();
    }
    await db.insertInto('payments').values({ id: 'pay_declined', user_id: b.id, amount: 780, status: 'failed', description: '拒否', provider: 'sandbox', plan_id: 'standard', created_at: ago(5) }).execute();
    await db.insertInto('payments').values({ id: 'pay_pending', user_id: b.id, amount: 780, status: 'pending', description: '未完了', provider: 'sandbox', plan_id: 'standard', created_at: ago(0.5) }).execute();
  });
  afterAll(async () => {
    await fixed?.close();
  });

  const caller = () => callerFor(fixed.db, admin, { now: () => NOW });

  it('stats: learners, sessions, MAU (30 days), WAU (7 days), revenue and subscriptions', async () => {
    expect(await caller().admin.stats()).toEqual({
      totalUsers: 3,
      totalSessions: 5,
      averageSessionsPerUser: 1.7,
      totalRevenue: 1200,
      monthlyActiveUsers: 2,
      weeklyActiveUsers: 1,
      standardSubscriptions: 1,
      premiumSubscriptions: 1,
      activeSubscriptions: 2,
      trialingSubscriptions: 1,
      monthlyRecurringRevenue: 1680,
    });
  });

  it('payments: MRR (yearly at a twelfth), pending 3×MRR, forecast 12×MRR, the latest 10 transactions', async () => {
    const payments = await caller().admin.payments();
    expect(payments).toMatchObject({
      mode: 'sandbox',
      totalRevenue: 1200,
      monthlyRecurringRevenue: 780 + 900,
      pendingRevenue: 3 * 1680,
      annualForecast: 12 * 1680,
      activeSubscriptions: 2,
      totalTransactions: 13,
      stripeConnected: false,
    });
    expect(payments.error).toContain('STRIPE_SECRET_KEY');
    expect(payments.recentPayments).toHaveLength(10);
    expect(payments.recentPayments.map((p) => p.id)).toEqual(['pay_11', 'pay_10', 'pay_09', 'pay_08', 'pay_07', 'pay_06', 'pay_05', 'pay_04', 'pay_03', 'pay_02']);
    expect(payments.recentPayments[0]?.customerEmail).toMatch(/@example\.com$/);
  });

  it('analytics: minutes, hours = minutes / 60 rounded, category rates and their rounded mean', async () => {
    const analytics = await caller().admin.analytics();
    expect(analytics.totalLearningCount).toBe(5);
    expect(analytics.totalLearningTime).toBe(95);
    expect(analytics.totalLearningHours).toBe(2);
    expect(analytics.categoryStats).toEqual([
      { category: 'middle-school', label: '中学英語', correctRate: 0, totalAttempts: 1, averageRating: 3 },
      { category: 'toeic', label: 'TOEIC', correctRate: 75, totalAttempts: 4, averageRating: 4 },
    ]);
    // (0 + 75) / 2 = 37.5 → 38
    expect(analytics.averageAccuracy).toBe(38);
    expect(analytics.monthlyStats.map((m) => m.month)).toEqual(['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11']);
    expect(analytics.monthlyStats.find((m) => m.month === '2026-11')).toEqual({ month: '2026-11', attempts: 4, activeUsers: 2, newUsers: 0, revenue: 1200 });
    expect(analytics.monthlyStats.find((m) => m.month === '2026-09')).toMatchObject({ newUsers: 3 });
    expect(analytics.monthlyStats.find((m) => m.month === '2026-10')).toMatchObject({ attempts: 1, activeUsers: 1 });
  });

  it('content: the bank by level and grammar point with problem counts', async () => {
    const content = await caller().admin.content();
    const toeic = content.filter((c) => c.difficulty === 'toeic');
    expect(toeic.length).toBeGreaterThan(3);
    const total = content.reduce((n, c) => n + c.questions, 0);
    const rows = await fixed.db.selectFrom('problems').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(total).toBe(Number(rows.n));
    expect(content.reduce((n, c) => n + c.attempts, 0)).toBe(5);
  });
});

describe('admin users, plan switch and roles', () => {
  let handle: DbHandle;
  let admin: SessionUser;

  beforeAll(async () => {
    handle = await openTestDb();
    await seedProblemBank(handle.db);
    await seedPlans(handle.db);
    admin = await seedUser(handle.db, { isAdmin: true });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('lists users searchable by e-mail, paged, with plan and this month\'s problems', async () => {
    const learner = await seedUser(handle.db);
    await addAttempt(handle.db, learner, { problemId: 'toeic-003', level: 'toeic', rating: 4, durationMs: 1000, at: new Date() });
    const caller = callerFor(handle.db, admin);
    const found = await caller.admin.users.list({ search: learner.email?.slice(5, 20) ?? '' });
    expect(found.total).toBe(1);
    expect(found.users[0]).toMatchObject({ id: learner.id, email: learner.email, subscriptionStatus: 'none', problemsThisMonth: 1, isAdmin: false });
    expect(found.users[0]?.lastActiveAt).not.toBeNull();
    for (let i = 0; i < 3; i += 1) await seedUser(handle.db);
    const page1 = await caller.admin.users.list({ page: 1, pageSize: 2 });
    const page2 = await caller.admin.users.list({ page: 2, pageSize: 2 });
    expect(page1.users).toHaveLength(2);
    expect(page1.total).toBeGreaterThanOrEqual(5);
    expect(new Set([...page1.users, ...page2.users].map((u) => u.id)).size).toBe(4);
    // A wildcard typed by the admin is a literal character.
    expect((await caller.admin.users.list({ search: '%' })).total).toBe(0);
    await expectError(caller.admin.users.list({ search: 'a\0b' }), 'BAD_REQUEST');
  });

  it('the plan switch really changes the learner\'s access', async () => {
    const learner = await seedUser(handle.db);
    const asLearner = callerFor(handle.db, learner);
    const asAdmin = callerFor(handle.db, admin);
    await expectError(asLearner.practice.nextProblem({ difficultyLevel: 'toeic' }), 'FORBIDDEN');

    await asAdmin.admin.users.setSubscriptionType({ userId: learner.id, subscriptionType: 'premium' });
    expect(await asLearner.subscription.current()).toMatchObject({ subscriptionType: 'premium', subscriptionStatus: 'active', hasAccess: true, isPremium: true });
    await expect(asLearner.practice.nextProblem({ difficultyLevel: 'toeic' })).resolves.toBeDefined();
    expect(await getAccess({ db: handle.db, user: learner, now: new Date() })).toMatchObject({ kind: 'premium', dailyLimit: 100 });

    await asAdmin.admin.users.setSubscriptionType({ userId: learner.id, subscriptionType: 'standard' });
    expect(await asLearner.subscription.current()).toMatchObject({ subscriptionType: 'standard', hasAccess: true, isPremium: false });
    expect(await getAccess({ db: handle.db, user: learner, now: new Date() })).toMatchObject({ kind: 'standard', dailyLimit: 50 });
    // Granted by the admin: no charge, never counted as revenue.
    expect((await asAdmin.admin.payments()).monthlyRecurringRevenue).toBe(0);
  });

  it('a paid plan keeps its interval and billing when switched', async () => {
    const learner = await seedUser(handle.db);
    await updateSubscription(handle.db, learner.id, { status: 'active', type: 'standard', plan_id: 'standard-yearly', interval: 'year', amount: 7800, provider: 'sandbox', current_period_end: new Date(Date.now() + 200 * DAY) });
    await callerFor(handle.db, admin).admin.users.setSubscriptionType({ userId: learner.id, subscriptionType: 'premium' });
    const row = await handle.db.selectFrom('subscriptions').selectAll().where('user_id', '=', learner.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ type: 'premium', plan_id: 'premium-yearly', interval: 'year', amount: 7800, provider: 'sandbox' });
  });

  it('refuses an unknown user and a malformed id', async () => {
    const caller = callerFor(handle.db, admin);
    await expectError(caller.admin.users.setSubscriptionType({ userId: '00000000-0000-4000-8000-000000000000', subscriptionType: 'premium' }), 'NOT_FOUND');
    await expectError(caller.admin.users.setSubscriptionType({ userId: 'x', subscriptionType: 'premium' }), 'BAD_REQUEST');
    await expectError(caller.admin.users.setSubscriptionType({ userId: admin.id, subscriptionType: 'gold' as never }), 'BAD_REQUEST');
  });

  it('grants and revokes admin, never the last admin and never oneself', async () => {
    const db = (await openTestDb());
    try {
      const only = await seedUser(db.db, { isAdmin: true });
      const other = await seedUser(db.db);
      const caller = callerFor(db.db, only);
      await expectError(caller.admin.users.setAdmin({ userId: only.id, isAdmin: false }), 'BAD_REQUEST');
      await caller.admin.users.setAdmin({ userId: other.id, isAdmin: true });
      const asOther = callerFor(db.db, { ...other, isAdmin: true });
      await asOther.admin.users.setAdmin({ userId: only.id, isAdmin: false });
      const roles = await db.db.selectFrom('users').select(['id', 'role']).execute();
      expect(roles.find((r) => r.id === only.id)?.role).toBe('learner');
      // `other` is now the only admin: demoting it through a stale session of `only` must fail. The
      // admin role is read from the database on every admin call (decision 026): refused as a learner.
      await expectError(callerFor(db.db, { ...only, isAdmin: true }).admin.users.setAdmin({ userId: other.id, isAdmin: false }), 'FORBIDDEN');
      expect((await db.db.selectFrom('users').select('role').where('id', '=', other.id).executeTakeFirstOrThrow()).role).toBe('admin');
    } finally {
      await db.close();
    }
  });

  it('refuses to revoke an address listed in ADMIN_EMAILS', async () => {
    const listed = await seedUser(handle.db, { isAdmin: true });
    const services = testServices(handle.db, { adminEmails: [listed.email ?? ''] });
    await expectError(callerFor(handle.db, admin, { services }).admin.users.setAdmin({ userId: listed.id, isAdmin: false }), 'BAD_REQUEST');
  });
});

describe('admin price tools', () => {
  let handle: DbHandle;
  let admin: SessionUser;
  let stripe: FakeStripeServer;

  beforeAll(async () => {
    handle = await openTestDb();
    await seedPlans(handle.db);
    admin = await seedUser(handle.db, { isAdmin: true });
    stripe = await startFakeStripe({
      prices: [
        { id: 'price_test_standard', unit_amount: 780, interval: 'month' },
        { id: 'price_live_premium_year', unit_amount: 10_800, interval: 'year' },
        { id: 'price_test_free', unit_amount: 0, interval: 'month' },
      ],
    });
  });
  afterAll(async () => {
    await handle?.close();
    await stripe?.close();
  });

  it('sandbox: checks ids by the spec rules and answers from the sandbox catalogue', async () => {
    const caller = callerFor(handle.db, admin);
    const info = await caller.admin.tools.priceInfo({ priceId: '  price_sandbox_premium_yearly ' });
    expect(info).toMatchObject({ source: 'sandbox', price: { id: 'price_sandbox_premium_yearly', unit_amount: 10_800, currency: 'jpy', recurring: { interval: 'year' } } });
    for (const [priceId, message] of [
      ['', '価格IDを入力してください'],
      ['   ', '価格IDを入力してください'],
      ['prod_ABC', 'prod_ で始まるのは商品IDです。price_ で始まる価格IDを入力してください'],
      ['abc_123', '価格IDは price_ で始まる必要があります'],
    ] as const) {
      const error = await expectError(caller.admin.tools.priceInfo({ priceId }), 'BAD_REQUEST');
      expect(error.message).toBe(message);
    }
    const missing = await expectError(caller.admin.tools.priceInfo({ priceId: 'price_unknown' }), 'NOT_FOUND');
    expect(missing.message).toBe('サンドボックスのカタログにこの価格IDはありません。');
    const list = await caller.admin.tools.prices();
    expect(list).toMatchObject({ account_type: 'sandbox', total_prices: 4 });
  });

  it('price setup saves a mode with its ids into the catalogue; plan configuration edits a plan', async () => {
    const caller = callerFor(handle.db, admin);
    const saved = await caller.admin.tools.savePriceConfiguration({ mode: 'production', priceIds: { standard_monthly: 'price_sandbox_standard_monthly' } });
    expect(saved).toEqual({ mode: 'production', updated_count: 1, message: '本番モードに切り替えました' });
    const config = await caller.admin.tools.priceConfiguration();
    expect(config.mode).toBe('production');
    expect(config.priceIds.production).toEqual({ standard_monthly: 'price_sandbox_standard_monthly' });
    expect(config.plans.find((p) => p.adminKey === 'standard_monthly')?.priceId).toBe('price_sandbox_standard_monthly');
    // A yearly price cannot back a monthly plan.
    await expectError(caller.admin.tools.savePriceConfiguration({ mode: 'test', priceIds: { standard_monthly: 'price_sandbox_standard_yearly' } }), 'BAD_REQUEST');
    await expectError(caller.admin.tools.savePriceConfiguration({ mode: 'test', priceIds: {} }), 'BAD_REQUEST');
    const plan = await caller.admin.tools.savePlanConfiguration({
      plans: { premium_monthly: { priceId: 'price_sandbox_premium_monthly', name: 'プレミアム', stripeAmount: 1280, currency: 'jpy', period: 'month' } },
    });
    expect(plan).toEqual({ updated_count: 1 });
    expect((await caller.plans.list()).plans.find((p) => p.id === 'premium')?.priceYen).toBe(1280);
    await expectError(
      caller.admin.tools.savePlanConfiguration({ plans: { premium_monthly: { priceId: 'price_sandbox_premium_monthly', name: 'x', stripeAmount: 1, currency: 'jpy', period: 'year' } } }),
      'BAD_REQUEST',
    );
  });

  it('a price id fixed by a STRIPE_PRICE_* variable is shown as such and never replaced by the tools', async () => {
    const pinned = { standard_yearly: 'price_sandbox_standard_yearly' };
    const caller = callerFor(handle.db, admin, { services: testServices(handle.db, { pinnedPriceIds: pinned }) });
    const config = await caller.admin.tools.priceConfiguration();
    expect(config.plans.find((p) => p.adminKey === 'standard_yearly')?.pinnedBy).toEqual({ variable: 'STRIPE_PRICE_STANDARD_YEARLY', priceId: 'price_sandbox_standard_yearly' });
    expect(config.plans.find((p) => p.adminKey === 'premium_yearly')?.pinnedBy).toBeNull();
    const message = 'この価格IDは環境変数 STRIPE_PRICE_STANDARD_YEARLY で指定されています。サーバーは起動のたびにこの値を使うため、ここでは変更できません。変更するには STRIPE_PRICE_STANDARD_YEARLY を変えて再起動してください。';
    // Another id for the fixed plan is refused by both tools (it would be undone at the next start) ...
    const setup = await expectError(caller.admin.tools.savePriceConfiguration({ mode: 'test', priceIds: { standard_yearly: 'price_sandbox_premium_yearly' } }), 'BAD_REQUEST');
    expect(setup.message).toBe(message);
    const plan = await expectError(
      caller.admin.tools.savePlanConfiguration({ plans: { standard_yearly: { priceId: 'price_sandbox_premium_yearly', name: 'スタンダード年間', stripeAmount: 7800, currency: 'jpy', period: 'year' } } }),
      'BAD_REQUEST',
    );
    expect(plan.message).toBe(message);
    // ... the same id, and other plans, are saved as before.
    expect(await caller.admin.tools.savePriceConfiguration({ mode: 'test', priceIds: { standard_yearly: 'price_sandbox_standard_yearly', premium_yearly: 'price_sandbox_premium_yearly' } })).toMatchObject({ updated_count: 2 });
    // Without the variable the tools decide again.
    const free = callerFor(handle.db, admin);
    expect((await free.admin.tools.priceConfiguration()).plans.every((p) => p.pinnedBy === null)).toBe(true);
  });

  it('Stripe mode asks Stripe (a local Stripe-protocol server)', async () => {
    const billing = createStripeBilling({ secretKey: 'sk_test_fake', webhookSecret: 'whsec_fake', publicUrl: 'http://localhost:3000', apiHost: stripe.host, log: silentLog });
    const caller = callerFor(handle.db, admin, { services: testServices(handle.db, { billing }) });
    const info = await caller.admin.tools.priceInfo({ priceId: 'price_test_standard' });
    expect(info).toMatchObject({ source: 'stripe', price: { id: 'price_test_standard', unit_amount: 780, currency: 'jpy' } });
    expect(stripe.calls('GET', '/v1/prices/price_test_standard')).toHaveLength(1);
    const missing = await expectError(caller.admin.tools.priceInfo({ priceId: 'price_nope' }), 'NOT_FOUND');
    expect(missing.message).toContain('No such price');
    const list = await caller.admin.tools.prices();
    expect(list).toMatchObject({ account_type: 'test', total_prices: 3 });
    const saved = await caller.admin.tools.savePriceConfiguration({ mode: 'test', priceIds: { standard_monthly: 'price_test_standard', premium_yearly: 'price_live_premium_year' } });
    expect(saved.updated_count).toBe(2);
    // Stripe charges the price's own amount: one of another amount than the plan shows is refused by both
    // tools (a ¥0 test price, the yearly premium price on a plan configured at another amount), decision 051.
    const free = await expectError(caller.admin.tools.savePriceConfiguration({ mode: 'test', priceIds: { standard_monthly: 'price_test_free' } }), 'BAD_REQUEST');
    expect(free.message).toBe('price_test_free の金額（¥0）がスタンダードの表示価格（¥780）と一致しません。表示価格と同じ金額（日本円）の価格を指定してください。');
    await expectError(
      caller.admin.tools.savePlanConfiguration({ plans: { premium_yearly: { priceId: 'price_live_premium_year', name: 'プレミアム年間', stripeAmount: 13_000, currency: 'jpy', period: 'year' } } }),
      'BAD_REQUEST',
    );
    expect((await caller.plans.list()).plans.find((p) => p.id === 'premium-yearly')?.priceYen).toBe(10_800);
    expect(await caller.admin.tools.savePlanConfiguration({ plans: { premium_yearly: { priceId: 'price_live_premium_year', name: 'プレミアム年間', stripeAmount: 10_800, currency: 'jpy', period: 'year' } } })).toEqual({ updated_count: 1 });
    const payments = await caller.admin.payments();
    expect(payments).toMatchObject({ mode: 'stripe', stripeConnected: true, error: null });
    stripe.failNext(401, 'Invalid API Key provided: sk_test_****fake');
    const down = await caller.admin.payments();
    expect(down).toMatchObject({ stripeConnected: false, error: 'Invalid API Key provided: sk_test_****fake' });
  });
});

describe('admin content management', () => {
  let handle: DbHandle;
  let admin: SessionUser;
  let learner: SessionUser;

  beforeAll(async () => {
    handle = await openTestDb();
    await seedProblemBank(handle.db);
    admin = await seedUser(handle.db, { isAdmin: true });
    learner = await seedUser(handle.db);
    await updateSubscription(handle.db, learner.id, { status: 'active', type: 'premium', plan_id: 'premium', interval: 'month', amount: 1080, current_period_end: new Date(Date.now() + 20 * DAY) });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('lists problems by level and search with attempts, average stars and the most common named errors', async () => {
    const error = (label: string) => ({ kind: 'article', label, words: [], expected: [], message: '' });
    await addAttempt(handle.db, learner, { problemId: 'toeic-005', level: 'toeic', rating: 2, durationMs: 1000, at: new Date(), errors: [error('冠詞'), error('時制')] });
    await addAttempt(handle.db, learner, { problemId: 'toeic-005', level: 'toeic', rating: 5, durationMs: 1000, at: new Date(), errors: [error('冠詞')] });
    const caller = callerFor(handle.db, admin);
    const detail = await caller.admin.problems.get({ id: 'toeic-005' });
    expect(detail).toMatchObject({ id: 'toeic-005', attempts: 2, averageRating: 3.5, isEdited: false, source: 'bank' });
    expect(detail.commonErrors).toEqual([
      { label: '冠詞', count: 2 },
      { label: '時制', count: 1 },
    ]);
    const page = await caller.admin.problems.list({ level: 'toeic', search: detail.japanese.slice(0, 6) });
    expect(page.problems.map((p) => p.id)).toContain('toeic-005');
    expect(page.problems.every((p) => p.level === 'toeic')).toBe(true);
    expect(page.problems.find((p) => p.id === 'toeic-005')).toMatchObject({ attempts: 2, averageRating: 3.5 });
    await expectError(caller.admin.problems.get({ id: 'toeic-999' }), 'NOT_FOUND');
  });

  it('an added accepted answer grades 5 stars, survives the bank seeding, and a disabled problem is no longer served', async () => {
    const caller = callerFor(handle.db, admin);
    const before = await caller.admin.problems.get({ id: 'middle-school-002' });
    const extra = 'Zebras certainly dance on Tuesdays.';
    const asLearner = callerFor(handle.db, learner);
    // As if the learner had been given this problem (grading needs a served problem).
    await handle.db.insertInto('problem_serves').values({ user_id: learner.id, problem_id: 'middle-school-002', level: 'middle-school', day: jstDay(new Date()) }).execute();
    const first = await asLearner.practice.evaluate({ problemId: 'middle-school-002', answer: extra, difficultyLevel: 'middle-school' });
    expect(first.rating).toBeLessThan(5);
    await caller.admin.problems.save({
      id: 'middle-school-002',
      problem: { level: 'middle-school', japanese: before.japanese, answers: [...before.answers, extra], grammarPoint: before.grammarPoint, explanation: before.explanation },
    });
    await seedProblemBank(handle.db);
    const after = await caller.admin.problems.get({ id: 'middle-school-002' });
    expect(after.answers).toContain(extra);
    expect(after.isEdited).toBe(true);
    const second = await asLearner.practice.evaluate({ problemId: 'middle-school-002', answer: extra, difficultyLevel: 'middle-school' });
    expect(second.rating).toBe(5);

    const created = await caller.admin.problems.save({
      problem: { level: 'basic-verbs', japanese: '管理者が追加した問題です。', answers: ['This is a problem an admin added.'], grammarPoint: '受動態', explanation: '管理者が追加した問題の解説です。' },
    });
    expect(created.created).toBe(true);
    expect(created.id).toMatch(/^basic-verbs-admin-[0-9a-f]{12}$/);
    await expectError(
      caller.admin.problems.save({ problem: { level: 'basic-verbs', japanese: '管理者が追加した問題です。', answers: ['Again.'], grammarPoint: 'x', explanation: '重複した問題です。' } }),
      'CONFLICT',
    );
    await expectError(caller.admin.problems.save({ problem: { level: 'basic-verbs', japanese: '日本語', answers: ['日本語の答え'], grammarPoint: 'x', explanation: '解説です。' } }), 'BAD_REQUEST');

    await caller.admin.problems.setActive({ id: created.id, isActive: false });
    const row = await handle.db.selectFrom('problems').select('is_active').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.is_active).toBe(false);
    expect((await caller.admin.content()).find((c) => c.difficulty === 'basic-verbs' && c.title === '受動態')).toMatchObject({ questions: 1, activeQuestions: 0 });
  });
});
