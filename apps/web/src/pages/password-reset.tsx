import { Button, Stack } from '@chakra-ui/react';
import { TEXT } from '@shunkan/config/texts';
import { CenteredCard } from '@shunkan/ui/components';
import { Link } from '@tanstack/react-router';
import { ResetPasswordPage } from './reset-password';
import { zodResolver } from '@hookform/resolvers/zod';
import { passwordResetForm } from '@shunkan/config/forms';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { EmulatorMailbox } from '../features/auth/emulator-mailbox';
import { FormAlert } from '../features/auth/form-alert';
import { NO_VALIDATE, TextField } from '../features/auth/form-parts';
import { authErrorMessage } from '../lib/auth-errors';
import type { ActionSearch } from '../lib/search';
import { loadFirebase } from '../lib/firebase';

/** Request a reset e-mail (/password-reset); with a reset link in the URL it shows the new-password form. */
export function PasswordResetPage({ search }: { search: ActionSearch }) {
  const form = useForm({ resolver: zodResolver(passwordResetForm), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (search.oobCode) return <ResetPasswordPage search={search} />;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      const fb = await loadFirebase();
      await fb.sendPasswordResetEmail(fb.auth, email, { url: `${window.location.origin}/login` });
    } catch (e) {
      // Do not reveal whether the address is registered; only malformed input is reported.
      if ((e as { code?: string }).code === 'auth/invalid-email') {
        form.setError('email', { message: authErrorMessage(e, TEXT.emailRequired) });
        return;
      }
    }
    setSentTo(email);
  });

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
            <TextField label="メールアドレス" type="email" registration={form.register('email')} error={errors.email?.message} autoComplete="email" />
            <Button type="submit" colorPalette="blue" loading={isSubmitting}>
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

