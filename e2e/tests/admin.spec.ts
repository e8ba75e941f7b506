import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { ownPort, test as ownProductTest } from './own-product';
import { emulatorFetch, logIn, newLearner, uniqueEmail, watchConsole } from './support';

const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9199';
const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-shunkan-test';
const identity = `http://${emulator}/identitytoolkit.googleapis.com/v1`;
const owner = { authorization: 'Bearer owner', 'content-type': 'application/json' };

async function emulatorCall(path: string, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const response = await emulatorFetch(`${identity}/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path}: ${JSON.stringify(json)}`);
  return json;
}

/** A verified account made through the Auth emulator's REST API (as the web SDK would), with a fresh ID token. */
async function createAccount(email: string, options: { admin?: boolean } = {}): Promise<{ token: () => Promise<string> }> {
  const created = await emulatorCall('accounts:signUp?key=demo-api-key', { email, password: 'password123', returnSecureToken: true });
  await emulatorCall(
    `projects/${projectId}/accounts:update`,
    { localId: created.localId, emailVerified: true, ...(options.admin ? { customAttributes: JSON.stringify({ admin: true }) } : {}) },
    owner,
  );
  return {
    token: async () => (await emulatorCall('accounts:signInWithPassword?key=demo-api-key', { email, password: 'password123', returnSecureToken: true })).idToken as string,
  };
}

async function api<T>(page: Page, token: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await page.request.fetch(path, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { data: JSON.stringify(init.body) }),
  });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

const yen = (n: number) => `¥${n.toLocaleString('ja-JP')}`;

async function openTab(page: Page, name: string) {
  await page.getByTestId('admin-tabs').getByRole('tab', { name, exact: true }).click();
}

/**
 * What is clipped at the current width: elements outside the screen, elements wider than their
 * container, and boxes that hide part of their content. Contents of sideways-scrolling containers
 * (the tab list) and form fields (their text scrolls) are left out; so are visually hidden elements.
 */
async function clippedElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const found: string[] = [];
    const scrollsSideways = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX)) return true;
      return false;
    };
    for (const el of document.body.querySelectorAll('*')) {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (rect.width <= 1 || rect.height <= 1 || style.visibility === 'hidden' || style.position === 'fixed') continue;
      if (['INPUT', 'TEXTAREA', 'SELECT', 'OPTION'].includes(el.tagName) || scrollsSideways(el)) continue;
      const name = `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
      const parent = el.parentElement?.getBoundingClientRect();
      if (rect.left < -0.5 || rect.right > viewport + 0.5) found.push(`${name} is outside the screen (${Math.round(rect.left)}..${Math.round(rect.right)} of ${viewport})`);
      else if (parent && parent.width > 1 && rect.width > parent.width + 0.5) found.push(`${name} is wider than its container (${Math.round(rect.width)} > ${Math.round(parent.width)})`);
      else if (['hidden', 'clip'].includes(style.overflowX) && el.scrollWidth > el.clientWidth + 1) found.push(`${name} hides part of its content (${el.scrollWidth} > ${el.clientWidth})`);
    }
    if (document.documentElement.scrollWidth > viewport) found.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${viewport})`);
    return found;
  });
}

test('admin dashboard: seeded figures on every tab, plan switch, CSV exports, price check, phone layout', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);

  // Seed: a learner who practises once the admin has given them a plan.
  const learnerEmail = uniqueEmail('seeded');
  const learner = await createAccount(learnerEmail);
  const learnerToken = await learner.token();
  await api(page, learnerToken, '/api/auth/user');

  const adminEmail = uniqueEmail('admin');
  const admin = await createAccount(adminEmail, { admin: true });
  await logIn(page, adminEmail);
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/admin');

  // Overview is the default tab.
  await expect(page.getByTestId('admin-tabs').getByRole('tab', { name: '概要' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('stat-total-users-value')).toBeVisible();

  // Users: search, then the switch (checked = premium) changes what the learner gets.
  await openTab(page, 'ユーザー');
  await page.getByLabel('メールアドレスで検索').fill(learnerEmail);
  await page.getByRole('button', { name: '検索' }).click();
  await expect(page.getByTestId('users-total')).toContainText('1人中');
  const row = page.getByTestId('user-row').filter({ hasText: learnerEmail });
  await expect(row).toBeVisible();
  const planSwitch = row.getByTestId('plan-switch');
  await planSwitch.click();
  await expect(page.getByText('更新完了', { exact: true })).toBeVisible();
  await expect(row.getByText('プレミアム', { exact: true })).toBeVisible();
  expect(await api(page, learnerToken, '/api/user-subscription')).toMatchObject({ subscriptionType: 'premium', hasAccess: true, isPremium: true });
  await planSwitch.click();
  await expect(row.getByText('スタンダード', { exact: true })).toBeVisible();
  await expect.poll(async () => (await api<{ isPremium: boolean }>(page, learnerToken, '/api/user-subscription')).isPremium).toBe(false);

  // The learner practises once (with the plan the admin gave).
  const problem = await api<{ japaneseSentence: string }>(page, learnerToken, '/api/problem', { method: 'POST', body: { difficultyLevel: 'middle-school' } });
  const first = await api<{ modelAnswer: string }>(page, learnerToken, '/api/evaluate-with-claude', {
    method: 'POST',
    body: { japaneseSentence: problem.japaneseSentence, userTranslation: 'I think so, "maybe"', difficultyLevel: 'middle-school' },
  });

  // A fluent answer outside the accepted ones, appealed by the learner (「この答えも正しいはず」).
  const fluent = `Personally, ${first.modelAnswer}`;
  const appealed = await api<{ attemptId: string; rating: number; problemId: string }>(page, learnerToken, '/api/evaluate-with-claude', {
    method: 'POST',
    body: { japaneseSentence: problem.japaneseSentence, userTranslation: fluent, difficultyLevel: 'middle-school' },
  });
  expect(appealed.rating).toBeLessThan(5);
  await api(page, learnerToken, '/api/trpc/appeals.submit', { method: 'POST', body: { attemptId: appealed.attemptId } });

  const adminToken = await admin.token();
  // Overview figures are the server's (fresh after the practice above).
  await openTab(page, '概要');
  const stats = await api<{ totalUsers: number; totalSessions: number; monthlyActiveUsers: number; totalRevenue: number }>(page, adminToken, '/api/admin/stats');
  expect(stats.totalSessions).toBeGreaterThan(0);
  await expect(page.getByTestId('stat-total-users-value')).toHaveText(`${stats.totalUsers.toLocaleString('ja-JP')}人`);
  await expect(page.getByTestId('stat-sessions-value')).toHaveText(`${stats.totalSessions.toLocaleString('ja-JP')}回`);
  await expect(page.getByTestId('stat-mau-value')).toHaveText(`${stats.monthlyActiveUsers.toLocaleString('ja-JP')}人`);
  await expect(page.getByTestId('stat-revenue-value')).toHaveText(yen(stats.totalRevenue));

  // Both CSV downloads, with the JST date in the name and Japanese intact.
  const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
  for (const [kind, button, expected] of [
    ['users', 'export-users', learnerEmail],
    ['sessions', 'export-sessions', problem.japaneseSentence],
  ] as const) {
    const download = page.waitForEvent('download');
    await page.getByTestId(button).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${kind}-export-${today}.csv`);
    const bytes = await readFile(await file.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).toContain(kind === 'users' ? 'メールアドレス' : '問題（日本語）');
    expect(text).toContain(expected);
    if (kind === 'sessions') expect(text).toContain('"I think so, ""maybe"""');
    await expect(page.getByText('エクスポート完了', { exact: true })).toBeVisible();
  }

  // Payments: sandbox named as such, not connected with the server's text, the server's figures.
  await openTab(page, '決済');
  const payments = await api<{ totalRevenue: number; monthlyRecurringRevenue: number; error: string }>(page, adminToken, '/api/admin/payments');
  await expect(page.getByTestId('payments-connection')).toContainText('未接続');
  await expect(page.getByTestId('payments-connection')).toContainText('サンドボックス決済');
  await expect(page.getByTestId('payments-error')).toHaveText(payments.error);
  await expect(page.getByTestId('pay-revenue-value')).toHaveText(yen(payments.totalRevenue));
  await expect(page.getByTestId('pay-mrr-value')).toHaveText(yen(payments.monthlyRecurringRevenue));

  // Analytics: counts and the chart.
  await openTab(page, '分析');
  const analytics = await api<{ totalLearningCount: number; averageAccuracy: number }>(page, adminToken, '/api/admin/analytics');
  await expect(page.getByTestId('analytics-count-value')).toHaveText(`${analytics.totalLearningCount.toLocaleString('ja-JP')}回`);
  await expect(page.getByTestId('analytics-accuracy-value')).toHaveText(`${analytics.averageAccuracy}%`);
  await expect(page.getByTestId('admin-charts')).toBeVisible();

  // Content: the bank by level, a problem's statistics, a problem added by the admin.
  await openTab(page, 'コンテンツ');
  await expect(page.getByTestId('content-level-totals')).toContainText('中学英語');
  await expect(page.getByTestId('content-row').first()).toBeVisible();
  await page.getByLabel('問題を検索').fill(problem.japaneseSentence);
  await page.getByRole('button', { name: '検索' }).click();
  await expect(page.getByTestId('problems-total')).toHaveText('1問');
  await page.getByTestId('problem-row').getByRole('button', { name: '詳細・編集' }).click();
  await expect(page.getByTestId('problem-stats')).toContainText('回答数 2回');
  await page.getByRole('button', { name: '閉じる', exact: true }).click();
  await page.getByRole('button', { name: '問題を追加' }).click();
  const added = `ブラウザテストで追加した問題${Date.now()}です。`;
  // The fields stop at their limits and say so.
  await page.getByLabel('日本語の文').fill('あ'.repeat(210));
  await expect(page.getByLabel('日本語の文')).toHaveValue('あ'.repeat(200));
  await expect(page.getByText('日本語の文は200文字以内で入力してください')).toBeVisible();
  await page.getByLabel('文法項目', { exact: true }).fill('い'.repeat(61));
  await expect(page.getByText('文法項目は60文字以内で入力してください')).toBeVisible();
  await page.getByLabel('解説', { exact: true }).fill('う'.repeat(501));
  await expect(page.getByText('解説は500文字以内で入力してください')).toBeVisible();
  await page.getByLabel('日本語の文').fill(added);
  await expect(page.getByText('日本語の文は200文字以内で入力してください')).toHaveCount(0);
  await page.getByLabel('正解の英文（1行に1つ、最初の文が模範解答）').fill('This problem was added in a browser test.\nA browser test added this problem.');
  await page.getByLabel('文法項目', { exact: true }).fill('受動態');
  await page.getByLabel('解説', { exact: true }).fill('受動態（be動詞＋過去分詞）で表します。');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('保存しました', { exact: true })).toBeVisible();
  await page.getByLabel('問題を検索').fill(added);
  await page.getByRole('button', { name: '検索' }).click();
  const addedRow = page.getByTestId('problem-row').filter({ hasText: added });
  await expect(addedRow).toBeVisible();
  // Disabled again, so that the other browser tests are never served it.
  await addedRow.getByRole('button', { name: '詳細・編集' }).click();
  await page.getByRole('button', { name: '無効にする' }).click();
  await expect(page.getByText('問題を無効にしました', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '閉じる', exact: true }).click();
  await expect(addedRow.getByText('無効', { exact: true })).toBeVisible();
  await expect(page.getByTestId('generator-disabled')).toBeVisible();

  // Tools: a legacy developer path opens its tool; a price id is checked by the spec's rules.
  await page.goto('/price-check');
  await page.waitForURL((url) => url.pathname === '/admin' && url.searchParams.get('tool') === 'price-check');
  await expect(page.getByTestId('tools-sandbox-note')).toBeVisible();
  const priceInput = page.getByLabel('価格ID', { exact: true });
  await expect(page.getByRole('button', { name: '確認する' })).toBeDisabled();
  await priceInput.fill('prod_ABC123');
  await page.getByRole('button', { name: '確認する' }).click();
  await expect(page.getByText('prod_ で始まるのは商品IDです。price_ で始まる価格IDを入力してください')).toBeVisible();
  await priceInput.fill('  price_sandbox_standard_monthly  ');
  await page.getByRole('button', { name: '確認する' }).click();
  await expect(page.getByText('価格ID確認完了', { exact: true })).toBeVisible();
  await expect(page.getByTestId('price-details')).toContainText('¥780');
  await expect(page.getByTestId('price-details')).toContainText('サンドボックス');
  // Price setup: a checked id is verified, an edit resets it, saving needs every entered id verified.
  await page.goto('/price-setup');
  const setupField = page.getByTestId('price-setup-standard_monthly');
  await setupField.getByRole('textbox').fill('price_sandbox_standard_monthly');
  await expect(setupField.getByText('未確認')).toBeVisible();
  await setupField.getByRole('button', { name: '確認' }).click();
  await expect(setupField.getByText('確認済み')).toBeVisible();
  await setupField.getByRole('textbox').fill('price_sandbox_standard_monthly ');
  await expect(setupField.getByText('未確認')).toBeVisible();
  await expect(page.getByRole('button', { name: 'テストモードで保存' })).toBeDisabled();
  await setupField.getByRole('button', { name: '確認' }).click();
  await expect(setupField.getByText('確認済み')).toBeVisible();
  // Saving (covered by the integration tests) would change the catalogue the other browser tests buy from.
  await expect(page.getByRole('button', { name: 'テストモードで保存' })).toBeEnabled();
  await page.goto('/debug');
  await page.waitForURL((url) => url.searchParams.get('tool') === 'health');
  await expect(page.getByTestId('health-status')).toHaveText('正常');

  // Phone: the tabs wrap (every one of them on the screen), tables become cards, nothing is clipped or wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const tab of ['overview', 'users', 'content', 'appeals', 'payments', 'analytics', 'tools']) {
    await page.goto(`/admin?tab=${tab}`);
    await expect(page.getByTestId('admin-tabs')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await clippedElements(page), `${tab} at 390 px`).toEqual([]);
    const tabHeight = await page.getByTestId('admin-tabs').getByRole('tab', { name: 'コンテンツ' }).evaluate((el) => el.getBoundingClientRect().height);
    expect(tabHeight, 'tab labels stay on one line').toBeLessThan(60);
    const offScreen = await page
      .getByTestId('admin-tabs')
      .getByRole('tab')
      .evaluateAll((tabs) => tabs.filter((t) => t.getBoundingClientRect().right > document.documentElement.clientWidth).map((t) => t.textContent));
    expect(offScreen, `${tab}: every tab within the 390 px screen`).toEqual([]);
  }

  // The appeal queue, on the phone: the learner's answer, the problem and the automatic verdict; accepting
  // adds the sentence to the problem's accepted answers and regrades the attempt.
  await page.goto('/admin?tab=appeals');
  const appealsTab = page.getByTestId('admin-tabs').getByRole('tab', { name: /^申し立て/ });
  await expect(appealsTab.getByTestId('appeals-pending-count')).toHaveText(/^\d+件の確認待ち$/);
  const card = page.getByTestId('appeal-card').filter({ has: page.getByTestId('appeal-answer').getByText(fluent, { exact: true }) });
  await expect(card.getByTestId('appeal-japanese')).toContainText(problem.japaneseSentence);
  await expect(card.getByTestId('appeal-problem-id')).toHaveText(appealed.problemId);
  await expect(card.getByTestId('appeal-verdict').getByTestId('stars')).toHaveAttribute('data-rating', String(appealed.rating));
  await expect(card).toContainText(learnerEmail);
  expect(await clippedElements(page), 'appeal queue at 390 px').toEqual([]);
  await card.getByRole('button', { name: '正解として登録' }).click();
  await expect(page.getByText('正解として登録しました', { exact: true })).toBeVisible();
  await expect(card).toHaveCount(0);
  const regraded = await api<{ rating: number }>(page, learnerToken, '/api/evaluate-with-claude', {
    method: 'POST',
    body: { japaneseSentence: problem.japaneseSentence, userTranslation: fluent, difficultyLevel: 'middle-school' },
  });
  expect(regraded.rating).toBe(5);
  await page.getByRole('button', { name: /^判定済み/ }).click();
  await expect(page.getByTestId('appeal-card').first().getByTestId('appeal-regraded')).toHaveText('再採点: 星5つ');
  expect(await clippedElements(page), 'decided appeals at 390 px').toEqual([]);
  await page.goto('/admin?tab=users');
  await expect(page.getByTestId('user-cards')).toBeVisible();
  await expect(page.getByTestId('user-table')).toBeHidden();

  expect(errors).toEqual([]);
});

test('the plan switch and the CSV export show the spec texts when they fail', async ({ page }) => {
  const learnerEmail = uniqueEmail('switch-fails');
  const learner = await createAccount(learnerEmail);
  await api(page, await learner.token(), '/api/auth/user');
  const adminEmail = uniqueEmail('admin-fails');
  await createAccount(adminEmail, { admin: true });
  await logIn(page, adminEmail);
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/admin');

  await page.route('**/api/admin/export/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x"}' }));
  await page.getByTestId('export-users').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'エラー' })).toContainText('データのエクスポートに失敗しました。');

  await openTab(page, 'ユーザー');
  await page.getByLabel('メールアドレスで検索').fill(learnerEmail);
  await page.getByRole('button', { name: '検索' }).click();
  const row = page.getByTestId('user-row').filter({ hasText: learnerEmail });
  await page.route('**/api/trpc/*admin.users.setSubscriptionType*', (route) => route.abort());
  await row.getByTestId('plan-switch').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'エラー' }).last()).toContainText('サブスクリプションタイプの更新に失敗しました。');
  // The switch goes back to what the server has.
  await expect(row.getByText('スタンダード（未契約）', { exact: true })).toBeVisible();
});

test('a learner on a plan an admin granted sees it is free, with nothing to upgrade, cancel or pay (decision 060)', async ({ page }) => {
  const learnerEmail = uniqueEmail('granted');
  const learner = await createAccount(learnerEmail);
  const { user: { id } } = await api<{ user: { id: string } }>(page, await learner.token(), '/api/auth/user');
  const admin = await createAccount(uniqueEmail('admin-grants'), { admin: true });
  await api(page, await admin.token(), `/api/admin/users/${id}/subscription`, { method: 'PUT', body: { subscriptionType: 'standard' } });

  await logIn(page, learnerEmail);
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/my-page');
  const current = page.getByTestId('current-plan');
  await expect(current.getByTestId('granted-plan-note')).toHaveText('管理者が付与したプランです。料金はかかりません。');
  await expect(current.getByTestId('current-plan-amount')).toHaveCount(0);
  await expect(current.getByRole('button', { name: '解約する' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'お支払い管理' })).toHaveCount(0);
  await expect(page.getByTestId('yearly-upgrade')).toHaveCount(0);
  await expect(page.getByTestId('premium-upgrade')).toHaveCount(0);
  // Plan selection does not send them to a premium change on my page either.
  await page.goto('/subscription-select');
  await expect(page.getByTestId('plan-row-premium')).toBeVisible();
  await expect(page.getByTestId('premium-upgrade-link')).toHaveCount(0);
});

test('a learner gets the denial screen on /admin', async ({ page }) => {
  await newLearner(page);
  await page.goto('/admin?tab=users');
  await expect(page.getByText('アクセス制限')).toBeVisible();
  await expect(page.getByText('このページは管理者のみがアクセスできます')).toBeVisible();
  await expect(page.getByRole('link', { name: 'ホームに戻る' })).toBeVisible();
});

// The price tools in Stripe mode ask Stripe: here a product of its own whose Stripe SDK talks to the
// repository's local server speaking the Stripe REST protocol.
ownProductTest('admin price tools in Stripe mode answer from Stripe (local Stripe-protocol server)', async ({ ownProduct }) => {
  ownProductTest.setTimeout(180_000);
  const port = ownPort(3345);
  // Stopped by the fixture's teardown, also when the test fails or times out.
  const stripe = await ownProduct.fakeStripe({
    prices: [
      { id: 'price_test_monthly_zero', unit_amount: 0, interval: 'month' },
      { id: 'price_test_premium_yearly', unit_amount: 10_800, interval: 'year' },
    ],
  });
  const product = await ownProduct.start({
    port,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_local_protocol_server',
      STRIPE_WEBHOOK_SECRET: 'whsec_local_protocol_server',
      STRIPE_API_HOST: stripe.host,
      // Fixed by the deployment: the price tools show it and cannot replace it.
      STRIPE_PRICE_PREMIUM_YEARLY: 'price_test_premium_yearly',
      PUBLIC_URL: `http://localhost:${port}`,
    },
  });
  const page = await (await ownProduct.newContext(product.url)).newPage();
  const email = uniqueEmail('stripe-admin');
  await createAccount(email, { admin: true });
  await logIn(page, email);
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/stripe-price-check');
  await page.waitForURL((url) => url.searchParams.get('tool') === 'price-check');
  await expect(page.getByTestId('tools-sandbox-note')).toHaveCount(0);
  await page.getByLabel('価格ID', { exact: true }).fill('price_test_monthly_zero');
  await page.getByRole('button', { name: '確認する' }).click();
  await expect(page.getByTestId('price-details')).toContainText('Stripe');
  await expect(page.getByTestId('price-details')).toContainText('¥0');
  expect(stripe.calls('GET', '/v1/prices/price_test_monthly_zero')).toHaveLength(1);
  await page.getByLabel('価格ID', { exact: true }).fill('price_does_not_exist');
  await page.getByRole('button', { name: '確認する' }).click();
  await expect(page.getByText(/No such price/)).toBeVisible();
  // Price setup: the plan fixed by STRIPE_PRICE_PREMIUM_YEARLY shows that id, read-only, and says why.
  await page.goto('/price-setup');
  const pinned = page.getByTestId('price-setup-premium_yearly');
  await expect(pinned.getByRole('textbox')).toHaveValue('price_test_premium_yearly');
  await expect(pinned.getByRole('textbox')).not.toBeEditable();
  await expect(pinned.getByTestId('price-setup-premium_yearly-pinned')).toContainText('環境変数 STRIPE_PRICE_PREMIUM_YEARLY で指定されています');
  await expect(page.getByTestId('price-setup-premium_monthly').getByRole('textbox')).toBeEditable();
  await page.goto('/admin?tab=payments');
  await expect(page.getByTestId('payments-connection')).toContainText('接続済み');
});
