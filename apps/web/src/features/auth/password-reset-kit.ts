import { zodResolver } from '@hookform/resolvers/zod';
import { newPasswordForm, passwordResetForm } from '@shunkan/config/forms';
import { TEXT } from '@shunkan/config/texts';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { authErrorMessage } from '../../lib/auth-errors';
import { EmulatorMailbox } from './emulator-mailbox';
import { FormAlert } from './form-alert';
import type { FormKit } from './lazy-form';

export type PasswordResetValues = z.output<typeof passwordResetForm>;
export type NewPasswordValues = z.output<typeof newPasswordForm>;

/**
 * What the reset-mail request form (/password-reset) loads when the visitor first focuses or submits it
 * (features/auth/lazy-form.tsx, decision 044): the form library with the spec's rules, and what only a
 * used form shows (the sent notice, the emulator's mailbox, the auth error texts).
 */
export const passwordResetKit = {
  useForm: useForm<PasswordResetValues>,
  options: { resolver: zodResolver(passwordResetForm) },
  TEXT,
  authErrorMessage,
  FormAlert,
  EmulatorMailbox,
} satisfies FormKit<PasswordResetValues> & Record<string, unknown>;

export type PasswordResetKit = typeof passwordResetKit;

/** The same for the new-password form of a recovery link (/reset-password). */
export const newPasswordKit = {
  useForm: useForm<NewPasswordValues>,
  options: { resolver: zodResolver(newPasswordForm) },
  authErrorMessage,
} satisfies FormKit<NewPasswordValues> & Record<string, unknown>;

export type NewPasswordKit = typeof newPasswordKit;
