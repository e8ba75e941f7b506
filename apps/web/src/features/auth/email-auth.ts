import { TEXT } from '@shunkan/config/texts';
import { notify } from '@shunkan/ui/toaster';
import { useNavigate } from '@tanstack/react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginForm } from '@shunkan/config/forms';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { authErrorMessage, isAlreadyRegistered } from '../../lib/auth-errors';
import { loadFirebase } from '../../lib/firebase';

export function verificationSettings() {
  return { url: `${window.location.origin}/confirm` };
}

/**
 * The e-mail sign-in form (spec section 5: e-mail and password required); afterwards the user goes to
 * `redirect` (a same-site path, validated by the route) or home. An unverified account is signed out
 * again and offered a new verification mail.
 */
export function useEmailLogin(redirect: string | undefined) {
  const navigate = useNavigate();
  const form = useForm({ resolver: zodResolver(loginForm), defaultValues: { email: '', password: '' } });
  const [error, setError] = useState<string | null>(null);
  const [unverified, setUnverified] = useState<{ email: string; password: string } | null>(null);

  const submit = form.handleSubmit(async ({ email, password }) => {
    setError(null);
    setUnverified(null);
    try {
      const fb = await loadFirebase();
      const credential = await fb.signInWithEmailAndPassword(fb.auth, email, password);
      if (!credential.user.emailVerified) {
        await fb.signOut(fb.auth);
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

  return { form, submit, busy: form.formState.isSubmitting, error, unverified, resendVerification };
}

export function signupErrorMessage(error: unknown): string {
  if (isAlreadyRegistered(error)) return TEXT.alreadyRegistered;
  const message = authErrorMessage(error, '');
  return message ? `${TEXT.signupFailedPrefix}${message}` : TEXT.accountCreationFailed;
}

