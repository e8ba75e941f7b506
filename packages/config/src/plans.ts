import { PLAN_IDS, type PlanId } from './plan-ids';

export { PLAN_IDS, type PlanId };

export const SUBSCRIPTION_TYPES = ['standard', 'premium'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];

export const SUBSCRIPTION_STATUSES = ['none', 'trialing', 'active', 'past_due', 'canceled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export type BillingInterval = 'month' | 'year';

export type PlanDefinition = {
  id: PlanId;
  /** Key used by the admin price tools (standard_monthly ...). */
  adminKey: 'standard_monthly' | 'standard_yearly' | 'premium_monthly' | 'premium_yearly';
  name: string;
  type: SubscriptionType;
  interval: BillingInterval;
  /** Integer yen. */
  priceYen: number;
  /** The admin price tools' "recommended" reading of the price (integer yen). */
  recommendedPriceYen: number;
  features: string[];
  isPopular: boolean;
  discountLabel: string | null;
};

const STANDARD_FEATURES = [
  '全レベルの練習問題',
  '詳しい解説',
  '類似フレーズ',
  '基本的な進捗管理',
  '1日50問まで',
];
const PREMIUM_FEATURES = [
  'スタンダードの全機能',
  'カスタムシナリオ作成',
  '復習機能',
  '詳細な学習分析',
  '1日100問まで',
];

/** Default plan catalogue (DECISIONS.md): seeded into the database, editable by an admin. */
export const DEFAULT_PLANS: readonly PlanDefinition[] = [
  { id: 'standard', adminKey: 'standard_monthly', name: 'スタンダード', type: 'standard', interval: 'month', priceYen: 780, recommendedPriceYen: 980, features: STANDARD_FEATURES, isPopular: false, discountLabel: null },
  { id: 'standard-yearly', adminKey: 'standard_yearly', name: 'スタンダード年間', type: 'standard', interval: 'year', priceYen: 7800, recommendedPriceYen: 9800, features: STANDARD_FEATURES, isPopular: true, discountLabel: '2ヶ月分お得（16%OFF）' },
  { id: 'premium', adminKey: 'premium_monthly', name: 'プレミアム', type: 'premium', interval: 'month', priceYen: 1080, recommendedPriceYen: 1300, features: PREMIUM_FEATURES, isPopular: false, discountLabel: null },
  { id: 'premium-yearly', adminKey: 'premium_yearly', name: 'プレミアム年間', type: 'premium', interval: 'year', priceYen: 10800, recommendedPriceYen: 13000, features: PREMIUM_FEATURES, isPopular: false, discountLabel: '2ヶ月分お得（16%OFF）' },
];

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

/** Unknown or missing plan ids fall back to standard (spec: payment complete page). */
export function findPlan(id: string | null | undefined): PlanDefinition {
  return DEFAULT_PLANS.find((p) => p.id === id) ?? (DEFAULT_PLANS[0] as PlanDefinition);
}

export const TRIAL_DAYS = 7;

/** Daily problem limits (DECISIONS.md defaults); null means unlimited. */
export const DEFAULT_DAILY_LIMITS = {
  standard: 50,
  premium: 100,
  trial: 100,
  admin: null,
} as const;

export function formatYen(amount: number): string {
  return `¥${amount.toLocaleString('ja-JP')}`;
}
