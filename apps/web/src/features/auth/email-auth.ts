import { TEXT } from '@shunkan/config/texts';
import { notify } from '@shunkan/ui/toaster';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { authErrorMessage, isAlreadyRegistered } from '../../lib/auth-errors';
import { loadFirebase } from '../../lib/firebase';

export function verificationSettings() {
  return { url: `${window.location.origin}/confirm` };
}

/** E-mail sign-in; afterwards the user goes to `redirect` (a same-site path, validated by the route) or home. */
export function useEmailLogin(redirect: string | undefined) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [unverified, setUnverified] = useState<{ email: string; password: string } | null>(null);

  async function login(email: string, password: string) {
    setError(null);
    setUnverified(null);
    if (!email.trim()) return setError('メールアドレスを入力してください');
    if (!password) return setError('パスワードを入力してください');
    setBusy(true);
    try {
      const fb = await loadFirebase();
      const credential = await fb.signInWithEmailAndPassword(fb.auth, email.trim(), password);
      if (!credential.user.emailVerified) {
        await fb.signOut(fb.auth);
        setUnverified({ email: email.trim(), password });
        setError(TEXT.emailNotVerified);
        return;
      }
      await navigate({ href: redirect ?? '/' });
    } catch (e) {
      setError(e instanceof Error || (e as { code?: string })?.code ? authErrorMessage(e, TEXT.loginFailed) : TEXT.loginFailed);
    } finally {
      setBusy(false);
    }
  }

  async function resendVerification() {
    if (!unverified) return;
    try {
      const fb = await loadFirebase();
      const credential = await fb.signInWithEmailAndPassword(fb.auth, unverified.email, unverified.password);
      await fb.sendEmailVerification(credential.user, verificationSettings());
      await fb.signOut(fb.auth);
      notify({ type: 'success', title: '認証メールを再送信しました', description: unverified.email });
    } catch (e) {
      notify({ type: 'error', title: 'エラー', description: authErrorMessage(e, TEXT.loginFailed) });
    }
  }

  return { login, busy, error, unverified, resendVerification };
}

export type SignupErrors = { email?: string; password?: string; confirm?: string; agree?: string; form?: string };

export function validateSignup(input: { email: string; password: string; confirm: string; agreeTerms: boolean; agreePrivacy: boolean }, minPassword = 6): SignupErrors {
  const errors: SignupErrors = {};
  if (!input.email.trim()) errors.email = TEXT.emailRequired;
  if (input.password.length < minPassword) errors.password = TEXT.passwordHint6;
  if (input.password !== input.confirm) errors.confirm = TEXT.passwordMismatch;
  if (!input.agreeTerms || !input.agreePrivacy) errors.agree = TEXT.agreeRequired;
  return errors;
}

export function signupErrorMessage(error: unknown): string {
  if (isAlreadyRegistered(error)) return TEXT.alreadyRegistered;
  const message = authErrorMessage(error, '');
  return message ? `${TEXT.signupFailedPrefix}${message}` : TEXT.accountCreationFailed;
}

