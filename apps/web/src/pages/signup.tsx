import { Button, Checkbox, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { TEXT } from '@shunkan/config/texts';
import { CenteredCard } from '@shunkan/ui/components';
import { notify } from '@shunkan/ui/toaster';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { EmulatorMailbox } from '../features/auth/emulator-mailbox';
import { FormAlert, NO_VALIDATE, TextField } from '../features/auth/form-parts';
import { GoogleButton } from '../features/auth/google-button';
import { useAuth } from '../lib/auth';
import { loadFirebase } from '../lib/firebase';
import { signupErrorMessage, validateSignup, verificationSettings, type SignupErrors } from '../features/auth/email-auth';

export function SignupPage() {
  const navigate = useNavigate();
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

