import { describe, expect, it } from 'vitest';
import { normalizeAnswer, tokenize } from './normalize';

describe('normalizeAnswer', () => {
  it.each([
    // Case, punctuation, whitespace.
    ['I went to the park yesterday.', 'i went to the park yesterday'],
    ['  Hello,   WORLD!!  ', 'hello world'],
    ['“Hello,” she said.', 'hello she said'],
    // Full-width characters and Japanese punctuation.
    ['ＡＢＣ，ｄｅｆ？', 'abc def'],
    ['Ｉ　ａｍ　ｈａｐｐｙ。', 'i am happy'],
    ['I like apples、bananas。', 'i like apples bananas'],
    // Informal spellings of okay and all right.
    ['Is it OK if I sit here?', 'is it okay if i sit here'],
    ["It's alright.", 'it is all right'],
    // Contractions.
    ["I'm fine.", 'i am fine'],
    ['I’m fine.', 'i am fine'],
    ["I don't know.", 'i do not know'],
    ["It's a pen.", 'it is a pen'],
    ["It's been a long day.", 'it has been a long day'],
    ["He's gone home.", 'he has gone home'],
    ["I won't go.", 'i will not go'],
    ["I can't swim.", 'i can not swim'],
    ['I cannot swim.', 'i can not swim'],
    ['I can not swim.', 'i can not swim'],
    ["We'll see.", 'we will see'],
    ["They've finished.", 'they have finished'],
    ["I'd like some tea.", 'i would like some tea'],
    ["You'd better go.", 'you had better go'],
    ["Let's go!", 'let us go'],
    ["dont worry, im ok", 'do not worry i am okay'],
    // Possessive 's stays.
    ["Tom's bag is red.", "tom's bag is red"],
    ["My sister's wedding is in June.", "my sister's wedding is in june"],
    // A noun's 's before a verb form or a word no possessive takes is is / has.
    ["My brother's working at a bank.", 'my brother is working at a bank'],
    ["The train's gone.", 'the train has gone'],
    ["Ken's not here.", 'ken is not here'],
    ["My mother's in the kitchen.", 'my mother is in the kitchen'],
    // Decision 077: "right" before a place word, and an adjective that ends the clause.
    ["The museum's right next to the park.", 'the museum is right next to the park'],
    ["I can't read it because the screen's dirty.", 'i can not read it because the screen is dirty'],
    ["The room's empty now.", 'the room is empty now'],
    ["My sister's new car is red.", "my sister's new car is red"],
    ["I used my father's right hand.", "i used my father's right hand"],
    // Numbers and times.
    ['I have ten books.', 'i have 10 books'],
    ['twenty-five people', '25 people'],
    ['a hundred people', '100 people'],
    ['one hundred and twenty yen', '120 yen'],
    ['1,000 people', '1000 people'],
    ['at 3 p.m.', 'at 3 pm'],
    ['at 3pm', 'at 3 pm'],
    ['at three pm', 'at 3 pm'],
    ['at 3:00 P.M.', 'at 3 pm'],
    ["at three o'clock", 'at 3 oclock'],
    ['the 21st century', 'the 21st century'],
    ['the twenty-first century', 'the 21st century'],
    ['one two three', '1 2 3'],
    // Decision 077: a year said as two numbers after a preposition of time.
    ['The shop opened in nineteen ninety-two.', 'the shop opened in 1992'],
    ['She has lived here since twenty twelve.', 'she has lived here since 2012'],
    ['in twenty five minutes', 'in 25 minutes'],
    ['I bought twenty thirty-yen stamps.', 'i bought 20 30 yen stamps'],
    ['$10', '10 dollars'],
    // UK / US spelling.
    ['My favourite colour is grey.', 'my favorite color is gray'],
    ['I realised that I travelled to the centre.', 'i realized that i traveled to the center'],
    // Hyphens and e-mail.
    ['Send me an e-mail.', 'send me an email'],
    ['a well-known writer', 'a well known writer'],
    // No words.
    ['', ''],
    ['   ', ''],
    ['😀👍', ''],
    ['?!...', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeAnswer(input)).toBe(expected);
  });

  it('keeps Japanese text (so the cache key still differs per answer)', () => {
    expect(normalizeAnswer('私は公園に行きました。')).toBe('私は公園に行きました');
  });

  it('is stable: normalising twice changes nothing', () => {
    for (const s of ["I'm looking forward to seeing her.", 'Could you send me the documents by 3 p.m.?', 'My favourite colour', 'ＡＢＣ']) {
      const once = normalizeAnswer(s);
      expect(normalizeAnswer(once)).toBe(once);
    }
  });

  it('maps equivalent spellings of one answer to one key', () => {
    const keys = new Set(
      ["I've lived in Tokyo for ten years.", 'I have lived in Tokyo for 10 years', 'i HAVE lived in tokyo for ten years!', 'Ｉ have lived in Tokyo for 10 years。'].map(normalizeAnswer),
    );
    expect(keys.size).toBe(1);
  });

  it('caps very long input', () => {
    const key = normalizeAnswer('word '.repeat(10_000));
    expect(key.split(' ').length).toBeLessThanOrEqual(60);
  });

  it('never throws on odd input', () => {
    for (const s of ['\u0000', '\uD800', "'", '-', '---', ':::', '1.2.3', undefined as unknown as string, 42 as unknown as string]) {
      expect(() => normalizeAnswer(s)).not.toThrow();
    }
  });
});

describe('tokenize', () => {
  it('remembers the surface of contractions and numbers', () => {
    const tokens = tokenize("I'm twenty-five");
    expect(tokens.map((t) => [t.norm, t.surface, t.display])).toEqual([
      ['i', "I'm", 'I'],
      ['am', "I'm", 'am'],
      ['25', 'twenty-five', 'twenty-five'],
    ]);
  });

  it('keeps the other reading of an ambiguous contraction', () => {
    const [, s] = tokenize("She's happy");
    expect(s).toMatchObject({ norm: 'is', alts: ['has'] });
  });

  it('flags non-Latin words', () => {
    expect(tokenize('I went to 公園').map((t) => t.foreign)).toEqual([false, false, false, true]);
  });

  it('drops invisible format characters inside and between words (decision 088)', () => {
    for (const mark of ['\u200B', '\u200C', '\u00AD', '\u2060', '\u200E', '\u200F', '\u202B', '\uFEFF']) {
      expect(tokenize(`I am a stu${mark}dent${mark}.`).map((t) => t.norm), `U+${mark.codePointAt(0)?.toString(16)}`).toEqual(['i', 'am', 'a', 'student']);
      expect(normalizeAnswer(`${mark}I${mark} am a student.`)).toBe('i am a student');
    }
    // A joiner inside an emoji sequence still leaves a space between the words around it.
    expect(normalizeAnswer('I love 👨\u200D👩 dogs')).toBe('i love dogs');
  });
});
