import { Button, Stack } from '@chakra-ui/react';
import { TEXT } from '@shunkan/config/texts';
import { CenteredCard } from '@shunkan/ui/components';
import { Link } from '@tanstack/react-router';
import { ResetPasswordPage } from './reset-password';
import { useState, type FormEvent } from 'react';
import { EmulatorMailbox } from '../features/auth/emulator-mailbox';
import { FormAlert, NO_VALIDATE, TextField } from '../features/auth/form-parts';
import { authErrorMessage } from '../lib/auth-errors';
import type { ActionSearch } from '../lib/search';
import { loadFirebase } from '../lib/firebase';

/** Request a reset e-mail (/password-reset); with a reset link in the URL it shows the new-password form. */
export function PasswordResetPage({ search }: { search: ActionSearch }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (search.oobCode) return <ResetPasswordPage search={search} />;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return setError(TEXT.emailRequired);
    setBusy(true);
    setError(null);
    try {
      const fb = await loadFirebase();
      await fb.sendPasswordResetEmail(fb.auth, email.trim(), { url: `${window.location.origin}/login` });
    } catch (e) {
      // Do not reveal whether the address is registered; only malformed input is reported.
      if ((e as { code?: string }).code === 'auth/invalid-email') {
        setBusy(false);
        return setError(authErrorMessage(e, TEXT.emailRequired));
      }
    }
    setBusy(false);
    setSentTo(email.trim());
  }

  return (
    <CenteredCard title="パスワードの再設定">
      <Stack as="form" gap="4" onSubmit={onSubmit} {...NO_VALIDATE}>
        {sentTo ? (
          <>
            <FormAlert status="success" title="パスワード再設定メールを送信しました">
              メール内のリンクから新しいパスワードを設定してください。
            </FormAlert>
            <EmulatorMailbox email={sentTo} kind="PASSWORD_RESET" />
          </>
        ) : (
          <>
            {error ? <FormAlert status="error" title={error} /> : null}
            <TextField label="メールアドレス" type="email" value={email} onChange={setEmail} autoComplete="email" />
            <Button type="submit" colorPalette="blue" loading={busy}>
              再設定メールを送信
            </Button>
          </>
        )}
        <Button asChild variant="ghost">
          <Link to="/login">ログイン画面へ戻る</Link>
        </Button>
      </Stack>
    </CenteredCard>
  );
}

