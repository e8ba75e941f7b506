// What the tenth walk of the spec found (docs/decisions/087-tenth-walk.md): a subscription check the
// server answered with a 500 was reported as a connection failure, the admin's tabs that failed to load
// had no way to ask again, and a phone's on-screen keyboard covered the fields' messages and submit
// buttons outside the practice screen.
import { expect, test, type Page, type Route } from '@playwright/test';
import { checkScreen, createVerifiedAccount, latestOobCode, logIn, PASSWORD, trialLearnerViaEmulator, uniqueEmail } from './support';

const SERVER_ERROR = 'サーバーでエラーが発生しました。しばらくしてから再度お試しください。';
const SERVICE_UNAVAILABLE = 'ただいまサービスに接続できません。しばらくしてから再度お試しください。';
const CANNOT_CONNECT = 'サーバーに接続できませんでした。通信環境を確認して、もう一度お試しください。';

/** A signed-in learner on the 7-day trial. */
const trialLearner = (page: Page) => trialLearnerViaEmulator(page, 'walk10');

async function signedInAdmin(page: Page): Promise<void> {
  const email = uniqueEmail('walk10-admin');
  await createVerifiedAccount(email, { admin: true });
  await logIn(page, email);
  await page.waitForURL((url) => url.pathname === '/');
}

/** The server's own 500 for every call of a tRPC batch (its error formatter's shape and message). */
function answerServerError(route: Route): Promise<void> {
  const paths = decodeURIComponent(new URL(route.request().url()).pathname.replace('/api/trpc/', '')).split(',');
  const body = paths.map((path) => ({ error: { message: SERVER_ERROR, code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path } } }));
  return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify(body) });
}

test('a subscription check the server answers with a 500 says so, not that it could not connect; the retry brings the page', async ({ page }) => {
  // Before: 「サーバーに接続できませんでした。通信環境を確認して…」 although the server had answered.
  await trialLearner(page);
  const subscription = '**/api/trpc/*subscription.current*';
  await page.route(subscription, answerServerError);
  await page.goto('/');
  const screen = page.getByTestId('server-unreachable');
  await expect(screen.getByRole('heading', { name: 'ご契約状況を確認できませんでした', level: 1 })).toBeVisible();
  await expect(screen.getByText(SERVER_ERROR)).toBeVisible();
  await expect(page.getByText(CANNOT_CONNECT)).toHaveCount(0);
  await checkScreen(page, 'home: the subscription check answered 500');
  await page.unroute(subscription);
  await screen.getByRole('button', { name: 'もう一度読み込む' }).click();
  await expect(page.getByRole('heading', { name: 'レベルを選んでください', level: 1 })).toBeVisible();

  // A proxy's 503 page in front of the server: the service cannot be reached just now.
  await page.route(subscription, (route) => route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>503 Service Temporarily Unavailable</h1>' }));
  await page.goto('/practice/toeic');
  await expect(screen.getByText(SERVICE_UNAVAILABLE)).toBeVisible();
  await expect(page.getByText(CANNOT_CONNECT)).toHaveCount(0);
  await page.unroute(subscription);
  await screen.getByRole('button', { name: 'もう一度読み込む' }).click();
  await expect(page.getByRole('button', { name: '練習を始める' })).toBeVisible();

  // Nothing answering at all is still a connection failure.
  await page.route(subscription, (route) => route.abort('connectionrefused'));
  await page.goto('/');
  await expect(screen.getByText(CANNOT_CONNECT)).toBeVisible();
});

test('an admin tab that failed to load offers もう一度読み込む, which keeps focus while it fails and shows the tab once it loads', async ({ page }) => {
  // Before: 「読み込みに失敗しました。」 (or the server's message) and nothing to press but the browser's reload.
  await signedInAdmin(page);
  let down = true;
  let asked = 0;
  await page.route('**/api/trpc/*admin.stats*', (route) => {
    asked += 1;
    return down ? answerServerError(route) : route.continue();
  });
  await page.goto('/admin?tab=overview');
  await expect(page.getByRole('alert').filter({ hasText: SERVER_ERROR })).toBeVisible();
  const retry = page.getByRole('tabpanel').getByRole('button', { name: 'もう一度読み込む' });
  await checkScreen(page, 'admin: overview failed to load');
  await page.setViewportSize({ width: 1280, height: 800 });
  const askedBefore = asked;
  await retry.click();
  await expect.poll(() => asked).toBe(askedBefore + 1);
  // A second failure leaves the message and the button, with focus on it.
  await expect(retry).toBeEnabled();
  await expect(retry).toBeFocused();
  await expect(page.getByRole('alert').filter({ hasText: SERVER_ERROR })).toBeVisible();
  down = false;
  await retry.click();
  await expect(page.getByTestId('stat-total-users')).toBeVisible();
  await expect(retry).toHaveCount(0);

  // The users tab: a list that failed answers to the same button.
  down = true;
  await page.route('**/api/trpc/*admin.users*', (route) => (down ? answerServerError(route) : route.continue()));
  await page.getByRole('tab', { name: 'ユーザー' }).click();
  await expect(page.getByRole('tabpanel').getByRole('button', { name: 'もう一度読み込む' })).toBeVisible();
  down = false;
  await page.getByRole('tabpanel').getByRole('button', { name: 'もう一度読み込む' }).click();
  await expect(page.getByRole('tabpanel').getByRole('button', { name: 'もう一度読み込む' })).toHaveCount(0);
  await expect(page.getByRole('tabpanel').getByText(/人中/)).toBeVisible();

  // The admin role's own check answered with a 500: said as such on the dashboard's route too.
  const subscription = '**/api/trpc/*subscription.current*';
  await page.route(subscription, answerServerError);
  await page.goto('/admin');
  const screen = page.getByTestId('server-unreachable');
  await expect(screen.getByRole('heading', { name: '管理者の権限を確認できませんでした', level: 1 })).toBeVisible();
  await expect(screen.getByText(SERVER_ERROR)).toBeVisible();
  await page.unroute(subscription);
  await screen.getByRole('button', { name: 'もう一度読み込む' }).click();
  await expect(page.getByRole('tab', { name: '概要' })).toBeVisible();
});

/**
 * The server's own 500 for the batched calls whose path matches `failing`; the batch's other calls get
 * the server's real answers (tRPC answers a batch of mixed outcomes with 207, one entry per call).
 */
async function failCalls(route: Route, failing: RegExp): Promise<void> {
  const paths = decodeURIComponent(new URL(route.request().url()).pathname.replace('/api/trpc/', '')).split(',');
  if (!paths.some((path) => failing.test(path))) return route.continue();
  const real = (await (await route.fetch()).json()) as unknown[];
  const body = paths.map((path, i) =>
    failing.test(path) ? { error: { message: SERVER_ERROR, code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path } } } : real[i],
  );
  return route.fulfill({ status: 207, contentType: 'application/json', body: JSON.stringify(body) });
}

test("my page's sections that failed to load offer もう一度読み込む too, and ask again only for what failed", async ({ page }) => {
  // Before: 「読み込みに失敗しました。」 with nothing to press (the record, the daily goal, the history).
  await trialLearner(page);
  let down = true;
  let streakAsked = 0;
  let goalAsked = 0;
  await page.route('**/api/trpc/**', (route) => {
    const url = route.request().url();
    if (url.includes('learning.streak')) streakAsked += 1;
    if (url.includes('learning.dailyGoal')) goalAsked += 1;
    return down ? failCalls(route, /^learning\.(streak|dailyGoal)$/) : route.continue();
  });
  await page.goto('/my-page');
  const retries = page.getByRole('button', { name: 'もう一度読み込む' });
  await expect(retries).toHaveCount(2);
  await expect(page.getByRole('alert').filter({ hasText: SERVER_ERROR })).toHaveCount(2);
  await checkScreen(page, 'my page: two sections failed to load');
  const streakBefore = streakAsked;
  const goalBefore = goalAsked;
  await retries.first().click();
  await expect.poll(() => streakAsked).toBe(streakBefore + 1);
  await expect(retries.first()).toBeFocused();
  down = false;
  await retries.first().click();
  await expect(page.getByTestId('streak')).toBeVisible();
  // The goal's section was not asked again by the record's button.
  expect(goalAsked).toBe(goalBefore);
  await expect(retries).toHaveCount(1);
  await retries.click();
  await expect(retries).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: SERVER_ERROR })).toHaveCount(0);
});

/** The on-screen keyboard, as decision 080: headless chromium raises none, so the visible part shrinks by 250 px. */
const KEYBOARD_UP = { width: 320, height: 318 };
const KEYBOARD_DOWN = { width: 320, height: 568 };

/** Whether each element lies inside the part of the page the keyboard leaves visible. */
async function inView(page: Page, ...locators: ReturnType<Page['locator']>[]): Promise<boolean[]> {
  const visible = await page.evaluate(() => ({ top: window.visualViewport!.offsetTop, bottom: window.visualViewport!.offsetTop + window.visualViewport!.height }));
  return Promise.all(
    locators.map(async (locator) => {
      const box = await locator.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom };
      });
      return box.top >= visible.top - 0.5 && box.bottom <= visible.bottom + 0.5;
    }),
  );
}

/** Taps a field with the keyboard down, then raises the keyboard. */
async function typeOnPhone(page: Page, field: ReturnType<Page['locator']>, text: string): Promise<void> {
  await page.setViewportSize(KEYBOARD_DOWN);
  await field.tap();
  await field.fill(text);
  await page.setViewportSize(KEYBOARD_UP);
}

test('on a 320×568 phone the keyboard leaves the field, its message and the form\'s button in view: login, signup, new password, my page, admin', async ({ browser }) => {
  const context = await browser.newContext({ viewport: KEYBOARD_DOWN, isMobile: true, hasTouch: true });
  const page = await context.newPage();

  // Login: ログイン was at 347-391 px under a keyboard that starts at 318 px.
  await page.goto('/login');
  const password = page.getByLabel('パスワード');
  await typeOnPhone(page, password, 'secret12');
  const login = page.getByRole('button', { name: 'ログイン', exact: true });
  await expect.poll(() => inView(page, page.getByText('パスワード', { exact: true }), password, login)).toEqual([true, true, true]);

  // Signup: the confirmation (330-374 px) was under the keyboard; sent with a short password, focus goes to
  // the password field, and its message shows with it.
  await page.goto('/signup');
  await page.setViewportSize(KEYBOARD_DOWN);
  await page.getByLabel('メールアドレス').fill(uniqueEmail('walk10-signup'));
  await page.getByLabel('パスワード', { exact: true }).fill('abc');
  await page.getByText('利用規約に同意します', { exact: true }).click();
  await page.getByText('プライバシーポリシーに同意します', { exact: true }).click();
  const confirm = page.getByLabel('パスワード（確認）');
  await typeOnPhone(page, confirm, 'abc');
  await expect.poll(() => inView(page, confirm)).toEqual([true]);
  await confirm.press('Enter');
  const signupPassword = page.getByLabel('パスワード', { exact: true });
  await expect(signupPassword).toBeFocused();
  const short = page.getByText('6文字以上で入力してください');
  await expect(short).toBeVisible();
  await expect.poll(() => inView(page, signupPassword, short)).toEqual([true, true]);

  // A learner signs in and opens my page: the daily goal's 保存 and a scenario's 作成する.
  const email = uniqueEmail('walk10-phone');
  await createVerifiedAccount(email);
  await page.setViewportSize(KEYBOARD_DOWN);
  await logIn(page, email);
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/subscription-select');
  await page.getByRole('button', { name: '7日間無料トライアルを始める' }).click();
  await page.waitForURL('**/payment-success?trial=true');
  await page.goto('/my-page');
  const goal = page.getByLabel('1日の目標（問題数）');
  await typeOnPhone(page, goal, '120');
  await expect.poll(() => inView(page, goal, page.getByText('1〜100の数字を入力してください'))).toEqual([true, true]);
  await typeOnPhone(page, goal, '12');
  await expect.poll(() => inView(page, goal, page.getByTestId('daily-goal').getByRole('button', { name: '保存' }))).toEqual([true, true]);

  // A new password from the reset link: the confirmation and パスワードを更新.
  await page.goto('/password-reset');
  await page.setViewportSize(KEYBOARD_DOWN);
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByRole('button', { name: '再設定メールを送信' }).click();
  await expect(page.getByText('パスワード再設定メールを送信しました')).toBeVisible();
  const code = await latestOobCode(email, 'PASSWORD_RESET');
  await page.goto(`/reset-password?mode=resetPassword&oobCode=${encodeURIComponent(code)}`);
  const newConfirm = page.getByLabel('新しいパスワード（確認）');
  await expect(newConfirm).toBeVisible();
  await page.getByLabel('新しいパスワード', { exact: true }).fill(`${PASSWORD}x`);
  await typeOnPhone(page, newConfirm, `${PASSWORD}x`);
  const setPassword = page.getByRole('button', { name: 'パスワードを更新' });
  await expect.poll(() => inView(page, newConfirm, setPassword)).toEqual([true, true]);
  await context.close();
});

test('the admin\'s search fields keep 検索 above the keyboard on a 320×568 phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: KEYBOARD_DOWN, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signedInAdmin(page);
  for (const tab of ['users', 'content'] as const) {
    await page.goto(`/admin?tab=${tab}`);
    const panel = page.getByRole('tabpanel');
    const search = panel.locator('form input').first();
    await typeOnPhone(page, search, 'a');
    await expect.poll(() => inView(page, search, panel.getByRole('button', { name: '検索' }))).toEqual([true, true]);
  }
  await context.close();
});
