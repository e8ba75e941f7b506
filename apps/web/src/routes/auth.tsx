import { Box, Button, Checkbox, HStack, Link as ChakraLink, Separator, Stack, Text } from '@chakra-ui/react';
import { TEXT } from '@shunkan/config/texts';
import { Brand, CenteredCard, FullPageSpinner } from '@shunkan/ui/components';
import { notify } from '@shunkan/ui/toaster';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { EmulatorMailbox } from '../features/auth/emulator-mailbox';
import { FormAlert, NO_VALIDATE, TextField } from '../features/auth/form-parts';
import { GoogleButton } from '../features/auth/google-button';
import { useSignedInRedirect } from '../features/auth/use-signed-in-redirect';
import { useAuth } from '../lib/auth';
import { authErrorMessage, isAlreadyRegistered } from '../lib/auth-errors';
import { loadFirebase } from '../lib/firebase';

function verificationSettings() {
  return { url: `${window.location.origin}/confirm` };
}

/** Only same-site paths are followed after login (no open redirect). */
function safeRedirect(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

function useEmailLogin() {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { redirect?: unknown };
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [unverified, setUnverified] = useState<{ email: string; password: string } | null>(null);

  async function login(email: string, password: string) {
    setError(null);
    setUnverified(null);
    if (!email.trim()) return setError('メールアドレスを入力してください');
    if (!password) return setError('パスワードを入力してください');
    setBusy(true);
    try {
      const fb = await loadFirebase();
      const credential = await fb.signInWithEmailAndPassword(fb.auth, email.trim(), password);
      if (!credential.user.emailVerified) {
        await fb.signOut(fb.auth);
        setUnverified({ email: email.trim(), password });
        setError(TEXT.emailNotVerified);
        return;
      }
      await navigate({ to: safeRedirect(search.redirect) });
    } catch (e) {
      setError(e instanceof Error || (e as { code?: string })?.code ? authErrorMessage(e, TEXT.loginFailed) : TEXT.loginFailed);
    } finally {
      setBusy(false);
    }
  }

  async function resendVerification() {
    if (!unverified) return;
    try {
      const fb = await loadFirebase();
      const credential = await fb.signInWithEmailAndPassword(fb.auth, unverified.email, unverified.password);
      await fb.sendEmailVerification(credential.user, verificationSettings());
      await fb.signOut(fb.auth);
      notify({ type: 'success', title: '認証メールを再送信しました', description: unverified.email });
    } catch (e) {
      notify({ type: 'error', title: 'エラー', description: authErrorMessage(e, TEXT.loginFailed) });
    }
  }

  return { login, busy, error, unverified, resendVerification };
}

export function LoginPage() {
  const navigate = useNavigate();
  useSignedInRedirect();
  const { ensureAuth } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { login, busy, error, unverified, resendVerification } = useEmailLogin();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    await login(email, password);
  }

  return (
    <CenteredCard title="ログイン">
      <Stack as="form" gap="4" onSubmit={onSubmit} onFocus={ensureAuth} {...NO_VALIDATE}>
        <Box textAlign="center">
          <Brand />
          <Text color="gray.600" fontSize="sm" mt="1">
            日本語を見て、すぐ英語に。
          </Text>
        </Box>
        {error ? (
          <FormAlert status="error" title={error}>
            {unverified ? (
              <Button size="xs" mt="2" variant="outline" onClick={() => void resendVerification()}>
                認証メールを再送信
              </Button>
            ) : null}
          </FormAlert>
        ) : null}
        {unverified ? <EmulatorMailbox email={unverified.email} kind="VERIFY_EMAIL" /> : null}
        <TextField label="メールアドレス" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} />
        <TextField label="パスワード" name="password" type="password" autoComplete="current-password" value={password} onChange={setPassword} />
        <Button type="submit" colorPalette="blue" loading={busy} loadingText="ログイン中...">
          ログイン
        </Button>
        <ChakraLink asChild fontSize="sm" color="blue.600" alignSelf="flex-end">
          <Link to="/password-reset">パスワードをお忘れの方</Link>
        </ChakraLink>
        <HStack>
          <Separator flex="1" />
          <Text fontSize="xs" color="gray.500">
            または
          </Text>
          <Separator flex="1" />
        </HStack>
        <GoogleButton
          label="Googleでログイン"
          onSuccess={() => void navigate({ to: '/auth-callback' })}
          onError={(e) => notify({ type: 'error', title: TEXT.googleLoginFailed, description: authErrorMessage(e, '') || undefined })}
        />
        <Button variant="subtle" colorPalette="yellow" asChild>
          <Link to="/demo">デモを試す（登録不要）</Link>
        </Button>
        <Text fontSize="sm" textAlign="center">
          アカウントをお持ちでない方は{' '}
          <ChakraLink asChild color="blue.600" fontWeight="bold">
            <Link to="/signup">新規登録</Link>
          </ChakraLink>
        </Text>
      </Stack>
    </CenteredCard>
  );
}

export function SimpleLoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { login, busy, error } = useEmailLogin();
  return (
    <CenteredCard title={<Brand />}>
      <Stack
        as="form"
        gap="4"
        {...NO_VALIDATE}
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          void login(email, password);
        }}
      >
        {error ? <FormAlert status="error" title={error} /> : null}
        <TextField label="メールアドレス" type="email" autoComplete="email" value={email} onChange={setEmail} />
        <TextField label="パスワード" type="password" autoComplete="current-password" value={password} onChange={setPassword} />
        <Button type="submit" colorPalette="blue" loading={busy}>
          ログイン
        </Button>
      </Stack>
    </CenteredCard>
  );
}

type SignupErrors = { email?: string; password?: string; confirm?: string; agree?: string; form?: string };

function validateSignup(input: { email: string; password: string; confirm: string; agreeTerms: boolean; agreePrivacy: boolean }, minPassword = 6): SignupErrors {
  const errors: SignupErrors = {};
  if (!input.email.trim()) errors.email = TEXT.emailRequired;
  if (input.password.length < minPassword) errors.password = TEXT.passwordHint6;
  if (input.password !== input.confirm) errors.confirm = TEXT.passwordMismatch;
  if (!input.agreeTerms || !input.agreePrivacy) errors.agree = TEXT.agreeRequired;
  return errors;
}

function signupErrorMessage(error: unknown): string {
  if (isAlreadyRegistered(error)) return TEXT.alreadyRegistered;
  const message = authErrorMessage(error, '');
  return message ? `${TEXT.signupFailedPrefix}${message}` : TEXT.accountCreationFailed;
}

export function SignupPage() {
  const navigate = useNavigate();
  useSignedInRedirect();
  const { ensureAuth } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [agreeTerms, setAgreeTerms] = useState(false);
  const [agreePrivacy, setAgreePrivacy] = useState(false);
  const [errors, setErrors] = useState<SignupErrors>({});
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateSignup({ email, password, confirm, agreeTerms, agreePrivacy });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const fb = await loadFirebase();
      const credential = await fb.createUserWithEmailAndPassword(fb.auth, email.trim(), password);
      await fb.sendEmailVerification(credential.user, verificationSettings());
      // The account may only be used once the address is confirmed: sign out until then.
      await fb.signOut(fb.auth);
      setSentTo(email.trim());
    } catch (e) {
      setErrors({ form: signupErrorMessage(e) });
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <CenteredCard title="確認メールを送信しました">
        <Stack gap="4">
          <FormAlert status="success" title={TEXT.signupMailSent}>
            {sentTo}
          </FormAlert>
          <EmulatorMailbox email={sentTo} kind="VERIFY_EMAIL" />
          <Button asChild colorPalette="blue">
            <Link to="/login">ログイン画面へ</Link>
          </Button>
        </Stack>
      </CenteredCard>
    );
  }

  const canSubmit = agreeTerms && agreePrivacy;
  return (
    <CenteredCard title="新規登録">
      <Stack as="form" gap="4" onSubmit={onSubmit} onFocus={ensureAuth} {...NO_VALIDATE}>
        {errors.form ? <FormAlert status="error" title={errors.form} /> : null}
        <TextField label="メールアドレス" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} error={errors.email} />
        <TextField
          label="パスワード"
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          helper={TEXT.passwordHint6}
          error={errors.password}
        />
        <TextField
          label="パスワード（確認）"
          name="confirm"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
          error={errors.confirm}
        />
        <Stack gap="2">
          <HStack gap="2" wrap="wrap">
            <Checkbox.Root checked={agreeTerms} onCheckedChange={(e) => setAgreeTerms(e.checked === true)}>
              <Checkbox.HiddenInput name="agreeTerms" />
              <Checkbox.Control />
              <Checkbox.Label>利用規約に同意します</Checkbox.Label>
            </Checkbox.Root>
            <ChakraLink asChild color="blue.600" fontSize="sm">
              <Link to="/terms" target="_blank">
                （利用規約を読む）
              </Link>
            </ChakraLink>
          </HStack>
          <HStack gap="2" wrap="wrap">
            <Checkbox.Root checked={agreePrivacy} onCheckedChange={(e) => setAgreePrivacy(e.checked === true)}>
              <Checkbox.HiddenInput name="agreePrivacy" />
              <Checkbox.Control />
              <Checkbox.Label>プライバシーポリシーに同意します</Checkbox.Label>
            </Checkbox.Root>
            <ChakraLink asChild color="blue.600" fontSize="sm">
              <Link to="/privacy" target="_blank">
                （プライバシーポリシーを読む）
              </Link>
            </ChakraLink>
          </HStack>
          {!canSubmit || errors.agree ? (
            <Text fontSize="sm" color={errors.agree ? 'red.600' : 'gray.600'}>
              {TEXT.agreeRequired}
            </Text>
          ) : null}
        </Stack>
        <Button type="submit" colorPalette="blue" disabled={!canSubmit} loading={busy} loadingText="登録中...">
          アカウントを作成
        </Button>
        <GoogleButton
          label="Googleで登録"
          onSuccess={() => void navigate({ to: '/auth-callback' })}
          onError={() => notify({ type: 'error', title: TEXT.googleSignupFailed })}
        />
        <Text fontSize="sm" textAlign="center">
          すでにアカウントをお持ちの方は{' '}
          <ChakraLink asChild color="blue.600" fontWeight="bold">
            <Link to="/login">ログイン</Link>
          </ChakraLink>
        </Text>
      </Stack>
    </CenteredCard>
  );
}

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

export function LogoutPage() {
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        const fb = await loadFirebase();
        await fb.signOut(fb.auth);
        notify({ type: 'success', title: TEXT.logoutDoneTitle, description: TEXT.logoutDoneBody });
      } catch {
        notify({ type: 'error', title: TEXT.logoutError });
      } finally {
        // Spec: storage is cleared and the user lands on /login even when sign-out fails, so nothing of
        // the session stays behind on a shared computer.
        localStorage.clear();
        sessionStorage.clear();
        await navigate({ to: '/login', replace: true });
      }
    })();
  }, [navigate]);
  return <FullPageSpinner label={TEXT.logoutInProgress} />;
}
