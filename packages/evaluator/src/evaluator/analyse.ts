/**
 * Linguistic analysis of answers: lemma, part of speech, word class, verb forms and noun number,
 * plus spelling correction of the learner's words against the problem's vocabulary.
 */
import { distance } from 'fastest-levenshtein';
import { soundsAlike } from './sound-spelling';
import { type JapaneseChoices, type JapaneseTime, japaneseChoices, japaneseTime } from './translations';
import type { ItsFunction } from 'wink-nlp';
import type { TBankProblem } from '../bank/types';
import {
  ARTICLES,
  AUX_FORMS,
  CONJUNCTIONS,
  DETERMINERS,
  GLOBAL_PHRASE_SYNONYMS,
  GLOBAL_SYNONYMS,
  IRREGULAR_ADJECTIVES,
  IRREGULAR_PLURALS,
  LIGHT_ADVERBS,
  MODALS,
  NEGATIONS,
  PREPOSITIONS,
  PRONOUNS,
  SPLIT_CONFUSIONS,
  UNCOUNTABLE,
  WH_WORDS,
  type WordClass,
} from './lexicon';
import { EVERYDAY_PHRASE_SYNONYMS, EVERYDAY_SYNONYMS } from './everyday-lexicon';
import { minedAlternativePairs } from './lattice-synonyms';
import { tokenize, type RawToken } from './normalize';
import type { Resources } from './resources';
import type { EdgeRole } from '../lattice/types';

export type VForm = 'base' | '3sg' | 'past' | 'pp' | 'ing';

export interface Token extends RawToken {
  /** Position in its sentence. */
  index: number;
  lemma: string;
  /** Universal POS tag from wink (NOUN, VERB, AUX, ...). */
  pos: string;
  cls: WordClass;
  /** Counts towards content-word recall (nouns, verbs, adjectives, adverbs, numbers, negation). */
  content: boolean;
  /** The verb forms this word can be (empty when it cannot be a verb form of its lemma). */
  forms: ReadonlySet<VForm>;
  /** Noun number when the word is plural-marked. */
  plural: boolean;
  /** The learner's original (misspelt) word, when it was corrected to a reference word. */
  misspelt?: string;
  /** A regularised irregular form ("buyed", "childs") or a pluralised uncountable noun. */
  slip?: 'verb' | 'plural' | 'uncountable';
  /** Known English word (dictionary, reference vocabulary or number). */
  known: boolean;
  /** Introduced by a phrase synonym when grading against a rewritten accepted answer. */
  viaSynonym?: boolean;
  /** Role of the lattice slot this reference word comes from (lattice paths only). */
  role?: EdgeRole;
}

export interface AnalysedAnswer {
  /** Index in problem.answers. */
  index: number;
  text: string;
  normalized: string;
  tokens: Token[];
}

export interface SynonymTable {
  /** Word (normalised form) → synonym group ids. */
  words: Map<string, number[]>;
  /** Lemma of an inflected member ("bought" → buy) → group ids; kept apart so that "kid" does
   * not become a clean synonym of "children" just because "kids" is. */
  lemmas: Map<string, number[]>;
  /** Phrase groups: each member is a sequence of normalised words. */
  phrases: string[][][];
}

export interface ProblemAnalysis {
  answers: AnalysedAnswer[];
  /** Reference vocabulary: every norm and lemma of the answers and synonyms → a token to copy. */
  vocab: Map<string, Token>;
  /** Spelling candidates in a fixed order (answers first), so ties resolve deterministically. */
  spellCandidates: string[];
  /** Problem synonyms (the global table is kept separately and shared). */
  synonyms: SynonymTable;
  /** Analysed tokens of every phrase-synonym member, keyed by its joined norms. */
  phraseTokens: Map<string, Token[]>;
  /** English words that translate one Japanese word of the problem's sentence (decision 049). */
  japanese: JapaneseChoices;
  /** The time of the Japanese sentence's final predicate (decision 082). */
  japaneseTime: JapaneseTime;
}

const EMPTY_FORMS: ReadonlySet<VForm> = new Set();
const MOTION_VERBS = new Set(['go', 'come', 'walk', 'get', 'return', 'travel', 'move', 'run', 'drive', 'fly', 'send', 'give', 'listen', 'talk', 'speak', 'belong', 'write', 'say', 'explain', 'lend', 'show', 'invite', 'take', 'bring', 'ride', 'swim', 'commute', 'head']);

const PLURAL_DAYS = new Set(['mondays', 'tuesdays', 'wednesdays', 'thursdays', 'fridays', 'saturdays', 'sundays']);

function isNumeric(norm: string): boolean {
  return /^\d/.test(norm);
}

/** Possible verb forms of a word given its lemma (used for tense / agreement / form errors). */
function verbForms(norm: string, lemma: string, res: Resources): ReadonlySet<VForm> {
  const forms = new Set<VForm>();
  const irregular = res.irregular.get(lemma);
  if (norm === lemma) forms.add('base');
  if (irregular) {
    if (irregular.past.includes(norm)) forms.add('past');
    if (irregular.participle.includes(norm)) forms.add('pp');
  }
  // "has" / "does" / "is" are third-person forms too, so a synonym of "have" never matches "has"
  // as if it were the plain form.
  const aux = AUX_FORMS[norm];
  if (aux?.time === 'present' && aux.person === '3sg') forms.add('3sg');
  if (norm !== lemma) {
    if (norm.endsWith('ing')) forms.add('ing');
    else if (norm.endsWith('ed') && !irregular) {
      forms.add('past');
      forms.add('pp');
    } else if (norm.endsWith('s') && (norm === `${lemma}s` || norm === `${lemma}es` || (lemma.endsWith('y') && norm === `${lemma.slice(0, -1)}ies`))) {
      forms.add('3sg');
    }
  }
  return forms.size > 0 ? forms : EMPTY_FORMS;
}

function classOf(norm: string, prevLemma: string | undefined, next: { norm: string; pos: string } | undefined): WordClass {
  if (NEGATIONS.has(norm)) return 'neg';
  if (ARTICLES.has(norm)) return 'article';
  if (WH_WORDS.has(norm)) return 'wh';
  if (MODALS.has(norm)) return 'modal';
  if (AUX_FORMS[norm]) return 'aux';
  if (norm === 'to') {
    // Infinitive marker when a verb follows, except after verbs of motion/transfer ("go to school").
    const nextIsVerb = next !== undefined && (next.pos === 'VERB' || next.pos === 'AUX') && !next.norm.endsWith('ing');
    return nextIsVerb && !(prevLemma !== undefined && MOTION_VERBS.has(prevLemma)) ? 'part' : 'prep';
  }
  if (PREPOSITIONS.has(norm)) return 'prep';
  if (DETERMINERS.has(norm)) return 'det';
  if (PRONOUNS.has(norm)) return 'pron';
  if (CONJUNCTIONS.has(norm)) return 'conj';
  return 'content';
}

/** Run wink over normalised tokens and attach lemma, POS and word-class features. */
export function analyseTokens(raw: readonly RawToken[], res: Resources): Token[] {
  const lemmas: string[] = raw.map((t) => t.norm);
  const tags: string[] = raw.map(() => 'X');
  if (raw.length > 0) {
    const doc = res.nlp.readDoc(raw.map((t) => t.norm).join(' '));
    const its = res.its;
    const tokens = doc.tokens();
    // wink's typings declare `its.lemma` with an addons parameter that `out` does not accept.
    const winkLemmas = tokens.out(its.lemma as unknown as ItsFunction<string>) as string[];
    const winkPos = tokens.out(its.pos) as string[];
    const spaces = tokens.out(its.precedingSpaces) as string[];
    // Our norms contain no spaces, so the k-th space-separated chunk is our k-th token; when wink
    // splits a chunk ("tom's" → tom + 's) the first piece speaks for it.
    let k = -1;
    for (let w = 0; w < winkLemmas.length; w++) {
      if (w === 0 || (spaces[w] ?? '') !== '') {
        k += 1;
        if (k >= raw.length) break;
        lemmas[k] = (winkLemmas[w] ?? raw[k]?.norm ?? '').toLowerCase();
        tags[k] = winkPos[w] ?? 'X';
      }
    }
  }
  const out: Token[] = [];
  raw.forEach((t, i) => {
    let lemma = lemmas[i] ?? t.norm;
    let pos = tags[i] ?? 'X';
    const aux = AUX_FORMS[t.norm];
    if (aux) lemma = aux.lemma;
    else if (res.irregularForms.has(t.norm) && (lemma === t.norm || pos === 'VERB')) lemma = res.irregularForms.get(t.norm) ?? lemma;
    else if (IRREGULAR_ADJECTIVES[t.norm]) lemma = IRREGULAR_ADJECTIVES[t.norm] ?? lemma;
    if (isNumeric(t.norm)) {
      lemma = t.norm;
      pos = 'NUM';
    }
    // "3 pm" / "3 am": wink reads "am" as the verb.
    const prev = raw[i - 1];
    if ((t.norm === 'am' || t.norm === 'pm') && prev && isNumeric(prev.norm)) {
      lemma = t.norm;
      pos = 'NOUN';
    }
    // wink keeps "Sundays" as a proper noun of its own; it is the plural of the day.
    if (PLURAL_DAYS.has(t.norm)) {
      lemma = t.norm.slice(0, -1);
      pos = 'PROPN';
    }
    const next = raw[i + 1];
    const prevLemma = i > 0 ? out[i - 1]?.lemma : undefined;
    let cls = classOf(t.norm, prevLemma, next ? { norm: next.norm, pos: tags[i + 1] ?? 'X' } : undefined);
    if (pos === 'NOUN' && lemma === t.norm && (t.norm === 'am' || t.norm === 'pm')) cls = 'content';
    // "Conference Room A", "Plan B": a capital letter after a capitalised word names the thing (a
    // label, decision 046), not the article; another letter names another one.
    if (t.norm === 'a' && t.surface === 'A' && i > 0 && /^[A-Z]/.test(prev?.surface ?? '') && prev?.surface !== 'A' && !['NOUN', 'ADJ', 'PROPN'].includes(tags[i + 1] ?? '')) {
      cls = 'content';
      pos = 'PROPN';
    }
    const content = (cls === 'content' && !LIGHT_ADVERBS.has(t.norm)) || cls === 'wh' || cls === 'neg';
    const plural = t.norm !== lemma && (t.norm.endsWith('s') || IRREGULAR_PLURALS[lemma] === t.norm) && !AUX_FORMS[t.norm];
    // RawToken's fields written out, in tokenize's order (the same object as `...t`): a spread of
    // the token costs several times more here, the grader's hottest object literal.
    out.push({
      norm: t.norm,
      alts: t.alts,
      surface: t.surface,
      display: t.display,
      group: t.group,
      foreign: t.foreign,
      index: i,
      lemma,
      pos,
      cls,
      content,
      forms: verbForms(t.norm, lemma, res),
      plural,
      known: true,
    });
  });
  return out;
}

/** "have" as the main verb ("I have milk every morning"), not the perfect auxiliary. */
export function isMainVerbHave(tokens: readonly Token[], k: number): boolean {
  const t = tokens[k];
  if (t?.lemma !== 'have') return false;
  let next = k + 1;
  while (tokens[next] !== undefined && PERFECT_ADVERBS.has(tokens[next]?.norm ?? '')) next += 1;
  // A question puts the subject between the auxiliary and its participle: "Have you finished".
  if (k === 0 && QUESTION_SUBJECTS.has(tokens[next]?.norm ?? '')) {
    next += 1;
    while (tokens[next] !== undefined && PERFECT_ADVERBS.has(tokens[next]?.norm ?? '')) next += 1;
  }
  // Only a participle makes it the perfect auxiliary; wink's tags are unreliable here ("have milk"
  // comes out as have/AUX milk/VERB).
  const t2 = tokens[next];
  return t2 === undefined || (!t2.forms.has('pp') && t2.cls !== 'aux');
}
const QUESTION_SUBJECTS = new Set(['i', 'you', 'he', 'she', 'it', 'we', 'they']);
const PERFECT_ADVERBS = new Set(['never', 'ever', 'already', 'just', 'not', 'also', 'always', 'often', 'recently', 'finally']);

/** Third-person singular present of a verb lemma ("go" → "goes", "study" → "studies"). */
function thirdPerson(lemma: string): string {
  const special: Record<string, string> = { be: 'is', have: 'has', do: 'does', go: 'goes' };
  if (special[lemma]) return special[lemma] ?? lemma;
  if (/(s|sh|ch|x|z|o)$/.test(lemma)) return `${lemma}es`;
  if (/[^aeiou]y$/.test(lemma)) return `${lemma.slice(0, -1)}ies`;
  return `${lemma}s`;
}

const THIRD_SINGULAR_SUBJECTS = new Set(['he', 'she', 'it', 'this', 'that', 'everyone', 'everybody', 'someone', 'somebody', 'nobody']);
const OTHER_SUBJECTS = new Set(['we', 'you', 'they', 'these', 'those']);

/**
 * Make a phrase's leading verb agree with a subject ("want to" after "he" → "wants to"), so a
 * phrase synonym copied into an accepted answer keeps that answer's grammar.
 */
export function agreeWithSubject(tokens: readonly Token[], subject: Token | undefined, res: Resources): Token[] {
  const [first, ...rest] = tokens;
  if (!first || !subject) return [...tokens];
  const isNoun = subject.pos === 'NOUN' || subject.pos === 'PROPN';
  const person =
    subject.norm === 'i' ? '1sg'
    : THIRD_SINGULAR_SUBJECTS.has(subject.norm) || (isNoun && !subject.plural) ? '3sg'
    : OTHER_SUBJECTS.has(subject.norm) || (isNoun && subject.plural) ? 'other'
    : undefined;
  if (!person) return [...tokens];
  const aux = AUX_FORMS[first.norm];
  let form: string | undefined;
  if (aux && aux.time === 'present') {
    if (aux.lemma === 'be') form = person === '1sg' ? 'am' : person === '3sg' ? 'is' : 'are';
    else form = person === '3sg' ? thirdPerson(aux.lemma) : aux.lemma;
  } else if (first.cls === 'content' && first.pos === 'VERB' && (first.forms.has('base') || first.forms.has('3sg'))) {
    form = person === '3sg' ? thirdPerson(first.lemma) : first.lemma;
  }
  if (!form || form === first.norm) return [...tokens];
  const adjusted: Token = {
    ...first,
    norm: form,
    surface: form,
    display: form,
    forms: verbForms(form, first.lemma, res),
    plural: form !== first.lemma && form.endsWith('s') && !AUX_FORMS[form],
  };
  return [adjusted, ...rest];
}

/** Is a word in the dictionary (either casing, possessive stripped) or otherwise acceptable? */
function isKnownWord(norm: string, res: Resources): boolean {
  if (isNumeric(norm)) return true;
  const base = norm.endsWith("'s") ? norm.slice(0, -2) : norm;
  if (base.length === 0) return true;
  if (res.spell.correct(base)) return true;
  return res.spell.correct(base.charAt(0).toUpperCase() + base.slice(1));
}

const REGULARISED_PLURALS: ReadonlyMap<string, string> = new Map(
  Object.entries(IRREGULAR_PLURALS)
    .filter(([singular, plural]) => plural !== `${singular}s` && singular !== 'person')
    .map(([singular]) => [`${singular}s`, singular]),
);
/** An irregular plural given an -s as well ("childrens", "feets"): a plural slip, not a spelling one. */
const DOUBLE_PLURALS: ReadonlyMap<string, string> = new Map(
  Object.entries(IRREGULAR_PLURALS)
    .filter(([singular, plural]) => !plural.endsWith('s') && singular !== 'person')
    .map(([singular, plural]) => [`${plural}s`, singular]),
);
const PLURALISED_UNCOUNTABLES: ReadonlyMap<string, string> = new Map(
  [...UNCOUNTABLE].flatMap((u) => [[`${u}s`, u] as const, [`${u}es`, u] as const]),
);

/** "buyed" → "buy", "runned" → "run", "flied" → "fly" when the base is an irregular verb. */
function regularisedIrregular(norm: string, res: Resources): string | undefined {
  if (!norm.endsWith('d') || norm.length < 4) return undefined;
  const stems = [norm.slice(0, -2), norm.slice(0, -1)];
  if (norm.endsWith('ied')) stems.push(`${norm.slice(0, -3)}y`);
  const s = norm.slice(0, -2);
  if (s.length >= 3 && s.at(-1) === s.at(-2)) stems.push(s.slice(0, -1));
  for (const stem of stems) {
    const verb = res.irregular.get(stem);
    if (!verb || verb.past.includes(norm) || verb.participle.includes(norm)) continue;
    // One letter from a real form of the verb ("spoilled" / "spoiled") is a typo, not a regularised form.
    if ([...verb.past, ...verb.participle].some((f) => f.endsWith('ed') && distance(f, norm) <= 1)) return undefined;
    return stem;
  }
  return undefined;
}

/** Edit-distance threshold for calling an unknown word a misspelling of a reference word. */
function withinSpellingDistance(word: string, candidate: string, d: number): boolean {
  if (word.length <= 3 || candidate.length <= 3) return d <= 1 || isTransposition(word, candidate);
  return d <= 2;
}

/** True when b is a with two adjacent letters swapped ("teh" / "the"). */
export function isTransposition(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  let first = -1;
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) {
      if (first === -1) first = i;
      else if (i !== first + 1) return false;
    }
  }
  return first >= 0 && a[first] === b[first + 1] && a[first + 1] === b[first] && a.slice(first + 2) === b.slice(first + 2);
}

/**
 * Mark the learner's unknown words: regularised irregular verbs and plurals are grammar slips;
 * other unknown words within a small edit distance of a reference word are corrected (and
 * flagged as spelling), so the rest of the grading sees the intended word.
 */
export function correctLearnerTokens(tokens: Token[], problem: ProblemAnalysis, res: Resources): Token[] {
  return joinSplitWords(correctWords(tokens, problem, res), problem);
}

/** First words that make a word of their own with the next one ("a part", "a head", "may be"). */
const SPLIT_EXCEPTIONS = new Set(['a', 'may']);
/** everyone, anybody, something, nothing, ... (the pronouns a learner writes as two words). */
const COMPOUND_PRONOUN = /^(every|any|some|no)(one|body|thing|where)$/;

/**
 * "over time" for "overtime": two known words written apart that make one content word of the
 * problem are that word misspelt (a spelling slip), when the problem's words do not have both.
 */
function joinSplitWords(tokens: Token[], problem: ProblemAnalysis): Token[] {
  const out: Token[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const a = tokens[k] as Token;
    const b = tokens[k + 1];
    const joined = b && !a.foreign && !b.foreign && a.known && b.known && !SPLIT_EXCEPTIONS.has(a.norm) ? `${a.surface}${b.surface}`.toLowerCase() : undefined;
    const ref = joined === undefined || !b ? undefined : (problem.vocab.get(joined) ?? problem.vocab.get(`${a.norm}${b.norm}`));
    // (Decision 079: five letters and the compound pronouns too, "to day", "every one", "any thing".
    // Two words the problem has are those words ("try out", "some time"), except after a preposition
    // where the answers do not have them side by side: "to day" where an answer has "a busy day".)
    const both = b !== undefined && problem.vocab.has(a.norm) && problem.vocab.has(b.norm) && (a.cls !== 'prep' || problem.answers.some((x) => x.tokens.some((t, j) => t.norm === a.norm && x.tokens[j + 1]?.norm === b.norm)));
    if (!b || !ref || !(ref.content || COMPOUND_PRONOUN.test(ref.norm)) || ref.norm.length < 5 || both) {
      out.push(out.length === k ? a : { ...a, index: out.length });
      continue;
    }
    const surface = `${a.surface} ${b.surface}`;
    out.push({ ...a, index: out.length, norm: ref.norm, alts: [], lemma: ref.lemma, pos: ref.pos, cls: ref.cls, content: ref.content, forms: ref.forms, plural: ref.plural, display: surface, misspelt: surface });
    k++;
  }
  return out;
}

function correctWords(tokens: Token[], problem: ProblemAnalysis, res: Resources): Token[] {
  return tokens.map((t) => {
    if (t.foreign || isNumeric(t.norm)) return t;
    const regPlural = REGULARISED_PLURALS.get(t.norm) ?? DOUBLE_PLURALS.get(t.norm);
    if (regPlural) return { ...t, lemma: regPlural, pos: 'NOUN', cls: 'content', content: true, plural: true, forms: EMPTY_FORMS, slip: 'plural' };
    if (problem.vocab.has(t.norm)) return t;
    // "alot" is not misspelt "lot": alignment reads it as "a lot" written as one word.
    if (SPLIT_CONFUSIONS[t.norm] || isKnownWord(t.norm, res)) return t;
    const uncountable = PLURALISED_UNCOUNTABLES.get(t.norm);
    if (uncountable) return { ...t, lemma: uncountable, pos: 'NOUN', cls: 'content', content: true, plural: true, forms: EMPTY_FORMS, slip: 'uncountable' };
    const irregularBase = regularisedIrregular(t.norm, res);
    if (irregularBase) {
      const forms: ReadonlySet<VForm> = new Set<VForm>(['past', 'pp']);
      return { ...t, lemma: irregularBase, pos: 'VERB', cls: 'content', content: true, plural: false, forms, slip: 'verb' };
    }
    let best: string | undefined;
    let bestDistance = Infinity;
    for (const candidate of problem.spellCandidates) {
      if (Math.abs(candidate.length - t.norm.length) > 2) continue;
      const d = distance(t.norm, candidate);
      if (!withinSpellingDistance(t.norm, candidate, d)) continue;
      const effective = isTransposition(t.norm, candidate) ? 1 : d;
      const sameStart = candidate.charAt(0) === t.norm.charAt(0);
      const bestSameStart = best !== undefined && best.charAt(0) === t.norm.charAt(0);
      if (effective < bestDistance || (effective === bestDistance && sameStart && !bestSameStart)) {
        best = candidate;
        bestDistance = effective;
      }
    }
    // "nite" for "night", "keik" for "cake": a word spelled by its sound is that word, before one
    // two letters away ("mine").
    if (bestDistance >= 2 && t.norm.length >= 3) best = problem.spellCandidates.find((c) => problem.vocab.get(c)?.content === true && soundsAlike(t.norm, c)) ?? best;
    const ref = best === undefined ? undefined : problem.vocab.get(best);
    if (!ref) return { ...t, known: false };
    // A word the dictionary lacks that is the answer's word with or without its -s ("smartphone" /
    // "smartphones") is the other number of that word, not a misspelling of it.
    const sOnly = (a: string, b: string): boolean => b === `${a}s` || b === `${a}es`;
    if (sOnly(t.norm, ref.norm) || sOnly(ref.norm, t.norm)) return { ...t, known: true };
    return {
      ...t,
      norm: ref.norm,
      alts: [],
      lemma: ref.lemma,
      pos: ref.pos,
      cls: ref.cls,
      content: ref.content,
      forms: ref.forms,
      plural: ref.plural,
      misspelt: t.surface,
    };
  });
}

function addTo(map: Map<string, number[]>, word: string, group: number): void {
  const list = map.get(word);
  if (!list) map.set(word, [group]);
  else if (!list.includes(group)) list.push(group);
}

/**
 * Build a synonym table from groups of words/phrases. Single words are indexed by their
 * normalised form and lemma; multi-word members make a phrase group.
 */
function buildSynonymTable(groups: readonly (readonly string[])[], res: Resources, firstId: number, phraseTokens: Map<string, Token[]>): SynonymTable {
  const table: SynonymTable = { words: new Map(), lemmas: new Map(), phrases: [] };
  groups.forEach((group, g) => {
    const members = group.map((m) => tokenize(m)).filter((m) => m.length > 0);
    if (members.length < 2) return;
    const isPhraseGroup = members.some((m) => m.length > 1);
    if (isPhraseGroup) {
      const phrase = members.map((m) => m.map((t) => t.norm));
      table.phrases.push(phrase);
      for (const m of members) {
        const key = m.map((t) => t.norm).join(' ');
        if (!phraseTokens.has(key)) phraseTokens.set(key, analyseTokens(m, res));
      }
      return;
    }
    for (const m of members) {
      const [token] = analyseTokens(m, res);
      if (!token) continue;
      addTo(table.words, token.norm, firstId + g);
      // A lemma entry lets "purchased" meet "bought"; skip it when the word is its own lemma.
      if (token.lemma !== token.norm) addTo(table.lemmas, token.lemma, firstId + g);
    }
  });
  return table;
}

let globalTable: { table: SynonymTable; phraseTokens: Map<string, Token[]> } | undefined;

/** The curated global synonym table, analysed once per process. */
export function globalSynonyms(res: Resources): { table: SynonymTable; phraseTokens: Map<string, Token[]> } {
  if (!globalTable) {
    const phraseTokens = new Map<string, Token[]>();
    // The curated groups, then the everyday lexicon's (decision 067).
    const wordGroups = [...GLOBAL_SYNONYMS, ...EVERYDAY_SYNONYMS];
    const phraseGroups = [...GLOBAL_PHRASE_SYNONYMS, ...EVERYDAY_PHRASE_SYNONYMS];
    const words = buildSynonymTable(wordGroups, res, 0, phraseTokens);
    const phrases = buildSynonymTable(phraseGroups, res, wordGroups.length, phraseTokens);
    // Nouns the bank's lattices treat as alternatives in several problems (lattice-synonyms.ts).
    const nounPairs = minedAlternativePairs().filter((pair) =>
      pair.every((w) => {
        const [t] = analyseTokens(tokenize(w), res);
        return t !== undefined && t.cls === 'content' && t.pos === 'NOUN' && isKnownWord(w, res);
      }),
    );
    const mined = buildSynonymTable(nounPairs, res, wordGroups.length + phraseGroups.length, phraseTokens);
    for (const [word, groups] of mined.words) for (const g of groups) addTo(words.words, word, g);
    for (const [lemma, groups] of mined.lemmas) for (const g of groups) addTo(words.lemmas, lemma, g);
    globalTable = { table: { words: words.words, lemmas: words.lemmas, phrases: phrases.phrases }, phraseTokens };
  }
  return globalTable;
}

/** Ids for problem synonym groups start after the global ones so the two never collide. */
const PROBLEM_SYNONYM_BASE = 100_000;
/** Synonyms derived from the accepted answers get their own id range, after the curated ones. */
const DERIVED_SYNONYM_BASE = 200_000;

/**
 * Add synonym groups derived from the accepted answers (see slot-synonyms.ts) to a problem's own
 * table, so that they count exactly like the curated per-problem synonyms.
 */
export function addProblemSynonyms(analysis: ProblemAnalysis, groups: readonly (readonly string[])[], res: Resources): void {
  const extra = buildSynonymTable(groups, res, DERIVED_SYNONYM_BASE, analysis.phraseTokens);
  for (const [word, ids] of extra.words) for (const id of ids) addTo(analysis.synonyms.words, word, id);
  for (const [lemma, ids] of extra.lemmas) for (const id of ids) addTo(analysis.synonyms.lemmas, lemma, id);
  analysis.synonyms.phrases.push(...extra.phrases);
}

/** その as a demonstrative; この / あの (this / that over there). */
const SONO = /その/u;
const KONO_ANO = /[こあ]の/u;

/** Analyse a problem's accepted answers and synonyms once (cached by the evaluator). */
export function analyseProblem(problem: TBankProblem, res: Resources, extraVocab: Iterable<string> = []): ProblemAnalysis {
  const answers: AnalysedAnswer[] = problem.answers.map((text, index) => {
    const tokens = analyseTokens(tokenize(text), res);
    return { index, text, normalized: tokens.map((t) => t.norm).join(' '), tokens };
  });
  const phraseTokens = new Map<string, Token[]>();
  const groups = Object.entries(problem.synonyms ?? {}).map(([key, values]) => [key, ...(Array.isArray(values) ? values : [])]);
  // Decision 090: その points to what was just named or is at hand, which English says with the or
  // this ("We need to solve this problem" for その問題); この and あの keep their own word.
  if (SONO.test(problem.japanese) && !KONO_ANO.test(problem.japanese)) groups.push(['the', 'this']);
  const synonyms = buildSynonymTable(groups, res, PROBLEM_SYNONYM_BASE, phraseTokens);

  const vocab = new Map<string, Token>();
  const spellCandidates: string[] = [];
  const addVocab = (t: Token): void => {
    if (t.foreign || isNumeric(t.norm)) return;
    if (!vocab.has(t.norm)) {
      vocab.set(t.norm, t);
      spellCandidates.push(t.norm);
    }
    if (!vocab.has(t.lemma) && /^[a-z]+$/.test(t.lemma) && t.lemma.length > 1) {
      // The bare lemma lets "recieve" be corrected to "receive" when the answer says "received".
      const lemmaToken: Token = { ...t, norm: t.lemma, surface: t.lemma, display: t.lemma, alts: [], forms: verbForms(t.lemma, t.lemma, res), plural: false };
      vocab.set(t.lemma, lemmaToken);
      spellCandidates.push(t.lemma);
    }
  };
  for (const a of answers) a.tokens.forEach(addVocab);
  for (const word of [...synonyms.words.keys(), ...synonyms.lemmas.keys()]) {
    if (vocab.has(word)) continue;
    const [t] = analyseTokens(tokenize(word), res);
    if (t) addVocab(t);
  }
  for (const tokens of phraseTokens.values()) tokens.forEach(addVocab);
  // Words of the problem's lattice: a misspelling of any accepted word is corrected to it.
  for (const word of extraVocab) {
    if (vocab.has(word) || !/^[a-z]+$/.test(word)) continue;
    const [t] = analyseTokens(tokenize(word), res);
    if (t) addVocab(t);
  }
  return { answers, vocab, spellCandidates, synonyms, phraseTokens, japanese: japaneseChoices(problem.japanese), japaneseTime: japaneseTime(problem.japanese) };
}

/** Candidate bases of a regular-looking form: "leaved" → leave, "putted" → put, "tiring" → tire. */
const REGULAR_BASES = new Map<string, readonly string[]>();

export function regularBases(word: string): readonly string[] {
  let bases = REGULAR_BASES.get(word);
  if (!bases) {
    bases = regularBasesUncached(word);
    if (REGULAR_BASES.size > 100_000) REGULAR_BASES.clear();
    REGULAR_BASES.set(word, bases);
  }
  return bases;
}

function regularBasesUncached(word: string): string[] {
  const out: string[] = [word];
  for (const suffix of ['ed', 'ing', 'es', 's', 'd']) {
    if (word.length > suffix.length + 2 && word.endsWith(suffix)) {
      const stem = word.slice(0, -suffix.length);
      out.push(stem, `${stem}e`);
      if (/(.)\1$/.test(stem)) out.push(stem.slice(0, -1));
      if (stem.endsWith('i')) out.push(`${stem.slice(0, -1)}y`);
    }
  }
  return out;
}

/** Two words that are regular forms of one word ("opposes" / "opposed", "lives" / "live"). */
export function sameRegularStem(a: string, b: string): boolean {
  if (a === b) return true;
  const mine = regularBases(a);
  return regularBases(b).some((x) => x.length >= 3 && mine.includes(x));
}
