/**
 * A rough key for how an English word sounds (decision 082), so a word a learner spelled by its sound
 * ("nite", "lite", "keik") or wrote the katakana way ("fitto" for フィット) meets the word it stands for.
 * Two words with the same key are read as one word spelled two ways: a spelling slip, not another word.
 *
 * The key folds the spellings of the long vowels (igh / i-e, ai / ay / ei / a-e, ee / ea / ie / e-e,
 * oa / o-e, oo / ew / u-e), the silent letters (k of kn, w of wr, h of wh), c / k / q, ph / f and
 * doubled consonants, and drops a katakana vowel after a final doubled consonant. Long vowels become
 * capitals, so "hat" and "hate", "mat" and "mate" keep apart.
 */
export function soundKey(word: string): string {
  const known = KEYS.get(word);
  if (known !== undefined) return known;
  const key = computeKey(word);
  if (KEYS.size > 50_000) KEYS.clear();
  KEYS.set(word, key);
  return key;
}

/** Keys already computed (grading meets the same words again and again). */
const KEYS = new Map<string, string>();

function computeKey(word: string): string {
  let s = word.toLowerCase();
  if (!/^[a-z]+$/.test(s)) return s;
  // Katakana English adds a vowel after a final doubled consonant: fitto, bukku, beddo.
  s = s.replace(/([bcdfgkmnpstz])\1[ou]$/, '$1');
  s = s
    .replace(/^kn/, 'n')
    .replace(/^wr/, 'r')
    .replace(/^wh/, 'w')
    .replace(/ph/g, 'f')
    .replace(/tch/g, 'ch')
    .replace(/ck/g, 'k')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/c/g, 'k')
    .replace(/q/g, 'k')
    .replace(/eigh/g, 'A')
    .replace(/igh/g, 'I')
    .replace(/(ai|ay|ei)/g, 'A')
    .replace(/(ee|ea|ie)/g, 'E')
    .replace(/(oa|oe)/g, 'O')
    .replace(/(oo|ew|ue)/g, 'U');
  // A vowel, one consonant and a final silent e: the vowel is long (lite, cake, note, cute).
  s = s.replace(/([aeiou])([b-df-hj-np-tv-z])e$/, (_, v: string, c: string) => `${v.toUpperCase()}${c}`);
  // Doubled consonants sound as one.
  s = s.replace(/([b-df-hj-np-tv-z])\1/g, '$1');
  return s;
}

/** Two different words of three letters or more that sound the same by soundKey. */
export function soundsAlike(a: string, b: string): boolean {
  // Sound spellings differ by a few letters at most: a cheap test before the keys.
  return a !== b && a.length >= 3 && b.length >= 3 && Math.abs(a.length - b.length) <= 3 && soundKey(a) === soundKey(b);
}

/**
 * Decision 090: the sounds Japanese has one of where English has two, which a learner spells by ear
 * as one: si / shi (シ: "sheet" for "seat"), b / v (ブ / ヴ: "berry" for "very"), and a word's last
 * f / v ("fife" for "five"). The l / r and th / s pairs are left out: "pray" / "play", "collect" /
 * "correct" and "sink" / "think" are other words a teacher reads as such.
 */
function learnerKey(word: string): string {
  return soundKey(word)
    .replace(/sh(?=[iIE])/g, 's')
    .replace(/v/g, 'b')
    .replace(/b$/, 'f');
}

/** Two different real words of three letters or more that a Japanese learner hears as one. */
export function learnerSoundsAlike(a: string, b: string): boolean {
  if (a === b || a.length < 3 || b.length < 3 || Math.abs(a.length - b.length) > 2) return false;
  return learnerKey(a) === learnerKey(b);
}
