import { Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { TEXT } from '@shunkan/config/texts';
import { CenteredCard } from '@shunkan/ui/components';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { FormAlert } from '../features/auth/form-alert';
import { authErrorMessage } from '../lib/auth-errors';
import { useAuth } from '../lib/auth';
import { loadFirebase } from '../lib/firebase';
import { trpc } from '../lib/trpc';

import type { ActionSearch } from '../lib/search';
import { useOnce } from '../features/auth/use-once';
/**
 * After Google sign-in (or an e-mail link): once a session exists, admins go to / and learners to
 * plan selection after 1 s. The admin decision comes from the server.
 */
export function AuthCallbackPage({ search }: { search: ActionSearch }) {
  const navigate = useNavigate();
  const { user, initialized } = useAuth();
  const [error, setError] = useState<string | null>(search.error ? `${TEXT.callbackErrorPrefix}${search.error}` : null);
  const [checkedRedirect, setCheckedRedirect] = useState(false);
  const subscription = trpc.subscription.current.useQuery(undefined, { enabled: Boolean(user) });

  useOnce(() => {
    void (async () => {
      try {
        const fb = await loadFirebase();
        await fb.getRedirectResult(fb.auth);
      } catch (e) {
        setError(`${TEXT.callbackErrorPrefix}${authErrorMessage(e, '')}`);
      } finally {
        setCheckedRedirect(true);
      }
    })();
  });

  useEffect(() => {
    if (search.oobCode) return;
    if (!initialized || !checkedRedirect || error) return;
    if (!user) return setError(TEXT.callbackInvalid);
    if (subscription.isError) return setError(`${TEXT.callbackErrorPrefix}${subscription.error.message}`);
    if (!subscription.data) return;
    const target = subscription.data.isAdmin ? '/' : subscription.data.hasAccess ? '/' : '/subscription-select';
    const timer = setTimeout(() => void navigate({ to: target }), 1000);
    return () => clearTimeout(timer);
  }, [initialized, checkedRedirect, error, user, subscription.data, subscription.isError, subscription.error, navigate, search.oobCode]);

  if (search.oobCode) return <Navigate to="/auth-redirect" search={search} replace />;
  return (
    <CenteredCard title="認証処理">
      {error ? (
        <Stack gap="4">
          <FormAlert status="error" title={error} />
          <Button asChild colorPalette="blue">
            <Link to="/login">ログイン画面へ</Link>
          </Button>
        </Stack>
      ) : (
        <HStack justify="center" gap="3">
          <Spinner />
          <Text>認証中...</Text>
        </HStack>
      )}
    </CenteredCard>
  );
}

