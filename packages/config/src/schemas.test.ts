import { describe, expect, it } from 'vitest';
import { hasTextCheck, hasVisibleText, isStorableText, ZText } from './schemas';
import { TEXT } from './texts';

describe('ZText: the shared string schema of every input', () => {
  it('refuses what PostgreSQL cannot store, with the Japanese message', () => {
    for (const bad of ['a\0b', '\0', 'x\uD800', '\uDC00y', '\uDBFF\uDBFF\uDC00\uDC00x']) {
      expect(isStorableText(bad)).toBe(false);
      const result = ZText.trim().min(1).max(10).safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([TEXT.unstorableText]);
    }
  });

  it('accepts Japanese, emoji (surrogate pairs), tabs and newlines', () => {
    for (const good of ['今日は晴れです。', 'I think so 👍', 'a\tb\nc', '', '𠮷野家']) {
      expect(isStorableText(good)).toBe(true);
      expect(ZText.safeParse(good).success).toBe(true);
    }
  });

  it('keeps the field\'s own rules after the check, and refuses non-strings in Japanese', () => {
    const field = ZText.trim().min(1, '入力してください').max(3);
    expect(field.parse('  ab  ')).toBe('ab');
    expect(field.safeParse('   ').error?.issues[0]?.message).toBe('入力してください');
    expect(ZText.safeParse(42).error?.issues[0]?.message).toBe(TEXT.invalidInput);
    expect(hasTextCheck(field)).toBe(true);
    expect(hasTextCheck(ZText.optional().unwrap())).toBe(true);
  });
});

describe('zod messages', () => {
  it('are Japanese where a field has no message of its own', () => {
    const issue = ZText.max(3).safeParse('abcdef').error?.issues[0];
    expect(issue?.message).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });
});

describe('hasVisibleText: what a required field must hold (decision 098)', () => {
  it('is false for text of white space, format characters and blank fillers only', () => {
    for (const blank of ['', ' \t\n', '\u200B', '\u202E\u202C', '\u200E\u200F', '\uFEFF', '\u00AD', '\u2060', '\u3000\u00A0', '\u3164', '\u2800']) {
      expect(hasVisibleText(blank), JSON.stringify(blank)).toBe(false);
    }
  });

  it('is true as soon as one character shows, invisible marks around it or not', () => {
    for (const text of ['a', '\u200Ba', 'あ\u202E', '😀', '\u200B１', '.', 'e\u0301']) expect(hasVisibleText(text), JSON.stringify(text)).toBe(true);
  });
});
