/**
 * One Japanese word, several English ones (decision 049). A Japanese learner who writes one English
 * translation of a word of the problem's Japanese sentence where the answer has another translation
 * of that same word (消す: erase / turn off, 高い: high / expensive, 抱っこする: hug / hold) keeps the
 * meaning with the wrong English word for this sentence: a word-choice slip, not a meaning error.
 *
 * Each entry is a Japanese word (its written stems and conjugated forms, matched in the problem's
 * Japanese sentence) and the English words or phrases (lemmas, space-separated) a dictionary gives
 * for it in its common senses. Only words whose English translations differ in use, not in the
 * meaning the sentence needs, are listed: a swap between two of them is what learners do when they
 * translate word by word. A pair is a slip only where the problem's Japanese has the word, so
 * "high" for "expensive" is a slip under 高い and another meaning elsewhere.
 */
interface Entry {
  /** Forms of the Japanese word as they appear in a sentence (stems with their inflection). */
  ja: readonly string[];
  /** English lemmas or phrases of lemmas that translate it. */
  en: readonly string[];
}

const ENTRIES: readonly Entry[] = [
  // 消す: erase (a mark), turn / switch off (a device), put out (a fire), delete (data).
  { ja: ['消す', '消し', '消さ', '消せ', '消そ', '消え'], en: ['erase', 'delete', 'turn off', 'switch off', 'put out', 'extinguish'] },
  // 高い: high (position, level), expensive (price), tall (height).
  { ja: ['高い', '高く', '高かっ', '高さ', '高値'], en: ['high', 'expensive', 'pricy', 'pricey', 'costly', 'tall'] },
  // 安い: cheap / low (a price).
  { ja: ['安い', '安く', '安かっ'], en: ['cheap', 'inexpensive', 'low'] },
  // 少ない: few / little (a number or amount), low (a figure such as sales), small.
  { ja: ['少ない', '少なく', '少なかっ', '少な'], en: ['few', 'little', 'low', 'small'] },
  // 取る: take, pass / hand (取って = pass me), get, pick.
  { ja: ['取る', '取っ', '取り', '取ら', '取れ', '取ろ'], en: ['take', 'pass', 'hand', 'get', 'pick up'] },
  // 寝る / 眠る: sleep, go to bed, go to sleep, fall asleep.
  { ja: ['寝る', '寝た', '寝て', '寝ま', '寝な', '寝よ', '寝られ', '眠'], en: ['sleep', 'go to bed', 'go to sleep', 'fall asleep'] },
  // 抱く / 抱っこする / 抱える: hug, hold (in one's arms), embrace, carry.
  { ja: ['抱'], en: ['hug', 'hold', 'embrace', 'carry'] },
  // (電話に) 出る: answer, pick up, go out, come out, get out (出る is to go out; the phone is answered).
  { ja: ['出る', '出た', '出て', '出ま', '出な', '出られ', '出れ'], en: ['go out', 'come out', 'get out', 'answer', 'pick up', 'attend'] },
  // わかる: understand, know, find (道がわかる: found the way), see, tell.
  { ja: ['わか', '分か', '判'], en: ['understand', 'know', 'find', 'see', 'tell', 'figure out'] },
  // もう: already, (not) anymore / any longer, yet.
  { ja: ['もう'], en: ['already', 'anymore', 'any longer', 'yet'] },
  // 覚える: remember, learn, memorize.
  { ja: ['覚え'], en: ['remember', 'learn', 'memorize', 'memorise'] },
  // 聞く / 聴く: hear, listen (to), ask.
  { ja: ['聞', '聴'], en: ['hear', 'listen', 'ask'] },
  // 話す: talk, speak, say, tell.
  { ja: ['話す', '話し', '話さ', '話せ', '話そ'], en: ['talk', 'speak', 'say', 'tell'] },
  // 言う: say, tell, talk, speak.
  { ja: ['言う', '言っ', '言わ', '言い', '言え'], en: ['say', 'tell', 'talk', 'speak'] },
  // 教える: teach, tell, show, inform.
  { ja: ['教え'], en: ['teach', 'tell', 'show', 'inform'] },
  // 知らせる: inform, tell, let know, notify.
  { ja: ['知らせ'], en: ['inform', 'tell', 'notify'] },
  // 作る: make, cook, build, create.
  { ja: ['作'], en: ['make', 'cook', 'build', 'create'] },
  // 直す: fix, repair, mend, correct.
  { ja: ['直'], en: ['fix', 'repair', 'mend', 'correct'] },
  // 習う / 勉強する: learn, study.
  { ja: ['習', '勉強'], en: ['learn', 'study'] },
  // 開く (会議を): open, hold.
  { ja: ['開'], en: ['open', 'hold'] },
  // 貸す: lend, rent, loan.
  { ja: ['貸'], en: ['lend', 'rent', 'loan'] },
  // 使う: use, spend (time, money).
  { ja: ['使'], en: ['use', 'spend'] },
];

/** English words or phrases (as lemma sequences) that translate one Japanese word of the problem. */
export interface JapaneseChoices {
  /** Single-word pairs "a|b" (both orders) that share a Japanese word of the sentence. */
  pairs: ReadonlySet<string>;
  /** Groups of phrases (each a lemma sequence, one or more words) sharing a Japanese word. */
  groups: readonly (readonly (readonly string[])[])[];
}

const EMPTY: JapaneseChoices = { pairs: new Set(), groups: [] };

/** The translation groups of the Japanese words in the problem's sentence (once per problem). */
export function japaneseChoices(japanese: string | undefined): JapaneseChoices {
  if (!japanese) return EMPTY;
  const pairs = new Set<string>();
  const groups: (readonly string[])[][] = [];
  for (const e of ENTRIES) {
    if (!e.ja.some((w) => japanese.includes(w))) continue;
    const words = e.en.filter((w) => !w.includes(' '));
    for (const a of words) for (const b of words) if (a !== b) pairs.add(`${a}|${b}`);
    if (e.en.some((w) => w.includes(' '))) groups.push(e.en.map((w) => w.split(' ')));
  }
  return pairs.size === 0 && groups.length === 0 ? EMPTY : { pairs, groups };
}

/** The learner's word and the answer's (by lemma or form) translate one Japanese word of the sentence. */
export function sharesJapanese(choices: JapaneseChoices | undefined, l: { norm: string; lemma: string }, r: { norm: string; lemma: string }): boolean {
  if (!choices || choices.pairs.size === 0) return false;
  for (const x of [l.lemma, l.norm]) for (const y of [r.lemma, r.norm]) if (x !== y && choices.pairs.has(`${x}|${y}`)) return true;
  return false;
}

/**
 * For the grader's recall ceiling (score.ts): the two words could be named one translation slip
 * that keeps the content, as a pair or as words of two phrases of one group (a bound, so generous).
 */
export function mayShareJapanese(choices: JapaneseChoices | undefined, l: { norm: string; lemma: string }, r: { norm: string; lemma: string }): boolean {
  if (!choices) return false;
  if (sharesJapanese(choices, l, r)) return true;
  const has = (phrases: readonly (readonly string[])[], t: { norm: string; lemma: string }): boolean => phrases.some((ph) => ph.includes(t.lemma) || ph.includes(t.norm));
  return choices.groups.some((g) => has(g, l) && has(g, r));
}
