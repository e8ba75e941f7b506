import { Button, Stack } from '@chakra-ui/react';
import { Brand, CenteredCard } from '@shunkan/ui/components';
import { useEmailLogin } from '../features/auth/email-auth';
import { NO_VALIDATE, TextField } from '../features/auth/form-parts';

export function SimpleLoginPage({ redirect }: { redirect?: string }) {
  const { form, submit, busy, error } = useEmailLogin(redirect);
  const { errors, kit } = form;
  return (
    <CenteredCard title={<Brand />}>
      <Stack as="form" gap="4" {...NO_VALIDATE} onSubmit={submit} onFocus={form.load}>
        {form.host}
        {error && kit ? <kit.FormAlert status="error" title={error} /> : null}
        <TextField label="メールアドレス" type="email" autoComplete="email" registration={form.register('email')} error={errors.email?.message} />
        <TextField
          label="パスワード"
          type="password"
          autoComplete="current-password"
          registration={form.register('password')}
          error={errors.password?.message}
        />
        <Button type="submit" colorPalette="blue" loading={busy}>
          ログイン
        </Button>
      </Stack>
    </CenteredCard>
  );
}
