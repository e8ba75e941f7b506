import { TEXT } from '@shunkan/config/texts';

/** Firebase error codes as Japanese messages (the "provider message" of the spec, in the UI's language). */
const FIREBASE_MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'メールアドレスまたはパスワードが正しくありません。',
  'auth/wrong-password': 'メールアドレスまたはパスワードが正しくありません。',
  'auth/user-not-found': 'メールアドレスまたはパスワードが正しくありません。',
  'auth/invalid-email': TEXT.emailInvalid,
  'auth/user-disabled': 'このアカウントは無効になっています。',
  'auth/too-many-requests': '試行回数が多すぎます。しばらくしてから再度お試しください。',
  'auth/weak-password': 'パスワードは6文字以上で入力してください。',
  'auth/network-request-failed': 'ネットワークエラーが発生しました。接続を確認してください。',
  'auth/expired-action-code': '認証リンクの有効期限が切れています。',
  'auth/invalid-action-code': '認証リンクが無効です。',
  'auth/popup-closed-by-user': 'ログインがキャンセルされました。',
  'auth/missing-password': 'パスワードを入力してください。',
  'auth/missing-email': TEXT.emailRequired,
};

export function firebaseCode(error: unknown): string {
  return (error as { code?: string })?.code ?? '';
}

export function authErrorMessage(error: unknown, fallback: string): string {
  const code = firebaseCode(error);
  if (code && FIREBASE_MESSAGES[code]) return FIREBASE_MESSAGES[code];
  const message = (error as { message?: string })?.message;
  return message || fallback;
}

/** Spec: a message mentioning an already-registered address. */
export function isAlreadyRegistered(error: unknown): boolean {
  const code = firebaseCode(error);
  const message = ((error as { message?: string })?.message ?? '').toLowerCase();
  return code === 'auth/email-already-in-use' || message.includes('already') || message.includes('exists');
}
