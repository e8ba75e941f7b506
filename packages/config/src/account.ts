import * as z from 'zod/mini';
import { PASSWORD_MAX } from './forms';
import { TEXT } from './texts';

/**
 * Account deletion (decision 059). The spec has no texts for it: these are ours, short and in the
 * product's tone, listed in docs/decisions/059-account-deletion.md.
 */

/** What the learner types in the confirmation dialog; the server checks it again. */
export const ACCOUNT_DELETE_CONFIRMATION = '削除する';

/** How recent the sign-in must be for a learner to delete their own account (Firebase's pattern). */
export const ACCOUNT_DELETE_RECENT_SIGN_IN_MS = 5 * 60 * 1000;

export const ACCOUNT_TEXT = {
  // Server refusals and results.
  recentSignInRequired: '安全のため、もう一度ログインしてからアカウントを削除してください。',
  confirmationMismatch: `確認のため「${ACCOUNT_DELETE_CONFIRMATION}」と入力してください。`,
  adminSelfDelete: '管理者アカウントはマイページから削除できません。別の管理者に依頼してください。',
  adminOwnAccount: '自分自身のアカウントは管理画面から削除できません。',
  lastAdmin: '最後の管理者のアカウントは削除できません。先に別の管理者を追加してください。',
  cancelFailed: 'サブスクリプションを停止できなかったため、アカウントは削除されていません。しばらくしてから再度お試しください。',
  firebaseFailed: 'データは削除しましたが、ログイン用アカウントの削除を完了できませんでした。もう一度お試しください。',
  accountDeleted: 'このアカウントは削除されています。',
  deleted: 'アカウントを削除しました。',
  adminDeleted: 'ユーザーのアカウントを削除しました。',
  // My page: the danger section and its dialog.
  sectionTitle: 'アカウントの削除',
  sectionLead: 'アカウントを削除すると、学習記録を含むすべてのデータが削除され、元に戻せません。',
  deleteButton: 'アカウントを削除',
  dialogTitle: 'アカウントを削除しますか？',
  dialogSubscription: 'ご契約中のサブスクリプションはただちに停止され、以後の請求はありません。',
  dialogPaidPeriod: 'お支払い済みの期間の残りは利用できなくなり、日割りでの返金はありません。',
  dialogRecord: '学習記録・ブックマーク・復習・カスタムシナリオなど、すべてのデータが削除されます。',
  dialogIrreversible: 'この操作は取り消せません。',
  dialogReceipts: 'お支払いの記録は、法令に基づき個人と結びつかない形で保存されます。',
  passwordLabel: 'パスワード',
  confirmationLabel: `確認のため「${ACCOUNT_DELETE_CONFIRMATION}」と入力してください`,
  cancel: 'キャンセル',
  confirm: '削除する',
  deleting: '削除しています…',
  wrongPassword: 'パスワードが正しくありません。',
  googleReauth: 'Googleで本人確認して削除',
  googleReauthNote: 'Googleアカウントでログインしているため、削除の前にGoogleで本人確認します。',
  reauthFailed: '本人確認ができませんでした。しばらくしてから再度お試しください。',
  failed: 'アカウントを削除できませんでした。',
  loginNotice: 'アカウントを削除しました。ご利用ありがとうございました。',
  // Admin users screen.
  adminDeleteAction: '削除',
  adminDialogTitle: 'ユーザーを削除しますか？',
  adminDialogBody: 'このユーザーのサブスクリプションをただちに停止し、学習記録を含むすべてのデータとログイン用アカウントを削除します。この操作は取り消せません。',
  adminConfirm: '削除する',
} as const;

/**
 * The confirmation dialog's form (my page): the password for the re-authentication, and the typed
 * confirmation the server checks again (account.delete). zod/mini, as the other forms (forms.ts).
 */
export const deleteAccountForm = z.object({
  password: z.string().check(z.minLength(1, 'パスワードを入力してください'), z.maxLength(PASSWORD_MAX, TEXT.passwordTooLong)),
  confirmation: z.string().check(
    z.trim(),
    z.refine((value) => value === ACCOUNT_DELETE_CONFIRMATION, ACCOUNT_TEXT.confirmationMismatch),
  ),
});
/** Accounts signed in with Google only have no password: they confirm with Google again instead. */
export const deleteAccountFormWithoutPassword = z.object({
  password: z.string(),
  confirmation: deleteAccountForm.shape.confirmation,
});
