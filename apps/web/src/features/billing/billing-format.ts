import { formatYen, TRIAL_DAYS, type BillingInterval, type SubscriptionStatus } from '@shunkan/config/plans';

/** Subscription statuses as the learner reads them. */
export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  none: '未登録',
  trialing: '無料トライアル中',
  active: '有効',
  past_due: 'お支払い遅延',
  canceled: '解約済み',
  expired: '期限切れ',
};

export const STATUS_COLORS: Record<SubscriptionStatus, string> = {
  none: 'gray',
  trialing: 'blue',
  active: 'green',
  past_due: 'orange',
  canceled: 'gray',
  expired: 'red',
};

/** Badge colours of payment statuses (decision 096): paid green, money given back grey, a dispute orange, failed red. */
const PAYMENT_STATUS_COLORS: Readonly<Record<string, string>> = {
  succeeded: 'green',
  partially_refunded: 'gray',
  refunded: 'gray',
  disputed: 'orange',
  dispute_lost: 'gray',
};

export function paymentStatusColor(status: string): string {
  return PAYMENT_STATUS_COLORS[status] ?? 'red';
}

export function intervalLabel(interval: BillingInterval | null | undefined): string {
  return interval === 'year' ? '年' : '月';
}

/** ¥780 / 月 */
export function formatPrice(amountYen: number, interval: BillingInterval | null | undefined): string {
  return `${formatYen(amountYen)} / ${intervalLabel(interval)}`;
}

/** 2025年7月6日 (dates are shown in Japan time, where the learners are). */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('ja-JP', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Asia/Tokyo' });
}

/** When a trial started now would end: shown before the learner starts it. */
export function trialEndIfStartedNow(now = new Date()): Date {
  return new Date(now.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
}

/** The plan id from a query parameter: unknown or missing ids fall back to standard (spec). */
export function dailyLimitLabel(limit: number | null | undefined): string {
  return limit === null || limit === undefined ? '無制限' : `1日${limit}問まで`;
}

/** Where the payment-cancelled flow lands by default (the spec's cancel page). */
export const PAYMENT_CANCELLED_PATH = '/payment-cancelled';

/**
 * The sandbox checkout's cancel target from the `cancel` query parameter (the checkout session's cancel
 * URL, already checked by the server): a path on this site, as path + query + hash. Anything else (another
 * origin, a scheme, a protocol-relative URL) falls back to the payment-cancelled page, since anyone can
 * write a /checkout link.
 */
export function cancelTargetFromSearch(value: unknown, origin: string): string {
  if (typeof value !== 'string' || value === '' || value.startsWith('//') || value.includes('\\')) return PAYMENT_CANCELLED_PATH;
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin || !['http:', 'https:'].includes(url.protocol)) return PAYMENT_CANCELLED_PATH;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return PAYMENT_CANCELLED_PATH;
  }
}

/** The current plan's card on my page: where focus goes after a change that removes the button that made it (decision 075). */
export const CURRENT_PLAN_ID = 'current-plan';
export const focusCurrentPlan = (): HTMLElement | null => document.getElementById(CURRENT_PLAN_ID);
