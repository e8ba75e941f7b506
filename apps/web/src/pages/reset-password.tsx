import { Button, Stack, Text } from '@chakra-ui/react';
import { TEXT } from '@shunkan/config/texts';
import { CenteredCard, FullPageSpinner } from '@shunkan/ui/components';
import { notify } from '@shunkan/ui/toaster';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormAlert } from '../features/auth/form-alert';
import { NO_VALIDATE, TextField } from '../features/auth/form-parts';
import { useLazyForm } from '../features/auth/lazy-form';
import type { NewPasswordKit, NewPasswordValues } from '../features/auth/password-reset-kit';
import { loadFirebase } from '../lib/firebase';

import type { ActionSearch } from '../lib/search';
import { useOnce } from '../features/auth/use-once';
const loadKit = () => import('../features/auth/password-reset-kit').then((module) => module.newPasswordKit);

/**
 * New password from a recovery link (/reset-password): ≥ 8 characters, confirmed. The form library loads
 * on the form's first focus or submit (decision 044); the Firebase SDK at once, to check the link.
 */
export function ResetPasswordPage({ search }: { search: ActionSearch }) {
  const navigate = useNavigate();
  const [state, setState] = useState<'checking' | 'invalid' | 'form'>('checking');
  const [account, setAccount] = useState('');
  const form = useLazyForm<NewPasswordValues, NewPasswordKit>(loadKit);
  const { errors, isSubmitting } = form;

  useOnce(() => {
    if (!search.oobCode || (search.mode && search.mode !== 'resetPassword')) return setState('invalid');
    const oobCode = search.oobCode;
    loadFirebase()
      .then((fb) => fb.verifyPasswordResetCode(fb.auth, oobCode))
      .then(
      (email) => {
        setAccount(email);
        setState('form');
      },
      () => setState('invalid'),
    );
  });

  const onSubmit = form.handleSubmit(async ({ password }, { authErrorMessage }) => {
    try {
      const fb = await loadFirebase();
      await fb.confirmPasswordReset(fb.auth, search.oobCode ?? '', password);
      notify({ type: 'success', title: 'パスワードを更新しました', description: '新しいパスワードでログインしてください。' });
      await navigate({ to: '/login' });
    } catch (e) {
      notify({ type: 'error', title: 'パスワード更新エラー', description: authErrorMessage(e, 'エラー') });
    }
  });

  if (state === 'checking') return <FullPageSpinner />;
  return (
    <CenteredCard title="新しいパスワードの設定">
      {state === 'invalid' ? (
        <Stack gap="4">
          <FormAlert status="error" title={TEXT.invalidLink}>
            パスワード再設定のリンクが無効か、有効期限が切れています。
          </FormAlert>
          <Button asChild colorPalette="blue">
            <Link to="/password-reset">再設定メールを送り直す</Link>
          </Button>
        </Stack>
      ) : (
        <Stack as="form" gap="4" onSubmit={onSubmit} onFocus={form.load} {...NO_VALIDATE}>
          {form.host}
          <Text fontSize="sm" color="gray.600">
            {account}
          </Text>
          <TextField
            label="新しいパスワード"
            type="password"
            registration={form.register('password')}
            error={errors.password?.message}
            helper="8文字以上"
            autoComplete="new-password"
          />
          <TextField
            label="新しいパスワード（確認）"
            type="password"
            registration={form.register('confirm')}
            error={errors.confirm?.message}
            autoComplete="new-password"
          />
          <Button type="submit" colorPalette="blue" loading={isSubmitting}>
            パスワードを更新
          </Button>
        </Stack>
      )}
    </CenteredCard>
  );
}

