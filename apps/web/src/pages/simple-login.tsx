import { Button, Stack } from '@chakra-ui/react';
import { Brand, CenteredCard } from '@shunkan/ui/components';
import { useState, type FormEvent } from 'react';
import { useEmailLogin } from '../features/auth/email-auth';
import { FormAlert, NO_VALIDATE, TextField } from '../features/auth/form-parts';

export function SimpleLoginPage({ redirect }: { redirect?: string }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { login, busy, error } = useEmailLogin(redirect);
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

