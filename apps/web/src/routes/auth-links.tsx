import { Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { TEXT } from '@shunkan/config/texts';
import { CenteredCard, FullPageSpinner } from '@shunkan/ui/components';
import { notify } from '@shunkan/ui/toaster';
import { Link, Navigate, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { EmulatorMailbox } from '../features/auth/emulator-mailbox';
import { FormAlert, NO_VALIDATE, TextField } from '../features/auth/form-parts';
import { authErrorMessage } from '../lib/auth-errors';
import { useAuth } from '../lib/auth';
import { loadFirebase } from '../lib/firebase';
import { trpc } from '../lib/trpc';

type ActionSearch = { mode?: string; oobCode?: string };

/** Runs an async effect once, even under React StrictMode's double mount. */
function useOnce(effect: () => void) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    effect();
  });
}

/** E-mail confirmation (/confirm): applies the verification code from the link. */
export function ConfirmPage() {
  const search = useSearch({ strict: false }) as ActionSearch;
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [state, setState] = useState<'loading' | 'success' | 'error'>('loading');
  const [message, setMessage] = useState<string>('');
  const [detail, setDetail] = useState<string | null>(null);

  /**
   * Plan selection, as the spec says, except for a signed-in administrator (spec section 6) or a learner
   * who already has access: they go home. The decision comes from the server's record.
   */
  async function confirmedUserTarget(): Promise<'/' | '/subscription-select'> {
    if (!(await loadFirebase()).auth.currentUser) return '/subscription-select';
    try {
      const subscription = await utils.subscription.current.fetch();
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

/**
 * After Google sign-in (or an e-mail link): once a session exists, admins go to / and learners to
 * plan selection after 1 s. The admin decision comes from the server.
 */
export function AuthCallbackPage() {
  const search = useSearch({ strict: false }) as ActionSearch & { error?: string };
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

/** Request a reset e-mail (/password-reset); with a reset link in the URL it shows the new-password form. */
export function PasswordResetPage() {
  const search = useSearch({ strict: false }) as ActionSearch;
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (search.oobCode) return <ResetPasswordPage />;

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

/** New password from a recovery link (/reset-password): ≥ 8 characters, confirmed. */
export function ResetPasswordPage() {
  const search = useSearch({ strict: false }) as ActionSearch;
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

/**
 * Firebase's e-mail action handler (set the project's action URL to /auth-redirect): recovery links
 * go to /reset-password, verification links to /confirm; otherwise a signed-in user goes home and a
 * guest to the login page.
 */
export function AuthRedirectPage() {
  const search = useSearch({ strict: false }) as ActionSearch & Record<string, unknown>;
  const { user, initialized } = useAuth();
  if (search.mode === 'resetPassword' && search.oobCode) return <Navigate to="/reset-password" search={search} replace />;
  if ((search.mode === 'verifyEmail' || search.mode === 'signup') && search.oobCode) return <Navigate to="/confirm" search={search} replace />;
  if (search.mode && search.oobCode) return <InvalidLinkRedirect />;
  if (!initialized) return <FullPageSpinner />;
  return user ? <Navigate to="/home" replace /> : <Navigate to="/login" replace />;
}

/** An e-mail action this product does not handle: say so once, then go to the login page. */
function InvalidLinkRedirect() {
  useOnce(() => notify({ type: 'error', title: TEXT.callbackInvalid }));
  return <Navigate to="/login" replace />;
}

export const RedirectHandlerPage = AuthRedirectPage;
