import { expect, ownPort, test } from './own-product';
import { newLearner, watchConsole } from './support';

const SUBSCRIPTION_REQUIRED = 'AI瞬間英作文チャットをご利用いただくには、アクティブなサブスクリプションが必要です。';
// A product of its own: it is restarted on the same data with the server clock moved forward
// (CLOCK_OFFSET_DAYS, accepted only in Auth-emulator mode).
const PORT = ownPort(3330);

test('when the 7-day trial has passed, access ends and the guard asks for a plan', async ({ ownProduct }) => {
  test.setTimeout(240_000);
  // Every product started here, the data directory and the context are stopped and removed by the
  // fixture's teardown, also when the test fails or times out.
  const dataDir = ownProduct.dataDir('shunkan-e2e-clock-');
  const start = (days: number) => ownProduct.start({ port: PORT, dataDir, env: days ? { CLOCK_OFFSET_DAYS: String(days) } : {} });
  let product = await start(0);
  const page = await (await ownProduct.newContext(product.url)).newPage();
  /** The page waits on a blank tab while the server is down, so it sees no refused connection. */
  const restartAt = async (days: number) => {
    await page.goto('about:blank');
    await product.stop();
    product = await start(days);
  };
  const errors = watchConsole(page);
  await newLearner(page);
  await page.goto('/subscription-select');
  await page.getByRole('button', { name: '7日間無料トライアルを始める' }).click();
  await page.waitForURL('**/payment-success?trial=true');
  await page.goto('/');
  await expect(page.getByTestId('trial-banner')).toContainText('残り7日');

  // Six days later: the last day of the trial, still practising.
  await restartAt(6);
  await page.goto('/');
  await expect(page.getByTestId('trial-banner')).toContainText('残り1日');
  await expect(page.getByTestId('level-toeic')).toBeVisible();
  expect(errors).toEqual([]);

  // Eight days later: the trial is over; the guard shows the subscription-required card on every practice path.
  await restartAt(8);
  await page.goto('/');
  await expect(page.getByText(SUBSCRIPTION_REQUIRED)).toBeVisible();
  await expect(page.getByTestId('level-toeic')).toHaveCount(0);
  await page.goto('/practice/toeic');
  await expect(page.getByText(SUBSCRIPTION_REQUIRED)).toBeVisible();
  await expect(page.getByRole('button', { name: '練習を始める' })).toHaveCount(0);

  // The server refuses too (the screen is a convenience, not the lock): with the learner's own ID
  // token, as the Firebase SDK keeps it in IndexedDB, a problem request gets 403 and the spec's text.
  const refusal = await page.evaluate(async () => {
    const token = await new Promise<string>((resolve, reject) => {
      const open = indexedDB.open('firebaseLocalStorageDb');
      open.onerror = () => reject(new Error('no firebase storage'));
      open.onsuccess = () => {
        const read = open.result.transaction('firebaseLocalStorage', 'readonly').objectStore('firebaseLocalStorage').getAll();
        read.onsuccess = () => {
          const entry = (read.result as Array<{ value?: { stsTokenManager?: { accessToken?: string } } }>).find((e) => e.value?.stsTokenManager);
          resolve(entry?.value?.stsTokenManager?.accessToken ?? '');
        };
      };
    });
    const response = await fetch('/api/problem', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ difficultyLevel: 'toeic' }),
    });
    return { status: response.status, body: (await response.json()) as { message?: string } };
  });
  expect(refusal.status).toBe(403);
  expect(refusal.body.message).toBe(SUBSCRIPTION_REQUIRED);

  // My page says the trial ended; the trial cannot be started again, plans can be chosen.
  await page.goto('/my-page');
  await expect(page.getByTestId('current-plan-status')).toHaveText('期限切れ');
  await expect(page.getByText('ご利用期間は終了しました。引き続き学習するにはプランをお選びください。')).toBeVisible();
  await page.goto('/subscription-select');
  await expect(page.getByTestId('plan-card-standard')).toBeVisible();
  await expect(page.getByRole('button', { name: '7日間無料トライアルを始める' })).toHaveCount(0);
});
