// What the eleventh walk of the spec found (docs/decisions/097-eleventh-walk.md).
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedAccount, logIn, payInSandbox, trialLearnerViaEmulator, uniqueEmail } from './support';

/** A trial learner, signed in. */
const trialLearner = (page: Page) => trialLearnerViaEmulator(page, 'walk11');

async function signedInAdmin(page: Page): Promise<void> {
  const email = uniqueEmail('walk11-admin');
  await createVerifiedAccount(email, { admin: true });
  await logIn(page, email);
  await page.waitForURL((url) => url.pathname === '/');
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

/**
 * The browser's speech recognition replaced by one the test speaks through (`window.hear(text)`); each
 * recognition records whether it was stopped (keep what was heard) or aborted (microphone off, dropped).
 */
function fakeSpeechRecognition() {
  type Fake = { onresult: ((e: unknown) => void) | null; onerror: ((e: unknown) => void) | null; onend: (() => void) | null; stopped: boolean; aborted: boolean };
  const w = window as unknown as { recognitions: Fake[]; hear: (text: string) => void; SpeechRecognition: unknown };
  w.recognitions = [];
  class FakeRecognition {
    lang = '';
    interimResults = false;
    maxAlternatives = 1;
    continuous = false;
    onresult: ((e: unknown) => void) | null = null;
    onerror: ((e: unknown) => void) | null = null;
    onend: (() => void) | null = null;
    stopped = false;
    aborted = false;
    start() {
      w.recognitions.push(this);
    }
    stop() {
      this.stopped = true;
      setTimeout(() => this.onend?.(), 20);
    }
    abort() {
      this.aborted = true;
      setTimeout(() => {
        this.onerror?.({ error: 'aborted' });
        this.onend?.();
      }, 20);
    }
  }
  w.SpeechRecognition = FakeRecognition;
  // What a recognition that is still listening hears (a real one goes on until the learner stops speaking).
  w.hear = (text: string) => {
    const recognition = w.recognitions.at(-1);
    if (!recognition || recognition.aborted) return;
    recognition.onresult?.({ results: [[{ transcript: text }]] });
    recognition.onend?.();
  };
}

const lastRecognition = (page: Page) =>
  page.evaluate(() => {
    const recognition = (window as unknown as { recognitions: Array<{ stopped: boolean; aborted: boolean }> }).recognitions.at(-1);
    return { stopped: recognition?.stopped, aborted: recognition?.aborted };
  });

test('sending the answer or leaving practice while the microphone listens turns it off; a late transcript never replaces the graded answer', async ({ page }) => {
  // Before: the recognition went on listening after 回答する and after 戻る; what it heard then was
  // written into the graded answer's box on the result card (and took focus).
  await page.addInitScript(fakeSpeechRecognition);
  await trialLearner(page);
  await page.goto('/practice/toeic');
  await page.getByRole('button', { name: '練習を始める' }).click();
  await expect(page.getByTestId('japanese-sentence')).toBeVisible();
  const box = page.getByLabel('英訳を入力');

  await page.getByRole('button', { name: '音声で答える' }).click();
  await expect(page.getByRole('button', { name: '聞き取り中（タップで終了）' })).toHaveAttribute('aria-pressed', 'true');
  // The learner types instead and sends while the microphone is still on.
  await box.fill('I will go to the office tomorrow.');
  await page.getByRole('button', { name: '回答する' }).click();
  await expect(page.getByTestId('result-card')).toBeVisible();
  expect(await lastRecognition(page)).toEqual({ stopped: false, aborted: true });
  await page.evaluate(() => (window as unknown as { hear: (text: string) => void }).hear('something else entirely'));
  await page.waitForTimeout(300);
  await expect(box).toHaveValue('I will go to the office tomorrow.');

  // Listening on the next problem, then 戻る: the microphone is turned off with the screen.
  await page.getByRole('button', { name: '次の問題' }).click();
  await expect(box).toBeEditable();
  await page.getByRole('button', { name: '音声で答える' }).click();
  await expect(page.getByRole('button', { name: '聞き取り中（タップで終了）' })).toBeVisible();
  await page.getByRole('button', { name: '戻る' }).first().click();
  await expect(page.getByRole('heading', { name: 'レベルを選んでください', level: 1 })).toBeVisible();
  expect(await lastRecognition(page)).toEqual({ stopped: false, aborted: true });

  // Tapping the pressed button still ends listening and keeps what was heard.
  await page.goto('/practice/toeic');
  await page.getByRole('button', { name: '練習を始める' }).click();
  await expect(box).toBeEditable();
  await page.getByRole('button', { name: '音声で答える' }).click();
  await page.getByRole('button', { name: '聞き取り中（タップで終了）' }).click();
  expect(await lastRecognition(page)).toEqual({ stopped: true, aborted: false });
  await expect(page.getByRole('button', { name: '音声で答える' })).toBeVisible();
});

test('paging an admin list with the keyboard keeps the list and focus on 次へ / 前へ', async ({ page }) => {
  // Before: the list gave way to a skeleton while the next page loaded, 前へ and 次へ with it, and focus
  // fell to the page: Tab then started again above the list's twenty 詳細・編集 buttons.
  await signedInAdmin(page);
  await page.goto('/admin?tab=content');
  const rows = page.getByTestId('problem-row');
  await expect(rows.first()).toBeVisible();
  const firstOfPage1 = (await rows.first().textContent()) ?? '';
  const next = page.getByRole('button', { name: '次へ' });
  const previous = page.getByRole('button', { name: '前へ' });

  // The next page is held back a second: the page shown stays meanwhile.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/trpc/*admin.problems.list*', async (route) => {
    await held;
    await route.continue();
  });
  await next.focus();
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300);
  await expect(rows.first()).toHaveText(firstOfPage1);
  expect(await focusedText(page)).toBe('次へ');
  release();
  await expect(page.getByText(/^2 \/ \d+$/)).toBeVisible();
  await expect(rows.first()).not.toHaveText(firstOfPage1);
  expect(await focusedText(page)).toBe('次へ');
  await page.unroute('**/api/trpc/*admin.problems.list*');

  // Back to the first page: 前へ turns disabled, and focus goes to 次へ instead of the page.
  await previous.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^1 \/ \d+$/)).toBeVisible();
  await expect(previous).toBeDisabled();
  expect(await focusedText(page)).toBe('次へ');

  // A new search shows the loading state, not the old page's rows under it.
  await page.getByLabel('問題を検索').fill('zzzzzzzz');
  await page.getByLabel('問題を検索').press('Enter');
  await expect(page.getByTestId('problem-empty')).toHaveText('該当する問題はありません。');
  await expect(rows).toHaveCount(0);
});

test('a reload in the middle of a 瞬間 problem keeps its time limit and its clock; an answer past the limit is still 時間切れ', async ({ page }) => {
  // Before: the resumed problem came back without the countdown (the limit reset to なし) and its
  // time started again, so the answer was graded as if there had been no limit.
  await trialLearner(page);
  await page.goto('/practice/toeic');
  await page.getByLabel('制限時間').selectOption('4');
  await page.getByRole('button', { name: '練習を始める' }).click();
  const sentence = await page.getByTestId('japanese-sentence').innerText();
  await expect(page.getByTestId('time-left')).toContainText('残り');
  await page.getByLabel('英訳を入力').fill('I think so.');
  await page.waitForTimeout(1500);

  await page.reload();
  await expect(page.getByTestId('japanese-sentence')).toHaveText(sentence);
  await expect(page.getByText('瞬間 4秒')).toBeVisible();
  await expect(page.getByLabel('英訳を入力')).toHaveValue('I think so.');
  // The clock went on from the first showing: under 4 s are left (or the time is already up).
  const left = page.getByTestId('time-left');
  await expect(left).toBeVisible();
  const text = await left.innerText();
  const seconds = Number(/残り ([\d.]+)秒/.exec(text)?.[1] ?? '0');
  expect(seconds).toBeLessThan(3.5);
  await expect(left).toHaveAttribute('data-over', 'true', { timeout: 6000 });
  await page.getByRole('button', { name: '回答する' }).click();
  await expect(page.getByTestId('late-badge')).toHaveText('時間切れ');
});

test('saving or removing the daily goal with the keyboard keeps focus in the goal form', async ({ page }) => {
  // Before: the form was remounted when the saved goal changed, so focus fell to the page's top after
  // Enter in the field, after 保存 and after 目標を解除.
  await trialLearner(page);
  await page.goto('/my-page');
  const section = page.getByTestId('daily-goal-section');
  const field = section.getByLabel('1日の目標（問題数）');
  const focusedLabel = () =>
    page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return '(the page)';
      return element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
    });

  await field.fill('5');
  await field.press('Enter');
  await expect(page.getByText('目標を保存しました').first()).toBeVisible();
  await expect(section.getByRole('button', { name: '目標を解除' })).toBeVisible();
  expect(await focusedLabel()).toBe('1日の目標（問題数）');
  await expect(field).toHaveValue('5');

  await field.fill('100');
  await section.getByRole('button', { name: '保存' }).focus();
  const saved = page.waitForResponse((response) => response.url().includes('learning.setDailyGoal'));
  await page.keyboard.press('Enter');
  await saved;
  await expect(section.getByRole('button', { name: '保存' })).toBeEnabled();
  await expect(field).toHaveValue('100');
  expect(await focusedLabel()).toBe('保存');

  await section.getByRole('button', { name: '目標を解除' }).focus();
  await page.keyboard.press('Enter');
  await expect(section.getByRole('button', { name: '目標を解除' })).toHaveCount(0);
  await expect(field).toHaveValue('');
  expect(await focusedLabel()).toBe('1日の目標（問題数）');
});

test('お支払い管理 (the sandbox portal) takes focus to the panel it opens, and 閉じる gives it back', async ({ page }) => {
  // Before: the button was disabled while it opened the panel, focus fell to the page's top and the panel
  // opened above, out of a phone's view; 閉じる dropped focus again.
  await page.setViewportSize({ width: 320, height: 568 });
  const email = uniqueEmail('walk11-standard');
  await createVerifiedAccount(email);
  await logIn(page, email);
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/subscription-select');
  await page.getByTestId('plan-card-standard').getByRole('button', { name: 'このプランを選択' }).click();
  await payInSandbox(page);
  await page.waitForURL((url) => url.pathname === '/payment-success');

  await page.goto('/my-page');
  const portalButton = page.getByRole('button', { name: 'お支払い管理' });
  await portalButton.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByTestId('sandbox-portal');
  await expect(panel).toBeVisible();
  await expect(panel).toBeFocused();
  await expect(panel).toBeInViewport();
  await expect(page.getByRole('region', { name: 'お支払い管理' })).toBeVisible();

  await panel.getByRole('link', { name: '閉じる' }).focus();
  await page.keyboard.press('Enter');
  await expect(panel).toHaveCount(0);
  await expect(portalButton).toBeFocused();
});
