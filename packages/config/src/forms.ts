/**
 * The form rules of spec section 5, as zod schemas shared by the web app's forms (react-hook-form's
 * zod resolver) and, where the server checks the same rule, by its procedures. zod/mini: the sign-in
 * pages load these first (docs/decisions/021-typed-routes-and-forms.md); the server composes them
 * into its classic-zod inputs.
 */
import * as z from 'zod/mini';
import { checkPriceId } from './price-id';
import { LEVEL_KEYS } from './levels';
import { hasVisibleText, isStorableText } from './storable-text';
import { SCENARIO_TEXT, TEXT } from './texts';

/** The login page's own messages (spec: e-mail and password required). */
export const LOGIN_TEXT = {
  emailRequired: 'メールアドレスを入力してください',
  passwordRequired: 'パスワードを入力してください',
} as const;

/** Minimum password length of e-mail signup (Firebase's own minimum). */
export const SIGNUP_PASSWORD_MIN = 6;
/** Minimum password length of admin setup and password reset. */
export const ADMIN_PASSWORD_MIN = 8;

/**
 * Longest password of every form (signup, simple signup, reset, admin setup) and of the server's admin
 * setup: far above what a person types, far below what the auth provider would hash (decision 039).
 */
export const PASSWORD_MAX = 128;
const PASSWORD_TOO_LONG = TEXT.passwordTooLong;

const trimmed = (message: string) => z.string().check(z.trim(), z.minLength(1, message));

/** The longest address SMTP carries (RFC 5321: 254 characters in a path). */
export const EMAIL_MAX = 254;
/** Something@something.tld: the auth provider judges the rest. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * An e-mail address the visitor typed: required, of an address's shape and length. Checked here so that
 * a mistyped address is named at its field (a reset request would otherwise report a mail as sent).
 */
export const requiredEmail = z.string().check(
  z.trim(),
  z.minLength(1, TEXT.emailRequired),
  z.maxLength(EMAIL_MAX, TEXT.emailTooLong),
  z.refine((value) => value === '' || EMAIL_SHAPE.test(value), TEXT.emailInvalid),
);

/** Admin setup and reset-password: at least 8 characters (the server's admin setup checks the same). */
export const adminPassword = z.string().check(z.minLength(ADMIN_PASSWORD_MIN, TEXT.passwordMin8), z.maxLength(PASSWORD_MAX, PASSWORD_TOO_LONG));

/** Admin setup: the account's address and, for a new account, an optional password of at least 8. */
export const adminSetupForm = z.object({
  email: requiredEmail,
  password: z.string().check(
    z.refine((value) => value === '' || value.length >= ADMIN_PASSWORD_MIN, TEXT.passwordMin8),
    z.maxLength(PASSWORD_MAX, PASSWORD_TOO_LONG),
  ),
});

export const loginForm = z.object({
  email: trimmed(LOGIN_TEXT.emailRequired),
  password: z.string().check(z.minLength(1, LOGIN_TEXT.passwordRequired)),
});

/** An e-mail signup's password: at least 6 (the spec's hint), at most PASSWORD_MAX. */
export const signupPassword = z.string().check(z.minLength(SIGNUP_PASSWORD_MIN, TEXT.passwordHint6), z.maxLength(PASSWORD_MAX, PASSWORD_TOO_LONG));

/** Signup (spec section 5): e-mail required, password ≥ 6, confirmation matches, both boxes ticked. */
export const signupForm = z
  .object({
    email: requiredEmail,
    password: signupPassword,
    confirm: z.string(),
    agreeTerms: z.boolean(),
    agreePrivacy: z.boolean(),
  })
  .check(
    z.refine((form) => form.password === form.confirm, { message: TEXT.passwordMismatch, path: ['confirm'] }),
    z.refine((form) => form.agreeTerms && form.agreePrivacy, { message: TEXT.agreeRequired, path: ['agreePrivacy'] }),
  );

/** The spec's simple signup: e-mail and a password of at least 6 characters. */
export const simpleSignupForm = z.object({
  email: requiredEmail,
  password: signupPassword,
});

/** Password reset request: the address the link goes to. */
export const passwordResetForm = z.object({ email: requiredEmail });

/** A new password from a recovery link: at least 8 characters, confirmed. */
export const newPasswordForm = z
  .object({ password: adminPassword, confirm: z.string() })
  .check(z.refine((form) => form.password === form.confirm, { message: TEXT.passwordMismatch, path: ['confirm'] }));

/** A custom scenario (the server's create and update inputs use the same fields). */
export const scenarioFields = z.object({
  title: z
    .string()
    .check(z.trim(), z.refine(hasVisibleText, SCENARIO_TEXT.titleRequired), z.maxLength(100, SCENARIO_TEXT.titleTooLong)),
  description: z
    .string()
    .check(z.trim(), z.refine(hasVisibleText, SCENARIO_TEXT.descriptionRequired), z.maxLength(1000, SCENARIO_TEXT.descriptionTooLong)),
});

/** A Stripe price id (spec section 5): trimmed, required, not a product id, starts with price_. */
export const priceId = z.string().check(
  z.trim(),
  z.superRefine((value, ctx) => {
    const checked = checkPriceId(value);
    if (!checked.ok) ctx.issues.push({ code: 'custom', message: checked.message, input: value });
  }),
);

/** A field's over-the-limit message; also shown by the field that stops at its limit. */
export const tooLongMessage = (label: string, max: number) => `${label}は${max}文字以内で入力してください`;

/** The admin problem form's text limits (its inputs stop there and say so). */
export const PROBLEM_TEXT_MAX = { japanese: 200, grammarPoint: 60, explanation: 500 } as const;

const problemText = (min: number, max: number, label: string) =>
  z.string().check(
    z.trim(),
    z.minLength(min, `${label}を入力してください`),
    z.maxLength(max, tooLongMessage(label, max)),
    z.refine(isStorableText, '使用できない文字が含まれています'),
  );

/** A problem an admin adds or edits (the server's `admin.problems.save` input). */
export const problemInput = z.object({
  level: z.enum(LEVEL_KEYS),
  japanese: problemText(2, PROBLEM_TEXT_MAX.japanese, '日本語の文'),
  answers: z.array(z.string().check(z.trim())).check(
    z.minLength(1, '正解の英文を1つ以上入力してください'),
    z.maxLength(10, '正解は10個までです'),
    // Reported on the list (one message, the first answer's), where the form shows it.
    z.superRefine((answers, ctx) => {
      for (const answer of answers) {
        const message =
          answer.length < 2
            ? '正解の英文を入力してください'
            : answer.length > 300
              ? '正解の英文は300文字以内で入力してください'
              : !isStorableText(answer)
                ? '使用できない文字が含まれています'
                : !/[A-Za-z]/.test(answer) || /[\u3040-\u30ff\u4e00-\u9fff]/.test(answer)
                  ? '正解は英文で入力してください'
                  : null;
        if (message) return void ctx.issues.push({ code: 'custom', message, input: answers });
      }
    }),
  ),
  grammarPoint: problemText(1, PROBLEM_TEXT_MAX.grammarPoint, '文法項目'),
  explanation: problemText(5, PROBLEM_TEXT_MAX.explanation, '解説'),
});

/** The admin's problem form: the accepted answers typed one per line, then the server's rules. */
export const problemForm = z.object({
  ...problemInput.shape,
  answers: z.pipe(
    z.string(),
    z.pipe(
      z.transform((text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean)),
      problemInput.shape.answers,
    ),
  ),
});

/** The price check tool (spec section 5): one price id. */
export const priceCheckForm = z.object({ priceId });

/** A daily goal: 1 to 100 problems a day (the server's `learning.setDailyGoal` input, with null to clear it). */
export const dailyGoal = z.int().check(z.minimum(1, '目標は1問以上にしてください'), z.maximum(100, '目標は100問以内にしてください'));

/** My page's daily goal box: the number as typed. */
export const dailyGoalForm = z.object({
  dailyGoal: z.pipe(
    z.string().check(z.trim(), z.minLength(1, '目標は1問以上にしてください')),
    z.pipe(z.transform((text: string) => Number(text)), dailyGoal),
  ),
});
