import { Button, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { TEXT } from '@shunkan/config/texts';
import { CenteredCard } from '@shunkan/ui/components';
import { notify } from '@shunkan/ui/toaster';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { AgreeCheckbox } from '../features/auth/agree-checkbox';
import { NO_VALIDATE, TextField } from '../features/auth/form-parts';
import { GoogleButton } from '../features/auth/google-button';
import { useLazyForm } from '../features/auth/lazy-form';
import type { SignupKit, SignupValues } from '../features/auth/signup-kit';
import { verificationSettings } from '../features/auth/verification';
import { useAuth } from '../lib/auth';
import { loadFirebase, signOutHere } from '../lib/firebase';

const loadSignupKit = () => import('../features/auth/signup-kit').then((module) => module.signupKit);

/**
 * /signup (a signed-in visitor is sent home by the route's guard). The form library and the spec's
 * rules load on the form's first focus or submit (features/auth/lazy-form.tsx, decisions 029 and 039).
 */
export function SignupPage() {
  const navigate = useNavigate();
  const { ensureAuth } = useAuth();
  const form = useLazyForm<SignupValues, SignupKit>(loadSignupKit);
  const { errors, kit } = form;
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // The boxes' states, for the submit button (disabled until both are ticked), also before the kit is there.
  const [agreeTerms, setAgreeTerms] = useState(false);
  const [agreePrivacy, setAgreePrivacy] = useState(false);

  const onSubmit = form.handleSubmit(async ({ email, password }, { signupErrorMessage }) => {
    setFormError(null);
    try {
      const fb = await loadFirebase();
      const credential = await fb.createUserWithEmailAndPassword(fb.auth, email, password);
      await fb.sendEmailVerification(credential.user, verificationSettings());
      // The account may only be used once the address is confirmed: sign out until then.
      await signOutHere(fb);
      setSentTo(email);
    } catch (e) {
      setFormError(signupErrorMessage(e));
    }
  });

  if (sentTo && kit) {
    return (
      <CenteredCard title="確認メールを送信しました">
        <Stack gap="4">
          <kit.FormAlert status="success" title={TEXT.signupMailSent} takeFocus>
            {sentTo}
          </kit.FormAlert>
          <kit.EmulatorMailbox email={sentTo} kind="VERIFY_EMAIL" />
          <Button asChild colorPalette="blue">
            <Link to="/login">ログイン画面へ</Link>
          </Button>
        </Stack>
      </CenteredCard>
    );
  }

  const canSubmit = agreeTerms && agreePrivacy;
  const agreeError = errors.agreePrivacy?.message;
  return (
    <CenteredCard title="新規登録">
      <Stack
        as="form"
        gap="4"
        onSubmit={onSubmit}
        onFocus={() => {
          ensureAuth();
          form.load();
        }}
        {...NO_VALIDATE}
      >
        {form.host}
        {formError && kit ? <kit.FormAlert status="error" title={formError} /> : null}
        <TextField label="メールアドレス" type="email" autoComplete="email" registration={form.register('email')} error={errors.email?.message} />
        <TextField
          label="パスワード"
          type="password"
          autoComplete="new-password"
          registration={form.register('password')}
          helper={TEXT.passwordHint6}
          error={errors.password?.message}
        />
        <TextField
          label="パスワード（確認）"
          type="password"
          autoComplete="new-password"
          registration={form.register('confirm')}
          error={errors.confirm?.message}
        />
        <Stack gap="2">
          <HStack gap="2" wrap="wrap">
            <AgreeCheckbox label="利用規約に同意します" registration={form.register('agreeTerms')} onChecked={setAgreeTerms} />
            <ChakraLink asChild color="blue.600" fontSize="sm" minH="11">
              <Link to="/terms" target="_blank">
                （利用規約を読む）
              </Link>
            </ChakraLink>
          </HStack>
          <HStack gap="2" wrap="wrap">
            <AgreeCheckbox label="プライバシーポリシーに同意します" registration={form.register('agreePrivacy')} onChecked={setAgreePrivacy} />
            <ChakraLink asChild color="blue.600" fontSize="sm" minH="11">
              <Link to="/privacy" target="_blank">
                （プライバシーポリシーを読む）
              </Link>
            </ChakraLink>
          </HStack>
          {!canSubmit || agreeError ? (
            <Text fontSize="sm" color={agreeError ? 'red.600' : 'gray.600'}>
              {TEXT.agreeRequired}
            </Text>
          ) : null}
        </Stack>
        <Button type="submit" colorPalette="blue" disabled={!canSubmit} loading={form.isSubmitting} loadingText="登録中...">
          アカウントを作成
        </Button>
        <GoogleButton
          label="Googleで登録"
          onSuccess={() => void navigate({ to: '/auth-callback' })}
          onError={() => notify({ type: 'error', title: TEXT.googleSignupFailed })}
        />
        <Text fontSize="sm" textAlign="center">
          すでにアカウントをお持ちの方は{' '}
          <ChakraLink asChild color="blue.600" fontWeight="bold" minH="11" minW="11" justifyContent="center">
            <Link to="/login">ログイン</Link>
          </ChakraLink>
        </Text>
      </Stack>
    </CenteredCard>
  );
}
