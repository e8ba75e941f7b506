import { describe, expect, it } from 'vitest';
import { adminSetupForm, loginForm, newPasswordForm, passwordResetForm, priceCheckForm, simpleSignupForm, problemInput, scenarioFields, signupForm } from './forms';

/** The messages a schema reports, by field path. */
function messages(schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, value: unknown) {
  const result = schema.safeParse(value);
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('form rules of spec section 5', () => {
  it('signup: e-mail required, password ≥ 6, confirmation matches, both boxes ticked', () => {
    expect(messages(signupForm, { email: ' ', password: 'abc', confirm: 'abd', agreeTerms: true, agreePrivacy: false })).toEqual({
      email: 'メールアドレスが必要です',
      password: '6文字以上で入力してください',
      confirm: 'パスワードが一致しません',
      agreePrivacy: '利用規約とプライバシーポリシーに同意してください',
    });
    const ok = signupForm.safeParse({ email: ' a@example.com ', password: 'abcdef', confirm: 'abcdef', agreeTerms: true, agreePrivacy: true });
    expect(ok.success && ok.data.email).toBe('a@example.com');
  });

  it('every password field: at most 128 characters, said at the field', () => {
    const long = 'a'.repeat(129);
    const full = 'a'.repeat(128);
    expect(messages(signupForm, { email: 'a@example.com', password: long, confirm: long, agreeTerms: true, agreePrivacy: true })).toEqual({
      password: 'パスワードは128文字以内で設定してください',
    });
    expect(signupForm.safeParse({ email: 'a@example.com', password: full, confirm: full, agreeTerms: true, agreePrivacy: true }).success).toBe(true);
    expect(messages(simpleSignupForm, { email: 'a@example.com', password: long })).toEqual({ password: 'パスワードは128文字以内で設定してください' });
    expect(messages(newPasswordForm, { password: long, confirm: long })).toEqual({ password: 'パスワードは128文字以内で設定してください' });
    expect(messages(adminSetupForm, { email: 'a@example.com', password: long })).toEqual({ password: 'パスワードは128文字以内で設定してください' });
  });

  it('signup, simple signup, reset request and admin setup: an address of an address\'s shape and length', () => {
    for (const [schema, rest] of [[passwordResetForm, {}], [simpleSignupForm, { password: 'abcdef' }], [adminSetupForm, { password: '' }]] as const) {
      expect(messages(schema, { email: '', ...rest })).toEqual({ email: 'メールアドレスが必要です' });
      expect(messages(schema, { email: 'not-an-email', ...rest })).toEqual({ email: 'メールアドレスの形式が正しくありません。' });
      expect(messages(schema, { email: 'a b@example.com', ...rest })).toEqual({ email: 'メールアドレスの形式が正しくありません。' });
      expect(messages(schema, { email: `${'a'.repeat(250)}@example.com`, ...rest })).toEqual({ email: 'メールアドレスは254文字以内で入力してください' });
      expect(schema.safeParse({ email: ' learner+1@mail.example.co.jp ', ...rest }).success).toBe(true);
    }
  });

  it('login: e-mail and password required', () => {
    expect(messages(loginForm, { email: '', password: '' })).toEqual({ email: 'メールアドレスを入力してください', password: 'パスワードを入力してください' });
  });

  it('reset-password and admin setup: at least 8 characters', () => {
    expect(messages(newPasswordForm, { password: 'short', confirm: 'short' })).toEqual({ password: 'パスワードは8文字以上で設定してください' });
    expect(messages(newPasswordForm, { password: 'longenough', confirm: 'longenougH' })).toEqual({ confirm: 'パスワードが一致しません' });
    expect(messages(adminSetupForm, { email: 'a@example.com', password: 'short' })).toEqual({ password: 'パスワードは8文字以上で設定してください' });
    expect(adminSetupForm.safeParse({ email: 'a@example.com', password: '' }).success).toBe(true);
  });

  it('price ids: required, prod_ refused, price_ required, trimmed', () => {
    expect(messages(priceCheckForm, { priceId: '  ' })).toEqual({ priceId: '価格IDを入力してください' });
    expect(messages(priceCheckForm, { priceId: 'prod_123' })).toEqual({ priceId: 'prod_ で始まるのは商品IDです。price_ で始まる価格IDを入力してください' });
    expect(messages(priceCheckForm, { priceId: 'abc' })).toEqual({ priceId: '価格IDは price_ で始まる必要があります' });
    const ok = priceCheckForm.safeParse({ priceId: ' price_abc ' });
    expect(ok.success && ok.data.priceId).toBe('price_abc');
  });

  it('scenarios and problems: the server messages', () => {
    expect(messages(scenarioFields, { title: ' ', description: 'x'.repeat(1001) })).toEqual({
      title: 'タイトルを入力してください',
      description: '説明は1000文字以内で入力してください',
    });
    const problem = { level: 'toeic', japanese: 'こんにちは', answers: ['Hello.'], grammarPoint: '挨拶', explanation: '基本の挨拶です。' };
    expect(problemInput.safeParse(problem).success).toBe(true);
    expect(messages(problemInput, { ...problem, answers: [] })).toEqual({ answers: '正解の英文を1つ以上入力してください' });
    expect(messages(problemInput, { ...problem, answers: ['Hello.', 'こんにちは'] })).toEqual({ answers: '正解は英文で入力してください' });
  });
});
