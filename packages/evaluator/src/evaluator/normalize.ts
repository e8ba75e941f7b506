/**
 * Text normalisation and tokenisation.
 *
 * `normalizeAnswer` is also the cache key for AI verdicts, so every step here is a pure string
 * function with fixed tables: no NLP model, no locale-dependent APIs.
 */
import {
  APOSTROPHE_LESS,
  ARTICLES,
  CONTRACTING_SUBJECTS,
  DETERMINERS,
  DISTINCT_PARTICIPLES,
  AFTER_NOUN_CONTRACTION,
  PHONE_APOSTROPHE_LESS,
  PRONOUNS,
  ING_NOUNS,
  ORDINAL_TENS,
  ORDINAL_UNITS,
  SCALES,
  TENS,
  UK_TO_US,
  UNITS,
  ordinalSuffix,
} from './lexicon';

/** Inputs are capped so a pasted essay cannot slow the grader down. */
export const MAX_CHARS = 300;
export const MAX_TOKENS = 60;

/** One normalised word, remembering where in the learner's text it came from. */
export interface RawToken {
  /** Normalised form: lower case, contractions expanded, US spelling, numbers as digits. */
  norm: string;
  /** Other readings of an ambiguous contraction ('s = is / has, 'd = would / had). */
  alts: readonly string[];
  /** The original text of the word(s) this token came from, with the writer's casing. */
  surface: string;
  /** What to show for this token alone (the surface, or the expanded part of a contraction). */
  display: string;
  /** Index of the raw word; the parts of one contraction share it. */
  group: number;
  /** Contains letters that are not Latin (Japanese typed by mistake or on purpose). */
  foreign: boolean;
}

const FOREIGN_RE = /[^\p{Script=Latin}\p{N}'.:-]/u;
const WORD_RE = /[\p{L}\p{M}\p{N}]+(?:(?:'|-|(?<=\p{N})[.:](?=\p{N}))[\p{L}\p{M}\p{N}]+)*/gu;

/** Character-level clean-up: width, quotes, Japanese punctuation, emoji, times, money. */
function cleanText(text: string): string {
  let s = typeof text === 'string' ? text : '';
  // Cap before NFKC too: normalising a megabyte of text would already be slow.
  s = s.slice(0, MAX_CHARS * 2).normalize('NFKC').slice(0, MAX_CHARS);
  s = s
    .replace(/[\u2018\u2019\u201A\u201B\u2032`\u00B4]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F\u2033]/g, '"')
    .replace(/[。．｡]/g, '. ')
    .replace(/[、，､]/g, ', ')
    .replace(/[・「」『』【】〈〉《》〔〕［］｛｝]/g, ' ')
    // Emoji and other symbols carry no words; joiners and variation selectors go with them.
    .replace(/[\p{Extended_Pictographic}\p{So}\p{Cs}\uFE0F\u200D]/gu, ' ')
    // Invisible format characters (zero-width space and non-joiner, soft hyphen, word joiner, direction
    // marks, a byte-order mark), pasted or put in by a phone's keyboard: gone, so a word they sit in
    // stays one word (decision 088: the model answer with U+200B in its words was graded 1 star).
    .replace(/\p{Cf}/gu, '');
  s = s
    // "3 p.m." / "3pm" / "3 P.M." → "3 pm"; "p.m." alone (after a number word) → "pm".
    .replace(/(\d)\s*([ap])\.?\s?m\b\.?/gi, (_m, d: string, ap: string) => `${d} ${ap.toLowerCase()}m`)
    .replace(/\b([ap])\.\s?m\b\.?/gi, (_m, ap: string) => `${ap.toLowerCase()}m`)
    .replace(/\b(\d{1,2}):00\b/g, '$1')
    .replace(/\bo'\s?clock\b/gi, 'oclock');
  // Thousands separators: "1,000" → "1000" (repeat for "1,000,000").
  for (let i = 0; i < 3; i++) s = s.replace(/(\d),(\d{3})(?!\d)/g, '$1$2');
  s = s
    .replace(/\$\s?(\d+(?:\.\d+)?)/g, '$1 dollars')
    .replace(/[¥￥]\s?(\d+)/g, '$1 yen')
    .replace(/(\d+)\s?円/g, '$1 yen')
    .replace(/(\d+(?:\.\d+)?)\s?%/g, '$1 percent');
  return s;
}

interface Part {
  norm: string;
  alts: string[];
}

/** Words in -ed that are no past ("I'd need", "I'd read"), and pasts in -eed that are. */
const ED_BASES = new Set(['shed', 'wed', 'embed', 'shred', 'red', 'bed', 'bred']);
const EED_PASTS = new Set(['agreed', 'freed', 'guaranteed', 'decreed', 'refereed']);

/**
 * "He'd passed the test": would never takes a past in -ed, so 'd before one is had (decision 085).
 * Bases in -ed / -eed / -ead ("I'd need", "I'd read") keep would.
 */
function regularPast(next: string | undefined): boolean {
  if (next === undefined || !/[a-z]{2}ed$/.test(next) || ED_BASES.has(next) || next.endsWith('ead')) return false;
  return !next.endsWith('eed') || EED_PASTS.has(next);
}

/** Expand one lower-cased raw word into normalised parts; `next` resolves 's / 'd. */
function expandWord(word: string, next: string | undefined, after?: string, opensBareNounPhrase = false, phoneTyped = false): Part[] {
  const w = APOSTROPHE_LESS[word] ?? (phoneTyped ? PHONE_APOSTROPHE_LESS[word] : undefined) ?? word;
  const plain = (norm: string): Part => ({ norm, alts: [] });
  if (w === 'cannot' || w === "can't") return [plain('can'), plain('not')];
  if (w === "won't") return [plain('will'), plain('not')];
  if (w === "shan't") return [plain('shall'), plain('not')];
  if (w === "ain't") return [plain('is'), plain('not')];
  if (w === "let's") return [plain('let'), plain('us')];
  // Spelling variants that are one word in one spelling and two in the other.
  if (w === 'alright') return [plain('all'), plain('right')];
  // Spoken forms of going to / want to (decision 046): they say the same.
  if (w === 'gonna') return [plain('going'), plain('to')];
  if (w === 'wanna') return [plain('want'), plain('to')];
  let m = /^(.+)n't$/.exec(w);
  if (m?.[1]) return [plain(m[1]), plain('not')];
  m = /^(.+)'(m|re|ve|ll|d|s)$/.exec(w);
  if (m?.[1] && m[2]) {
    const base = m[1];
    const nextIsParticiple = next !== undefined && DISTINCT_PARTICIPLES.has(next);
    switch (m[2]) {
      case 'm':
        return [plain(base), plain('am')];
      case 're':
        return [plain(base), plain('are')];
      case 've':
        return [plain(base), plain('have')];
      case 'll':
        return [plain(base), plain('will')];
      case 'd':
        // "I'd been / I'd better" = had; otherwise would. Grading accepts either reading.
        return nextIsParticiple || next === 'better' || regularPast(next)
          ? [plain(base), { norm: 'had', alts: ['would'] }]
          : [plain(base), { norm: 'would', alts: ['had'] }];
      case 's':
        // A noun's 's is a possessive ("Tom's bag") unless a verb form or a word no possessive
        // takes follows: "My brother's working" is "is working", "The train's gone" "has gone".
        if (!CONTRACTING_SUBJECTS.has(base) && !nounContraction(base, next, after, opensBareNounPhrase)) return [plain(w)];
        return nextIsParticiple
          ? [plain(base), { norm: 'has', alts: ['is'] }]
          : [plain(base), { norm: 'is', alts: ['has'] }];
    }
  }
  if (w === 'e-mail' || w === 'e-mails') return [plain(w.replace('-', ''))];
  if (w.includes('-')) return w.split('-').filter(Boolean).map(plain);
  return [plain(w)];
}

/** Words before which a phone-typed "ill" is the adjective ("is ill", "an ill child"), not I'll. */
const BEFORE_ILL = new Set([
  'a', 'an', 'the', 'is', 'am', 'are', 'was', 'were', 'be', 'been', 'being', 'feel', 'feels', 'felt', 'feeling',
  'fall', 'falls', 'fell', 'fallen', 'get', 'gets', 'got', 'getting', 'look', 'looks', 'looked', 'seem', 'seems',
  'seemed', 'become', 'becomes', 'became', 'very', 'so', 'too', 'really', 'quite', 'seriously', 'mentally', 'critically',
]);
/** Words after which a phone-typed "id" is the noun (an ID card), not I'd. */
const AFTER_ID = new Set(['card', 'cards', 'number', 'numbers', 'badge', 'photo', 'check']);
/**
 * "ill take care of it", "id travel" typed on a phone (decision 057): I'll / I'd with the apostrophe
 * and the capital left out, like every other contraction there. Only where the word cannot be the
 * adjective ill (after be, feel, an article or a degree word) or the noun ID (my id, an id card).
 */
function phonePronounContraction(word: string, prev: string | undefined, next: string | undefined): string | undefined {
  if (next === undefined || !/^[a-z]+$/.test(next)) return undefined;
  if (word === 'ill' && (prev === undefined || !BEFORE_ILL.has(prev)) && !AFTER_ILL_OR_ID.has(next)) return "i'll";
  if (word === 'id' && (prev === undefined || !(ARTICLES.has(prev) || DETERMINERS.has(prev))) && !AFTER_ID.has(next)) return "i'd";
  return undefined;
}
/** Words that follow the adjective ill or the noun ID, never I'll / I'd. */
const AFTER_ILL_OR_ID = new Set(['health', 'people', 'person', 'patients', 'effects', 'will', 'and', 'with', 'for', 'from', 'of']);

/**
 * Decision 090: words no possessive its stands before, so a phone-typed "its" is it's: "its one of the
 * cheapest", "its really cold", "its so easy" (its very / its only stay possessive: "its only child").
 */
const ITS_ADVERBS = new Set(['so', 'too', 'really', 'just', 'always', 'still', 'quite', 'pretty', 'already', 'never', 'probably', 'definitely', 'getting', 'kind']);
/** Determiners of one thing: "a cars" / "this elevators" is no plural, so the -s is a left-out 's. */
const SINGULAR_DETERMINERS = new Set(['a', 'an', 'this', 'that', 'each', 'every', 'one']);
/** Singular nouns that end in -s. */
const S_SINGULARS = new Set(['news', 'series', 'species', 'means', 'lens', 'gas', 'yes', 'crossroads', 'headquarters']);
/**
 * "its getting dark", "a cars coming", "this elevators broken" typed on a phone (decision 063): it's,
 * car's, elevator's with the apostrophe left out, as every other apostrophe is. "its" only where a
 * possessive cannot stand (before -ing, a participle, not, an article, a preposition); a noun's -s
 * only after a determiner of one thing, which no plural takes, and where the word after it makes a
 * typed 's a verb (nounContraction).
 */
function phoneNounContraction(word: string, prev: string | undefined, next: string | undefined, after: string | undefined): string | undefined {
  if (next === undefined || !/^[a-z]+$/.test(next)) return undefined;
  if (word === 'its') return nounContraction('it', next, after, false) || (next === 'one' && after === 'of') || ITS_ADVERBS.has(next) ? "it's" : undefined;
  if (prev === undefined || !SINGULAR_DETERMINERS.has(prev) || !/^[a-z]{2,}[^s'u]s$/.test(word) || /ics$/.test(word) || S_SINGULARS.has(word) || PRONOUNS.has(word)) return undefined;
  const base = word.slice(0, -1);
  return nounContraction(base, next, after, false) ? `${base}'s` : undefined;
}

/** Subject pronouns that open a clause ("we'll" counts as "we"). */
const CLAUSE_SUBJECTS = new Set(['i', 'we', 'you', 'he', 'she', 'they', "i'll", "we'll", "you'll", "he'll", "she'll", "they'll", "i'm", "we're", "you're", "they're", "he's", "she's"]);

/** Prepositions and adverbs after a passive participle ("covered with", "closed on", "finished now"). */
const PARTICIPLE_FOLLOWERS = new Set(['with', 'in', 'by', 'at', 'on', 'from', 'to', 'for', 'about', 'now', 'today', 'yet', 'already', 'again']);

/** Place words after "right" ("The station's right next to the bank", "The shop's right here"). */
const RIGHT_PLACES = new Set(['next', 'here', 'there', 'behind', 'in', 'at', 'on', 'by', 'outside', 'inside', 'over', 'across', 'beside', 'above', 'below', 'under', 'around', 'near', 'opposite', 'now', 'away', 'back']);
/**
 * Adjectives a learner says of a thing that are not also the name of something one possesses
 * (decision 077): "the window's dirty" ends a clause, where a possessive would need its noun.
 */
const PREDICATE_ADJECTIVES = new Set([
  'dirty', 'clean', 'broken', 'empty', 'full', 'open', 'closed', 'late', 'early', 'expensive', 'cheap', 'busy',
  'wrong', 'correct', 'fine', 'okay', 'great', 'nice', 'new', 'big', 'small', 'heavy', 'easy', 'difficult',
  'dark', 'quiet', 'noisy', 'crowded', 'delicious', 'sick', 'tired', 'angry', 'happy', 'sad', 'true', 'different',
  'important', 'popular', 'famous', 'wet', 'dry', 'slow', 'safe', 'dangerous', 'beautiful', 'interesting', 'boring',
  'strange', 'missing', 'gone', 'useless', 'perfect', 'terrible', 'awful', 'amazing', 'free', 'huge', 'tiny',
]);
/** Words that may follow a clause's predicate adjective: the end, a conjunction, a time adverb. */
const AFTER_PREDICATE = new Set(['and', 'but', 'so', 'because', 'now', 'today', 'again', 'when', 'if', 'though', 'although', 'enough', 'too', 'anyway']);

/** Participles said of things as adjectives before their noun (a broken bike, a stolen car). */
const DESCRIBING_PARTICIPLES = new Set(['broken', 'stolen', 'frozen', 'hidden', 'fallen', 'forgotten', 'torn', 'worn', 'written', 'spoken', 'beaten', 'chosen', 'driven']);
/** Words after such a participle that make it a verb: particles, adverbs, prepositions. */
const NOT_A_NOUN_AFTER = new Set(['down', 'up', 'off', 'out', 'in', 'into', 'on', 'over', 'away', 'back', 'now', 'already', 'yet', 'again', 'just', 'since', 'for', 'from', 'with', 'by', 'at', 'to', 'and', 'but', 'because', 'so', 'twice', 'once', 'before', 'recently', 'today', 'yesterday', 'all', 'every', 'many', 'much', 'some', 'any', 'two', 'three', 'several', 'both']);

/** Does the word after a noun's 's make it "is" / "has" rather than a possessive? */
function nounContraction(base: string, next: string | undefined, after: string | undefined, opensBareNounPhrase: boolean): boolean {
  if (next === undefined || !/^[a-z]+$/.test(base)) return false;
  // Decision 079: a participle that describes things, followed by a noun, is the possessive's
  // adjective ("my brother's broken bike"); before a determiner, a pronoun or a particle it is has
  // ("My brother's broken his arm", "The car's broken down").
  if (DESCRIBING_PARTICIPLES.has(next) && after !== undefined && /^[a-z]{3,}$/.test(after) && !NOT_A_NOUN_AFTER.has(after) && !ARTICLES.has(after) && !DETERMINERS.has(after) && !PRONOUNS.has(after)) return false;
  if (AFTER_NOUN_CONTRACTION.has(next) || DISTINCT_PARTICIPLES.has(next)) return true;
  // Decision 077: "right" before a place word is the adverb ("The venue's right next to the station"),
  // and an adjective that ends the clause is the predicate ("because the window's dirty").
  if (next === 'right' && after !== undefined && RIGHT_PLACES.has(after)) return true;
  if (PREDICATE_ADJECTIVES.has(next) && (after === undefined || AFTER_PREDICATE.has(after))) return true;
  // Decision 053: a comparative and than ("This bag's cheaper than that one") follow a verb, not a
  // possessive; an answer that would be nothing but "the sun's setting" as a noun phrase is a clause.
  if (after === 'than' && /^[a-z]{3,}er$/.test(next)) return true;
  // Decision 073: a regular participle followed by a preposition or the end is the passive's be
  // ("The mountain's covered with snow", "The shop's closed"); a possessive's participle is
  // followed by the thing it describes ("the company's planned merger").
  if (/^[a-z]{3,}ed$/.test(next) && (after === undefined || PARTICIPLE_FOLLOWERS.has(after))) return true;
  if (opensBareNounPhrase && after === undefined && next.length >= 5 && next.endsWith('ing')) return true;
  // "If the weather's good, we'll go" (decision 050): a possessive is followed by what it possesses,
  // so one word and then a clause's subject pronoun make the 's a verb (the word is its complement).
  if (after !== undefined && CLAUSE_SUBJECTS.has(after) && /^[a-z]+$/.test(next) && !ING_NOUNS.has(next)) return true;
  return next.length >= 5 && next.endsWith('ing') && !ING_NOUNS.has(next);
}

function spellUs(norm: string): string {
  return UK_TO_US[norm] ?? norm;
}

interface Draft extends Part {
  surface: string;
  group: number;
  partIndex: number;
  partCount: number;
}

interface NumberMatch {
  value: number;
  next: number;
  /** The phrase ended in an ordinal word ("twenty-first"), which also ends the phrase. */
  ordinal: boolean;
}

function smallNumberAt(drafts: readonly Draft[], i: number): NumberMatch | undefined {
  const w = drafts[i]?.norm;
  if (w === undefined) return undefined;
  const tens = TENS[w];
  if (tens !== undefined) {
    const nextWord = drafts[i + 1]?.norm ?? '';
    const unit = UNITS[nextWord];
    if (unit !== undefined && unit > 0 && unit < 10) return { value: tens + unit, next: i + 2, ordinal: false };
    const ordinalUnit = ORDINAL_UNITS[nextWord];
    if (ordinalUnit !== undefined && ordinalUnit < 10) return { value: tens + ordinalUnit, next: i + 2, ordinal: true };
    return { value: tens, next: i + 1, ordinal: false };
  }
  const unit = UNITS[w];
  if (unit !== undefined) return { value: unit, next: i + 1, ordinal: false };
  const ordinal = ORDINAL_UNITS[w] ?? ORDINAL_TENS[w];
  if (ordinal !== undefined && w !== 'hundredth') return { value: ordinal, next: i + 1, ordinal: true };
  return undefined;
}

/**
 * Parse a number phrase starting at i ("twenty five", "a hundred", "one thousand two hundred and
 * five", "twenty-first"). Sequences like "one two" are not merged: only grammatical compositions are.
 */
function numberAt(drafts: readonly Draft[], i: number): NumberMatch | undefined {
  let pos = i;
  let total = 0;
  let current: number;
  const word = (k: number): string => drafts[k]?.norm ?? '';
  if (word(pos) === 'a' && (word(pos + 1) === 'hundred' || SCALES[word(pos + 1)] !== undefined)) {
    current = 1;
    pos += 1;
  } else {
    const small = smallNumberAt(drafts, pos);
    if (!small) return undefined;
    if (small.ordinal) return small;
    current = small.value;
    pos = small.next;
  }
  for (;;) {
    const w = word(pos);
    const scale = w === 'hundred' ? 100 : SCALES[w];
    const scaleOk = scale === 100 ? current > 0 && current < 100 : current > 0 && current < 1000;
    if (scale === undefined || !scaleOk) break;
    if (scale === 100) {
      current *= 100;
    } else {
      total += current * scale;
      current = 0;
    }
    pos += 1;
    const afterAnd = word(pos) === 'and' ? pos + 1 : pos;
    const small = smallNumberAt(drafts, afterAnd);
    if (small) {
      const value = total + current + small.value;
      if (small.ordinal) return { value, next: small.next, ordinal: true };
      current += small.value;
      pos = small.next;
    }
  }
  return { value: total + current, next: pos, ordinal: false };
}

/** Words before a year: "in nineteen eighty-five", "since twenty ten". */
const YEAR_PREPOSITIONS = new Set(['in', 'since', 'from', 'until', 'till', 'by', 'before', 'after', 'around', 'of']);

/**
 * A year said as two numbers after a preposition of time (decision 077): "in nineteen eighty-five" is
 * 1985, "since twenty ten" 2010. Only 11-99 followed by 10-99 and no hundred / thousand after it.
 */
function yearAt(drafts: readonly Draft[], i: number): NumberMatch | undefined {
  if (!YEAR_PREPOSITIONS.has(drafts[i - 1]?.norm ?? '')) return undefined;
  const century = smallNumberAt(drafts, i);
  if (!century || century.ordinal || century.value < 11) return undefined;
  const rest = smallNumberAt(drafts, century.next);
  if (!rest || rest.ordinal || rest.value < 10) return undefined;
  const after = drafts[rest.next]?.norm ?? '';
  if (after === 'hundred' || SCALES[after] !== undefined) return undefined;
  return { value: century.value * 100 + rest.value, next: rest.next, ordinal: false };
}

function displayOf(d: Draft): string {
  if (d.partCount === 1) return d.surface;
  const first = d.surface.charAt(0);
  const capital = d.partIndex === 0 && first !== first.toLowerCase();
  return capital ? d.norm.charAt(0).toUpperCase() + d.norm.slice(1) : d.norm;
}

/** Split text into normalised tokens, each remembering its surface form. */
export function tokenize(text: string): RawToken[] {
  const cleaned = cleanText(text);
  const words = cleaned.match(WORD_RE) ?? [];
  // Typed on a phone: not one capital letter ("i cant swim"), so a left-out apostrophe is the style.
  const phoneTyped = !/\p{Lu}/u.test(cleaned);
  const drafts: Draft[] = [];
  for (let g = 0; g < words.length && drafts.length < MAX_TOKENS; g++) {
    const surface = words[g] ?? '';
    const lower = surface.toLowerCase();
    const next = words[g + 1]?.toLowerCase();
    const parts: Part[] = [];
    // The answer is only "(determiner) noun's word": read as a clause, not a noun phrase (decision 053).
    // (A text of two words, "tomorrow's meeting", is a phrase the grader tokenises on its own.)
    const first = words[0]?.toLowerCase() ?? '';
    const bare = g === 1 && words.length === 3 && (ARTICLES.has(first) || DETERMINERS.has(first));
    const phoneWord = phoneTyped ? (phonePronounContraction(lower, words[g - 1]?.toLowerCase(), next) ?? phoneNounContraction(lower, words[g - 1]?.toLowerCase(), next, words[g + 2]?.toLowerCase())) : undefined;
    for (const part of expandWord(phoneWord ?? lower, next, words[g + 2]?.toLowerCase(), bare, phoneTyped)) {
      parts.push({ norm: spellUs(part.norm), alts: part.alts.map(spellUs) });
    }
    // "this years sales" typed on a phone: a noun's -s may be its possessive with the apostrophe
    // left out, as every other apostrophe is; the answer's "year's" then matches it (decision 057).
    const only = parts.length === 1 ? parts[0] : undefined;
    if (phoneTyped && only && only.alts.length === 0 && /^[a-z]{3,}[^s']s$/.test(only.norm) && !PRONOUNS.has(only.norm)) {
      only.alts = [`${only.norm.slice(0, -1)}'s`];
    }
    // Part's fields written out (the same object as `...p`, several times cheaper than the spread).
    parts.forEach((p, k) => drafts.push({ norm: p.norm, alts: p.alts, surface, group: g, partIndex: k, partCount: parts.length }));
  }

  const tokens: RawToken[] = [];
  for (let i = 0; i < drafts.length; ) {
    const d = drafts[i];
    if (!d) break;
    const num = yearAt(drafts, i) ?? numberAt(drafts, i);
    if (num && num.next > i) {
      const span = drafts.slice(i, num.next);
      const surfaces: string[] = [];
      let lastGroup = -1;
      for (const s of span) {
        if (s.group !== lastGroup) surfaces.push(s.surface);
        lastGroup = s.group;
      }
      const surface = surfaces.join(' ');
      const norm = num.ordinal ? `${num.value}${ordinalSuffix(num.value)}` : String(num.value);
      tokens.push({ norm, alts: [], surface, display: surface, group: d.group, foreign: false });
      i = num.next;
      continue;
    }
    tokens.push({
      norm: d.norm,
      alts: d.alts,
      surface: d.surface,
      display: displayOf(d),
      group: d.group,
      foreign: FOREIGN_RE.test(d.surface),
    });
    i += 1;
  }
  return tokens.slice(0, MAX_TOKENS);
}

/**
 * Normalise an answer for comparison and caching: case, punctuation, full-width characters,
 * quotes, whitespace, contractions, number words and UK/US spelling.
 */
export function normalizeAnswer(text: string): string {
  try {
    return tokenize(text)
      .map((t) => t.norm)
      .join(' ');
  } catch {
    // Normalisation must never break a request; an unparseable input has no words.
    return '';
  }
}
