import { expect, test } from '@playwright/test';
import { LEGACY_LOGIN_PATHS } from '../../packages/config/src/routes';
import { logIn, newLearner, uniqueEmail, createVerifiedAccount } from './support';

const PROTECTED = ['/', '/home', '/my-page', '/admin', '/chat/toeic', '/practice/middle-school', '/no-such-page'];
const PUBLIC = [
  '/login', '/signup', '/signup-simple', '/auth-callback', '/auth/callback', '/confirm', '/terms', '/privacy',
  '/password-reset', '/reset-password', '/simple-login', '/subscription-select', '/subscription/select', '/checkout',
  '/payment-success', '/payment-cancelled', '/success', '/cancel', '/demo',
];

test('protected paths redirect a guest to /login', async ({ page }) => {
  for (const path of PROTECTED) {
    await page.goto(path);
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
  }
});

test('public paths are shown to a guest', async ({ page }) => {
  for (const path of PUBLIC) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // auth-callback without a session explains the link is invalid instead of redirecting silently.
    expect(new URL(page.url()).pathname, path).toBe(path);
  }
});

test('a guest on the auth callbacks, plan selection, checkout and payment results downloads neither the Firebase SDK nor the data layer; sign-out only the SDK', async ({ page }) => {
  // Decision 048: these pages show a browser without a session its guest view at once; the plan
  // catalogue comes with the configuration.
  let loaded: string[] = [];
  page.on('request', (request) => {
    const match = /\/assets\/(firebase-sdk|data-provider|trpc)-[\w-]+\.js$/.exec(request.url());
    if (match?.[1]) loaded.push(match[1]);
  });
  await page.goto('/auth-callback');
  await expect(page.getByText('認証リンクが無効または期限切れです。もう一度お試しください。')).toBeVisible();
  await expect(page.getByRole('link', { name: 'ログイン画面へ' })).toBeVisible();
  await page.goto('/auth-redirect');
  await page.waitForURL((url) => url.pathname === '/login');
  await page.goto('/subscription-select');
  await expect(page.getByTestId('plan-card-standard')).toContainText('¥780');
  await expect(page.getByTestId('plan-row-premium-yearly')).toContainText('¥10,800');
  await page.getByTestId('plan-card-standard-yearly').getByRole('button', { name: 'このプランを選択' }).click();
  await page.waitForURL((url) => url.pathname === '/checkout' && url.searchParams.get('plan') === 'standard-yearly');
  await expect(page.getByTestId('checkout-summary')).toContainText('スタンダード年間プラン');
  await expect(page.getByTestId('checkout-summary')).toContainText('¥7,800 / 年');
  await page.goto('/payment-success?plan=premium');
  await expect(page.getByText('プレミアムプランへの登録が完了しました')).toBeVisible();
  await expect(page.getByTestId('plan-benefits')).toContainText('1日100問まで');
  await page.goto('/payment-cancelled');
  await expect(page.getByTestId('premium-benefits')).toContainText('1日100問まで');
  await page.waitForLoadState('networkidle');
  expect(loaded).toEqual([]);
  // Sign-out always loads the SDK (a session must end even without the hint), but no data layer.
  loaded = [];
  await page.goto('/logout');
  await page.waitForURL((url) => url.pathname === '/login');
  await page.waitForLoadState('networkidle');
  expect(loaded).toEqual(['firebase-sdk']);
});

test('a signed-in learner opening the auth callback, plan selection, checkout and the payment result directly gets the signed-in page', async ({ page }) => {
  // Decision 048: with a session hint these pages load the SDK (and the data layer) at once and wait.
  await newLearner(page);
  await page.goto('/auth-callback');
  await expect(page.getByText('認証中...')).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/subscription-select');
  await page.goto('/subscription-select');
  await expect(page.getByRole('button', { name: '7日間無料トライアルを始める' })).toBeEnabled();
  await expect(page.getByRole('link', { name: 'アカウントをお持ちの方はログイン' })).toHaveCount(0);
  await page.goto('/checkout?plan=standard');
  await expect(page.getByLabel('カード番号')).toBeVisible();
  await page.goto('/payment-success?plan=standard');
  await expect(page.getByText('スタンダードプランへの登録が完了しました')).toBeVisible();
  await expect(page.getByRole('link', { name: 'マイページでご契約内容を確認する' })).toBeVisible();
  // No payment was made: the page waits for its confirmation.
  await expect(page.getByText('お支払いを確認しています...')).toBeVisible();
  // Spec: the redirect handler sends an authenticated user to /home.
  await page.goto('/auth-redirect');
  await page.waitForURL((url) => url.pathname === '/home');
});

test('legacy debug pages lead to the login page, never to a bypass', async ({ page }) => {
  for (const path of LEGACY_LOGIN_PATHS.slice(0, 5)) {
    await page.goto(path);
    await page.waitForURL((url) => url.pathname === '/login');
  }
  await page.goto('/create-admin');
  await page.waitForURL((url) => url.pathname === '/login');
});

test('unknown URL shows the 404 text to a signed-in user; /admin is denied to a learner', async ({ page }) => {
  await newLearner(page);
  await page.goto('/this/does/not/exist');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByText('アクセス制限')).toBeVisible();
  await expect(page.getByText('このページは管理者のみがアクセスできます')).toBeVisible();
  await page.goto('/create-admin');
  await expect(page.getByText('アクセス制限')).toBeVisible();
});

test('static pages: terms with 10 articles, privacy, demo banner', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { name: '利用規約', level: 1 })).toBeVisible();
  await expect(page.getByText('2025年6月29日')).toBeVisible();
  for (let n = 1; n <= 10; n += 1) await expect(page.getByRole('heading', { name: new RegExp(`^第${n}条`) })).toBeVisible();
  await page.getByRole('link', { name: '戻る' }).first().click();
  await page.waitForURL('**/signup');

  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: 'プライバシーポリシー', level: 1 })).toBeVisible();
  // A hash of the address is kept after deletion, against repeated trials (decision 074).
  await expect(page.getByText(/無料トライアルを利用したメールアドレスから計算したハッシュ値.*アカウントが削除された後も保存します/)).toBeVisible();

  await page.goto('/demo');
  await expect(page.getByText('デモモード (認証不要で体験中)')).toBeVisible();
  await page.getByRole('link', { name: 'ログイン画面へ' }).click();
  await page.waitForURL('**/login');
});

test('a tab opened before a deploy loads the new version when an old chunk is gone, once', async ({ page }) => {
  // Decision 056: the old build's chunk was answered with index.html ("Expected a JavaScript module")
  // and the page stayed blank; now it is a 404 and the page loads again from the new index.html.
  const email = uniqueEmail();
  await createVerifiedAccount(email);
  let failed = 0;
  await page.route('**/assets/login-kit-*.js', async (route) => {
    if (failed > 0) return route.continue();
    failed += 1;
    await route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' });
  });
  const missing = await page.request.get('/assets/login-kit-gone1234.js');
  expect(missing.status()).toBe(404);
  await page.goto('/login');
  const reloaded = page.waitForEvent('framenavigated');
  await page.getByLabel('メールアドレス').focus();
  await reloaded;
  expect(failed).toBe(1);
  await logIn(page, email);
  await page.waitForURL((url) => url.pathname !== '/login');
});
