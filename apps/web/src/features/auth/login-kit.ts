import { zodResolver } from '@hookform/resolvers/zod';
import { loginForm } from '@shunkan/config/forms';
import { TEXT } from '@shunkan/config/texts';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { authErrorMessage } from '../../lib/auth-errors';
import { EmulatorMailbox } from './emulator-mailbox';
import { FormAlert } from './form-alert';
import type { FormKit } from './lazy-form';

export type LoginValues = z.output<typeof loginForm>;

/**
 * What the e-mail login form loads when the visitor first focuses or submits it (features/auth/lazy-form.tsx):
 * the form library with the spec's rules, and what only a used form shows (its error, the emulator's mailbox).
 */
export const loginKit = {
  useForm: useForm<LoginValues>,
  options: { resolver: zodResolver(loginForm) },
  TEXT,
  authErrorMessage,
  FormAlert,
  EmulatorMailbox,
} satisfies FormKit<LoginValues> & Record<string, unknown>;

export type LoginKit = typeof loginKit;
