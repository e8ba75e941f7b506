import { TEXT } from '@shunkan/config/texts';
import { authErrorMessage, isAlreadyRegistered } from '../../lib/auth-errors';

export function signupErrorMessage(error: unknown): string {
  if (isAlreadyRegistered(error)) return TEXT.alreadyRegistered;
  const message = authErrorMessage(error, '');
  return message ? `${TEXT.signupFailedPrefix}${message}` : TEXT.accountCreationFailed;
}
