/**
 * Creates (or promotes) an administrator account:
 * `pnpm create-admin --email a@b.jp [--password ...] [--reset-password]`.
 * Replaces the spec's public admin-setup page. Only Firebase is touched (custom claim `admin`); the
 * database role follows on the account's next request, so this is safe while the server is running.
 *
 * `--password` is the password of an account this command creates. An account that already exists is
 * promoted with its password left alone (decision 064: it used to be reset silently, locking its owner
 * out); only `--reset-password` replaces it, with `--password` or a temporary one printed here, and ends
 * its sessions. An existing account whose address is not verified is not promoted without
 * `--reset-password`: its password may be a stranger's who signed up with the address.
 */
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { createFirebaseVerifier } from '@shunkan/api-router/services/auth';

const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, 'reset-password': { type: 'boolean', default: false } },
});

const email = values.email?.trim().toLowerCase();
if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) {
  console.error('Usage: pnpm create-admin --email admin@example.com [--password <8+ chars>] [--reset-password]');
  console.error('  --password        the password of a new account (an existing account keeps its own)');
  console.error("  --reset-password  also replace an existing account's password (with --password, or a temporary one)");
  process.exit(2);
}
if (values.password !== undefined && values.password.length < 8) {
  console.error('パスワードは8文字以上で設定してください');
  process.exit(2);
}

const isEmulator = !process.env.FIREBASE_API_KEY;
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? (isEmulator ? '127.0.0.1:9099' : undefined);
if (emulatorHost) await requireEmulator(emulatorHost);
const { auth } = createFirebaseVerifier({
  projectId: process.env.FIREBASE_PROJECT_ID ?? 'demo-shunkan',
  emulatorHost,
  serviceAccountJson: process.env.FIREBASE_SERVICE_ACCOUNT,
});

/**
 * The emulator must answer where this command looks for it: without this check an emulator on another
 * port (or none) gives firebase-admin's bare network error, which does not say what to set.
 */
async function requireEmulator(hostPort: string): Promise<void> {
  try {
    await fetch(`http://${hostPort}/`, { signal: AbortSignal.timeout(3000) });
  } catch {
    const fromEnv = Boolean(process.env.FIREBASE_AUTH_EMULATOR_HOST);
    console.error(
      [
        `No Firebase Auth emulator answers at ${hostPort}${fromEnv ? ' (FIREBASE_AUTH_EMULATOR_HOST)' : ' (the default; FIREBASE_AUTH_EMULATOR_HOST is not set)'}.`,
        '- Start the product first (`pnpm start`), which starts the emulator, and keep it running.',
        '- If it runs the emulator elsewhere, give this command the same address, e.g.',
        '    FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9199 pnpm create-admin --email admin@example.com',
        '  (`pnpm start` prints the address it uses: "Starting the Firebase Auth emulator on …").',
        '- For a real Firebase project set FIREBASE_API_KEY and FIREBASE_SERVICE_ACCOUNT instead (and no FIREBASE_AUTH_EMULATOR_HOST).',
      ].join('\n'),
    );
    process.exit(1);
  }
}

const password = values.password ?? randomBytes(9).toString('base64url');
const resetPassword = values['reset-password'];
let uid: string;
let existing: { uid: string; emailVerified: boolean } | null = null;
try {
  existing = await auth.getUserByEmail(email);
} catch (error) {
  if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
}
if (existing && !existing.emailVerified && !resetPassword) {
  // Anyone can sign up with an address they do not own; its password is theirs. Promoting that account
  // with its password kept would hand the administrator role to them (setupAdmin refuses it too).
  console.error(
    [
      `The account ${email} exists but its address is not verified: whoever created it may not own the address.`,
      'Nothing was changed. If it is your own account, verify its address first and run this again;',
      'otherwise add --reset-password to take the account over with a new password (its sessions are ended).',
    ].join('\n'),
  );
  process.exit(1);
}
if (existing) {
  uid = existing.uid;
  if (resetPassword) {
    await auth.updateUser(uid, { password, emailVerified: true });
    // Sessions signed in with the old password end (their refresh tokens are revoked).
    await auth.revokeRefreshTokens(uid);
    console.log(`Existing account ${email} promoted to administrator; its password was reset and its sessions ended.`);
    if (!values.password) console.log(`Temporary password: ${password}  (change it after the first login)`);
  } else {
    console.log(`Existing account ${email} promoted to administrator; its password was not changed.`);
    if (values.password) console.log('(--password is for a new account; add --reset-password to replace the password of this one.)');
  }
} else {
  const created = await auth.createUser({ email, password, emailVerified: true });
  uid = created.uid;
  console.log(`Administrator account created: ${email}`);
  if (!values.password) console.log(`Temporary password: ${password}  (change it after the first login)`);
}
await auth.setCustomUserClaims(uid, { admin: true });
console.log(emulatorHost ? `(Firebase Auth emulator at ${emulatorHost})` : '(real Firebase project)');
process.exit(0);
