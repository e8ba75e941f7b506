import { Button, Stack } from '@chakra-ui/react';
import { CenteredCard, FullPageSpinner } from '@shunkan/ui/components';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useLazyForm } from '../features/auth/lazy-form';
import type { PasswordResetKit, PasswordResetValues } from '../features/auth/password-reset-kit';
import { NO_VALIDATE, TextField } from '../features/auth/form-parts';
import { loadFirebase } from '../lib/firebase';
import type { ActionSearch } from '../lib/search';

// A reset link that lands here (rather than on /reset-password) shows the new-password form, a chunk of its own.
const ResetPasswordPage = lazy(() => import('./reset-password').then((module) => ({ default: module.ResetPasswordPage })));
const loadKit = () => import('../features/auth/password-reset-kit').then((module) => module.passwordResetKit);

/**
 * Request a reset e-mail (/password-reset); with a reset link in the URL it shows the new-password form.
 * The Firebase SDK and the form library load on the form's first focus or submit (decision 044).
 */
export function PasswordResetPage({ search }: { search: ActionSearch }) {
  if (search.oobCode)
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <ResetPasswordPage search={search} />
      </Suspense>
    );
  return <PasswordResetRequest />;
}

function PasswordResetRequest() {
  const form = useLazyForm<PasswordResetValues, PasswordResetKit>(loadKit);
  const { errors, isSubmitting, kit } = form;
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ email }, { TEXT, authErrorMessage }) => {
    try {
      const fb = await loadFirebase();
      await fb.sendPasswordResetEmail(fb.auth, email, { url: `${window.location.origin}/login` });
    } catch (e) {
      // Do not reveal whether the address is registered; only malformed input is reported.
      if ((e as { code?: string }).code === 'auth/invalid-email') {
        form.setError('email', authErrorMessage(e, TEXT.emailRequired));
        return;
      }
    }
    setSentTo(email);
  });

  return (
    <CenteredCard title="パスワードの再設定">
      <Stack
        as="form"
        gap="4"
        onSubmit={onSubmit}
        onFocus={() => {
          void loadFirebase().catch(() => undefined);
          form.load();
        }}
        {...NO_VALIDATE}
      >
        {form.host}
        {sentTo && kit ? (
          <>
            <kit.FormAlert status="success" title="パスワード再設定メールを送信しました" takeFocus>
              メール内のリンクから新しいパスワードを設定してください。
            </kit.FormAlert>
            <kit.EmulatorMailbox email={sentTo} kind="PASSWORD_RESET" />
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
