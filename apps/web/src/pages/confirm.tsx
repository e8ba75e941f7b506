import { Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { TEXT } from '@shunkan/config/texts';
import { CenteredCard } from '@shunkan/ui/components';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormAlert } from '../features/auth/form-alert';
import { authErrorMessage } from '../lib/auth-errors';
import { loadDataProvider } from '../features/layout/root-layout';
import { loadFirebase } from '../lib/firebase';

import type { ActionSearch } from '../lib/search';
import { useOnce } from '../features/auth/use-once';
/** E-mail confirmation (/confirm): applies the verification code from the link (the Firebase SDK loads at once). */
export function ConfirmPage({ search }: { search: ActionSearch }) {
  const navigate = useNavigate();
  const [state, setState] = useState<'loading' | 'success' | 'error'>('loading');
  const [message, setMessage] = useState<string>('');
  const [detail, setDetail] = useState<string | null>(null);

  /**
   * Plan selection, as the spec says, except for a signed-in administrator (spec section 6) or a learner
   * who already has access: they go home. The decision comes from the server's record, read through
   * the data layer, which this page loads only then (decision 044).
   */
  async function confirmedUserTarget(): Promise<'/' | '/subscription-select'> {
    if (!(await loadFirebase()).auth.currentUser) return '/subscription-select';
    try {
      const subscription = await (await loadDataProvider()).fetchSubscription();
      return subscription.isAdmin || subscription.hasAccess ? '/' : '/subscription-select';
    } catch {
      return '/subscription-select';
    }
  }

  useOnce(() => {
    void (async () => {
      try {
        const { auth, applyActionCode } = await loadFirebase();
        if (search.oobCode) {
          await applyActionCode(auth, search.oobCode);
          if (auth.currentUser) {
            await auth.currentUser.reload();
            await auth.currentUser.getIdToken(true);
          }
        } else {
          await auth.authStateReady();
          if (!auth.currentUser) {
            setMessage(TEXT.confirmNoSession);
            return setState('error');
          }
          await auth.currentUser.reload();
          if (!auth.currentUser.emailVerified) {
            setMessage(TEXT.confirmError);
            return setState('error');
          }
        }
        setState('success');
        const target = await confirmedUserTarget();
        setTimeout(() => void navigate({ to: target }), 1500);
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        setMessage(code.startsWith('auth/') ? TEXT.confirmError : TEXT.confirmProcessError);
        setDetail(code.startsWith('auth/') ? authErrorMessage(error, '') || null : null);
        setState('error');
      }
    })();
  });

  return (
    <CenteredCard title="メールアドレスの確認">
      <Stack gap="4" align="stretch">
        {state === 'loading' ? (
          <HStack justify="center" gap="3">
            <Spinner />
            <Text>確認中...</Text>
          </HStack>
        ) : null}
        {state === 'success' ? (
          <FormAlert status="success" title="メールアドレスの確認が完了しました">
            プラン選択画面へ移動します...
          </FormAlert>
        ) : null}
        {state === 'error' ? (
          <FormAlert status="error" title={message}>
            {detail}
          </FormAlert>
        ) : null}
        {state !== 'loading' ? (
          <HStack justify="center">
            <Button asChild colorPalette="blue">
              <Link to="/login">ログイン画面へ</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/signup">新規登録へ</Link>
            </Button>
          </HStack>
        ) : null}
      </Stack>
    </CenteredCard>
  );
}

