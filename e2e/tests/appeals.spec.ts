import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { newLearner, uniqueEmail, watchConsole } from './support';

type BankProblem = { japanese: string; answers: string[] };
const bankDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/evaluator/src/bank/data');
const bank = new Map<string, BankProblem>(
  (JSON.parse(readFileSync(path.join(bankDir, 'middle-school.json'), 'utf8')) as BankProblem[]).map((p) => [p.japanese, p] as const),
);

const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9199';
const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-shunkan-test';
const identity = `http://${emulator}/identitytoolkit.googleapis.com/v1`;

async function emulatorCall(route: string, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const response = await fetch(`${identity}/${route}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${route}: ${JSON.stringify(json)}`);
  return json;
}

/** A verified admin account (admin claim) made through the Auth emulator's REST API; returns an ID token. */
async function adminToken(): Promise<string> {
  const email = uniqueEmail('appeal-admin');
  const created = await emulatorCall('accounts:signUp?key=demo-api-key', { email, password: 'password123', returnSecureToken: true });
  await emulatorCall(
    `projects/${projectId}/accounts:update`,
    { localId: created.localId, emailVerified: true, customAttributes: JSON.stringify({ admin: true }) },
    { authorization: 'Bearer owner', 'content-type': 'application/json' },
  );
  return (await emulatorCall('accounts:signInWithPassword?key=demo-api-key', { email, password: 'password123', returnSecureToken: true })).idToken as string;
}

async function currentProblem(page: Page): Promise<BankProblem> {
  const sentence = page.getByTestId('japanese-sentence');
  await expect(sentence).toBeVisible();
  const problem = bank.get((await sentence.textContent()) ?? '');
  if (!problem) throw new Error('problem not in the middle-school bank');
  return problem;
}

async function answer(page: Page, text: string): Promise<void> {
  await page.getByLabel('英訳を入力').fill(text);
  await page.getByRole('button', { name: '回答する' }).click();
  await expect(page.getByTestId('result-card')).toBeVisible();
}

test('a fluent answer outside the lattice: uncertainty note, appeal, an admin accepts, the same answer then gets 5 stars', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await newLearner(page);
  await page.goto('/subscription-select');
  await page.getByRole('button', { name: '7日間無料トライアルを始める' }).click();
  await page.waitForURL('**/payment-success?trial=true');

  await page.goto('/practice/middle-school');
  await page.getByRole('button', { name: '練習を始める' }).click();
  const problem = await currentProblem(page);
  // Correct English with a word no accepted answer has: graded low, honestly flagged.
  const fluent = `Honestly, ${problem.answers[0] ?? ''}`;
  await answer(page, fluent);
  const stars = Number(await page.getByTestId('stars').getAttribute('data-rating'));
  expect(stars).toBeLessThan(5);
  await expect(page.getByTestId('uncertainty-note')).toHaveText('登録されている解答と表現が異なるため、自動採点の確度が低い可能性があります');
  await page.getByRole('button', { name: 'ブックマーク', exact: true }).click();
  await expect(page.getByRole('button', { name: 'ブックマーク済み', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'この答えも正しいはず' }).click();
  await expect(page.getByTestId('appeal-status')).toContainText('確認待ち');
  await expect(page.getByTestId('appeal-status')).toContainText('再確認しました。管理者が確認します。');

  // The admin decides through admin.appeals.list / admin.appeals.decide.
  const token = await adminToken();
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  expect((await page.request.get('/api/auth/user', { headers })).status()).toBe(200);
  const listed = await page.request.get(`/api/trpc/admin.appeals.list?input=${encodeURIComponent(JSON.stringify({ status: 'pending' }))}`, { headers });
  expect(listed.status()).toBe(200);
  const items = ((await listed.json()) as { result: { data: { items: { id: string; answer: string; japanese: string }[] } } }).result.data.items;
  const appeal = items.find((a) => a.answer === fluent && a.japanese === problem.japanese);
  expect(appeal).toBeDefined();
  const decided = await page.request.post('/api/trpc/admin.appeals.decide', { headers, data: JSON.stringify({ appealId: appeal?.id, decision: 'accept' }) });
  expect(decided.status()).toBe(200);
  expect(((await decided.json()) as { result: { data: { regradedRating: number } } }).result.data.regradedRating).toBe(5);

  // History shows the regraded attempt and the accepted appeal.
  await page.goto('/my-page');
  const item = page.getByTestId('history-section').getByTestId('session-item').first();
  await expect(item).toContainText(problem.japanese);
  await expect(item.getByTestId('appeal-state')).toHaveText('申し立て: 正解として登録されました');
  await expect(item.getByTestId('stars')).toHaveAttribute('data-rating', '5');

  // The bookmarked problem comes back in review: the same answer now gets 5 stars.
  await page.goto('/');
  await page.getByRole('link', { name: '復習する' }).click();
  await page.getByRole('button', { name: '練習を始める' }).click();
  await expect(page.getByTestId('review-badge')).toBeVisible();
  expect((await currentProblem(page)).japanese).toBe(problem.japanese);
  await answer(page, fluent);
  await expect(page.getByTestId('stars')).toHaveAttribute('data-rating', '5');
  await expect(page.getByTestId('uncertainty-note')).toHaveCount(0);
  expect(errors).toEqual([]);
});
