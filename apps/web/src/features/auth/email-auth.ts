import { notify } from '@shunkan/ui/toaster';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { loadFirebase, signOutHere } from '../../lib/firebase';
import { useLazyForm } from './lazy-form';
import type { LoginKit, LoginValues } from './login-kit';
import { verificationSettings } from './verification';

const loadLoginKit = () => import('./login-kit').then((module) => module.loginKit);

/**
 * The e-mail sign-in form (spec section 5: e-mail and password required); afterwards the user goes to
 * `redirect` (a same-site path, validated by the route) or home. An unverified account is signed out
 * again and offered a new verification mail. The form library loads on the form's first focus
 * (`form.load`, features/auth/lazy-form.tsx).
 */
export function useEmailLogin(redirect: string | undefined) {
  const navigate = useNavigate();
  const form = useLazyForm<LoginValues, LoginKit>(loadLoginKit);
  const [error, setError] = useState<string | null>(null);
  const [unverified, setUnverified] = useState<{ email: string; password: string } | null>(null);

  const submit = form.handleSubmit(async ({ email, password }, { TEXT, authErrorMessage }) => {
    setError(null);
    setUnverified(null);
    try {
      const fb = await loadFirebase();
      const credential = await fb.signInWithEmailAndPassword(fb.auth, email, password);
      if (!credential.user.emailVerified) {
        await signOutHere(fb);
        setUnverified({ email, password });
        setError(TEXT.emailNotVerified);
        return;
      }
      await navigate({ href: redirect ?? '/' });
    } catch (e) {
      setError(authErrorMessage(e, TEXT.loginFailed));
    }
  });

  async function resendVerification() {
    if (!unverified || !form.kit) return;
    const { TEXT, authErrorMessage } = form.kit;
    try {
      const fb = await loadFirebase();
      const credential = await fb.signInWithEmailAndPassword(fb.auth, unverified.email, unverified.password);
      await fb.sendEmailVerification(credential.user, verificationSettings());
      await signOutHere(fb);
      notify({ type: 'success', title: '認証メールを再送信しました', description: unverified.email });
    } catch (e) {
      notify({ type: 'error', title: 'エラー', description: authErrorMessage(e, TEXT.loginFailed) });
    }
  }

  return { form, submit, busy: form.isSubmitting, error, unverified, resendVerification };
}
