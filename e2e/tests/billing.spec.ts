import { expect, test, type Page, type Request } from '@playwright/test';
import { checkScreen, createVerifiedAccount, logIn, newLearner, PASSWORD, payInSandbox, SANDBOX_LABEL, uniqueEmail, watchConsole } from './support';

const SUBSCRIPTION_REQUIRED = 'AI瞬間英作文チャットをご利用いただくには、アクティブなサブスクリプションが必要です。';
const PAYMENT_SUPERSEDED = 'このお支払い手続きは、後から開かれた別のお支払い手続きに置き換えられたため完了できません。プランを選択し直してください。';

/** Holds a tRPC procedure's requests for a moment so a busy state can be seen. */
async function slowDown(page: Page, procedure: string, ms = 800): Promise<void> {
  await page.route(`**/api/trpc/*${procedure}*`, async (route) => {
    await new Promise((r) => setTimeout(r, ms));
    await route.continue();
  });
}


/** A new learner who has paid for the standard monthly plan in the sandbox checkout. */
async function newStandardSubscriber(page: Page): Promise<void> {
  await newLearner(page);
  await page.goto('/subscription-select');
  await page.getByTestId('plan-card-standard').getByRole('button', { name: 'このプランを選択' }).click();
  await payInSandbox(page, '4242 4242 4242 4242');
  await page.waitForURL((url) => url.pathname === '/payment-success');
}

test('a new learner is asked for a plan, starts the 7-day trial and may practise', async ({ page }) => {
  const errors = watchConsole(page);
  await newLearner(page);

  // No subscription yet: the guard on the practice home asks for a plan.
  await expect(page.getByText(SUBSCRIPTION_REQUIRED)).toBeVisible();
  await page.getByRole('link', { name: 'プランを選択' }).click();
  await page.waitForURL('**/subscription/select');

  // Plan selection: standard and standard-yearly cards, yen prices, benefits, daily limit, premium row.
  await expect(page.getByRole('heading', { name: 'プランを選択', level: 1 })).toBeVisible();
  const standard = page.getByTestId('plan-card-standard');
  const yearly = page.getByTestId('plan-card-standard-yearly');
  await expect(standard.getByRole('heading', { name: 'スタンダード' })).toBeVisible();
  await expect(standard.getByText('¥780')).toBeVisible();
  await expect(standard.getByText('1日50問まで')).toBeVisible();
  await expect(standard.getByText('全レベルの練習問題')).toBeVisible();
  await expect(yearly.getByRole('heading', { name: 'スタンダード年間' })).toBeVisible();
  await expect(yearly.getByText('¥7,800')).toBeVisible();
  await expect(yearly.getByText('人気')).toBeVisible();
  await expect(yearly.getByText('2ヶ月分お得（16%OFF）')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'プレミアム', level: 2 })).toBeVisible();
  await expect(page.getByTestId('plan-row-premium').getByText('¥1,080 / 月')).toBeVisible();
  await expect(page.getByTestId('plan-row-premium-yearly').getByText('¥10,800 / 年')).toBeVisible();
  // The trial's end date is shown before it starts, and that it never turns paid by itself.
  await expect(page.getByTestId('trial-offer')).toContainText('終了後に自動で課金されることはありません');
  await expect(page.getByTestId('trial-offer')).toContainText(/\d{4}年\d{1,2}月\d{1,2}日/);

  await page.getByRole('button', { name: '7日間無料トライアルを始める' }).click();
  await page.waitForURL((url) => url.pathname === '/payment-success' && url.searchParams.get('trial') === 'true');
  await expect(page.getByRole('heading', { name: '決済完了' })).toBeVisible();
  await expect(page.getByText('7日間無料トライアルが開始されました')).toBeVisible();
  const trialInfo = page.getByTestId('trial-info');
  await expect(trialInfo).toContainText('すべての機能をご利用いただけます');
  await expect(trialInfo).toContainText('いつでも解約できます');
  await expect(trialInfo).toContainText(/トライアル終了日：\d{4}年\d{1,2}月\d{1,2}日/);

  await page.getByRole('link', { name: '学習を始める' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByTestId('level-toeic')).toBeVisible();
  await expect(page.getByText(SUBSCRIPTION_REQUIRED)).toHaveCount(0);
  await expect(page.getByTestId('trial-banner')).toContainText(/無料トライアル中：残り7日（\d{1,2}月\d{1,2}日まで）/);
  await expect(page.getByTestId('trial-banner').getByRole('link', { name: '今すぐ登録' })).toHaveAttribute('href', '/subscription-select');

  // My page shows the trial with its end date; the trial cannot be started twice.
  await page.goto('/my-page');
  await expect(page.getByTestId('current-plan-name')).toHaveText('無料トライアル');
  await expect(page.getByTestId('current-plan-status')).toHaveText('無料トライアル中');
  await expect(page.getByTestId('trial-end')).toContainText('残り7日');
  await page.goto('/subscription-select');
  await expect(page.getByTestId('plan-card-standard')).toBeVisible();
  await expect(page.getByRole('button', { name: '7日間無料トライアルを始める' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('sandbox checkout with the 4242 card activates standard; upgrade to yearly; cancel and resume in the portal', async ({ page }) => {
  const errors = watchConsole(page);
  await newLearner(page);
  await page.goto('/subscription-select');
  await slowDown(page, 'billing.createPaymentIntent');
  await page.getByTestId('plan-card-standard').getByRole('button', { name: 'このプランを選択' }).click();
  await page.waitForURL((url) => url.pathname === '/checkout' && url.searchParams.get('plan') === 'standard');
  await expect(page.getByText('決済の準備中...')).toBeVisible();

  await expect(page.getByRole('heading', { name: '決済情報入力' })).toBeVisible();
  await expect(page.getByTestId('checkout-summary')).toContainText('スタンダードプラン');
  await expect(page.getByTestId('checkout-summary')).toContainText('¥780 / 月');
  await expect(page.getByRole('link', { name: 'プラン選択に戻る' })).toHaveAttribute('href', '/subscription-select');
  await expect(page.getByLabel('カード番号')).toHaveAttribute('placeholder', '4242 4242 4242 4242');

  await slowDown(page, 'billing.confirmSandboxPayment');
  await payInSandbox(page, '4242 4242 4242 4242');
  await expect(page.getByRole('button', { name: '処理中...' })).toBeDisabled();
  await page.waitForURL((url) => url.pathname === '/payment-success' && url.searchParams.get('plan') === 'standard');
  await expect(page.getByRole('heading', { name: '決済完了' })).toBeVisible();
  await expect(page.getByText('スタンダードプランへの登録が完了しました')).toBeVisible();
  await expect(page.getByTestId('plan-benefits')).toContainText('全レベルの練習問題');
  await expect(page.getByTestId('plan-benefits')).toContainText('1日50問まで');

  await page.getByRole('link', { name: '学習を始める' }).click();
  await expect(page.getByTestId('level-toeic')).toBeVisible();

  await page.goto('/my-page');
  await expect(page.getByRole('heading', { name: 'マイページ', level: 1 })).toBeVisible();
  await expect(page.getByTestId('current-plan-name')).toHaveText('スタンダード');
  await expect(page.getByTestId('current-plan-status')).toHaveText('有効');
  await expect(page.getByTestId('current-plan-amount')).toHaveText('料金：¥780 / 月');
  await expect(page.getByTestId('next-billing-date')).toContainText(/次回請求日：\d{4}年/);
  await expect(page.getByTestId('pricing-row-standard')).toContainText('ご利用中');
  for (const id of ['standard', 'standard-yearly', 'premium', 'premium-yearly']) await expect(page.getByTestId(`pricing-row-${id}`)).toBeVisible();
  await expect(page.getByTestId('payment-history')).toContainText('¥780');
  await expect(page.getByTestId('payment-history')).toContainText('支払い済み');

  // Change to yearly (with a confirmation), then the card disappears.
  const upgrade = page.getByTestId('yearly-upgrade');
  await expect(upgrade).toContainText('スタンダード年間（¥7,800 / 年）');
  await upgrade.getByRole('button', { name: '年間プランに変更する' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '変更する' }).click();
  await expect(page.getByTestId('toast')).toContainText('アップグレード完了');
  await expect(page.getByTestId('current-plan-name')).toHaveText('スタンダード年間');
  await expect(page.getByTestId('current-plan-amount')).toHaveText('料金：¥7,800 / 年');
  await expect(page.getByTestId('yearly-upgrade')).toHaveCount(0);

  // Payment management opens the (clearly labelled) sandbox portal: cancel in two clicks, then resume.
  await page.getByRole('button', { name: 'お支払い管理' }).click();
  await page.waitForURL((url) => url.pathname === '/my-page' && url.searchParams.get('portal') === 'sandbox');
  const portal = page.getByTestId('sandbox-portal');
  await expect(portal).toContainText('サンドボックス（テスト用）— 実際の請求は発生しません');
  await portal.getByRole('button', { name: '解約する' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '解約する' }).click();
  await expect(page.getByTestId('toast')).toContainText('解約を受け付けました');
  await expect(page.getByTestId('cancel-notice')).toContainText('をもって解約されます');
  await portal.getByRole('button', { name: '解約を取り消す' }).click();
  await expect(page.getByTestId('toast')).toContainText('解約を取り消しました');
  await expect(page.getByTestId('cancel-notice')).toHaveCount(0);
  await expect(page.getByTestId('next-billing-date')).toBeVisible();

  // Account section.
  await expect(page.getByTestId('account-email')).toContainText('@example.com');
  await expect(page.getByRole('link', { name: 'ログアウト' })).toHaveAttribute('href', '/logout');
  await expect(page.getByRole('link', { name: 'ホームに戻る', exact: true })).toHaveAttribute('href', '/');
  expect(errors).toEqual([]);
});

test('a declined card shows the error toast and stays on checkout; a guest is asked to log in first', async ({ page }) => {
  const email = await newLearner(page);
  await page.goto('/logout');
  await page.waitForURL('**/login');

  // A guest's checkout loads neither the Firebase SDK nor the payment form (decision 044).
  const guestScripts: string[] = [];
  const onRequest = (request: Request) => {
    if (/\/assets\/(firebase-sdk|checkout-form)-[\w-]+\.js$/.test(request.url())) guestScripts.push(request.url());
  };
  page.on('request', onRequest);
  await page.goto('/checkout?plan=standard-yearly');
  await expect(page.getByTestId('checkout-summary')).toContainText('スタンダード年間プラン');
  await expect(page.getByTestId('checkout-summary')).toContainText('¥7,800 / 年');
  await page.waitForLoadState('networkidle');
  expect(guestScripts).toEqual([]);
  page.off('request', onRequest);
  await page.getByRole('link', { name: 'ログインして続ける' }).click();
  await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/checkout?plan=standard-yearly');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード').fill(PASSWORD);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/checkout' && url.searchParams.get('plan') === 'standard-yearly');

  await expect(page.getByTestId('checkout-summary')).toContainText('¥7,800 / 年');
  await payInSandbox(page, '4000 0000 0000 0002');
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('エラー');
  await expect(toast).not.toContainText('決済処理中にエラーが発生しました'); // the server's own message
  await expect(page).toHaveURL(/\/checkout\?plan=standard-yearly$/);
  await expect(page.getByRole('button', { name: '決済を確定する' })).toBeEnabled();
  // Focus goes back to the button, not to the page's top (decision 065).
  await expect(page.getByRole('button', { name: '決済を確定する' })).toBeFocused();

  // Empty card fields are caught before any request.
  await page.getByLabel('カード番号').fill('');
  await page.getByRole('button', { name: '決済を確定する' }).click();
  await expect(page.getByText('カード番号を入力してください')).toBeVisible();
  // Each message names what is wrong (decision 056: "1234" was told to use half-width digits).
  await page.getByLabel('カード番号').fill('1234');
  await page.getByLabel('有効期限').fill('01 / 20');
  await page.getByRole('button', { name: '決済を確定する' }).click();
  await expect(page.getByText('カード番号は12〜19桁の数字で入力してください')).toBeVisible();
  await expect(page.getByText('有効期限が過ぎています。未来の年月を入力してください')).toBeVisible();
  await page.getByLabel('有効期限').fill('12 / 34');

  // A second card goes through at once: the declined card's error does not follow to 決済完了.
  await payInSandbox(page, '4000 0000 0000 0002');
  await expect(toast).toContainText('カードが拒否されました');
  // Typed with the Japanese IME on: full-width digits are read as the half-width ones.
  await page.getByLabel('カード番号').fill('４２４２　４２４２　４２４２　４２４２');
  await page.getByRole('button', { name: '決済を確定する' }).click();
  await page.waitForURL((url) => url.pathname === '/payment-success');
  await expect(page.getByRole('heading', { name: '決済完了' })).toBeVisible();
  // Looked at once, as the page shows (the toast would close by itself a few seconds later).
  expect(await page.locator('[data-testid="toast"][data-state="open"]').count()).toBe(0);
});

test('when the payment cannot be prepared, checkout says so and returns to plan selection', async ({ page }) => {
  await newLearner(page);
  await page.route('**/api/trpc/*billing.createPaymentIntent*', (route) => route.abort());
  await page.goto('/checkout?plan=premium');
  await expect(page.getByTestId('toast')).toContainText('決済の準備中にエラーが発生しました');
  await page.waitForURL('**/subscription-select', { timeout: 5000 });
});

test('the premium plan modal opens checkout in a new tab and confirms it', async ({ page, context }) => {
  await newLearner(page);
  await page.goto('/my-page');
  await expect(page.getByTestId('current-plan-status')).toHaveText('未登録');
  await page.getByRole('button', { name: 'プランを申し込む（新しいタブ）' }).click();
  const modal = page.getByTestId('premium-plan-modal');
  await expect(modal.getByTestId('modal-plan-premium')).toContainText('¥1,080 / 月');
  await expect(modal.getByRole('button', { name: '7日間無料トライアルを始める' })).toBeVisible();

  const [tab] = await Promise.all([context.waitForEvent('page'), modal.getByTestId('modal-plan-premium').getByRole('button', { name: '選択する' }).click()]);
  await expect(modal.getByText('新しいタブで決済画面を開きました')).toBeVisible();
  await tab.waitForURL((url) => url.pathname === '/checkout' && url.searchParams.get('plan') === 'premium');
  await expect(tab.getByTestId('checkout-summary')).toContainText('プレミアムプラン');
  await tab.close();

  await modal.getByRole('button', { name: '戻る' }).click();
  await expect(modal.getByTestId('modal-plan-standard')).toBeVisible();
  await modal.getByRole('button', { name: '閉じる' }).first().click();
  await expect(page.getByTestId('premium-plan-modal')).toHaveCount(0);
});

test('the sandbox payment form cancels to the payment-cancelled page, from checkout and from a premium-modal session', async ({ page, context }) => {
  const errors = watchConsole(page);
  await newLearner(page);
  await page.goto('/checkout?plan=standard');
  await expect(page.getByText(SANDBOX_LABEL)).toBeVisible();
  await page.getByRole('button', { name: '決済をキャンセル' }).click();
  await page.waitForURL((url) => url.pathname === '/payment-cancelled');
  await expect(page.getByRole('heading', { name: '決済がキャンセルされました' })).toBeVisible();
  // Nothing was charged or started.
  await page.goto('/my-page');
  await expect(page.getByTestId('current-plan-status')).toHaveText('未登録');

  // The premium modal's checkout (a new tab) cancels to the session's cancel page.
  await page.getByRole('button', { name: 'プランを申し込む（新しいタブ）' }).click();
  const modal = page.getByTestId('premium-plan-modal');
  const [tab] = await Promise.all([context.waitForEvent('page'), modal.getByTestId('modal-plan-premium').getByRole('button', { name: '選択する' }).click()]);
  await tab.waitForURL((url) => url.pathname === '/checkout' && url.searchParams.get('cancel') === '/payment-cancelled');
  await expect(tab.getByTestId('checkout-summary')).toContainText('プレミアムプラン');
  await tab.getByRole('button', { name: '決済をキャンセル' }).click();
  await tab.waitForURL((url) => url.pathname === '/payment-cancelled');
  await expect(tab.getByRole('heading', { name: '決済がキャンセルされました' })).toBeVisible();
  await tab.close();

  // A hand-written link cannot make the cancel button leave the site.
  await page.goto('/checkout?plan=standard&cancel=https%3A%2F%2Fevil.example.com%2F');
  await expect(page.getByText(SANDBOX_LABEL)).toBeVisible();
  await page.getByRole('button', { name: '決済をキャンセル' }).click();
  await page.waitForURL((url) => url.pathname === '/payment-cancelled');
  expect(errors).toEqual([]);
});

test('a payment form left open in another tab cannot be paid once another plan was opened', async ({ page, context }) => {
  await newLearner(page);
  await page.goto('/checkout?plan=standard');
  await expect(page.getByText(SANDBOX_LABEL)).toBeVisible();
  const second = await context.newPage();
  await second.goto('/checkout?plan=premium');
  await expect(second.getByTestId('checkout-summary')).toContainText('プレミアムプラン');

  // The first tab's (standard) form was superseded by the premium one: refused, nothing charged.
  await payInSandbox(page, '4242 4242 4242 4242');
  await expect(page.getByTestId('toast')).toContainText(PAYMENT_SUPERSEDED);
  await expect(page).toHaveURL(/\/checkout\?plan=standard$/);

  await payInSandbox(second, '4242 4242 4242 4242');
  await second.waitForURL((url) => url.pathname === '/payment-success' && url.searchParams.get('plan') === 'premium');
  await second.goto('/my-page');
  await expect(second.getByTestId('current-plan-name')).toHaveText('プレミアム');
  await expect(second.getByTestId('payment-history')).toContainText('¥1,080');
  await expect(second.getByTestId('payment-history')).not.toContainText('¥780');
});

test('an upgrade to yearly while 解約 is scheduled withdraws the cancellation and says so', async ({ page }) => {
  const errors = watchConsole(page);
  await newStandardSubscriber(page);
  await page.goto('/my-page');
  const plan = page.getByTestId('current-plan');
  await plan.getByRole('button', { name: '解約する' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '解約する' }).click();
  await expect(page.getByTestId('cancel-notice')).toContainText('をもって解約されます');

  await page.getByTestId('yearly-upgrade').getByRole('button', { name: '年間プランに変更する' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('現在ご予定の解約は取り消され、スタンダード年間プランとして自動更新されます。');
  await dialog.getByRole('button', { name: '変更する' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'アップグレード完了' })).toContainText('解約のご予定は取り消され、スタンダード年間プランとして自動更新されます。');
  await expect(page.getByTestId('current-plan-name')).toHaveText('スタンダード年間');
  await expect(page.getByTestId('cancel-notice')).toHaveCount(0);
  await expect(page.getByTestId('next-billing-date')).toContainText(/次回請求日：\d{4}年/);
  await expect(plan.getByRole('button', { name: '解約する' })).toBeVisible();
  // A reload reads the same from the server.
  await page.reload();
  await expect(page.getByTestId('current-plan-name')).toHaveText('スタンダード年間');
  await expect(page.getByTestId('cancel-notice')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a standard learner upgrades to premium from my page and gets the premium features', async ({ page }) => {
  const errors = watchConsole(page);
  await newStandardSubscriber(page);
  // Plan selection points a paying standard learner to the change on my page.
  await page.goto('/subscription-select');
  await page.getByTestId('premium-upgrade-link').getByRole('link', { name: 'マイページでプレミアムプランに変更する' }).click();
  await page.waitForURL((url) => url.pathname === '/my-page');
  await expect(page.getByTestId('review-upgrade')).toBeVisible();
  const card = page.getByTestId('premium-upgrade');
  await expect(card).toContainText('プレミアム（¥1,080 / 月）');
  await card.getByRole('button', { name: 'プレミアムプランに変更する' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '変更する' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'アップグレード完了' })).toContainText('プレミアムプランへの変更が完了しました。');
  await expect(page.getByTestId('current-plan-name')).toHaveText('プレミアム');
  await expect(page.getByTestId('current-plan-amount')).toHaveText('料金：¥1,080 / 月');
  await expect(page.getByTestId('premium-upgrade')).toHaveCount(0);
  await expect(page.getByTestId('review-upgrade')).toHaveCount(0);
  await expect(page.getByTestId('yearly-upgrade')).toContainText('プレミアム年間（¥10,800 / 年）');
  await expect(page.getByTestId('payment-history')).toContainText('プレミアムプランへの変更（日割り）');
  expect(errors).toEqual([]);
});

test('upgrade and customer portal failures show the spec toasts', async ({ page }) => {
  await newLearner(page);
  await page.goto('/checkout?plan=standard');
  await payInSandbox(page, '4242 4242 4242 4242');
  await page.waitForURL((url) => url.pathname === '/payment-success');
  await page.goto('/my-page');
  await expect(page.getByTestId('current-plan-name')).toHaveText('スタンダード');

  await page.route('**/api/trpc/*billing.upgradeToYearly*', (route) => route.abort());
  await page.getByTestId('yearly-upgrade').getByRole('button', { name: '年間プランに変更する' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '変更する' }).click();
  await expect(page.getByTestId('toast')).toContainText('アップグレードに失敗しました');
  await expect(page.getByTestId('current-plan-name')).toHaveText('スタンダード');

  await page.route('**/api/trpc/*billing.createPortalSession*', (route) => route.abort());
  await page.getByRole('button', { name: 'お支払い管理' }).click();
  // (The upgrade toast may still be leaving: pick the portal's.)
  const toast = page.getByTestId('toast').filter({ hasText: 'カスタマーポータルの起動に失敗しました' });
  await expect(toast).toContainText('エラー');
  await expect(page).toHaveURL(/\/my-page$/);
});

test('checkout failure texts: payment not confirmed, no client secret, checkout session not created', async ({ page }) => {
  await newLearner(page);
  // The confirmation never reaches the server: the spec's fallback, and the form stays usable.
  await page.goto('/checkout?plan=standard');
  await page.route('**/api/trpc/*billing.confirmSandboxPayment*', (route) => route.abort());
  await payInSandbox(page, '4242 4242 4242 4242');
  const confirmToast = page.getByTestId('toast').filter({ hasText: '決済処理中にエラーが発生しました' });
  await expect(confirmToast).toContainText('エラー');
  await expect(page).toHaveURL(/\/checkout\?plan=standard$/);
  await expect(page.getByRole('button', { name: '決済を確定する' })).toBeEnabled();
  await page.unroute('**/api/trpc/*billing.confirmSandboxPayment*');

  // A payment intent without a client secret: the preparation error, then back to plan selection.
  await page.route('**/api/trpc/*billing.createPaymentIntent*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify([{ result: { data: { clientSecret: '', mode: 'sandbox', planId: 'premium', amount: 1080, planName: 'プレミアム' } } }]) }),
  );
  await page.goto('/checkout?plan=premium');
  const prepareToast = page.getByTestId('toast').filter({ hasText: '決済の準備中にエラーが発生しました' });
  await expect(prepareToast).toContainText('Payment intent creation failed');
  await page.waitForURL('**/subscription-select', { timeout: 5000 });
  await page.unroute('**/api/trpc/*billing.createPaymentIntent*');

  // The premium modal cannot create its checkout session.
  await page.goto('/my-page');
  await page.route('**/api/trpc/*billing.createCheckoutSession*', (route) => route.abort());
  await page.getByRole('button', { name: 'プランを申し込む（新しいタブ）' }).click();
  await page.getByTestId('premium-plan-modal').getByTestId('modal-plan-premium').getByRole('button', { name: '選択する' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Failed to create checkout session' })).toContainText('エラー');
  await expect(page.getByTestId('premium-plan-modal').getByText('新しいタブで決済画面を開きました')).toHaveCount(0);
});

test('payment cancelled page: reasons, premium benefits and both buttons (/payment-cancelled and /cancel)', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/payment-cancelled');
  await expect(page.getByRole('heading', { name: '決済がキャンセルされました' })).toBeVisible();
  const reasons = page.getByTestId('cancel-reasons');
  for (const text of ['お支払い情報の入力が完了しなかった', '決済ページを閉じた', '通信エラーが発生した', 'その他の技術的な問題が発生した']) {
    await expect(reasons).toContainText(text);
  }
  const benefits = page.getByTestId('premium-benefits');
  for (const text of ['7日間の無料トライアル', '練習問題', 'カスタムシナリオの作成', '詳しい学習分析', '復習機能']) {
    await expect(benefits).toContainText(text);
  }
  await expect(page.getByRole('link', { name: 'ホームに戻る' })).toHaveAttribute('href', '/');
  await page.getByRole('link', { name: 'もう一度決済する' }).click();
  await page.waitForURL('**/subscription/select');
  await expect(page.getByRole('heading', { name: 'プランを選択', level: 1 })).toBeVisible();

  await page.goto('/cancel');
  await expect(page.getByRole('heading', { name: '決済がキャンセルされました' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'もう一度決済する' })).toHaveAttribute('href', '/subscription/select');

  // A guest's trial button leads to sign-up first.
  await page.goto('/subscription-select');
  await page.getByRole('button', { name: '7日間無料トライアルを始める' }).click();
  await page.waitForURL('**/signup');
  expect(errors).toEqual([]);
});

test('payment complete for /success: known plan, unknown plan falls back to standard', async ({ page }) => {
  await page.goto('/success?plan=premium-yearly');
  await expect(page.getByRole('heading', { name: '決済完了' })).toBeVisible();
  await expect(page.getByText('プレミアム年間プランへの登録が完了しました')).toBeVisible();
  await expect(page.getByTestId('plan-benefits')).toContainText('カスタムシナリオ作成');
  await page.goto('/payment-success?plan=gold');
  await expect(page.getByText('スタンダードプランへの登録が完了しました')).toBeVisible();
  await expect(page.getByRole('link', { name: '学習を始める' })).toHaveAttribute('href', '/');
});

test('an administrator sees the no-billing note and no billing buttons', async ({ page }) => {
  // An account that is an administrator (custom claim, as `pnpm create-admin` sets) from its first
  // sign-in. (A learner promoted while signed in, then signed out and in again, failed here 2 times in
  // 5 full runs on 2026-11-25, cause not found: see the closing note of that session.)
  const email = uniqueEmail('billing-admin');
  await createVerifiedAccount(email, { admin: true });
  await logIn(page, email);
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByText(SUBSCRIPTION_REQUIRED)).toHaveCount(0);

  await page.goto('/my-page');
  await expect(page.getByTestId('admin-billing-note')).toHaveText('管理者アカウントのため、課金は適用されず全機能を無料でご利用いただけます');
  await expect(page.getByTestId('pricing-table')).toBeVisible();
  for (const name of ['お支払い管理', '解約する', '年間プランに変更する', 'プランを選択']) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
    await expect(page.getByRole('link', { name })).toHaveCount(0);
  }
});

test('a standard learner who opens review or a scenario is told at once that it is a premium feature', async ({ page }) => {
  const errors = watchConsole(page);
  await newLearner(page);
  await page.goto('/checkout?plan=standard');
  await payInSandbox(page, '4242 4242 4242 4242');
  await page.waitForURL((url) => url.pathname === '/payment-success' && url.searchParams.get('plan') === 'standard');

  for (const [path, feature] of [
    ['/practice/toeic?mode=review', '復習機能'],
    ['/practice/high-school?scenario=5f0c3d2e-1111-4222-8333-944455556666', 'カスタムシナリオでの練習'],
  ] as const) {
    await page.goto(path);
    const locked = page.getByTestId('premium-locked');
    await expect(locked).toContainText(`${feature}はプレミアムプランでご利用いただけます。`);
    // No start button that could only end in the server's refusal.
    await expect(page.getByRole('button', { name: '練習を始める' })).toHaveCount(0);
    await expect(locked.getByRole('link', { name: 'プランを見る' })).toHaveAttribute('href', '/subscription-select');
  }
  await checkScreen(page, 'scenario link for a standard learner');
  // Plain practice of the same level is offered instead, and works.
  await page.getByTestId('premium-locked').getByRole('link', { name: '高校英語を練習する' }).click();
  await page.waitForURL((url) => url.pathname === '/practice/high-school' && url.search === '');
  await page.getByRole('button', { name: '練習を始める' }).click();
  await expect(page.getByTestId('japanese-sentence')).toBeVisible();
  expect(errors).toEqual([]);
});
