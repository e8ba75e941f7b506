import { zodResolver } from '@hookform/resolvers/zod';
import { signupForm } from '@shunkan/config/forms';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { EmulatorMailbox } from './emulator-mailbox';
import { FormAlert } from './form-alert';
import type { FormKit } from './lazy-form';
import { signupErrorMessage } from './signup-errors';

export type SignupValues = z.output<typeof signupForm>;

/**
 * What the signup form loads when the visitor first focuses or submits it (features/auth/lazy-form.tsx,
 * decision 039): the form library with the spec's rules, and what only a used form shows (its error,
 * the sent-mail notice, the emulator's mailbox).
 */
export const signupKit = {
  useForm: useForm<SignupValues>,
  options: { resolver: zodResolver(signupForm) },
  signupErrorMessage,
  FormAlert,
  EmulatorMailbox,
} satisfies FormKit<SignupValues> & Record<string, unknown>;

export type SignupKit = typeof signupKit;
