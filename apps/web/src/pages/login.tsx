import { Box, Button, HStack, Link as ChakraLink, Separator, Stack, Text } from '@chakra-ui/react';
import { Brand, CenteredCard } from '@shunkan/ui/components';
import { notify } from '@shunkan/ui/toaster';
import { Link, useNavigate } from '@tanstack/react-router';
import { NO_VALIDATE, TextField } from '../features/auth/form-parts';
import { GoogleButton } from '../features/auth/google-button';
import { useEmailLogin } from '../features/auth/email-auth';
import { useAuth } from '../lib/auth';

/** A failed Google sign-in's toast; its texts load with it (nothing else on the page's first load needs them). */
async function notifyGoogleLoginFailed(error: unknown) {
  const [{ TEXT }, { authErrorMessage }] = await Promise.all([import('@shunkan/config/texts'), import('../lib/auth-errors')]);
  notify({ type: 'error', title: TEXT.googleLoginFailed, description: authErrorMessage(error, '') || undefined });
}

/** /login (a signed-in visitor is sent home by the route's guard). */
export function LoginPage({ redirect }: { redirect?: string }) {
  const navigate = useNavigate();
  const { ensureAuth } = useAuth();
  const { form, submit, busy, error, unverified, resendVerification } = useEmailLogin(redirect);
  const { errors, kit } = form;

  return (
    <CenteredCard title="ログイン">
      <Stack as="form" gap="4" onSubmit={submit} onFocus={() => {
          ensureAuth();
          form.load();
        }} {...NO_VALIDATE}>
        {form.host}
        <Box textAlign="center">
          <Brand />
          <Text color="gray.600" fontSize="sm" mt="1">
            日本語を見て、すぐ英語に。
          </Text>
        </Box>
        {error && kit ? (
          <kit.FormAlert status="error" title={error}>
            {unverified ? (
              <Button size="xs" mt="2" variant="outline" onClick={() => void resendVerification()}>
                認証メールを再送信
              </Button>
            ) : null}
          </kit.FormAlert>
        ) : null}
        {unverified && kit ? <kit.EmulatorMailbox email={unverified.email} kind="VERIFY_EMAIL" /> : null}
        <TextField label="メールアドレス" type="email" autoComplete="email" registration={form.register('email')} error={errors.email?.message} />
        <TextField
          label="パスワード"
          type="password"
          autoComplete="current-password"
          registration={form.register('password')}
          error={errors.password?.message}
        />
        <Button type="submit" colorPalette="blue" loading={busy} loadingText="ログイン中...">
          ログイン
        </Button>
        <ChakraLink asChild fontSize="sm" color="blue.600" alignSelf="flex-end" minH="11">
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
          onError={(e) => void notifyGoogleLoginFailed(e)}
        />
        <Button variant="subtle" colorPalette="yellow" asChild>
          <Link to="/demo">デモを試す（登録不要）</Link>
        </Button>
        <Text fontSize="sm" textAlign="center">
          アカウントをお持ちでない方は{' '}
          <ChakraLink asChild color="blue.600" fontWeight="bold" minH="11" minW="11" justifyContent="center">
            <Link to="/signup">新規登録</Link>
          </ChakraLink>
        </Text>
      </Stack>
    </CenteredCard>
  );
}

