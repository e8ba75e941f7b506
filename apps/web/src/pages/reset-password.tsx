import { Button, Stack, Text } from '@chakra-ui/react';
import { TEXT } from '@shunkan/config/texts';
import { CenteredCard, FullPageSpinner } from '@shunkan/ui/components';
import { notify } from '@shunkan/ui/toaster';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { FormAlert, NO_VALIDATE, TextField } from '../features/auth/form-parts';
import { authErrorMessage } from '../lib/auth-errors';
import { loadFirebase } from '../lib/firebase';

import type { ActionSearch } from '../lib/search';
import { useOnce } from '../features/auth/use-once';
/** New password from a recovery link (/reset-password): ≥ 8 characters, confirmed. */
export function ResetPasswordPage({ search }: { search: ActionSearch }) {
  const navigate = useNavigate();
  const [state, setState] = useState<'checking' | 'invalid' | 'form'>('checking');
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (password.length < 8) return setError(TEXT.passwordMin8);
    if (password !== confirm) return setError(TEXT.passwordMismatch);
    setBusy(true);
    try {
      const fb = await loadFirebase();
      await fb.confirmPasswordReset(fb.auth, search.oobCode ?? '', password);
      notify({ type: 'success', title: 'パスワードを更新しました', description: '新しいパスワードでログインしてください。' });
      await navigate({ to: '/login' });
    } catch (e) {
      notify({ type: 'error', title: 'パスワード更新エラー', description: authErrorMessage(e, 'エラー') });
    } finally {
      setBusy(false);
    }
  }

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
        <Stack as="form" gap="4" onSubmit={onSubmit} {...NO_VALIDATE}>
          <Text fontSize="sm" color="gray.600">
            {account}
          </Text>
          {error ? <FormAlert status="error" title={error} /> : null}
          <TextField label="新しいパスワード" type="password" value={password} onChange={setPassword} helper="8文字以上" autoComplete="new-password" />
          <TextField label="新しいパスワード（確認）" type="password" value={confirm} onChange={setConfirm} autoComplete="new-password" />
          <Button type="submit" colorPalette="blue" loading={busy}>
            パスワードを更新
          </Button>
        </Stack>
      )}
    </CenteredCard>
  );
}

