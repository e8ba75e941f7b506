import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9199';
const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-shunkan-test';
export const PASSWORD = 'password123';

export function uniqueEmail(prefix = 'learner'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Fails the test on any console error or uncaught exception in the page. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return errors;
}

/** The newest e-mail action code the emulator "sent" to an address. */
export async function latestOobCode(email: string, type: 'VERIFY_EMAIL' | 'PASSWORD_RESET'): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const response = await fetch(`http://${emulator}/emulator/v1/projects/${projectId}/oobCodes`);
    const body = (await response.json()) as { oobCodes?: Array<{ email: string; oobCode: string; requestType: string }> };
    const code = (body.oobCodes ?? []).filter((c) => c.email === email && c.requestType === type).at(-1);
    if (code) return code.oobCode;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${type} code for ${email}`);
}

export async function signUpThroughUi(page: Page, email: string): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(PASSWORD);
  await page.getByLabel('パスワード（確認）').fill(PASSWORD);
  await page.getByText('利用規約に同意します', { exact: true }).click();
  await page.getByText('プライバシーポリシーに同意します', { exact: true }).click();
  await page.getByRole('button', { name: 'アカウントを作成' }).click();
  await expect(page.getByText('認証メールを送信しました。メール内のリンクをクリックして認証を完了してください。')).toBeVisible();
}

export async function confirmEmail(page: Page, email: string): Promise<void> {
  const code = await latestOobCode(email, 'VERIFY_EMAIL');
  await page.goto(`/confirm?mode=verifyEmail&oobCode=${encodeURIComponent(code)}`);
  await expect(page.getByText('メールアドレスの確認が完了しました')).toBeVisible();
  await page.waitForURL('**/subscription-select');
}

export async function logIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード').fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

/** A confirmed learner, signed in, through the real screens. */
export async function newLearner(page: Page): Promise<string> {
  const email = uniqueEmail();
  await signUpThroughUi(page, email);
  await confirmEmail(page, email);
  await logIn(page, email);
  await page.waitForURL((url) => url.pathname === '/');
  return email;
}
