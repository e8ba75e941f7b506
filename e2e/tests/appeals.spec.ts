import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { checkScreen, emulatorFetch, logIn, newLearner, uniqueEmail, watchConsole } from './support';

type BankProblem = { japanese: string; answers: string[] };
const bankDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/evaluator/src/bank/data');
const bank = new Map<string, BankProblem>(
  (JSON.parse(readFileSync(path.join(bankDir, 'middle-school.json'), 'utf8')) as BankProblem[]).map((p) => [p.japanese, p] as const),
);

const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9199';
const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-shunkan-test';
const identity = `http://${emulator}/identitytoolkit.googleapis.com/v1`;

async function emulatorCall(route: string, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const response = await emulatorFetch(`${identity}/${route}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${route}: ${JSON.stringify(json)}`);
  return json;
}

/** A verified admin account (admin claim) made through the Auth emulator's REST API, signed in on its own page. */
async function adminPage(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const email = uniqueEmail('appeal-admin');
  const created = await emulatorCall('accounts:signUp?key=demo-api-key', { email, password: 'password123', returnSecureToken: true });
  await emulatorCall(
    `projects/${projectId}/accounts:update`,
    { localId: created.localId, emailVerified: true, customAttributes: JSON.stringify({ admin: true }) },
    { authorization: 'Bearer owner', 'content-type': 'application/json' },
  );
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, email);
  await page.waitForURL((url) => url.pathname === '/');
  return { page, close: () => context.close() };
}

/** A learner on a trial, answering one middle-school problem with a fluent sentence the lattice does not cover. */
type Appealed = { problem: BankProblem; fluent: string; stars: number; feedback: string };

async function appealFluentAnswer(page: Page, options: { opener: string; bookmark?: boolean }): Promise<Appealed> {
  await newLearner(page);
  await page.goto('/subscription-select');
  await page.getByRole('button', { name: '7日間無料トライアルを始める' }).click();
  await page.waitForURL('**/payment-success?trial=true');
  await page.goto('/practice/middle-school');
  await page.getByRole('button', { name: '練習を始める' }).click();
  const problem = await currentProblem(page);
  // Correct English with a word no accepted answer has: graded low, honestly flagged. Each test has its
  // own opener, so that a sentence another test had accepted never meets this one.
  const fluent = `${options.opener}, ${problem.answers[0] ?? ''}`;
  await answer(page, fluent);
  const stars = Number(await page.getByTestId('stars').getAttribute('data-rating'));
  expect(stars).toBeLessThan(5);
  await expect(page.getByTestId('uncertainty-note')).toHaveText('登録されている解答と表現が異なるため、自動採点の確度が低い可能性があります');
  // The feedback the learner was given: kept with the appeal, shown again once it is regraded.
  const feedback = ((await page.getByTestId('feedback').textContent()) ?? '').trim();
  expect(feedback).not.toBe('');
  if (options.bookmark) {
    await page.getByRole('button', { name: 'ブックマーク', exact: true }).click();
    await expect(page.getByRole('button', { name: 'ブックマーク済み', exact: true })).toBeVisible();
  }
  await page.getByRole('button', { name: 'この答えも正しいはず' }).click();
  await expect(page.getByTestId('appeal-status')).toContainText('確認待ち');
  await expect(page.getByTestId('appeal-status')).toContainText('再確認しました。管理者が確認します。');
  return { problem, fluent, stars, feedback };
}

/** The admin's queue card of this answer, checked against the problem and the learner's verdict. */
async function queuedCard(admin: Page, item: Appealed) {
  await admin.goto('/admin?tab=appeals');
  await expect(admin.getByTestId('admin-tabs').getByRole('tab', { name: /申し立て/ })).toHaveAttribute('aria-selected', 'true');
  await expect(admin.getByTestId('appeals-pending-count')).toBeVisible();
  const card = admin.getByTestId('appeal-card').filter({ has: admin.getByTestId('appeal-answer').getByText(item.fluent, { exact: true }) });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('appeal-status-label')).toHaveText('確認待ち');
  await expect(card.getByTestId('appeal-japanese')).toContainText(item.problem.japanese);
  await expect(card.getByTestId('appeal-model-answer')).toContainText(item.problem.answers[0] ?? '');
  await expect(card.getByTestId('appeal-problem-id')).toHaveText(/^middle-school-/);
  await expect(card.getByTestId('appeal-verdict').getByTestId('stars')).toHaveAttribute('data-rating', String(item.stars));
  await expect(card.getByTestId('appeal-low-confidence')).toBeVisible();
  await expect(card.getByTestId('appeal-feedback')).toHaveText(item.feedback);
  await expect(card.getByTestId('appeal-regraded-verdict')).toHaveCount(0);
  return card;
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

test('a fluent answer outside the lattice: uncertainty note, appeal, an admin accepts it in the queue, the same answer then gets 5 stars', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const errors = watchConsole(page);
  const item = await appealFluentAnswer(page, { opener: 'Honestly', bookmark: true });
  const { problem, fluent } = item;

  // The admin accepts it in the appeal queue of the dashboard.
  const admin = await adminPage(browser);
  const adminErrors = watchConsole(admin.page);
  try {
    const card = await queuedCard(admin.page, item);
    // Decision 056: the solid green 正解として登録 was white on green.600 (3.3:1), and the pending count
    // white on orange.500; the queue with a card in it is checked for contrast here.
    const contrast = await new AxeBuilder({ page: admin.page }).withRules(['color-contrast']).analyze();
    expect(contrast.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
    await card.getByRole('button', { name: '正解として登録' }).click();
    await expect(admin.page.getByText('正解として登録しました', { exact: true })).toBeVisible();
    await expect(admin.page.getByText(`${fluent}（再採点: 星5つ）`)).toBeVisible();
    await expect(card).toHaveCount(0);
    await admin.page.getByRole('button', { name: /^判定済み/ }).click();
    const decided = admin.page.getByTestId('appeal-card').filter({ has: admin.page.getByTestId('appeal-answer').getByText(fluent, { exact: true }) });
    await expect(decided.getByTestId('appeal-status-label')).toHaveText('正解として登録されました');
    // Both grades: the one the learner appealed (kept through the regrade) and the regraded one.
    await expect(decided.getByTestId('appeal-verdict').getByText('申し立て前の採点', { exact: true })).toBeVisible();
    await expect(decided.getByTestId('appeal-verdict').getByTestId('stars')).toHaveAttribute('data-rating', String(item.stars));
    await expect(decided.getByTestId('appeal-feedback')).toHaveText(item.feedback);
    await expect(decided.getByTestId('appeal-low-confidence')).toBeVisible();
    await expect(decided.getByTestId('appeal-regraded')).toHaveText('再採点: 星5つ');
    await expect(decided.getByTestId('appeal-regraded-verdict').getByTestId('stars')).toHaveAttribute('data-rating', '5');
    expect(adminErrors).toEqual([]);
  } finally {
    await admin.close();
  }

  // History shows the regraded attempt and the accepted appeal.
  await page.goto('/my-page');
  const history = page.getByTestId('history-section').getByTestId('session-item').first();
  await expect(history).toContainText(problem.japanese);
  await expect(history.getByTestId('appeal-state')).toHaveText('申し立て: 正解として登録されました');
  await expect(history.getByTestId('session-rating').getByTestId('stars')).toHaveAttribute('data-rating', '5');
  // The grade the learner had been given is still there, beside the regraded one.
  await expect(history.getByTestId('appeal-original').getByText('申し立て前の採点', { exact: true })).toBeVisible();
  await expect(history.getByTestId('appeal-original').getByTestId('stars')).toHaveAttribute('data-rating', String(item.stars));
  await expect(history.getByTestId('appeal-original-feedback')).toHaveText(item.feedback);
  await expect(history.getByTestId('appeal-regraded').getByTestId('stars')).toHaveAttribute('data-rating', '5');
  await checkScreen(page, 'history with an accepted appeal, on a phone');

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

test('an admin rejects an appeal in the queue: the grade stays and the learner sees the outcome', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const errors = watchConsole(page);
  const item = await appealFluentAnswer(page, { opener: 'Frankly' });

  const admin = await adminPage(browser);
  const adminErrors = watchConsole(admin.page);
  try {
    const card = await queuedCard(admin.page, item);
    await card.getByRole('button', { name: '却下' }).click();
    await expect(admin.page.getByText('申し立てを却下しました', { exact: true })).toBeVisible();
    await expect(card).toHaveCount(0);
    await admin.page.getByRole('button', { name: /^判定済み/ }).click();
    const decided = admin.page.getByTestId('appeal-card').filter({ has: admin.page.getByTestId('appeal-answer').getByText(item.fluent, { exact: true }) });
    await expect(decided.getByTestId('appeal-status-label')).toHaveText('確認の結果、登録されませんでした');
    await expect(decided.getByTestId('appeal-verdict').getByTestId('stars')).toHaveAttribute('data-rating', String(item.stars));
    await expect(decided.getByTestId('appeal-regraded')).toHaveCount(0);
    await expect(decided.getByTestId('appeal-feedback')).toHaveText(item.feedback);
    expect(adminErrors).toEqual([]);
  } finally {
    await admin.close();
  }

  await page.goto('/my-page');
  const history = page.getByTestId('history-section').getByTestId('session-item').first();
  await expect(history).toContainText(item.problem.japanese);
  await expect(history.getByTestId('appeal-state')).toHaveText('申し立て: 確認の結果、登録されませんでした');
  await expect(history.getByTestId('session-rating').getByTestId('stars')).toHaveAttribute('data-rating', String(item.stars));
  await expect(history.getByTestId('appeal-grades')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('an appeal of a sentence accepted meanwhile settles at once: the result card shows the grade appealed and the regraded one', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const errors = watchConsole(page);
  const item = await appealFluentAnswer(page, { opener: 'Truly', bookmark: true });

  // The same sentence again, in review, before an admin has looked at the first appeal: graded low again.
  await page.goto('/');
  await page.getByRole('link', { name: '復習する' }).click();
  await page.getByRole('button', { name: '練習を始める' }).click();
  await expect(page.getByTestId('review-badge')).toBeVisible();
  expect((await currentProblem(page)).japanese).toBe(item.problem.japanese);
  await answer(page, item.fluent);
  const again = Number(await page.getByTestId('stars').getAttribute('data-rating'));
  expect(again).toBeLessThan(5);

  const admin = await adminPage(browser);
  try {
    const card = await queuedCard(admin.page, item);
    await card.getByRole('button', { name: '正解として登録' }).click();
    await expect(admin.page.getByText('正解として登録しました', { exact: true })).toBeVisible();
  } finally {
    await admin.close();
  }

  // The sentence is an accepted answer now: appealing the second attempt settles at once.
  await page.getByRole('button', { name: 'この答えも正しいはず' }).click();
  const status = page.getByTestId('appeal-status');
  await expect(status).toContainText('正解として登録されました');
  await expect(status.getByTestId('appeal-original').getByTestId('stars')).toHaveAttribute('data-rating', String(again));
  await expect(status.getByTestId('appeal-regraded').getByText('再採点', { exact: true })).toBeVisible();
  await expect(status.getByTestId('appeal-regraded').getByTestId('stars')).toHaveAttribute('data-rating', '5');
  await checkScreen(page, 'result card of an appeal settled at once, on a phone');

  await page.goto('/my-page');
  const latest = page.getByTestId('history-section').getByTestId('session-item').first();
  await expect(latest.getByTestId('appeal-state')).toHaveText('申し立て: 正解として登録されました');
  await expect(latest.getByTestId('session-rating').getByTestId('stars')).toHaveAttribute('data-rating', '5');
  await expect(latest.getByTestId('appeal-original').getByTestId('stars')).toHaveAttribute('data-rating', String(again));
  await expect(latest.getByTestId('appeal-original-feedback')).toHaveText(item.feedback);
  expect(errors).toEqual([]);
});
