import { FALLBACK_TEXT } from './fallback-texts';

/** Japanese (and spec-given English) texts shared by web and api. Exactly as the spec gives them. */
export const TEXT = {
  subscriptionRequired: 'AI瞬間英作文チャットをご利用いただくには、アクティブなサブスクリプションが必要です。',
  emailNotVerified: 'メール認証が完了していません。メール内のリンクを開いてから再度お試しください。',
  loginFailed: 'ログインに失敗しました',
  googleLoginFailed: 'Googleログインに失敗しました',
  alreadyRegistered: 'このメールアドレスは既に登録されています。ログインをお試しください。',
  signupFailedPrefix: 'サインアップに失敗しました: ',
  accountCreationFailed: 'アカウント作成に失敗しました',
  googleSignupFailed: 'Googleサインアップに失敗しました。Google認証が有効でない可能性があります。',
  signupMailSent: '認証メールを送信しました。メール内のリンクをクリックして認証を完了してください。',
  passwordMismatch: 'パスワードが一致しません',
  agreeRequired: '利用規約とプライバシーポリシーに同意してください',
  passwordHint6: '6文字以上で入力してください',
  passwordMin8: 'パスワードは8文字以上で設定してください',
  invalidLink: '無効なリンク',
  emailRequired: 'メールアドレスが必要です',
  /** The form message of a malformed address (the same words as the auth provider's invalid-email error). */
  emailInvalid: 'メールアドレスの形式が正しくありません。',
  emailTooLong: 'メールアドレスは254文字以内で入力してください',
  /** Every password field's upper limit (PASSWORD_MAX in forms.ts). */
  passwordTooLong: 'パスワードは128文字以内で設定してください',
  confirmError: 'メールアドレスの確認中にエラーが発生しました。',
  confirmNoSession: '認証セッションが見つかりません。',
  confirmProcessError: '認証処理中にエラーが発生しました。',
  callbackInvalid: '認証リンクが無効または期限切れです。もう一度お試しください。',
  callbackErrorPrefix: '認証エラー: ',
  logoutInProgress: 'ログアウト中...',
  logoutError: 'ログアウト中にエラーが発生しました',
  logoutDoneTitle: 'ログアウト完了',
  logoutDoneBody: '正常にログアウトしました',
  /** The session ended outside this tab (another tab's logout, an expired or revoked sign-in): decision 065. */
  signedOutElsewhereTitle: 'ログアウトしました',
  signedOutElsewhereBody: '別のタブでログアウトしたか、ログインの有効期限が切れました。もう一度ログインしてください。',
  problemFailed: '問題の生成に失敗しました。',
  evaluationFailed: '評価に失敗しました。',
  adminDeniedTitle: 'アクセス制限',
  adminDeniedBody: 'このページは管理者のみがアクセスできます',
  ...FALLBACK_TEXT,
  /** The spec's banner starts with a target emoji (U+1F3AF): the web app draws it as an SVG icon before this text. */
  demoBanner: 'デモモード (認証不要で体験中)',
  demoLoginLink: 'ログイン画面へ',
  preparing: '準備中',
  unauthorized: 'ログインが必要です。もう一度ログインしてください。',
  forbidden: 'この操作を行う権限がありません。',
  invalidInput: '入力内容が正しくありません。',
  unstorableText: '使用できない文字が含まれています。',
  notImplemented: 'この機能は準備中です。',
  tooManyRequests: 'リクエストが多すぎます。しばらくしてから再度お試しください。',
  serverError: 'サーバーでエラーが発生しました。しばらくしてから再度お試しください。',
  serviceUnavailable: 'ただいまサービスに接続できません。しばらくしてから再度お試しください。',
  authUnavailable: '認証サービスに接続できません。しばらくしてから再度お試しください。',
  apiNotFound: 'お探しのAPIは見つかりません。',
  requestTimeout: 'リクエストの受信が時間内に完了しませんでした。もう一度お試しください。',
} as const;

/** The spec's 429 message, naming the limit that actually applied. */
export function dailyLimitMessage(limit: number): string {
  return `Today's study complete: the maximum number of questions today (${limit}) has been reached. Please try again tomorrow.`;
}

/** The longest English answer graded (the answer box stops there and says so). */
export const ANSWER_MAX_LENGTH = 500;
export const ANSWER_TEXT = {
  required: '英文を入力してください',
  tooLong: `英文は${ANSWER_MAX_LENGTH}文字以内で入力してください`,
  /** A submission id that is not a UUID (decision 064): a client's fault, said in Japanese all the same. */
  submissionId: '回答の送信IDが正しくありません。',
} as const;

export const REVIEW_SESSIONS_BLOCKED =
  'Deprecated API endpoint blocked: review-sessions has been consolidated into recent-sessions';

/** Custom scenarios (spec section 8 toasts; the rest in the same voice). */
export const SCENARIO_TEXT = {
  created: 'シナリオを作成しました',
  updated: 'シナリオを更新しました',
  deleted: 'シナリオを削除しました',
  notFound: 'シナリオが見つかりません。',
  limit: 'シナリオは50個まで作成できます。',
  titleRequired: 'タイトルを入力してください',
  titleTooLong: 'タイトルは100文字以内で入力してください',
  descriptionRequired: '場面の説明を入力してください',
  descriptionTooLong: '説明は1000文字以内で入力してください',
  /** Not in the spec: a malformed client id of a create (decision 074). */
  requestId: 'シナリオの作成IDが正しくありません。',
} as const;
