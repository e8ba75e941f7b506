import { Box, Button, HStack, Link as ChakraLink, Separator, Stack, Text } from '@chakra-ui/react';
import { TEXT } from '@shunkan/config/texts';
import { Brand, CenteredCard } from '@shunkan/ui/components';
import { notify } from '@shunkan/ui/toaster';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { EmulatorMailbox } from '../features/auth/emulator-mailbox';
import { FormAlert, NO_VALIDATE, TextField } from '../features/auth/form-parts';
import { GoogleButton } from '../features/auth/google-button';
import { useEmailLogin } from '../features/auth/email-auth';
import { useAuth } from '../lib/auth';
import { authErrorMessage } from '../lib/auth-errors';

/** /login (a signed-in visitor is sent home by the route's guard). */
export function LoginPage({ redirect }: { redirect?: string }) {
  const navigate = useNavigate();
  const { ensureAuth } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { login, busy, error, unverified, resendVerification } = useEmailLogin(redirect);

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

