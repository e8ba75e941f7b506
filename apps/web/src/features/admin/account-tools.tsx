import { Button, Card, Code, Heading, Stack, Text } from '@chakra-ui/react';
import { notify } from '@shunkan/ui/toaster';
import { zodResolver } from '@hookform/resolvers/zod';
import { adminSetupForm, passwordResetForm } from '@shunkan/config/forms';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage, trpc } from '../../lib/trpc';
import { FormAlert } from '../auth/form-alert';
import { NO_VALIDATE, TextField } from '../auth/form-parts';

/** The spec's admin-setup page, for administrators only: create/promote an admin, issue a reset link. */
export function AdminAccountTools() {
  const setupForm = useForm({ resolver: zodResolver(adminSetupForm), defaultValues: { email: '', password: '' } });
  const resetForm = useForm({ resolver: zodResolver(passwordResetForm), defaultValues: { email: '' } });
  const [resetLink, setResetLink] = useState<string | null>(null);
  const [resetError, setResetError] = useState<string | null>(null);
  const setupAdmin = trpc.admin.setupAdmin.useMutation();
  const resetLinkMutation = trpc.admin.passwordResetLink.useMutation();

  const onSetup = setupForm.handleSubmit(
    async ({ email, password }) => {
      try {
        const result = await setupAdmin.mutateAsync({ email, password: password || undefined });
        notify({ type: 'success', title: result.created ? '管理者アカウントを作成しました' : '管理者権限を付与しました', description: result.email });
        setupForm.resetField('password');
      } catch (error) {
        notify({ type: 'error', title: 'エラー', description: errorMessage(error, '管理者アカウントの設定に失敗しました') });
      }
    },
    (errors) => notify({ type: 'error', title: 'エラー', description: errors.password?.message ?? errors.email?.message }),
  );

  const onReset = resetForm.handleSubmit(async ({ email }) => {
    setResetLink(null);
    setResetError(null);
    try {
      const result = await resetLinkMutation.mutateAsync({ email });
      if (!result.success || !result.solution) return setResetError(result.error ?? 'リンクを発行できませんでした');
      setResetLink(`${window.location.origin}${result.solution.resetPath}`);
    } catch (error) {
      setResetError(errorMessage(error, 'リンクを発行できませんでした'));
    }
  });
  const setupErrors = setupForm.formState.errors;

  return (
    <Stack gap="6">
      <Card.Root>
        <Card.Body gap="4">
          <Heading as="h2" size="md">
            管理者アカウントの作成・権限付与
          </Heading>
          <Stack as="form" gap="3" onSubmit={onSetup} {...NO_VALIDATE}>
            <TextField label="メールアドレス" type="email" registration={setupForm.register('email')} error={setupErrors.email?.message} />
            <TextField
              label="パスワード（新規作成時・8文字以上・任意）"
              type="password"
              registration={setupForm.register('password')}
              error={setupErrors.password?.message}
              autoComplete="new-password"
            />
            <Button type="submit" colorPalette="purple" loading={setupAdmin.isPending} disabled={!setupForm.watch('email').trim()}>
              管理者にする
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Body gap="4">
          <Heading as="h2" size="md">
            パスワード再設定リンクの発行
          </Heading>
          <Text fontSize="sm" color="gray.600">
            ログインできない利用者のために再設定リンクを発行します。一時パスワードは発行しません。
          </Text>
          <Stack as="form" gap="3" onSubmit={onReset} {...NO_VALIDATE}>
            {resetError ? <FormAlert status="error" title={resetError} /> : null}
            <TextField
              label="利用者のメールアドレス"
              type="email"
              registration={resetForm.register('email')}
              error={resetForm.formState.errors.email?.message}
            />
            <Button type="submit" loading={resetLinkMutation.isPending}>
              リンクを発行
            </Button>
          </Stack>
          {resetLink ? (
            <Stack gap="2">
              <Code whiteSpace="pre-wrap" wordBreak="break-all" p="2" data-testid="reset-link">
                {resetLink}
              </Code>
              <Button
                size="sm"
                variant="outline"
                onClick={() => void navigator.clipboard.writeText(resetLink).then(() => notify({ type: 'success', title: 'コピーしました' }))}
              >
                コピー
              </Button>
            </Stack>
          ) : null}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
