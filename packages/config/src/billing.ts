/** Billing texts and sandbox constants shared by web and api (Japanese exactly as shown to learners). */
export const BILLING_TEXT = {
  adminExempt: '管理者は課金の対象外です。',
  trialAlreadyUsed: '無料トライアルはすでにご利用済みです。',
  alreadySubscribed: 'すでに有料プランをご利用中です。プランの変更やお支払い方法の更新はマイページから行えます。',
  cardDeclined: 'カードが拒否されました。別のカードをお試しください。',
  unknownTestCard: 'サンドボックス決済ではテストカード（4242 4242 4242 4242）をご利用ください。',
  paymentNotFound: '決済情報が見つかりません。もう一度プランを選択してください。',
  sandboxOnly: 'この操作はサンドボックス決済モードでのみ利用できます。',
  unknownPlan: '指定されたプランが見つかりません。',
  planNotPurchasable: 'このプランは現在お申し込みいただけません（価格IDが未設定です）。',
  invalidRedirectUrl: 'リダイレクト先のURLが正しくありません。',
  noActiveSubscription: 'ご契約中の有料プランがありません。',
  alreadyYearly: 'すでに年間プランをご利用中です。',
  alreadyPremium: 'すでにプレミアムプランをご利用中です。',
  subscriptionEnded: 'ご契約はすでに終了しています。プランを選択してください。',
  noBillingAccount: 'お支払い情報がまだありません。先にプランをご契約ください。',
  providerUnavailable: '決済サービスとの通信に失敗しました。時間をおいて再度お試しください。',
  premiumRequired: 'この機能はプレミアムプランでご利用いただけます。',
  adminGrantedPlan: '管理者が付与したプランのため、変更・解約はできません。ご希望の場合は管理者にお問い合わせください。',
  paymentExpired: 'お支払い手続きの有効期限（30分）が切れました。プランを選択し直してください。',
  paymentSuperseded: 'このお支払い手続きは、後から開かれた別のお支払い手続きに置き換えられたため完了できません。プランを選択し直してください。',
} as const;

/** Billing toasts and buttons of the web app (spec section 8 where the spec gives the text). */
export const BILLING_UI_TEXT = {
  errorTitle: 'エラー',
  portalFailed: 'カスタマーポータルの起動に失敗しました',
  upgradeFailed: 'アップグレードに失敗しました',
  upgradeDone: 'アップグレード完了',
  /** My page's plan section and plan selection when the subscription cannot be read. */
  subscriptionUnreadable: 'ご契約情報の読み込みに失敗しました。再読み込みしてください。',
  /** The sandbox payment form's way out, leading to the payment-cancelled page like Stripe's cancel. */
  cancelPayment: '決済をキャンセル',
} as const;

/**
 * Answer of billing.upgradeToYearly (to yearly, or standard to premium); names the charged difference
 * when it is known, and what became of a cancellation that was scheduled before the upgrade
 * ('withdrawn': the paid plan renews; 'kept': the payment provider refused to withdraw it, so the
 * learner is told to do it on my page).
 */
export function upgradeDoneMessage(planName: string, proratedAmountYen: number | null, scheduledCancellation: 'none' | 'withdrawn' | 'kept' = 'none'): string {
  const base = `${planName}プランへの変更が完了しました。`;
  const charged = proratedAmountYen === null ? base : `${base}日割りの差額 ¥${proratedAmountYen.toLocaleString('ja-JP')} をお支払いいただきました。`;
  if (scheduledCancellation === 'withdrawn') return `${charged}${UPGRADE_CANCELLATION_TEXT.withdrawn(planName)}`;
  if (scheduledCancellation === 'kept') return `${charged}${UPGRADE_CANCELLATION_TEXT.kept}`;
  return charged;
}

/** An upgrade while 解約 is scheduled: the learner pays for the new plan, so the cancellation goes. */
export const UPGRADE_CANCELLATION_TEXT = {
  withdrawn: (planName: string) => `解約のご予定は取り消され、${planName}プランとして自動更新されます。`,
  kept: '解約のご予定を取り消せませんでした。マイページの「解約を取り消す」からお手続きください。',
  /** The confirmation dialog's warning before the upgrade. */
  confirm: (planName: string) => `現在ご予定の解約は取り消され、${planName}プランとして自動更新されます。`,
} as const;

/**
 * Sandbox billing (no Stripe keys): the card numbers its checkout form accepts, mirroring Stripe's test
 * cards. Anything else is refused with BILLING_TEXT.unknownTestCard.
 */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
} as const;

/**
 * How long a sandbox payment intent (the checkout form's client secret) may be confirmed: past this it
 * is refused with BILLING_TEXT.paymentExpired and a new checkout makes a new one at the current price
 * (decision 060). The text names the minutes; keep them in step.
 */
export const SANDBOX_PAYMENT_INTENT_TTL_MS = 30 * 60 * 1000;

/** A plan granted from the admin dashboard (provider 'admin'): free, no end date, not a paid subscription. */
export const BILLING_GRANT_NOTE = '管理者が付与したプランです。料金はかかりません。';

/**
 * A payment that was paid keeps being one when money goes back to the card: its status says how much
 * (decision 096). Revenue counts these statuses at their net amount; pending, failed and superseded
 * (canceled) checkouts are not payments.
 */
export const PAID_PAYMENT_STATUSES = ['succeeded', 'partially_refunded', 'refunded', 'disputed', 'dispute_lost'] as const;
export type PaidPaymentStatus = (typeof PAID_PAYMENT_STATUSES)[number];

/**
 * Payment statuses as learners and the admin read them. The spec names none for refunds or disputes;
 * 返金済み / 一部返金済み follow its 〜済み wording, 不審請求 is Stripe's Japanese word for a dispute.
 */
export const PAYMENT_STATUS_LABELS: Readonly<Record<string, string>> = {
  succeeded: '支払い済み',
  failed: '失敗',
  partially_refunded: '一部返金済み',
  refunded: '返金済み',
  disputed: '不審請求の申請中',
  dispute_lost: '不審請求により返金済み',
};

/** The amount returned to the card, as shown beside a payment (返金 ¥780). */
export function refundedNote(refundedYen: number): string {
  return `返金 ¥${refundedYen.toLocaleString('ja-JP')}`;
}
