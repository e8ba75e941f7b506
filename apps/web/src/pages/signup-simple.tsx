import { Button, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { TEXT } from '@shunkan/config/texts';
import { CenteredCard } from '@shunkan/ui/components';
import { notify } from '@shunkan/ui/toaster';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { FormAlert, NO_VALIDATE, TextField } from '../features/auth/form-parts';
import { loadFirebase } from '../lib/firebase';
import { signupErrorMessage, verificationSettings } from '../features/auth/email-auth';

/** The spec's simple signup: e-mail and password; on success goes to plan selection. */
export function SimpleSignupPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return setError(TEXT.emailRequired);
    if (password.length < 6) return setError(TEXT.passwordHint6);
    setBusy(true);
    setError(null);
    try {
      const fb = await loadFirebase();
      const credential = await fb.createUserWithEmailAndPassword(fb.auth, email.trim(), password);
      await fb.sendEmailVerification(credential.user, verificationSettings());
      notify({ type: 'success', title: TEXT.signupMailSent });
      await navigate({ to: '/subscription-select' });
    } catch (e) {
      setError(signupErrorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <CenteredCard title="かんたん登録">
      <Stack as="form" gap="4" onSubmit={onSubmit} {...NO_VALIDATE}>
        {error ? <FormAlert status="error" title={error} /> : null}
        <TextField label="メールアドレス" type="email" value={email} onChange={setEmail} autoComplete="email" />
        <TextField label="パスワード" type="password" value={password} onChange={setPassword} helper={TEXT.passwordHint6} autoComplete="new-password" />
        <Button type="submit" colorPalette="blue" loading={busy}>
          登録する
        </Button>
        <ChakraLink asChild color="blue.600" textAlign="center" fontSize="sm">
          <Link to="/login">ログインはこちら</Link>
        </ChakraLink>
      </Stack>
    </CenteredCard>
  );
}

