import { ADMIN_TEXT } from '@shunkan/config/admin';
import type { Auth } from 'firebase-admin/auth';
import { AppError } from '../errors.js';

/**
 * Creates an administrator account, or promotes an existing one, in Firebase (custom claim `admin`).
 * The database role follows on the account's next request (resolveSessionUser).
 *
 * An existing account is only promoted, never taken over (decision 060): its password is not replaced
 * (a password sent for it is refused) and its address is not marked verified; an address its holder has
 * not verified is refused, since anyone can sign up with any address and the admin claim would let that
 * account in without verification.
 */
export async function setupAdminAccount(auth: Auth, input: { email: string; password?: string }): Promise<{ created: boolean; uid: string }> {
  const email = input.email.trim().toLowerCase();
  let uid: string;
  let created = false;
  try {
    const existing = await auth.getUserByEmail(email);
    if (input.password) throw new AppError('CONFLICT', ADMIN_TEXT.setupExistingPassword);
    if (!existing.emailVerified) throw new AppError('CONFLICT', ADMIN_TEXT.setupUnverified);
    uid = existing.uid;
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
    const user = await auth.createUser({ email, emailVerified: true, ...(input.password ? { password: input.password } : {}) });
    uid = user.uid;
    created = true;
  }
  const record = await auth.getUser(uid);
  await auth.setCustomUserClaims(uid, { ...(record.customClaims ?? {}), admin: true });
  return { created, uid };
}

/**
 * A password-reset link for an account (the spec's public "emergency reset" with a temporary password
 * becomes this admin-only call): the admin hands the link to the learner; nobody learns a password.
 */
export async function createPasswordResetLink(auth: Auth, email: string, continueUrl?: string): Promise<string | null> {
  try {
    return await auth.generatePasswordResetLink(email.trim().toLowerCase(), continueUrl ? { url: continueUrl } : undefined);
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found' || (error as { code?: string }).code === 'auth/email-not-found') return null;
    throw error;
  }
}
