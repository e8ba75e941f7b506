/**
 * Creates (or promotes) an administrator account: `pnpm create-admin --email a@b.jp [--password ...]`.
 * Replaces the spec's public admin-setup page. Only Firebase is touched (custom claim `admin`); the
 * database role follows on the account's next request, so this is safe while the server is running.
 */
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { createFirebaseVerifier } from '@shunkan/api-router/services/auth';

const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' } },
});

const email = values.email?.trim().toLowerCase();
if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) {
  console.error('Usage: pnpm create-admin --email admin@example.com [--password <8+ chars>]');
  process.exit(2);
}
if (values.password !== undefined && values.password.length < 8) {
  console.error('パスワードは8文字以上で設定してください');
  process.exit(2);
}

const isEmulator = !process.env.FIREBASE_API_KEY;
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? (isEmulator ? '127.0.0.1:9099' : undefined);
const { auth } = createFirebaseVerifier({
  projectId: process.env.FIREBASE_PROJECT_ID ?? 'demo-shunkan',
  emulatorHost,
  serviceAccountJson: process.env.FIREBASE_SERVICE_ACCOUNT,
});

const password = values.password ?? randomBytes(9).toString('base64url');
let uid: string;
try {
  const existing = await auth.getUserByEmail(email);
  uid = existing.uid;
  if (values.password) await auth.updateUser(uid, { password, emailVerified: true });
  else await auth.updateUser(uid, { emailVerified: true });
  console.log(`Existing account ${email} promoted to administrator.`);
} catch (error) {
  if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
  const created = await auth.createUser({ email, password, emailVerified: true });
  uid = created.uid;
  console.log(`Administrator account created: ${email}`);
  if (!values.password) console.log(`Temporary password: ${password}  (change it after the first login)`);
}
await auth.setCustomUserClaims(uid, { admin: true });
console.log(emulatorHost ? `(Firebase Auth emulator at ${emulatorHost})` : '(real Firebase project)');
process.exit(0);
