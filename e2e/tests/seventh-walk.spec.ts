// What the seventh walk of the spec found (docs/decisions/065-seventh-walk.md): focus lost after a
// refused form or 「もっと見る」, four identical plan buttons, motion shown to visitors who asked for
// less, the end of the 瞬間 timer not announced, a sign-out in another tab not explained.
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedAccount, emulatorFetch, holdScripts, logIn, PASSWORD, uniqueEmail, watchConsole } from './support';

const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9199';

/** An ID token for `email`, as the web SDK gets it, to seed answers through the REST door. */
async function idToken(email: string): Promise<string> {
  const response = await emulatorFetch(`http://${emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
  });
  return ((await response.json()) as { idToken: string }).idToken;
}

/** `count` answers in the learner's history, through the spec's /api/problem and /api/evaluate-with-claude. */
async function seedAnswers(page: Page, email: string, count: number): Promise<void> {
  const headers = { authorization: `Bearer ${await idToken(email)}` };
  for (let i = 0; i < count; i += 1) {
    const problem = await page.request.post('/api/problem', { headers, data: { difficultyLevel: 'basic-verbs' } });
    expect(problem.status()).toBe(200);
    const { japaneseSentence } = (await problem.json()) as { japaneseSentence: string };
    const graded = await page.request.post('/api/evaluate-with-claude', {
      headers,
      data: { japaneseSentence, difficultyLevel: 'basic-verbs', userTranslation: `I do not know (${i + 1}).` },
    });
    expect(graded.status()).toBe(200);
  }
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

test('a refused login gives focus back to ログイン, a sent reset mail takes it (both lost it to the page)', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill(uniqueEmail('nobody'));
  await page.getByLabel('パスワード').fill('wrong-password');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('メールアドレスまたはパスワードが正しくありません。');
  await expect(page.getByRole('button', { name: 'ログイン', exact: true })).toBeFocused();

  // A sent reset mail replaces the form (and its focused button): focus goes to the message.
  await page.goto('/password-reset');
  await page.getByLabel('メールアドレス').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: '再設定メールを送信' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'パスワード再設定メールを送信しました' })).toBeFocused();
});

test('a login submitted before the form library arrived still gives focus back to ログイン when refused', async ({ page }) => {
  // The form's library loads on its first focus (decision 029); on a slow line the visitor can submit
  // first. The submit waits for it, then runs: focus must survive both waits.
  const { release } = await holdScripts(page, /\/login-kit-[^/]*\.js$/);
  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill(uniqueEmail('nobody'));
  await page.getByLabel('パスワード').fill('wrong-password');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page.getByRole('button', { name: 'ログイン中...' })).toBeDisabled();
  release();
  await expect(page.getByRole('alert')).toHaveText('メールアドレスまたはパスワードが正しくありません。');
  await expect(page.getByRole('button', { name: 'ログイン', exact: true })).toBeFocused();
});

test('plan selection: each 「このプランを選択」 is described by its plan and price', async ({ page }) => {
  await page.goto('/subscription-select');
  const choose = (id: string) => page.getByTestId(id).getByRole('button', { name: 'このプランを選択' });
  await expect(choose('plan-card-standard')).toHaveAccessibleDescription(/^スタンダード ¥780 \/ 月（税込）/);
  await expect(choose('plan-card-standard-yearly')).toHaveAccessibleDescription(/^スタンダード年間 ¥7,800 \/ 年（税込）/);
  await expect(choose('plan-row-premium')).toHaveAccessibleDescription(/^プレミアム ¥1,080 \/ 月/);
});

test('reduced motion: a dialog appears without its scale-in, the spinner still turns', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Googleでログイン' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const durations = await page.evaluate(() =>
    document.getAnimations().map((animation) => Number(animation.effect?.getComputedTiming().duration ?? 0)),
  );
  expect(Math.max(0, ...durations)).toBeLessThan(1);
  const spinner = await page.evaluate(() => {
    const element = document.createElement('div');
    element.className = 'chakra-spinner';
    element.style.animation = 'spin 0.6s linear infinite';
    document.body.append(element);
    const style = getComputedStyle(element);
    return { duration: style.animationDuration, iterations: style.animationIterationCount };
  });
  expect(spinner).toEqual({ duration: '1.5s', iterations: 'infinite' });
  await context.close();
});

test('history: 「もっと見る」 moves focus to the first answer it added; the end of the 瞬間 timer is announced', async ({ page }) => {
  const errors = watchConsole(page);
  // An administrator practises without a plan (spec section 6) and without a daily limit.
  const email = uniqueEmail('walk7');
  await createVerifiedAccount(email, { admin: true });
  await seedAnswers(page, email, 11);
  await logIn(page, email);
  await page.waitForURL((url) => url.pathname === '/');

  await page.goto('/my-page');
  const history = page.getByTestId('history-section');
  await expect(history.getByRole('listitem')).toHaveCount(10);
  const more = history.getByRole('button', { name: 'もっと見る' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(history.getByRole('listitem')).toHaveCount(11);
  await expect(more).toBeHidden();
  // The oldest answer, the one the button added (not <body>, where focus used to land).
  await expect(history.getByRole('listitem').nth(10)).toBeFocused();
  expect(await focusedText(page)).toContain('I do not know (1).');

  await page.goto('/practice/basic-verbs');
  await page.getByLabel('制限時間').selectOption('3');
  await page.getByRole('button', { name: '練習を始める' }).click();
  // The 3 s count starts once the problem is shown, and its request may take seconds on a loaded
  // machine: the 6 s below are counted from there, not from the click.
  await expect(page.getByLabel('英訳を入力')).toBeVisible();
  const announcement = page.getByTestId('time-up-announcement');
  await expect(announcement).toHaveAttribute('aria-live', 'assertive');
  await expect(announcement).toHaveText('');
  await expect(announcement).toHaveText('時間切れ（回答は採点されます）', { timeout: 6_000 });
  expect(errors).toEqual([]);
});

test('two tabs: logging out in one tells the other why it is on the login page', async ({ page, context }) => {
  const email = uniqueEmail('tabs');
  await createVerifiedAccount(email);
  await logIn(page, email);
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.goto('/my-page');
  await expect(page.getByRole('heading', { name: 'アカウント', exact: true })).toBeVisible();

  const other = await context.newPage();
  await other.goto('/logout');
  await other.waitForURL('**/login');
  await expect(other.getByText('正常にログアウトしました')).toBeVisible();
  await expect(other.getByText('別のタブでログアウトしたか')).toHaveCount(0);

  await page.waitForURL('**/login?redirect=%2Fmy-page');
  await expect(page.getByText('ログアウトしました', { exact: true })).toBeVisible();
  await expect(page.getByText('別のタブでログアウトしたか、ログインの有効期限が切れました。もう一度ログインしてください。')).toBeVisible();
});
