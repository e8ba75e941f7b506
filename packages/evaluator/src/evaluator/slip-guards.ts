/**
 * General guards between a learner's slip and a change of meaning (decision 099), read from the
 * structure of the error and the two sentences, not from any problem's words:
 *
 * - `timeMovedByTense`: a tense error whose learner side is a past where the answer says the present
 *   or the future ("What time did the library close?" for "does", "I did my best" for "I'll do"), or a
 *   future where it says the past ("Who will break the window?" for "broke"), moves what the sentence
 *   tells to another time: a meaning error. A present where the past goes ("Who breaks the window?",
 *   the learner leaving the verb uninflected) and the tense of a time or condition clause stay slips.
 * - `numberNotMeaning`: a word whose only difference from the answer's is the plural ending ("that
 *   ones" for "that one") is a plural slip, even where a rule read it as another thing or number.
 * - `personOrThingAsked`: who for what (or what for who) opening a question asks for a person instead
 *   of a thing: another question, a meaning error.
 * - `formOfSameVerb`: a past where the answer has the same verb's -ing ("enjoyed swam") is a verb-form
 *   slip, not another word.
 *
 * Each guard takes the classification's state (the learner's and the answer's tokens and the errors
 * found so far) and rewrites the errors in place.
 */
import type { Token } from './analyse';
import type { DraftError } from './classify';
import { WH_WORDS } from './lexicon';
import type { JapaneseTime } from './translations';
import { ERROR_KINDS } from './types';

/** The part of the classification state the guards read and rewrite. */
export interface GuardState {
  learner: readonly Token[];
  ref: readonly Token[];
  errors: DraftError[];
  japaneseTime?: JapaneseTime;
}

/** The cost of a meaning error (classify.ts PENALTY.meaning). */
const MEANING_PENALTY = 2.5;

const q = (s: string): string => `「${s}」`;

/** Words that fix the time of a sentence whatever its tense: with one of them the tense is the slip. */
const TIME_FIXING = new Set([
  'today', 'tomorrow', 'yesterday', 'tonight', 'now', 'then', 'next', 'last', 'ago', 'later', 'soon', 'before',
  'every', 'always', 'usually', 'often', 'sometimes', 'never', 'ever', 'still', 'currently', 'daily', 'weekly', 'once', 'twice', 'already', 'yet', 'recently', 'lately', 'just',
]);
/** Subordinators of a time, condition or comparison clause: the main clause carries the time there. */
const TIME_CLAUSE_WORDS = new Set(['when', 'whenever', 'before', 'after', 'until', 'till', 'since', 'once', 'as', 'while', 'unless', 'because', 'than', 'wish', 'if']);
/** Verbs after which if means whether ("I don't know if he came"): a clause that tells its own time. */
const WHETHER_VERBS = new Set(['know', 'wonder', 'ask', 'see', 'check', 'tell', 'sure', 'decide', 'remember']);
const FUTURE_AUX = new Set(['will', "'ll", 'shall']);
/** Auxiliaries that make the verb group something else than a simple time (a perfect, a modal). */
const OTHER_AUX = new Set(['would', 'could', 'should', 'might', 'may', 'must', 'can', 'had', 'have', 'has', "'ve", "'d", 'been', 'be', 'being']);
const PAST_AUX = new Set(['did', 'was', 'were']);
const PRESENT_AUX = new Set(['do', 'does', 'am', 'is', 'are', "'m", "'re", "'s"]);

type Time = 'past' | 'present' | 'future' | undefined;

/** The time a verb group says (the error's words on one side), undefined when it is not a simple one. */
function groupTime(words: readonly string[], tokens: readonly Token[]): Time {
  const norms = words.map((w) => w.toLowerCase());
  if (norms.some((w) => OTHER_AUX.has(w))) return undefined;
  const future = norms.some((w) => FUTURE_AUX.has(w));
  const pastAux = norms.some((w) => PAST_AUX.has(w));
  const presentAux = norms.some((w) => PRESENT_AUX.has(w));
  const verbs = tokens.filter((t) => t.cls !== 'aux' && t.cls !== 'modal' && !PAST_AUX.has(t.norm) && !PRESENT_AUX.has(t.norm));
  const pastVerb = verbs.some((t) => t.forms.has('past') && !t.forms.has('base') && !t.forms.has('3sg'));
  const presentVerb = verbs.some((t) => (t.forms.has('base') || t.forms.has('3sg')) && !t.forms.has('past'));
  if (future) return pastAux || pastVerb ? undefined : 'future';
  if (pastAux && !presentAux) return 'past';
  if (presentAux && !pastAux) return 'present';
  if (pastAux || presentAux) return undefined;
  if (pastVerb && !presentVerb) return 'past';
  if (presentVerb && !pastVerb) return 'present';
  return undefined;
}

/** The tokens of `side` that spell `words` around position `order` (learner side) or anywhere (answer side). */
function tokensOf(side: readonly Token[], words: readonly string[], near?: number): Token[] {
  const norms = new Set(words.map((w) => w.toLowerCase()));
  return side.filter((t) => (norms.has(t.display.toLowerCase()) || norms.has(t.norm) || (t.misspelt !== undefined && norms.has(t.misspelt.toLowerCase()))) && (near === undefined || Math.abs(t.index - near) <= words.length + 1));
}

/** True when the verb at `index` stands in a time, condition or comparison clause of its sentence. */
function inTimeClause(side: readonly Token[], index: number): boolean {
  for (let k = index - 1; k >= 0; k--) {
    const t = side[k] as Token;
    if (!TIME_CLAUSE_WORDS.has(t.norm)) continue;
    // A question word opening a question ("When did summer vacation start?") is no clause.
    if (k === 0 && WH_WORDS.has(t.norm)) continue;
    // if after know / wonder / sure is whether: a clause with its own time.
    if (t.norm === 'if' && side.slice(Math.max(0, k - 3), k).some((w) => WHETHER_VERBS.has(w.lemma) || WHETHER_VERBS.has(w.norm))) continue;
    // as soon as / as ... as, and since as a reason: still a clause whose time follows the main one.
    return true;
  }
  return false;
}

const isIng = (t: Token | undefined): boolean => t !== undefined && (t.forms.has('ing') || (t.norm.endsWith('ing') && t.norm.length > 4));

/** was / were + -ing for am / is / are + -ing: the same progressive at another time. */
function progressiveBoth(state: GuardState, learnerTokens: readonly Token[], refTokens: readonly Token[]): boolean {
  const l = learnerTokens.find((t) => t.norm === 'was' || t.norm === 'were');
  const r = refTokens.find((t) => PRESENT_AUX.has(t.norm) && t.norm !== 'do' && t.norm !== 'does');
  return l !== undefined && r !== undefined && isIng(state.learner[l.index + 1]) && isIng(state.ref[r.index + 1]);
}

/** A question opened by a question word whose did stands for the answer's do / does. */
function whDoQuestion(state: GuardState, learnerTokens: readonly Token[], refTokens: readonly Token[]): boolean {
  const opens = (side: readonly Token[]): boolean => WH_WORDS.has(side[0]?.norm ?? '');
  return opens(state.learner) && opens(state.ref) && learnerTokens.some((t) => t.norm === 'did') && refTokens.some((t) => t.norm === 'do' || t.norm === 'does');
}

/**
 * A past for the answer's present or future, or a future for its past, in a sentence with no word
 * that fixes its time: the sentence says another time (a meaning error). The Japanese sentence's own
 * time, where it is the learner's, keeps the slip (the answer may hold one reading of it).
 */
export function timeMovedByTense(state: GuardState): void {
  const tense = state.errors.find((e) => e.kind === 'tense' && !e.meaning);
  if (!tense || tense.words.length === 0 || tense.expected.length === 0) return;
  if (state.learner.some((t) => TIME_FIXING.has(t.norm))) return;
  const learnerTokens = tokensOf(state.learner, tense.words, tense.order);
  const refTokens = tokensOf(state.ref, tense.expected);
  if (learnerTokens.length === 0 || refTokens.length === 0) return;
  const said = groupTime(tense.words, learnerTokens);
  const meant = groupTime(tense.expected, refTokens);
  // A past for the answer's present moves the time where the sentence keeps its shape otherwise: the
  // progressive on both sides ("It was raining" for "It is raining") or a question word's did for
  // do / does ("What time did the library close?"). A simple past for a simple present statement
  // ("We agreed", "Did you get along with him?") is the learner's tense slip.
  const presentMoved = said === 'past' && meant === 'present' && (progressiveBoth(state, learnerTokens, refTokens) || whDoQuestion(state, learnerTokens, refTokens));
  // A question's past for its future ("When did you come back?" for "When will you") is read as the
  // learner's tense slip; a statement's ("I did my best" for "I'll do my best") tells another event.
  const question = WH_WORDS.has(state.learner[0]?.norm ?? '') || state.learner[0]?.cls === 'aux' || state.learner[0]?.cls === 'modal';
  const moved = presentMoved || (said === 'past' && meant === 'future' && !question) || (said === 'future' && meant === 'past');
  if (!moved) return;
  if (said === 'past' && state.japaneseTime === 'past') return;
  const first = Math.min(...learnerTokens.map((t) => t.index));
  const firstRef = Math.min(...refTokens.map((t) => t.index));
  if (inTimeClause(state.learner, first) || inTimeClause(state.ref, firstRef)) return;
  const label = meant === 'past' ? '過去のこと' : meant === 'future' ? 'これからのこと' : '今のこと';
  const error: DraftError = {
    ...tense,
    kind: 'meaning',
    label: ERROR_KINDS.meaning,
    message: `${q(tense.words.join(' '))}では時が変わります（問題文は${label}です：${q(tense.expected.join(' '))}）。`,
    penalty: MEANING_PENALTY,
    contentLoss: true,
    meaning: true,
    certain: true,
  };
  state.errors = state.errors.map((e) => (e === tense ? error : e));
}

/** The cost of a number slip (classify.ts PENALTY.plural). */
const PLURAL_PENALTY = 0.6;

/** The plural of a noun or of the pronoun one: the word with -s / -es, or -y turned into -ies. */
const pluralOf = (word: string): readonly string[] => [`${word}s`, `${word}es`, ...(word.endsWith('y') ? [`${word.slice(0, -1)}ies`] : [])];

/**
 * "that ones" for "that one": a word read as another meaning (one is also a number) whose only
 * difference from the answer's word is the plural ending is the number of the same word, a plural
 * slip, whatever rule read it as another thing. Verbs (an -s form) are left to the agreement rules.
 */
export function numberNotMeaning(state: GuardState): void {
  state.errors = state.errors.map((e) => {
    if (e.kind !== 'meaning' || e.words.length !== 1 || e.expected.length !== 1) return e;
    const said = (e.words[0] as string).toLowerCase();
    const meant = (e.expected[0] as string).toLowerCase();
    if (!/^[a-z]+$/.test(said) || !/^[a-z]+$/.test(meant)) return e;
    if (!pluralOf(meant).includes(said) && !pluralOf(said).includes(meant)) return e;
    const ref = state.ref.find((t) => t.norm === meant || t.display.toLowerCase() === meant);
    if (ref === undefined || ref.pos === 'VERB' || ref.pos === 'AUX' || ref.cls === 'aux' || ref.cls === 'modal') return e;
    const message = `${q(e.words[0] as string)}ではなく${q(e.expected[0] as string)}にしましょう（単数・複数）。`;
    return { ...e, kind: 'plural', label: ERROR_KINDS.plural, message, penalty: PLURAL_PENALTY, meaning: false, contentLoss: false, certain: undefined };
  });
}

/** Question words asking for a person and for a thing. */
const PERSON_QUESTION = new Set(['who', 'whom']);

/**
 * "Who should I bring?" for "What should I bring?": the question word that opens a question asks for
 * a person where the answer asks for a thing (or the other way round), another question, a meaning
 * error, not a word-choice slip. Relative who / which / that stay the word-choice slips they are.
 */
export function personOrThingAsked(state: GuardState): void {
  state.errors = state.errors.map((e) => {
    if (e.kind !== 'word-choice' || e.words.length !== 1 || e.expected.length !== 1) return e;
    const said = (e.words[0] as string).toLowerCase();
    const meant = (e.expected[0] as string).toLowerCase();
    const swapped = (PERSON_QUESTION.has(said) && meant === 'what') || (said === 'what' && PERSON_QUESTION.has(meant));
    if (!swapped || state.learner[0]?.norm !== said || state.ref[0]?.norm !== meant) return e;
    const message = `${q(e.words[0] as string)}では尋ねているものが変わります（人と物）。${q(e.expected[0] as string)}で尋ねましょう。`;
    return { ...e, kind: 'meaning', label: ERROR_KINDS.meaning, message, penalty: MEANING_PENALTY, meaning: true, contentLoss: true, certain: true };
  });
}

/** The cost of a verb-form slip (classify.ts PENALTY['verb-form']). */
const VERB_FORM_PENALTY = 1.0;

/**
 * "We enjoyed swam in the sea" for "enjoyed swimming": the learner's past where the answer has the
 * -ing of the same verb is the verb's form, not another word (an irregular past and a doubled
 * consonant can hide the shared verb from the pairing rules).
 */
export function formOfSameVerb(state: GuardState): void {
  state.errors = state.errors.map((e) => {
    if (e.kind !== 'word-choice' || e.words.length !== 1 || e.expected.length !== 1) return e;
    const l = tokensOf(state.learner, e.words, e.order)[0];
    const r = tokensOf(state.ref, e.expected)[0];
    if (l === undefined || r === undefined || !r.norm.endsWith('ing') || !(l.forms.has('past') || l.forms.has('pp')) || l.forms.has('base')) return e;
    if (l.lemma !== r.lemma && !r.norm.startsWith(l.lemma)) return e;
    const message = `${q(e.words[0] as string)}ではなく${q(e.expected[0] as string)}にしましょう（動詞の形）。`;
    return { ...e, kind: 'verb-form', label: ERROR_KINDS['verb-form'], message, penalty: VERB_FORM_PENALTY, meaning: false, contentLoss: false };
  });
}
