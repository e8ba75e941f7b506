import type { Db } from '@shunkan/db';
import { checkDatabase } from '@shunkan/db';
import { findPaymentForAdmin, listRecentPayments } from '@shunkan/db/admin-stats';
import { z } from 'zod';
import type { Services } from '../../services/types.js';
import { getCatalogue } from '../plans.js';

export const ZHealthReport = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.array(z.object({ name: z.string(), ok: z.boolean(), detail: z.string() })),
  settings: z.record(z.string(), z.boolean()),
  startupProblems: z.array(z.string()),
});

/** Health and configuration check (the spec's many diagnostic pages, as one admin tool). */
export async function getHealthReport(options: { db: Db; services: Services }): Promise<z.infer<typeof ZHealthReport>> {
  const { services } = options;
  const d = services.diagnostics;
  const dbOk = await checkDatabase(options.db);
  const stripeError = services.billing.mode === 'stripe' ? await services.billing.checkConnection() : null;
  const plans = await getCatalogue(options.db);
  const unpriced = plans.filter((p) => !p.priceId).map((p) => p.name);
  const checks = [
    { name: 'データベース', ok: dbOk, detail: `${d?.dbKind === 'postgres' ? 'PostgreSQL' : 'PGlite（組み込み）'}: ${dbOk ? '接続OK' : '応答なし'}` },
    { name: '認証', ok: Boolean(services.auth), detail: d?.authMode === 'emulator' ? 'Firebase Auth エミュレーター' : 'Firebase Auth' },
    { name: 'AI', ok: true, detail: d?.aiMode === 'gemini' ? 'Gemini' : '内蔵の採点エンジン（GEMINI_API_KEY 未設定）' },
    {
      name: '決済',
      ok: services.billing.mode === 'sandbox' || stripeError === null,
      detail: services.billing.mode === 'sandbox' ? 'サンドボックス（Stripe未接続）' : stripeError === null ? `Stripe（${services.billing.accountType === 'live' ? '本番' : 'テスト'}）: 接続OK` : `Stripe: ${stripeError}`,
    },
    {
      name: 'プランの価格ID',
      ok: services.billing.mode === 'sandbox' || unpriced.length === 0,
      detail: unpriced.length === 0 ? 'すべてのプランに設定済み' : `未設定: ${unpriced.join('、')}`,
    },
  ];
  return {
    status: checks.every((c) => c.ok) ? 'ok' : 'degraded',
    checks,
    settings: d?.settings ?? {},
    startupProblems: d?.startupProblems ?? [],
  };
}

export const ZPaymentDebug = z.object({
  mode: z.enum(['sandbox', 'stripe']),
  publicOrigin: z.string().nullable(),
  webhookPath: z.string(),
  successPath: z.string(),
  cancelPath: z.string(),
  plans: z.array(z.object({ planId: z.string(), name: z.string(), priceId: z.string().nullable(), priceYen: z.number().int() })),
  payment: z
    .object({ id: z.string(), status: z.string(), amount: z.number().int(), description: z.string().nullable(), customerEmail: z.string().nullable(), created: z.string() })
    .nullable(),
  recentPayments: z.array(z.object({ id: z.string(), status: z.string(), amount: z.number().int(), created: z.string() })),
});

/**
 * Payment debug: where checkout returns to, the webhook path, each plan's price id, and a payment
 * looked up by id (a Stripe invoice id or sandbox payment id, or the session_id of a return URL).
 */
export async function getPaymentDebug(options: { db: Db; services: Services; paymentId?: string }): Promise<z.infer<typeof ZPaymentDebug>> {
  const billing = options.services.billing;
  const [plans, recent] = await Promise.all([getCatalogue(options.db), listRecentPayments(options.db, 50)]);
  const found = options.paymentId ? recent.find((p) => p.id === options.paymentId) ?? (await findPaymentForAdmin(options.db, options.paymentId)) : null;
  return {
    mode: billing.mode,
    publicOrigin: billing.publicOrigin,
    webhookPath: '/api/stripe/webhook',
    successPath: '/payment-success?plan={planId}',
    cancelPath: '/payment-cancelled',
    plans: plans.map((p) => ({ planId: p.id, name: p.name, priceId: p.priceId, priceYen: p.priceYen })),
    payment: found
      ? {
          id: found.id,
          status: found.status,
          amount: found.amount,
          description: found.description,
          customerEmail: found.customerEmail,
          created: new Date(found.created).toISOString(),
        }
      : null,
    recentPayments: recent.slice(0, 5).map((p) => ({ id: p.id, status: p.status, amount: p.amount, created: new Date(p.created).toISOString() })),
  };
}
