// What the eighth walk of the spec found (docs/decisions/075-eighth-walk.md): a double click sent a
// mutation twice (the trial then said it was already used, a scenario was made twice), and focus fell
// to the page's top after a failed answer, an appeal, a problem that could not be fetched, a scenario
// made or deleted, a plan change, an appeal decided and a user deleted; my page's 復習 and カスタムシナリオ stayed blank when the
// subscription record could not be read.
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedAccount, logIn, uniqueEmail, watchConsole, payInSandbox } from './support';

/** Every tRPC call the page sends (a batch counts each procedure in it). */
function countCalls(page: Page): Map<string, number> {
  const calls = new Map<string, number>();
  page.on('request', (request) => {
    const match = /\/api\/trpc\/([^?]+)/.exec(request.url());
    if (!match?.[1]) return;
    for (const procedure of match[1].split(',')) calls.set(procedure, (calls.get(procedure) ?? 0) + 1);
  });
  return calls;
}

/** A signed-in learner on the 7-day trial (premium features), started by a double click. */
async function trialLearner(page: Page, calls: Map<string, number>): Promise<string> {
  const email = uniqueEmail('walk8');
  await createVerifiedAccount(email);
  await logIn(page, email);
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/subscription-select');
  await page.getByRole('button', { name: '7日間無料トライアルを始める' }).dblclick();
  await page.waitForURL('**/payment-success?trial=true');
  await expect(page.getByText('7日間無料トライアルが開始されました')).toBeVisible();
  // The second click used to start the trial again, and the page said 「無料トライアルはすでにご利用済みです。」.
  await page.waitForTimeout(500);
  expect(calls.get('billing.startTrial')).toBe(1);
  await expect(page.getByText('無料トライアルはすでにご利用済みです。')).toHaveCount(0);
  return email;
}

/** Answers a tRPC procedure with a proxy's 503 page while `down()` says so. */
async function failWhile(page: Page, procedure: string, down: () => boolean): Promise<void> {
  await page.route(`**/api/trpc/*${procedure}*`, (route) =>
    down() ? route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>503 Service Temporarily Unavailable</h1>' }) : route.continue(),
  );
}

test('double clicks act once, and a scenario made or deleted keeps focus in its section', async ({ page }) => {
  const calls = countCalls(page);
  await trialLearner(page, calls);

  await page.goto('/my-page');
  const section = page.getByTestId('scenario-section');
  await section.getByLabel('タイトル').fill('空港でのチェックイン');
  await section.getByLabel('場面の説明').fill('荷物を預ける会話');
  const create = section.getByRole('button', { name: '作成する' });
  await create.dblclick();
  await expect(section.getByTestId('scenario-item')).toHaveCount(1);
  await page.waitForTimeout(500);
  expect(calls.get('scenarios.create')).toBe(1);
  await expect(section.getByTestId('scenario-item')).toHaveCount(1);
  // The form is emptied in place and its button keeps focus (it was remounted: focus fell to <body>).
  await expect(section.getByLabel('タイトル')).toHaveValue('');
  await expect(create).toBeFocused();

  await section.getByRole('button', { name: '削除', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: '削除する' }).dblclick();
  await expect(section.getByTestId('scenario-empty')).toBeVisible();
  expect(calls.get('scenarios.delete')).toBe(1);
  // Not <body>: the deleted card's 削除 is gone, focus is at the top of the scenario section.
  await expect(page.locator('#scenario-intro')).toBeFocused();
});

test('practice: a failed answer gives focus back to 回答する, an appeal and a failed start take it; so do the admin queue and users list', async ({ page, browser }) => {
  const errors = watchConsole(page);
  const calls = countCalls(page);
  const learnerEmail = await trialLearner(page, calls);
  let down = true;
  await failWhile(page, 'practice.nextProblem', () => down);
  await failWhile(page, 'practice.evaluate', () => down);

  await page.goto('/practice/basic-verbs');
  await page.getByRole('button', { name: '練習を始める' }).click();
  await expect(page.getByText('問題の生成に失敗しました。')).toBeVisible();
  await expect(page.getByRole('button', { name: '最初から' })).toBeFocused();

  down = false;
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: '練習を始める' }).click();
  await expect(page.getByLabel('英訳を入力')).toBeFocused();
  await page.getByLabel('英訳を入力').fill('I do not know.');
  down = true;
  const answer = page.getByRole('button', { name: '回答する' });
  await answer.click();
  await expect(page.getByRole('alert').filter({ hasText: '評価に失敗しました。 もう一度お試しください。' })).toBeVisible();
  await expect(page.getByLabel('英訳を入力')).toHaveValue('I do not know.');
  await expect(answer).toBeFocused();

  down = false;
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: '次の問題' })).toBeFocused();
  await page.getByRole('button', { name: 'この答えも正しいはず' }).click();
  // The status replaces the button that had focus, and takes it.
  await expect(page.getByTestId('appeal-status')).toBeFocused();
  await expect(page.getByTestId('appeal-status')).toContainText('再確認しました。管理者が確認します。');
  expect(calls.get('practice.evaluate')).toBe(2);
  expect(errors.filter((e) => !e.includes('503'))).toEqual([]);

  // The admin decides the appeal, then deletes the learner: the card and the row go, focus stays in the list.
  const adminEmail = uniqueEmail('walk8-admin');
  await createVerifiedAccount(adminEmail, { admin: true });
  const admin = await browser.newPage();
  await logIn(admin, adminEmail);
  await admin.waitForURL((url) => url.pathname === '/');
  await admin.goto('/admin?tab=appeals');
  const card = admin.getByTestId('appeal-card').filter({ hasText: learnerEmail });
  await card.getByRole('button', { name: '却下' }).click();
  await expect(card).toHaveCount(0);
  await expect(admin.locator('[data-testid="appeal-card"]:focus, #appeals-total:focus')).toHaveCount(1);

  await admin.goto('/admin?tab=users');
  await admin.getByLabel('メールアドレスで検索').fill(learnerEmail);
  await admin.getByRole('button', { name: '検索' }).click();
  await expect(admin.getByTestId('users-total')).toHaveText(/^1人中/);
  await admin.getByTestId('user-delete').first().click();
  await admin.getByRole('alertdialog').getByRole('button', { name: '削除する' }).click();
  await expect(admin.getByTestId('users-total')).toHaveText(/^0人中/);
  await expect(admin.getByTestId('users-total')).toBeFocused();
  await admin.close();
});

test('my page: a plan change moves focus to the current plan; sections say when the record cannot be read', async ({ page }) => {
  const calls = countCalls(page);
  const email = uniqueEmail('walk8-paid');
  await createVerifiedAccount(email);
  await logIn(page, email);
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/checkout?plan=standard');
  await payInSandbox(page);
  await page.waitForURL((url) => url.pathname === '/payment-success');

  await page.goto('/my-page');
  const currentPlan = page.getByTestId('current-plan');
  await page.getByRole('button', { name: '年間プランに変更する' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '変更する' }).dblclick();
  await expect(page.getByTestId('current-plan-name')).toHaveText('スタンダード年間');
  expect(calls.get('billing.upgradeToYearly')).toBe(1);
  // The yearly card and its button are gone: focus is on the plan it changed, not on <body>.
  await expect(currentPlan).toBeFocused();

  await page.getByRole('button', { name: '解約する' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '解約する' }).click();
  await expect(page.getByTestId('cancel-notice')).toBeVisible();
  await expect(currentPlan).toBeFocused();
  await page.getByRole('button', { name: '解約を取り消す' }).click();
  await expect(page.getByTestId('cancel-notice')).toHaveCount(0);
  await expect(currentPlan).toBeFocused();

  // The subscription record cannot be read: every section says so (復習 and カスタムシナリオ stayed blank).
  await failWhile(page, 'subscription.current', () => true);
  await page.reload();
  await expect(page.getByTestId('review-section').getByRole('alert')).toHaveText('読み込みに失敗しました。');
  await expect(page.getByTestId('scenario-section').getByRole('alert')).toHaveText('読み込みに失敗しました。');
});

test('a reload mid-problem shows the same problem and the typed answer, and costs no problem of the day', async ({ page }) => {
  const calls = countCalls(page);
  await trialLearner(page, calls);
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto('/practice/middle-school');
  await page.getByRole('button', { name: '練習を始める' }).click();
  const sentence = page.getByTestId('japanese-sentence');
  const shown = (await sentence.textContent()) ?? '';
  // 99 / 100 for a trial; the browser-test server gives a trial 6 a day (scripts/test.mjs).
  const quota = page.getByText(/^今日の残り \d+ \/ \d+ 問$/);
  await expect(quota).toHaveText(/^今日の残り (99 \/ 100|5 \/ 6) 問$/);
  const left = (await quota.textContent()) ?? '';
  await page.getByLabel('英訳を入力').fill('I have never');

  // A phone's pull-to-refresh: it was back to 練習を始める, the answer gone and a problem of the day spent.
  await page.reload();
  await expect(sentence).toHaveText(shown);
  await expect(page.getByLabel('英訳を入力')).toHaveValue('I have never');
  await expect(quota).toHaveText(left);

  // My page and back (the browser's back button): still the same problem.
  await page.getByRole('link', { name: 'マイページ' }).click();
  await page.waitForURL('**/my-page');
  await page.goBack();
  await expect(sentence).toHaveText(shown);
  await expect(page.getByLabel('英訳を入力')).toHaveValue('I have never');

  // Answered: a reload shows the start card, as before.
  await page.getByLabel('英訳を入力').fill('I have never been on a plane.');
  await page.getByRole('button', { name: '回答する' }).click();
  await expect(page.getByRole('button', { name: '次の問題' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: '練習を始める' })).toBeVisible();

  // 戻る leaves the problem: the level starts afresh.
  await page.getByRole('button', { name: '練習を始める' }).click();
  await expect(quota).not.toHaveText(left);
  await page.getByRole('button', { name: '戻る' }).first().click();
  await page.goto('/practice/middle-school');
  await expect(page.getByRole('button', { name: '練習を始める' })).toBeVisible();
});

test('the plan modal: the confirmation takes focus, 戻る gives it to the plan chosen (it fell behind the dialog)', async ({ page, context }) => {
  const email = uniqueEmail('walk8-modal');
  await createVerifiedAccount(email);
  await logIn(page, email);
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/my-page');
  await page.getByRole('button', { name: 'プランを申し込む（新しいタブ）' }).click();
  const dialog = page.getByRole('dialog');
  const choose = dialog.getByTestId('modal-plan-standard').getByRole('button', { name: '選択する' });
  const [tab] = await Promise.all([context.waitForEvent('page'), choose.dblclick()]);
  await expect(dialog.getByTestId('checkout-opened')).toBeFocused();
  await expect(dialog.getByTestId('checkout-opened')).toContainText('新しいタブで決済画面を開きました');
  expect(context.pages()).toHaveLength(2);
  await tab.close();
  await dialog.getByRole('button', { name: '戻る' }).click();
  await expect(choose).toBeFocused();
});

test('the daily limit: レベル選択に戻る takes focus (次の問題, which had it, is gone)', async ({ page }) => {
  // The browser-test server runs with DAILY_LIMIT_TRIAL=6 (scripts/test.mjs).
  await trialLearner(page, countCalls(page));
  await page.goto('/practice/toeic');
  await page.getByRole('button', { name: '練習を始める' }).click();
  for (let n = 1; n <= 6; n += 1) {
    await expect(page.getByLabel('英訳を入力')).toBeFocused();
    await page.getByLabel('英訳を入力').fill('I get it.');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: '次の問題' })).toBeFocused();
    await page.keyboard.press('Enter');
  }
  await expect(page.getByText('今日の学習は完了です')).toBeVisible();
  await expect(page.getByRole('button', { name: 'レベル選択に戻る' })).toBeFocused();
});

test('decorative icons are no unnamed images for a screen reader (the select chevron, the alert icon)', async ({ page }) => {
  await trialLearner(page, countCalls(page));
  await page.goto('/practice/toeic');
  await expect(page.getByRole('combobox', { name: '制限時間' })).toBeVisible();
  await expect(page.getByRole('img')).toHaveCount(0);
  await page.goto('/checkout?plan=premium');
  await expect(page.getByText('サンドボックス決済（テスト用）— 実際の請求は発生しません')).toBeVisible();
  await expect(page.getByRole('img')).toHaveCount(0);
});
