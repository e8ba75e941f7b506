// What the ninth walk of the spec found (docs/decisions/080-ninth-walk.md): every page had the same
// document title, a phone's on-screen keyboard covered 回答する on a small phone, and the admin's charts
// took focus without showing it.
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedAccount, logIn, trialLearnerViaEmulator, uniqueEmail } from './support';

const APP = '瞬間英作文 Shunkan';

/** A signed-in learner on the 7-day trial. */
const trialLearner = (page: Page) => trialLearnerViaEmulator(page, 'walk9');

test('every page names itself in the document title, on arrival and after client-side navigation', async ({ page }) => {
  const publicPages: Array<[string, string]> = [
    ['/login', 'ログイン'],
    ['/signup', '新規登録'],
    ['/signup-simple', 'かんたん登録'],
    ['/terms', '利用規約'],
    ['/privacy', 'プライバシーポリシー'],
    ['/password-reset', 'パスワードの再設定'],
    ['/reset-password', '新しいパスワードの設定'],
    ['/simple-login', 'ログイン'],
    ['/subscription-select', 'プランを選択'],
    ['/subscription/select', 'プランを選択'],
    ['/checkout', '決済情報入力'],
    ['/payment-success?trial=true', '決済完了'],
    ['/success', '決済完了'],
    ['/payment-cancelled', '決済がキャンセルされました'],
    ['/cancel', '決済がキャンセルされました'],
    ['/confirm', 'メールアドレスの確認'],
    ['/auth-callback', '認証処理'],
    ['/demo', 'デモモード'],
  ];
  for (const [path, title] of publicPages) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(`${title} | ${APP}`);
  }
  // A link followed inside the app, and the browser's back button.
  await page.goto('/login');
  await page.getByRole('link', { name: '新規登録' }).click();
  await expect(page).toHaveTitle(`新規登録 | ${APP}`);
  await page.goBack();
  await expect(page).toHaveTitle(`ログイン | ${APP}`);

  await trialLearner(page);
  const learnerPages: Array<[string, string]> = [
    ['/', 'レベル選択'],
    ['/home', 'レベル選択'],
    ['/?difficulty=high-school', '高校英語の練習'],
    ['/practice/toeic', 'TOEICの練習'],
    ['/chat/middle-school', '中学英語の練習'],
    ['/my-page', 'マイページ'],
    ['/admin', '管理ダッシュボード'],
    ['/no-such-page', '404 Page Not Found'],
  ];
  for (const [path, title] of learnerPages) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(`${title} | ${APP}`);
  }
  await page.goto('/');
  await page.getByRole('button', { name: /^基本動詞/ }).click();
  await expect(page).toHaveTitle(`基本動詞の練習 | ${APP}`);
});

test('on a 320×568 phone the answer box and 回答する stay above the on-screen keyboard', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 320, height: 568 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await trialLearner(page);
  await page.goto('/practice/toeic');
  await page.getByRole('button', { name: '練習を始める' }).click();
  const box = page.getByLabel('英訳を入力');
  await expect(box).toBeFocused();
  await box.pressSequentially('I have');
  // Headless chromium raises no keyboard: a 250 px keyboard is the visual viewport shrinking by as much.
  await page.setViewportSize({ width: 320, height: 318 });
  const submit = page.getByRole('button', { name: '回答する' });
  const visible = async () =>
    page.evaluate(() => {
      const viewport = window.visualViewport!;
      const bottom = viewport.offsetTop + viewport.height;
      const answerBox = document.querySelector('textarea')!.getBoundingClientRect();
      const button = Array.from(document.querySelectorAll('button')).find((b) => b.textContent?.includes('回答する'))!.getBoundingClientRect();
      return { boxTop: answerBox.top >= viewport.offsetTop, buttonBottom: button.bottom <= bottom };
    });
  // 回答する ended at 420 px, under a keyboard that starts at 318 px.
  await expect.poll(visible).toEqual({ boxTop: true, buttonBottom: true });
  await expect(box).toBeFocused();
  await submit.click();
  await expect(page.getByRole('button', { name: '次の問題' })).toBeVisible();
  await context.close();
});

test('a chart that takes focus shows it: the admin analytics charts have a focus ring', async ({ page }) => {
  const email = uniqueEmail('walk9-admin');
  await createVerifiedAccount(email, { admin: true });
  await logIn(page, email);
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/admin?tab=analytics');
  const chart = page.getByRole('figure', { name: '月別の学習回数・アクティブユーザー・新規登録のグラフ' }).locator('.recharts-surface');
  await expect(chart).toBeVisible();
  await page.getByRole('tab', { name: '分析' }).focus();
  // Tab from the tab list to the first chart's drawing (recharts' accessibility layer makes it a stop).
  for (let i = 0; i < 10 && !(await chart.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  await expect(chart).toBeFocused();
  const ring = await chart.evaluate((el) => {
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, width: style.outlineWidth };
  });
  // Chakra's chart styles drew none (outline: none).
  expect(ring).toEqual({ style: 'solid', width: '2px' });
});

test('plan selection waits for the learner\'s subscription: no trial offer to a learner on the trial, slow or unreadable', async ({ page }) => {
  await trialLearner(page);
  let answer: 'slow' | 'fail' | 'pass' = 'slow';
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/trpc/*subscription.current*', async (route) => {
    if (answer === 'fail') return route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>503 Service Temporarily Unavailable</h1>' });
    if (answer === 'slow') await released;
    return route.continue();
  });
  const offer = page.getByRole('button', { name: '7日間無料トライアルを始める' });

  await page.goto('/subscription-select');
  // While the subscription is on its way the page offers nothing it may have to take back.
  await page.waitForTimeout(500);
  await expect(offer).toHaveCount(0);
  release();
  await expect(page.getByText('現在のご契約：無料トライアル（無料トライアル中）')).toBeVisible();
  await expect(offer).toHaveCount(0);

  // Unreadable, the page offered the trial this learner is on (enabled: the server then refused it).
  answer = 'fail';
  await page.goto('/subscription-select');
  await expect(page.getByText('ご契約情報の読み込みに失敗しました。再読み込みしてください。')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'プランを選択', level: 1 })).toBeVisible();
  await expect(offer).toHaveCount(0);
});
