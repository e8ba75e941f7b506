import { formatYen } from '@shunkan/config/plans';

export { formatYen };

const dateTime = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
const date = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' });

export function formatDateTime(iso: string | null): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
}

export function formatDate(iso: string | null): string {
  return iso ? date.format(new Date(iso)) : '—';
}

export function formatCount(n: number): string {
  return n.toLocaleString('ja-JP');
}

/** A price as Stripe states it: zero-decimal currencies (JPY) in units, others in hundredths. */
export function formatPriceAmount(amount: number | null, currency: string): string {
  if (amount === null) return '—';
  if (currency.toLowerCase() === 'jpy') return formatYen(amount);
  const zeroDecimal = ['jpy', 'krw', 'vnd'].includes(currency.toLowerCase());
  return new Intl.NumberFormat('ja-JP', { style: 'currency', currency: currency.toUpperCase() }).format(zeroDecimal ? amount : amount / 100);
}

export const STATUS_LABEL: Record<string, string> = {
  none: '未契約',
  trialing: 'トライアル中',
  active: '有効',
  past_due: '支払い遅延',
  canceled: '解約済み',
  expired: '期限切れ',
};

export const LEVEL_LABEL: Record<string, string> = {
  toeic: 'TOEIC',
  'middle-school': '中学英語',
  'high-school': '高校英語',
  'basic-verbs': '基本動詞',
};
