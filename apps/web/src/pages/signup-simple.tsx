import { Button, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { TEXT } from '@shunkan/config/texts';
import { CenteredCard } from '@shunkan/ui/components';
import { notify } from '@shunkan/ui/toaster';
import { Link, useNavigate } from '@tanstack/react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { simpleSignupForm } from '@shunkan/config/forms';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '../features/auth/form-alert';
import { NO_VALIDATE, TextField } from '../features/auth/form-parts';
import { loadFirebase } from '../lib/firebase';
import { verificationSettings } from '../features/auth/verification';
import { signupErrorMessage } from '../features/auth/signup-errors';

/** The spec's simple signup: e-mail and password; on success goes to plan selection. */
export function SimpleSignupPage() {
  const navigate = useNavigate();
  const form = useForm({ resolver: zodResolver(simpleSignupForm), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  const [error, setError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setError(null);
    try {
      const fb = await loadFirebase();
      const credential = await fb.createUserWithEmailAndPassword(fb.auth, email, password);
      await fb.sendEmailVerification(credential.user, verificationSettings());
      notify({ type: 'success', title: TEXT.signupMailSent });
      await navigate({ to: '/subscription-select' });
    } catch (e) {
      setError(signupErrorMessage(e));
    }
  });

  return (
    <CenteredCard title="かんたん登録">
      <Stack as="form" gap="4" onSubmit={onSubmit} {...NO_VALIDATE}>
        {error ? <FormAlert status="error" title={error} /> : null}
        <TextField label="メールアドレス" type="email" registration={form.register('email')} error={errors.email?.message} autoComplete="email" />
        <TextField
          label="パスワード"
          type="password"
          registration={form.register('password')}
          error={errors.password?.message}
          helper={TEXT.passwordHint6}
          autoComplete="new-password"
        />
        <Button type="submit" colorPalette="blue" loading={isSubmitting}>
          登録する
        </Button>
        <ChakraLink asChild color="blue.600" textAlign="center" fontSize="sm" minH="11" justifyContent="center">
          <Link to="/login">ログインはこちら</Link>
        </ChakraLink>
      </Stack>
    </CenteredCard>
  );
}

