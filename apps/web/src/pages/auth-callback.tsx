import { Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { TEXT } from '@shunkan/config/texts';
import { CenteredCard } from '@shunkan/ui/components';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { FormAlert } from '../features/auth/form-alert';
import { useOnce } from '../features/auth/use-once';
import { loadDataProvider } from '../features/layout/root-layout';
import { authErrorMessage } from '../lib/auth-errors';
import { isSessionPending, useAuth } from '../lib/auth';
import { hasSessionHint, isFirebaseRequested, loadFirebase } from '../lib/firebase';
import type { ActionSearch } from '../lib/search';

/**
 * After Google sign-in (or an e-mail link): once a session exists, admins go to / and learners to
 * plan selection after 1 s. The admin decision comes from the server, read through the data layer,
 * which this page loads only for a signed-in account. A browser with no session (no session hint,
 * decision 014) is told at once that the link is invalid, without downloading the Firebase SDK: this
 * product never starts a redirect sign-in, so there is no redirect result to read either (decision 048).
 */
export function AuthCallbackPage({ search }: { search: ActionSearch }) {
  const navigate = useNavigate();
  const { user, initialized } = useAuth();
  const [error, setError] = useState<string | null>(search.error ? `${TEXT.callbackErrorPrefix}${search.error}` : null);
  const [checkedRedirect, setCheckedRedirect] = useState(false);
  const sessionPending = isSessionPending(initialized);

  useOnce(() => {
    if (!hasSessionHint() && !isFirebaseRequested()) return setCheckedRedirect(true);
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
    if (sessionPending || !checkedRedirect || error) return;
    if (!user) return setError(TEXT.callbackInvalid);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    loadDataProvider()
      .then(({ fetchSubscription }) => fetchSubscription())
      .then(
        (subscription) => {
          if (cancelled) return;
          const target = subscription.isAdmin || subscription.hasAccess ? '/' : '/subscription-select';
          timer = setTimeout(() => void navigate({ to: target }), 1000);
        },
        (e: unknown) => {
          if (!cancelled) setError(`${TEXT.callbackErrorPrefix}${e instanceof Error ? e.message : String(e)}`);
        },
      );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [sessionPending, checkedRedirect, error, user, navigate, search.oobCode]);

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
