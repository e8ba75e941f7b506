import { PRICE_ID_TEXT } from './price-id';

// The price id rule lives in its own module: the web app's forms (./forms.ts) load it without these texts.
export { checkPriceId } from './price-id';

/** Admin dashboard texts (spec sections 2, 4, 5 and 8), exactly as the spec gives them where it does. */
export const ADMIN_TEXT = {
  exportDone: 'エクスポート完了',
  exportFailed: 'データのエクスポートに失敗しました。',
  updateDone: '更新完了',
  subscriptionUpdateFailed: 'サブスクリプションタイプの更新に失敗しました。',
  notConnected: '未接続',
  ...PRICE_ID_TEXT,
  priceCheckFailedTitle: '価格ID確認失敗',
  priceCheckFailed: '価格IDの確認に失敗しました',
  priceCheckDone: '価格ID確認完了',
  priceListFailed: '価格一覧の取得に失敗しました',
  priceListDone: '価格一覧取得完了',
  saveErrorTitle: '保存エラー',
  saveFailed: '設定の保存に失敗しました',
  saveDone: '設定保存完了',
  modeSwitchFailedTitle: '切り替え失敗',
  modeSwitchFailed: 'モードの切り替え中にエラーが発生しました',
  priceFetchError: '価格取得エラー',
  copied: 'コピーしました',
  priceAssigned: '価格ID割り当て完了',
  userNotFound: 'ユーザーが見つかりません。',
  lastAdmin: '最後の管理者の権限は外せません。先に別の管理者を追加してください。',
  listedAdmin: 'このアカウントは ADMIN_EMAILS に含まれているため、権限を外せません。環境変数から削除してください。',
  ownRole: '自分自身の管理者権限は外せません。別の管理者に依頼してください。',
  setupExistingPassword: 'このメールアドレスのアカウントはすでにあります。既存のアカウントのパスワードは変更できません。パスワードを空欄にすると管理者権限だけを付与します。',
  setupUnverified: 'このメールアドレスはまだ確認されていません。本人がメールアドレスを確認してから管理者にしてください。',
  unknownExportKind: 'エクスポートの種類は users または sessions です。',
  stripeNotConfigured: 'Stripeが設定されていません（STRIPE_SECRET_KEY 未設定）。サンドボックス決済で動作しています。',
  sandboxPriceNotFound: 'サンドボックスのカタログにこの価格IDはありません。',
  priceNotInCatalogue: 'この価格IDはプランに設定できません。',
} as const;

/**
 * The start-up variable that fixes each plan's Stripe price id. It wins over an id saved in the admin
 * tools (the deployment's configuration is the source of truth and is applied at every start), so the
 * tools show it and refuse to save another id for that plan.
 */
export const PRICE_ENV_VARIABLES = {
  standard_monthly: 'STRIPE_PRICE_STANDARD',
  standard_yearly: 'STRIPE_PRICE_STANDARD_YEARLY',
  premium_monthly: 'STRIPE_PRICE_PREMIUM',
  premium_yearly: 'STRIPE_PRICE_PREMIUM_YEARLY',
} as const;
export type PriceEnvPlanKey = keyof typeof PRICE_ENV_VARIABLES;

/** Shown with a price id fixed by PRICE_ENV_VARIABLES, and the refusal of a save that would change it. */
/** A Stripe price whose amount is not the price learners are shown for the plan (decision 051). */
export function priceAmountMismatchMessage(priceId: string, planName: string, stripeAmount: string, shownAmount: string): string {
  return `${priceId} の金額（${stripeAmount}）が${planName}の表示価格（${shownAmount}）と一致しません。表示価格と同じ金額（日本円）の価格を指定してください。`;
}

export function priceIdPinnedMessage(variable: string): string {
  return `この価格IDは環境変数 ${variable} で指定されています。サーバーは起動のたびにこの値を使うため、ここでは変更できません。変更するには ${variable} を変えて再起動してください。`;
}

/** The spec's "{mode}モードに切り替えました" toast. */
export function modeSwitchedMessage(mode: 'test' | 'production'): string {
  return `${mode === 'test' ? 'テスト' : '本番'}モードに切り替えました`;
}

/** The spec's 設定保存完了 toast body ("N plans updated"). */
export function plansUpdatedMessage(count: number): string {
  return `${count}件のプランを更新しました`;
}

/** `{kind}-export-{YYYY-MM-DD}.csv`, the date in JST (spec section 7). */
export function exportFileName(kind: 'users' | 'sessions', jstDate: string): string {
  return `${kind}-export-${jstDate}.csv`;
}

/** An answer rated this many stars or more counts as correct in the admin accuracy figures. */
export const CORRECT_RATING = 4;

/** Rows per page of the admin user list. */
export const ADMIN_USERS_PAGE_SIZE = 20;

