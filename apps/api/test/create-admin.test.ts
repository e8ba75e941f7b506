import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { emulatorAdmin, emulatorHost, PROJECT_ID, signIn, signUp } from './harness.js';

// `pnpm create-admin` (decision 064): the command itself, run as an operator runs it, against the Auth
// emulator of the tests. An existing account is promoted with its password left alone; only
// --reset-password replaces it.
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);

async function createAdmin(...args: string[]): Promise<string> {
  const { stdout } = await run(path.join(apiDir, 'node_modules/.bin/tsx'), ['src/cli/create-admin.ts', ...args], {
    cwd: apiDir,
    env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(), FIREBASE_PROJECT_ID: PROJECT_ID, FIREBASE_API_KEY: '' },
    timeout: 60_000,
  });
  return stdout;
}

async function isAdmin(localId: string): Promise<boolean> {
  const found = (await emulatorAdmin('accounts:lookup', { localId: [localId] })) as { users?: { customAttributes?: string }[] };
  return JSON.parse(found.users?.[0]?.customAttributes ?? '{}').admin === true;
}

const signsIn = (email: string, password: string) => signIn(email, password).then(
  () => true,
  () => false,
);

describe('pnpm create-admin', () => {
  it('promotes an existing account and leaves its password alone, also when --password is given', async () => {
    const account = await signUp();
    const output = await createAdmin('--email', account.email, '--password', 'another-password-1');
    expect(output).toContain('its password was not changed');
    expect(output).toContain('--reset-password');
    expect(await isAdmin(account.localId)).toBe(true);
    expect(await signsIn(account.email, 'password123')).toBe(true);
    expect(await signsIn(account.email, 'another-password-1')).toBe(false);
  }, 120_000);

  it('replaces an existing account\'s password only with --reset-password (the one given, or a temporary one printed)', async () => {
    const account = await signUp();
    const output = await createAdmin('--email', account.email, '--password', 'another-password-1', '--reset-password');
    expect(output).toContain('its password was reset');
    expect(await isAdmin(account.localId)).toBe(true);
    expect(await signsIn(account.email, 'another-password-1')).toBe(true);
    expect(await signsIn(account.email, 'password123')).toBe(false);

    const temporary = await createAdmin('--email', account.email, '--reset-password');
    const printed = /Temporary password: (\S+)/.exec(temporary)?.[1] ?? '';
    expect(printed.length).toBeGreaterThanOrEqual(8);
    expect(await signsIn(account.email, printed)).toBe(true);
  }, 120_000);

  it('does not promote an account whose address is not verified (its password may be a stranger\'s) unless --reset-password takes it over', async () => {
    const squatter = await signUp({ verified: false });
    const refused = await createAdmin('--email', squatter.email, '--password', 'operator-password-1').then(
      () => null,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain('its address is not verified');
    expect(await isAdmin(squatter.localId)).toBe(false);
    expect(await signsIn(squatter.email, 'password123')).toBe(true);

    const output = await createAdmin('--email', squatter.email, '--password', 'operator-password-1', '--reset-password');
    expect(output).toContain('its password was reset and its sessions ended');
    expect(await isAdmin(squatter.localId)).toBe(true);
    expect(await signsIn(squatter.email, 'password123')).toBe(false);
    expect(await signsIn(squatter.email, 'operator-password-1')).toBe(true);
  }, 120_000);

  it('creates a new account with the password given', async () => {
    const email = `admin-${randomUUID()}@example.com`;
    const output = await createAdmin('--email', email, '--password', 'chosen-password-1');
    expect(output).toContain(`Administrator account created: ${email}`);
    const session = await signIn(email, 'chosen-password-1');
    expect(await isAdmin(session.localId)).toBe(true);
  }, 120_000);
});
