/**
 * Turn an alignment into named errors with Japanese messages built from the learner's own words.
 */
import { distance } from 'fastest-levenshtein';
import { learnerSoundsAlike, soundsAlike } from './sound-spelling';
import { formOfSameVerb, numberNotMeaning, personOrThingAsked, timeMovedByTense } from './slip-guards';
import { eventsReversed } from './time-clauses';
import { type JapaneseChoices, type JapaneseTime, mayShareJapanese, sharesJapanese } from './translations';
import { isMainVerbHave, regularBases, sameRegularStem, type Token } from './analyse';
import { type Alignment, baseReadingSynonym, type Pair } from './align';
import type { WordNet } from './wordnet';
import { AUX_FORMS, IRREGULAR_PLURALS, NEGATORS, NON_NEGATING_NEXT, SPLIT_CONFUSIONS, TIME_NOUNS, areAntonymWords } from './lexicon';
import { ERROR_KINDS, type ErrorKind, type TEvaluationError } from './types';

export interface DraftError extends TEvaluationError {
  /** Stars-scale cost of the error (see score.ts). */
  penalty: number;
  /** Position in the learner's sentence, to list errors in reading order. */
  order: number;
  /** A missing or wrong content word (drives the "key word missing" calibration). */
  contentLoss: boolean;
  /** The answer means something else (negation flipped, an opposite word): caps the rating. */
  meaning: boolean;
  /**
   * Found by a rule that reads what the words say (another number, time, name, person, direction),
   * not by the words merely differing: no reason to call the grade uncertain.
   */
  certain?: boolean;
  /**
   * A word for the answer's content word that keeps its referent (a broader noun): still recalled.
   * Set only on the pair of a learner word l and reference word r for which keepsContent(l, r)
   * holds: the grader's recall ceiling (score.ts recallCeiling) relies on it.
   */
  keepsContent?: boolean;
  /**
   * The learner's word is another translation of the answer's Japanese word (decision 049): it says
   * the thing with the wrong English word, so it keeps half the content (as a question word swapped
   * within its class does). Set only where mayBeTranslationChoice(l, r) holds (recallCeiling).
   */
  halfContent?: boolean;
}

export interface Classification {
  errors: DraftError[];
  /** A synonym (word or phrase) made at least one match, or optional words were added. */
  usedSynonym: boolean;
  /** The learner moved an adverbial between the sentence edges (valid alternative order). */
  validMove: boolean;
}

/** Per-error costs on the 5-star scale; calibrated against the rated cases in the tests. */
export const PENALTY: Readonly<Record<ErrorKind, number>> = {
  spelling: 0.5,
  article: 0.6,
  plural: 0.6,
  agreement: 1.0,
  'subject-verb': 1.0,
  tense: 1.2,
  'verb-form': 1.0,
  preposition: 0.8,
  'word-order': 1.0,
  'missing-word': 0.8,
  'extra-word': 0.6,
  'word-choice': 1.6,
  negation: 2.5,
  antonym: 2.5,
  meaning: 2.5,
};
/** A content word replaced by a non-synonym loses part of the meaning (nouns, adjectives). */
const CONTENT_WORD_CHOICE_PENALTY = 2.0;
/** The main verb replaced by a non-synonym: the sentence states a different action. */
const VERB_CHOICE_PENALTY = 2.6;
const MISSING_CONTENT_PENALTY = 1.8;
const MISSING_PLEASE_PENALTY = 0.6;
const EXTRA_CONTENT_PENALTY = 0.8;
const FUNCTION_WORD_CHOICE_PENALTY = 0.9;
const EXTRA_PREPOSITION_PENALTY = PENALTY.preposition + 0.05;
/**
 * An added verb, auxiliary, or "to" before a verb changes the verb phrase: it costs a little more
 * than a verb-form slip, so that where an accepted phrasing keeps the learner's word ("has went" /
 * "has gone", "mind wait" / "mind waiting") the wrong form is named rather than the word dropped.
 */
const EXTRA_VERB_PENALTY = PENALTY['verb-form'] + 0.1;
const WORD_ORDER_EXTRA_BLOCK = 1.5;
/** A dropped copula ("My brother good at tennis") leaves the sentence without a verb. */
const MISSING_COPULA_PENALTY = 1.5;
const MODAL_FOR_AUX_PENALTY = 1.3;
const CONTRACTION_CONFUSIONS = new Set(['its', 'your', 'their', 'there', 'whose', 'lets']);
/** Contractions that sound like a possessive or "there" (written → the word that sounds the same). */
const CONTRACTION_HOMOPHONES: Readonly<Record<string, string>> = { "who's": 'whose', "it's": 'its', "you're": 'your', "they're": 'their', "there's": 'theirs' };
/** Verbs of liking, thanking, wanting and being moved that "very much" goes with (decision 090). */
const VERY_MUCH_VERBS = new Set([
  'like', 'love', 'enjoy', 'thank', 'appreciate', 'want', 'hope', 'wish', 'miss', 'regret', 'admire', 'respect', 'prefer', 'agree',
  'help', 'look', 'interest', 'worry', 'surprise', 'please', 'impress', 'move', 'touch', 'improve', 'change', 'differ', 'depend',
  'need', 'care', 'hate', 'dislike', 'fear', 'doubt', 'excite', 'disappoint', 'encourage', 'inspire', 'relieve', 'welcome', 'feel',
]);
/** Extra words that only add politeness or emphasis the prompt allows: not errors. */
const FREE_EXTRAS: readonly (readonly string[])[] = [
  ['please'],
  ['very', 'much'],
  // Softeners and "now" words the Japanese leaves open (issue #12): they add no other meaning.
  ['really'],
  ['actually'],
  ['right', 'now'],
  ['at', 'the', 'moment'],
  ['currently'],
  // Fluent intensifiers and focus adverbs a learner adds to a correct answer ("I just want to rest",
  // "I also like it", "very tired"): they colour the sentence without changing what happens.
  ['just'],
  ['also'],
  ['very'],
];
/** The intensifiers and focus adverbs of FREE_EXTRAS that are free only inside the answer's words. */
const ADDED_INTENSIFIERS = new Set(['just', 'also', 'very']);
/** Phrases that say an action went on throughout, free after a progressive answer (see optionalWords). */
const DURATIVE_EXTRAS: readonly (readonly string[])[] = [
  ['the', 'whole', 'time'],
  ['all', 'the', 'time'],
];
const TIME_MARKERS = new Set(['am', 'pm', 'oclock']);
/** Words that address the listener at the end of a sentence ("Thanks, man"). */
const VOCATIVES = new Set(['man', 'guys', 'mate', 'buddy', 'dude', 'bro']);
/** Adjectives of how hard, easy or risky a thing is, which take for + the person who finds it so. */
const EXPERIENCER_ADJECTIVES = new Set(['hard', 'difficult', 'tough', 'easy', 'impossible', 'possible', 'dangerous', 'safe', 'risky', 'tiring', 'fun']);
/** "than" and the "as" of as ... as build a comparison: a missing one is a missing word, not a preposition. */
const COMPARISON_WORDS = new Set(['than', 'as']);

const q = (s: string): string => `「${s}」`;
const joinDisplay = (tokens: readonly (Token | undefined)[]): string =>
  tokens
    .filter((t): t is Token => t !== undefined)
    .map((t) => t.display)
    .join(' ');

function learnerWord(t: Token): string {
  return t.misspelt ?? t.display;
}

type Role = 'base' | 'pp' | 'ing' | 'passive' | 'finite' | 'attributive';

const ROLE_SKIP = new Set([
  'not', 'never', 'just', 'already', 'ever', 'also', 'always', 'often', 'still', 'really', 'even', 'usually', 'sometimes', 'recently', 'only', 'finally',
  'almost', 'nearly', 'hardly', 'barely', 'probably', 'definitely', 'certainly', 'actually', 'currently', 'once',
]);
/** Pronouns that can only be a subject: one before the verb starts a clause of its own. */
const SUBJECT_PRONOUNS = new Set(['i', 'he', 'she', 'we', 'they']);
/** Pronouns that can only be an object: "let me drive", "saw him leave". */
const OBJECT_PRONOUNS = new Set(['me', 'him', 'her', 'us', 'them']);
/** Verbs that take an object and a bare verb or participle: let / make / have / help, perception. */
const COMPLEMENT_VERBS = new Set(['let', 'make', 'have', 'get', 'help', 'see', 'watch', 'hear', 'feel', 'notice']);
/** Words of a noun phrase between a verb and the verb it governs ("Did the test go", "had my computer checked"). */
function inNounPhrase(t: Token): boolean {
  if (t.norm === 'that') return false;
  return t.cls === 'article' || t.cls === 'det' || (t.cls === 'content' && (t.pos === 'NOUN' || t.pos === 'PROPN' || t.pos === 'ADJ' || t.pos === 'NUM'));
}

/**
 * What form the reference verb at j must take, judged from the words before it: after an
 * auxiliary, a modal or to, also across the subject of a question ("Does your brother have",
 * "Did the test go"); after have / let / see + object ("had my computer checked", "noticed her
 * leave"); before a noun ("the attached file"). A finite verb is the only place a form is a tense.
 */
function roleOf(ref: readonly Token[], j: number): { role: Role; trigger?: Token } {
  const r = ref[j];
  const prev = ref[j - 1];
  // A participle between a determiner and its noun describes the noun: "the attached file".
  if (r && prev && (prev.cls === 'article' || (prev.cls === 'det' && prev.norm !== 'that')) && r.forms.has('pp') && !r.forms.has('base')) {
    return { role: 'attributive' };
  }
  // "got lost", "have gotten lost" (decision 073): get right before a participle is the get-passive,
  // so the participle's base ("gotten lose") is its form, not a tense.
  if (r && prev && prev.lemma === 'get' && prev.pos === 'VERB' && r.forms.has('pp') && r.pos === 'VERB' && !r.forms.has('base')) {
    return { role: 'passive', trigger: prev };
  }
  let skippedPronoun = false;
  let skippedPhrase = false;
  let objectOnly = false;
  let pronounAt = -1;
  for (let k = j - 1; k >= 0 && k >= j - 6; k--) {
    const t = ref[k];
    if (!t) break;
    if (ROLE_SKIP.has(t.norm)) continue;
    // A question puts the subject between the auxiliary and the verb: "Could you send".
    if (t.cls === 'pron' && !skippedPronoun && !skippedPhrase) {
      skippedPronoun = true;
      pronounAt = k;
      objectOnly = OBJECT_PRONOUNS.has(t.norm);
      // "I" / "she" right before the verb is its subject unless an auxiliary stands before it.
      if (SUBJECT_PRONOUNS.has(t.norm)) {
        const before = ref[k - 1];
        if (!before || (before.cls !== 'aux' && before.cls !== 'modal')) break;
      }
      continue;
    }
    if (!skippedPronoun && inNounPhrase(t)) {
      skippedPhrase = true;
      continue;
    }
    const skipped = skippedPronoun || skippedPhrase;
    if (t.cls === 'aux') {
      const lemma = AUX_FORMS[t.norm]?.lemma;
      // The perfect ("has gone", "Have you seen"), or causative have + object + participle or
      // bare verb ("had my computer checked", "have my secretary arrange").
      if (lemma === 'have') return { role: !skipped || r?.forms.has('pp') ? 'pp' : 'base', trigger: t };
      if (lemma === 'do') return { role: 'base', trigger: t };
      if (lemma === 'be') {
        if (r?.forms.has('ing')) return { role: 'ing', trigger: t };
        if (r?.forms.has('pp')) return { role: 'passive', trigger: t };
      }
      return { role: 'finite' };
    }
    // "When the meeting will start has not been decided": a modal with a subject of its own before
    // it governs the verb of its clause (start), not a later one.
    const before = ref[k - 1];
    if (t.cls === 'modal' && skippedPhrase && before !== undefined && (before.cls === 'pron' || (inNounPhrase(before) && before.pos !== 'ADJ'))) break;
    if (t.cls === 'modal' || (t.cls === 'part' && !skipped)) return { role: 'base', trigger: t };
    // let / make / see + object + verb: the verb is not finite, so its form is not a tense. "it" and
    // "you" (subject or object case alike) right after the verb are its object: "let it go".
    const objectRightAfter = skippedPronoun && pronounAt === k + 1 && (ref[pronounAt]?.norm === 'it' || ref[pronounAt]?.norm === 'you');
    // "Getting new customers is not easy" (decision 063): an -ing form that opens the sentence is a
    // gerund subject with its object, and the verb after them is the sentence's own, not a
    // complement of get / have / see.
    const gerundSubject = k === 0 && t.norm.endsWith('ing');
    if (skipped && t.pos === 'VERB' && COMPLEMENT_VERBS.has(t.lemma) && !gerundSubject && (objectOnly || skippedPhrase || objectRightAfter)) {
      if (r?.forms.has('ing')) return { role: 'ing', trigger: t };
      if (r?.forms.has('pp') && !r.forms.has('base')) return { role: 'pp', trigger: t };
      return { role: 'base', trigger: t };
    }
    break;
  }
  return { role: 'finite' };
}

interface ErrorSpec {
  kind: ErrorKind;
  message: string;
  penalty?: number;
}

function auxInflection(l: Token, r: Token, ref: readonly Token[]): ErrorSpec {
  const la = AUX_FORMS[l.norm];
  const ra = AUX_FORMS[r.norm];
  const lw = learnerWord(l);
  if (!la || !ra || la.time === 'none' || ra.time === 'none') {
    return { kind: 'verb-form', message: `${q(lw)}ではなく${q(r.display)}の形にしましょう。` };
  }
  if (la.time !== ra.time) {
    const what = ra.time === 'past' ? '過去形' : '現在形';
    return { kind: 'tense', message: `${q(lw)}は${what}の${q(r.display)}にしましょう。` };
  }
  return { kind: agreementKind(r, ref), message: `主語に合わせて${q(lw)}ではなく${q(r.display)}にしましょう。` };
}

/**
 * Which agreement an auxiliary's person slip is (docs/decisions/016): 三単現 is the -s of the verb
 * itself and of its do-support (does / do, has / have as the main verb: "Does you", "He have a
 * car"); be (is / are, was / were) and the perfect auxiliary have ("The items has been shipped")
 * agree with the subject otherwise (主語と動詞の一致).
 */
function agreementKind(r: Token, ref: readonly Token[]): ErrorKind {
  const lemma = AUX_FORMS[r.norm]?.lemma;
  if (lemma === 'do') return 'agreement';
  if (lemma === 'have' && isMainVerbHave(ref, r.index)) return 'agreement';
  return 'subject-verb';
}

/** Nothing but adverbs (or the imperative's "please") before word j: a verb there has no subject. */
function subjectless(ref: readonly Token[], j: number): boolean {
  return ref.slice(0, j).every((t) => ROLE_SKIP.has(t.norm) || t.norm === 'please');
}

/** Verbs whose object is followed by its state: "keep the door open", "leave the window open". */
const STATE_COMPLEMENT_VERBS = new Set(['keep', 'leave', 'make', 'find', 'get', 'have']);
/**
 * Word j is no finite verb (decision 040): after than / as with no subject ("than expected") or as
 * the state after a keep / leave object ("keep the door open"), so its form is not a tense.
 */
function nonFiniteSlot(ref: readonly Token[], j: number): boolean {
  const prev = ref[j - 1];
  if (!prev) return false;
  if (COMPARISON_WORDS.has(prev.norm)) return true;
  // The object: a noun, or a pronoun in the object case (a subject pronoun starts a clause).
  if (prev.pos !== 'NOUN' && !(OBJECT_PRONOUNS.has(prev.norm) || prev.norm === 'it')) return false;
  let k = j - 2;
  while (k >= 0 && (ref[k]?.cls === 'article' || ref[k]?.cls === 'det' || ref[k]?.pos === 'ADJ')) k--;
  const verb = ref[k];
  return verb !== undefined && verb.cls === 'content' && STATE_COMPLEMENT_VERBS.has(verb.lemma);
}

function verbInflection(l: Token, r: Token, ref: readonly Token[]): ErrorSpec {
  const lw = learnerWord(l);
  if (l.slip === 'verb') {
    return { kind: 'verb-form', message: `${q(lw)}ではなく${q(r.display)}です（${l.lemma}は不規則動詞です）。` };
  }
  const { role, trigger } = roleOf(ref, r.index);
  const after = trigger ? `（${trigger.display}の後なので）` : '';
  switch (role) {
    case 'base':
      return { kind: 'verb-form', message: `${q(lw)}は原形の${q(r.display)}にしましょう${after}。` };
    case 'pp':
      return { kind: 'verb-form', message: `${q(lw)}は過去分詞の${q(r.display)}にしましょう${after}。` };
    case 'passive':
      return { kind: 'verb-form', message: `${q(lw)}は過去分詞の${q(r.display)}にしましょう（受け身）。` };
    case 'ing':
      return { kind: 'verb-form', message: `${q(lw)}は-ing形の${q(r.display)}にしましょう${trigger && AUX_FORMS[trigger.norm]?.lemma === 'be' ? '（進行形）' : after}。` };
    case 'attributive':
      return { kind: 'verb-form', message: `名詞を説明する過去分詞の${q(r.display)}にしましょう（${q(lw)}ではなく）。` };
    case 'finite':
      break;
  }
  // Nothing but adverbs before the verb: no subject, so not a finite verb and its form is not a
  // tense ("Compare with last year" for the participle "Compared").
  if (subjectless(ref, r.index) || nonFiniteSlot(ref, r.index)) {
    return { kind: 'verb-form', message: `${q(lw)}ではなく${q(r.display)}の形にしましょう。` };
  }
  const lf = l.forms;
  const rf = r.forms;
  const lPast = lf.has('past');
  const rPast = rf.has('past');
  // "Many young people reads" for "read": the answer's word is a base and a past alike, and its
  // subject right before it is plural (or I / you / we / they), so the learner's -s is the 三単現
  // point whichever time the answer means, not a tense.
  const subject = ref[r.index - 1];
  const pluralSubject = subject !== undefined && ((subject.pos === 'NOUN' && (subject.plural || PLURAL_NOUNS.has(subject.norm))) || ['1s', '1p', '2', '3p'].includes(PERSON[subject.norm] ?? '')) && !OBJECT_PERSONS_ONLY.has(subject.norm);
  if (rPast && rf.has('base') && lf.has('3sg') && pluralSubject) {
    return { kind: 'agreement', message: `主語が三人称単数ではないので${q(lw)}ではなく${q(r.display)}にしましょう。` };
  }
  if (rPast && !lPast && (lf.has('base') || lf.has('3sg'))) {
    return { kind: 'tense', message: `${q(lw)}は過去形の${q(r.display)}にしましょう。` };
  }
  if (!rPast && lPast && (rf.has('base') || rf.has('3sg'))) {
    return { kind: 'tense', message: `${q(lw)}は現在形の${q(r.display)}にしましょう。` };
  }
  if (rf.has('3sg') && lf.has('base')) {
    return { kind: 'agreement', message: `${q(lw)}は三人称単数なので${q(r.display)}にしましょう。` };
  }
  if (rf.has('base') && lf.has('3sg')) {
    // An -s the subject does not take ("I drinks") is the same 三単現 point as a missing one.
    return { kind: 'agreement', message: `主語が三人称単数ではないので${q(lw)}ではなく${q(r.display)}にしましょう。` };
  }
  if (rf.has('ing') && !lf.has('ing')) {
    return { kind: 'verb-form', message: `${q(lw)}は-ing形の${q(r.display)}にしましょう。` };
  }
  if (rf.has('pp') && !rf.has('past') && !lf.has('pp')) {
    return { kind: 'verb-form', message: `${q(lw)}は過去分詞の${q(r.display)}にしましょう。` };
  }
  return { kind: 'verb-form', message: `${q(lw)}ではなく${q(r.display)}の形にしましょう。` };
}

function nounInflection(l: Token, r: Token): ErrorSpec {
  const lw = learnerWord(l);
  if (l.slip === 'plural') {
    return { kind: 'plural', message: `${q(lw)}ではなく${q(r.display)}です（不規則な複数形）。` };
  }
  if (l.slip === 'uncountable') {
    return { kind: 'plural', message: `${q(l.lemma)}は数えられない名詞なので、${q(lw)}ではなく${q(r.display)}にしましょう。` };
  }
  return r.plural
    ? { kind: 'plural', message: `${q(lw)}は複数形の${q(r.display)}にしましょう。` }
    : { kind: 'plural', message: `${q(lw)}は単数形の${q(r.display)}にしましょう。` };
}

/** The word right after an -ing verb is its object ("collecting stamps"), a noun, never a finite verb. */
function objectOfGerund(ref: readonly Token[], j: number): boolean {
  const prev = ref[j - 1];
  return prev !== undefined && prev.cls === 'content' && prev.pos === 'VERB' && prev.forms.has('ing') && prev.norm.endsWith('ing');
}

/**
 * "the process that matters": an -s word right after "that" is a verb (a noun there would be
 * singular: "that matter"), so "that matter" for it is 三単現, not a number slip.
 */
function afterRelativeThat(ref: readonly Token[], j: number): boolean {
  const word = ref[j];
  return ref[j - 1]?.norm === 'that' && word !== undefined && word.forms.has('3sg') && /s$/.test(word.norm);
}

/** Verbs a bare verb may follow directly ("help carry", "go get", "let go"). */
const BARE_VERB_BEFORE = new Set([...COMPLEMENT_VERBS, 'go', 'come', 'do', 'dare', 'need', 'be', 'have', 'get']);
/**
 * "I don't have times", "brought tear to her eyes": a word right after a finite content verb (a past,
 * or main-verb have before a base-like word) is its object, a noun, whatever the tagger says: no
 * verb follows a past verb or have directly except as a participle or -ing form.
 */
function objectOfVerb(ref: readonly Token[], j: number): boolean {
  const prev = ref[j - 1];
  const r = ref[j];
  if (!prev || !r || r.forms.has('pp') || r.forms.has('ing')) return false;
  if (AUX_FORMS[prev.norm]?.lemma === 'have') return isMainVerbHave(ref, j - 1) && !r.forms.has('past');
  return prev.cls === 'content' && prev.pos === 'VERB' && prev.forms.has('past') && !prev.forms.has('base') && !BARE_VERB_BEFORE.has(prev.lemma) && (r.plural || r.forms.has('3sg'));
}

/** Words after which to is the infinitive's marker ("has to feed", "something to drink"). */
const INFINITIVE_HEADS = new Set(['have', 'has', 'had', 'need', 'want', 'like', 'love', 'hope', 'plan', 'decide', 'try', 'going', 'ought', 'used', 'something', 'anything', 'nothing']);

/**
 * Word j follows do-support and its subject ("does this watch | cost"): do, does or did, then only
 * the words of a noun phrase or a pronoun (a noun the tagger read as a verb counts after a
 * determiner), then j.
 */
function afterDoSubject(ref: readonly Token[], j: number): boolean {
  for (let k = j - 1; k >= 0 && k >= j - 5; k--) {
    const t = ref[k] as Token;
    if (AUX_FORMS[t.norm]?.lemma === 'do') return k < j - 1;
    const prev = ref[k - 1];
    const nounAfterDet = t.pos === 'VERB' && prev !== undefined && (prev.cls === 'article' || prev.cls === 'det');
    if (!(t.cls === 'article' || t.cls === 'det' || t.cls === 'pron' || t.pos === 'ADJ' || t.pos === 'NOUN' || t.pos === 'PROPN' || nounAfterDet)) return false;
  }
  return false;
}

function inflectionSpec(l: Token, r: Token, ref: readonly Token[]): ErrorSpec {
  if (l.slip === 'plural' || l.slip === 'uncountable') return nounInflection(l, r);
  if (AUX_FORMS[l.norm] && AUX_FORMS[r.norm]) {
    // "Does your brother has": after do / a modal the verb is the base form whatever the subject.
    const { role } = roleOf(ref, r.index);
    if (role === 'base' || role === 'pp') return verbInflection(l, r, ref);
    return auxInflection(l, r, ref);
  }
  // wink tags some nouns as verbs ("to school"); after an article, determiner or preposition the
  // word is a noun whatever the tag says.
  const prevClass = ref[r.index - 1]?.cls;
  const prevNorm = ref[r.index - 1]?.norm;
  // "that" before a verb form is a relative pronoun ("the manager that opposed"), not a determiner.
  // An adjective or a number before the word makes it a noun too ("a little rest", "five years").
  const prevPos = ref[r.index - 1]?.pos;
  // "has to feeds" (decision 057): after to, a word both taggers read as a verb is the infinitive's.
  // Only where to is the infinitive's beyond doubt: after have to / need to / want to ... or
  // something to (a motion verb's to, "go to schools", stays a preposition).
  const beforePrev = ref[r.index - 2];
  const infinitive = prevNorm === 'to' && r.pos === 'VERB' && (l.pos === 'VERB' || l.norm === `${r.norm}s` || l.norm === `${r.norm}es`) && beforePrev !== undefined && (INFINITIVE_HEADS.has(beforePrev.lemma) || INFINITIVE_HEADS.has(beforePrev.norm));
  // "a birthday presents" (decision 058): the answer's noun after a noun that follows an article or
  // a determiner is a compound's head ("a birthday present", "my history teacher"), a noun too
  // (wink may tag such a head an adjective, never there rightly).
  // Only as an object, after a content verb: after do / a modal ("does the library close") the
  // noun phrase is the subject and the word after it its verb.
  const governing = beforePrev ? ref.slice(0, beforePrev.index).findLast((t) => t.pos === 'VERB' || t.pos === 'AUX' || t.cls === 'aux' || t.cls === 'modal') : undefined;
  const compoundHead =
    (r.pos === 'NOUN' || r.pos === 'ADJ') && prevPos === 'NOUN' && beforePrev !== undefined && (beforePrev.cls === 'article' || (beforePrev.cls === 'det' && beforePrev.norm !== 'that')) && governing?.pos === 'VERB' && governing.cls === 'content';
  const nounContext =
    prevClass === 'article' || (prevClass === 'det' && prevNorm !== 'that') || (prevClass === 'prep' && !infinitive) || (prevClass === 'content' && (prevPos === 'ADJ' || prevPos === 'NUM')) || compoundHead || objectOfGerund(ref, r.index) || objectOfVerb(ref, r.index);
  // "How much does this book costs" (decision 063): after do-support and its subject the word is the
  // verb's base however the tagger read it (cost, change, work are nouns too), so its -s is a verb form.
  // (Not the subject's own noun: "do these watches" after this / these.)
  const afterDo = prevClass !== 'article' && prevClass !== 'det' && prevClass !== 'aux' && (l.norm === `${r.norm}s` || l.norm === `${r.norm}es`) && afterDoSubject(ref, r.index);
  const verbish = ((r.pos === 'VERB' || r.pos === 'AUX' || l.pos === 'VERB') && !nounContext) || l.slip === 'verb' || afterRelativeThat(ref, r.index) || afterDo;
  // "many tourists visits", "Environmental problems concerns" (decision 049): right after a plural
  // noun the answer's bare word is that subject's verb (two plural nouns do not follow each other),
  // so the learner's -s is the 三単現 point, however the tagger read the two words.
  const subject = ref[r.index - 1];
  if (!verbish && subject?.pos === 'NOUN' && (subject.plural || PLURAL_NOUNS.has(subject.norm)) && !r.plural && r.norm === r.lemma && (l.norm === `${r.norm}s` || l.norm === `${r.norm}es`) && (r.forms.has('base') || r.pos === 'VERB')) {
    return { kind: 'agreement', message: `主語が複数なので${q(learnerWord(l))}ではなく${q(r.display)}にしましょう。` };
  }
  if (l.plural !== r.plural && !verbish) return nounInflection(l, r);
  if (afterDo) return { kind: 'verb-form', message: `${q(learnerWord(l))}は原形の${q(r.display)}にしましょう（do / does / did の後なので）。` };
  // A verb slot by its context ("noticed her leave") is a verb however the word was tagged.
  const governed = r.forms.size > 0 && l.forms.size > 0 && roleOf(ref, r.index).trigger !== undefined;
  if (verbish || governed || (r.forms.size > 0 && l.forms.size > 0 && !r.forms.has('base'))) return verbInflection(l, r, ref);
  if (l.plural !== r.plural) return nounInflection(l, r);
  // "going to visiting": the answer's word tagged as a noun after "to", the learner's an -ing or
  // past form of the same verb: a verb-form slip, not another word.
  if (l.lemma === r.lemma && (l.forms.has('ing') || l.forms.has('past') || l.forms.has('pp'))) return verbInflection(l, r, ref);
  return { kind: 'word-choice', message: `${q(learnerWord(l))}ではなく${q(r.display)}の形にしましょう。`, penalty: 1.0 };
}

/** Determiners that stand where an article could: a missing one is the article point. */
const DETERMINER_SLOT = new Set(['my', 'your', 'his', 'her', 'its', 'our', 'their', 'this', 'that', 'these', 'those']);

/** Demonstratives that differ only in number. */
const NUMBER_PAIRS = new Set([['this', 'these'], ['that', 'those']].flatMap(([a, b]) => [`${a}|${b}`, `${b}|${a}`]));

/** Present / past pairs of modals: "can" for "could" is a tense slip, not a wrong word. */
const MODAL_TENSES: Readonly<Record<string, { other: string; past: boolean }>> = {
  can: { other: 'could', past: false },
  could: { other: 'can', past: true },
  will: { other: 'would', past: false },
  would: { other: 'will', past: true },
  may: { other: 'might', past: false },
  might: { other: 'may', past: true },
};

/**
 * "must" / "should" (it is certain / required / advised) against "may", "might", "can", "could" (it is
 * possible / allowed): "He must have gotten lost" for かもしれない, "The problem can be solved" for
 * "should be solved" (decision 050) say another thing, not a word slip.
 * Modals within one side ("may" / "might", "can" / "could") stay near-synonyms or tense slips.
 */
const NECESSITY_MODALS = new Set(['must', 'should']);
const POSSIBILITY_MODALS = new Set(['may', 'might', 'can', 'could']);
/** Decision 057: "She will not come" for "She may not come": a certain future is not a possibility. */
const GUESS_MODALS = new Set(['may', 'might']);
function isModalStrengthSwap(l: Token, r: Token): boolean {
  if ((l.norm === 'will' && GUESS_MODALS.has(r.norm)) || (GUESS_MODALS.has(l.norm) && r.norm === 'will')) return true;
  return (NECESSITY_MODALS.has(l.norm) && POSSIBILITY_MODALS.has(r.norm)) || (POSSIBILITY_MODALS.has(l.norm) && NECESSITY_MODALS.has(r.norm));
}

/**
 * "This is why I solved it" for "how": how / why / where / when ask (or relate) different things;
 * unlike who / which / that / what, which learners swap within one relative clause.
 */
const ADVERB_QUESTIONS = new Set(['how', 'why', 'where', 'when']);
function isQuestionSwap(l: Token, r: Token): boolean {
  return (l.norm !== r.norm && ADVERB_QUESTIONS.has(l.norm) && ADVERB_QUESTIONS.has(r.norm)) || personForCircumstance(l, r);
}
/**
 * "I don't know when he will come" for "if he will come" (decision 046): an embedded yes/no
 * question (whether, or if after a verb of knowing or asking) and a wh-question ask different
 * things, either way round.
 */
const EMBEDDED_WH = new Set(['when', 'where', 'who', 'what', 'how', 'why', 'which']);
const ASKING_WORDS = new Set(['know', 'sure', 'ask', 'wonder', 'see', 'check', 'tell', 'decide', 'remember', 'forget', 'doubt', 'certain', 'clear', 'find', 'understand']);
function embeddedYesNoSwap(l: Token, r: Token, ref: readonly Token[], j: number): boolean {
  const yesNo = (t: Token, k: number): boolean => t.norm === 'whether' || (t.norm === 'if' && k > 0 && ASKING_WORDS.has(ref[k - 1]?.lemma ?? ''));
  return (EMBEDDED_WH.has(l.norm) && yesNo(r, j)) || ((l.norm === 'whether' || l.norm === 'if') && EMBEDDED_WH.has(r.norm) && j > 0 && ASKING_WORDS.has(ref[j - 1]?.lemma ?? ''));
}
/** "Where is that tall girl?" for "Who is": asking for a person or for a place, time, reason or way (decision 040). */
const PERSON_QUESTIONS = new Set(['who', 'whom', 'whose']);
function personForCircumstance(l: Token, r: Token): boolean {
  return (PERSON_QUESTIONS.has(l.norm) && ADVERB_QUESTIONS.has(r.norm)) || (ADVERB_QUESTIONS.has(l.norm) && PERSON_QUESTIONS.has(r.norm));
}

/**
 * "Some of the materials" for "All the materials": a quantifier of the whole (all, every, each,
 * both) against one of a part or of none states another amount. "any" is left out ("any other" =
 * "all other").
 */
const WHOLE_QUANTIFIERS = new Set(['all', 'every', 'each', 'both', 'everything', 'everyone', 'everybody']);
const PART_QUANTIFIERS = new Set(['some', 'several', 'few', 'many', 'most', 'half', 'none', 'no', 'nothing', 'nobody', 'something', 'someone', 'somebody']);
export function isQuantifierSwap(l: Token, r: Token): boolean {
  return (WHOLE_QUANTIFIERS.has(l.norm) && PART_QUANTIFIERS.has(r.norm)) || (PART_QUANTIFIERS.has(l.norm) && WHOLE_QUANTIFIERS.has(r.norm));
}

/**
 * "She walked past me because she did not know me" for "as if": subordinators with no relation in
 * common (cause, concession, condition, time) join the clauses with another meaning. Words of two
 * relations count for both ("since" cause or time, "while" time or concession), and "if" / "when"
 * count as related (learners swap them for a condition that will come true).
 */
const SUBORDINATOR_RELATIONS: Readonly<Record<string, readonly string[]>> = {
  because: ['cause'],
  since: ['cause', 'time'],
  as: ['cause', 'time', 'manner'],
  although: ['concession'],
  though: ['concession'],
  while: ['time', 'concession'],
  unless: ['negative-condition'],
  if: ['condition', 'time'],
  when: ['time', 'condition'],
  // Decision 050: the time connectors by which side of the event they put the other, and the
  // clause connectors of contrast and of result.
  once: ['time', 'condition'],
  before: ['limit'],
  until: ['limit'],
  till: ['limit'],
  but: ['concession'],
  so: ['result'],
  why: ['result'],
};
/** Whether the word is one of the connectors SUBORDINATOR_RELATIONS knows. */
export function isConnector(t: Token): boolean {
  return SUBORDINATOR_RELATIONS[t.norm] !== undefined;
}
export function isSubordinatorSwap(l: Token, r: Token): boolean {
  const x = SUBORDINATOR_RELATIONS[l.norm];
  const y = SUBORDINATOR_RELATIONS[r.norm];
  return x !== undefined && y !== undefined && !x.some((relation) => y.includes(relation));
}

/**
 * "Both Mr. A and Ms. B will come" for "Either Mr. A or Ms. B": "and" for "or" (or the other way
 * round) joins the two as both instead of one of them, another amount. Under a negation the two
 * come close ("I don't drink tea or coffee"), so a negated sentence keeps it a word-choice slip.
 */
function isCoordinatorSwap(l: Token, r: Token, learner: readonly Token[]): boolean {
  const pair = `${l.norm}|${r.norm}`;
  return (pair === 'and|or' || pair === 'or|and') && !learner.some((t) => isNegator(t)) && !betweenOr(l, r, learner);
}

/**
 * "between the bank or the hospital": between takes and (AとBの間); or there names the same two
 * places in the wrong construction, a word slip, not a choice between them.
 */
function betweenOr(l: Token, r: Token, learner: readonly Token[]): boolean {
  if (l.norm !== 'or' || r.norm !== 'and') return false;
  const at = learner.indexOf(l);
  // "between A or B", "both A or B" (decision 049): the pair word asks for and; or is its slip.
  return learner.slice(Math.max(0, at - 5), at).some((t) => t.norm === 'between' || t.norm === 'both');
}

/**
 * Verbs whose prepositions make phrasal verbs of different meanings: each inner list is one meaning
 * (look over / look through both go over a text). Pairs learners mix up with the same meaning (agree
 * with / to, apply for / to, think of / about) are not listed: those stay preposition slips.
 */
const PARTICLE_MEANINGS: Record<string, readonly (readonly string[])[]> = {
  look: [['after'], ['for'], ['at'], ['into'], ['over', 'through'], ['around']],
  run: [['into', 'across'], ['after'], ['over']],
  get: [['over'], ['through'], ['along']],
  take: [['after'], ['over']],
  ask: [['for'], ['about']],
  care: [['for'], ['about']],
  hear: [['from'], ['of', 'about']],
  talk: [['to', 'with'], ['about']],
  speak: [['to', 'with'], ['about']],
};

/**
 * Whether the learner's preposition right after the answer's verb makes the same phrasal verb of it
 * ('same'), another one ('other'), or neither is listed (undefined).
 */
function particleMeanings(l: Token, r: Token, verbL: Token | undefined, verbR: Token | undefined): 'same' | 'other' | undefined {
  if (!verbL || !verbR || verbL.lemma !== verbR.lemma || verbL.norm !== verbR.norm || l.norm === r.norm) return undefined;
  const meanings = PARTICLE_MEANINGS[verbR.lemma];
  if (!meanings) return undefined;
  const meaningOf = (word: string): number => meanings.findIndex((group) => group.includes(word));
  const a = meaningOf(l.norm);
  const b = meaningOf(r.norm);
  if (a < 0 || b < 0) return undefined;
  return a === b ? 'same' : 'other';
}

function classSpec(l: Token, r: Token): ErrorSpec {
  const lw = learnerWord(l);
  if (l.cls === 'article' && r.cls === 'article') {
    if ((l.norm === 'a' && r.norm === 'an') || (l.norm === 'an' && r.norm === 'a')) {
      const why = r.norm === 'an' ? '次の語が母音の音で始まるため' : '次の語が子音の音で始まるため';
      return { kind: 'article', message: `${q(lw)}ではなく${q(r.display)}を使いましょう（${why}）。` };
    }
    const why = r.norm === 'the' ? '特定のものを指すので the' : '初めて話題にする数えられる名詞なので a / an';
    return { kind: 'article', message: `${q(lw)}ではなく${q(r.display)}を使いましょう（${why}）。` };
  }
  // "for study English" for "to study": a preposition where the infinitive's "to" goes (or the
  // other way round) is the preposition point, the "to" being a preposition in learners' eyes.
  if ((l.cls === 'prep' && r.cls === 'prep') || (l.cls === 'prep' && r.norm === 'to') || (l.norm === 'to' && r.cls === 'prep')) {
    return { kind: 'preposition', message: `前置詞は${q(lw)}ではなく${q(r.display)}を使いましょう。` };
  }
  if (l.cls === 'article' || r.cls === 'article') {
    return { kind: 'article', message: `${q(lw)}ではなく${q(r.display)}を使いましょう。` };
  }
  // "these pen": a demonstrative of the other number is a number slip.
  if (NUMBER_PAIRS.has(`${l.norm}|${r.norm}`)) {
    return { kind: 'plural', message: `${q(lw)}ではなく${q(r.display)}にしましょう（名詞の数に合わせます）。` };
  }
  const modalTense = MODAL_TENSES[l.norm];
  if (modalTense && modalTense.other === r.norm) {
    const what = modalTense.past ? '現在形' : '過去形';
    return { kind: 'tense', message: `${q(lw)}は${what}の${q(r.display)}にしましょう。` };
  }
  // "When did you come back?" for "When will you come back?": do-support in the past (or present)
  // where the future's will goes, or the other way round, puts the action at another time of the
  // same question or statement: a tense slip.
  const doForm = (t: Token): boolean => t.cls === 'aux' && (t.norm === 'do' || t.norm === 'does' || t.norm === 'did');
  const future = (t: Token): boolean => t.norm === 'will' || t.norm === "'ll";
  if ((doForm(l) && future(r)) || (future(l) && doForm(r))) {
    return { kind: 'tense', message: `${q(lw)}ではなく${q(r.display)}にしましょう（時制）。` };
  }
  if (l.cls === 'aux' && r.cls === 'aux') {
    // be / have / do swapped ("has postponed" for "was postponed"): the verb phrase is malformed,
    // further from the answer than the same auxiliary in another tense or person.
    return { kind: 'verb-form', message: `${q(lw)}ではなく${q(r.display)}にしましょう。`, penalty: PENALTY.tense + 0.1 };
  }
  // A different question word asks a different question; a modal for do / be ("can" for "did")
  // adds ability or intention the prompt does not have.
  const modalForAux = (l.cls === 'modal' && r.cls === 'aux') || (l.cls === 'aux' && r.cls === 'modal');
  const penalty = l.cls === 'wh' && r.cls === 'wh' ? PENALTY['word-choice'] : modalForAux ? MODAL_FOR_AUX_PENALTY : FUNCTION_WORD_CHOICE_PENALTY;
  return { kind: 'word-choice', message: `${q(lw)}ではなく${q(r.display)}にしましょう。`, penalty };
}

function makeError(kind: ErrorKind, words: string[], expected: string[], message: string, order: number, penalty?: number, contentLoss = false): DraftError {
  const meaning = kind === 'negation' || kind === 'antonym' || kind === 'meaning';
  return { kind, label: ERROR_KINDS[kind], words, expected, message, penalty: penalty ?? PENALTY[kind], order, contentLoss, meaning };
}

/** Grammatical person (and gender) of pronouns and possessives: "he" / "she", "my" / "your". */
const PERSON: Readonly<Record<string, string>> = {
  i: '1s', me: '1s', my: '1s', mine: '1s', myself: '1s',
  we: '1p', us: '1p', our: '1p', ours: '1p', ourselves: '1p',
  you: '2', your: '2', yours: '2', yourself: '2', yourselves: '2',
  he: '3m', him: '3m', his: '3m', himself: '3m',
  she: '3f', her: '3f', hers: '3f', herself: '3f',
  they: '3p', them: '3p', their: '3p', theirs: '3p', themselves: '3p',
};

const POSSESSIVES = new Set(['my', 'your', 'his', 'her', 'our', 'their']);
/** Plural nouns without -s. */
const PLURAL_NOUNS = new Set(['people', 'children', 'men', 'women', 'police', 'feet', 'teeth', 'mice']);
/** Person words that are never a subject (object case, possessives, reflexives). */
const OBJECT_PERSONS_ONLY = new Set(['me', 'us', 'them', 'my', 'our', 'your', 'their', 'mine', 'ours', 'yours', 'theirs', 'myself', 'ourselves', 'yourself', 'yourselves', 'themselves']);
const OBJECT_PERSONS = new Set(['me', 'you', 'him', 'her', 'us', 'them']);

/**
 * The learner's possessive or object pronoun names a person none of the problem's accepted words
 * names, while they name another in the same use ("his" / "me" in the answers, "her" / "him" in the
 * learner's sentence): another person, a meaning error.
 */
function otherPerson(ctx: Ctx, t: Token): boolean {
  const vocab = ctx.vocab;
  const person = PERSON[t.norm];
  const use = POSSESSIVES.has(t.norm) ? POSSESSIVES : OBJECT_PERSONS.has(t.norm) ? OBJECT_PERSONS : undefined;
  if (!vocab || !person || !use) return false;
  const named = [...use].filter((w) => vocab.has(w));
  return named.length > 0 && !named.some((w) => PERSON[w] === person);
}

/** Places and groups one belongs to with others: "our school" is "my school" (私の学校). */
const SHARED_PLACES = new Set(['school', 'class', 'classroom', 'company', 'office', 'team', 'club', 'town', 'city', 'village', 'country', 'neighborhood', 'family', 'house', 'home', 'department']);
function sharedOwner(l: Token, r: Token, noun: Token | undefined): boolean {
  const pair = `${l.norm}|${r.norm}`;
  return (pair === 'our|my' || pair === 'my|our') && noun !== undefined && SHARED_PLACES.has(noun.lemma);
}

/** Another person than the prompt's: "he" for "she", "my" for "your". */
export function isPersonSwap(l: Token, r: Token): boolean {
  const a = PERSON[l.norm];
  const b = PERSON[r.norm];
  return (a !== undefined && b !== undefined && a !== b) || selfForSomeone(l, r);
}
/**
 * "I stole a wallet" for "Someone stole my wallet": the speaker or the listener for an unnamed
 * someone (or the other way round) is another person; "they" for "someone" may be the same unnamed
 * people, so third persons are left out (decision 040).
 */
const UNNAMED_PERSONS = new Set(['someone', 'somebody', 'anyone', 'anybody', 'nobody', 'everyone', 'everybody']);
const SPEAKER_LISTENER = new Set(['1s', '1p', '2']);
function selfForSomeone(l: Token, r: Token): boolean {
  return (UNNAMED_PERSONS.has(r.norm) && SPEAKER_LISTENER.has(PERSON[l.norm] ?? '')) || (UNNAMED_PERSONS.has(l.norm) && SPEAKER_LISTENER.has(PERSON[r.norm] ?? ''));
}

/** The learner's word is another (possibly regularised) form of the reference word. */
function sameStem(learnerNorm: string, r: Token): boolean {
  if (learnerNorm === r.norm || learnerNorm.length < 3) return false;
  const mine = regularBases(learnerNorm);
  // "had better going" for "go": the -ing of a two-letter verb (go, do) is its form too.
  if (r.norm.length === 2 && r.norm === r.lemma && learnerNorm === `${r.norm}ing`) return true;
  return [r.lemma, ...regularBases(r.norm)].some((b) => b.length >= 3 && mine.includes(b));
}

/**
 * "the enclose form" for "the enclosed form", "used" written "use": the learner's word is the base
 * of the answer's past or participle (the answer's word is it plus an ending), a form slip even one
 * letter away, not a typo.
 */
function baseForPast(l: Token, r: Token): boolean {
  const ending = r.norm.startsWith(l.norm) ? r.norm.slice(l.norm.length) : '';
  return !l.foreign && l.known && l.forms.has('base') && (ending === 'd' || ending === 'ed') && (r.forms.has('pp') || r.forms.has('past') || r.pos === 'ADJ');
}

/** The reference word fills a lattice slot that carries meaning (who, where, when, ...). */
function isMeaningRole(r: Token): boolean {
  return r.role !== undefined && r.role !== 'auto' && r.role !== 'form';
}

/**
 * English verbs that share one Japanese verb, so that learners swap them keeping the meaning
 * (learner lemma | answer lemma → hint). A swap is a word-choice slip, never a meaning error.
 */
const VERB_CONFUSIONS: ReadonlyMap<string, string> = new Map(
  (
    [
      ['forget', 'leave', '（置き忘れた場所を言うときは leave を使います）'],
      ['see', 'watch', ''],
      ['watch', 'see', ''],
      ['look', 'see', ''],
      ['see', 'look', ''],
      // 見える: "You see tired" for "You look / seem tired" (decision 053).
      ['see', 'seem', '（〜に見えるは look / seem を使います）'],
      ['hear', 'listen', ''],
      ['listen', 'hear', ''],
      ['say', 'tell', '（tell＋人 の形で「伝える」）'],
      ['tell', 'say', ''],
      ['speak', 'talk', ''],
      ['talk', 'speak', ''],
      ['do', 'make', ''],
      ['make', 'do', ''],
      // 宿題をする / 勉強する: "study my homework" for "do my homework" (decision 053).
      ['study', 'do', '（宿題をするは do を使います）'],
      ['wear', 'put', ''],
      // 願う / 望む: "I hope I had" for "I wish I had" (wish for what is not so, hope for what may be).
      ['hope', 'wish', '（事実と違うことを願うときは wish を使います）'],
      ['wish', 'hope', ''],
      // 持っていく / 持ってくる: bring toward the speaker, take away from them.
      ['take', 'bring', '（こちらへ持ってくるときは bring を使います）'],
      ['bring', 'take', ''],
      // 取る / もらう: "take a discount" for "get a discount".
      ['take', 'get', ''],
      // 守る: "protect a promise" for "keep a promise", "protect the rules" for "follow".
      ['protect', 'keep', '（約束や規則を守るは keep / follow を使います）'],
      ['protect', 'follow', ''],
      ['protect', 'obey', ''],
      // 飲む: medicine is taken, not drunk (薬を飲む).
      ['drink', 'take', '（薬を飲むは take を使います）'],
      // 壊す / 割る: "crash the window" for "break the window".
      ['crash', 'break', ''],
      // なる: "became true" for "came true" (夢がかなう: come true).
      ['become', 'come', ''],
      // 覚える: remember (keep in mind) for learn (come to know how).
      ['remember', 'learn', '（新しく身につけるときは learn を使います）'],
      // する / 取る with a noun: "make care of" for "take care of", "make a shower".
      ['make', 'take', ''],
      ['do', 'take', ''],
      // 乗る: "ride a taxi / a bus" for "take" (ride is for what one sits astride or drives).
      ['ride', 'take', '（タクシーやバスに乗るは take を使います）'],
      // 置く / セットする: "put my alarm for six" for "set" (set adjusts a device).
      ['put', 'set', '（時計やアラームを合わせるは set を使います）'],
      // 信じる: believe (what someone says is true) for trust (rely on the person).
      ['believe', 'trust', '（人を信頼するは trust を使います）'],
      // 言う / 話す: "say to my boss about it" for "talk to my boss" (say takes what is said).
      ['say', 'talk', '（人と話すは talk / speak を使います）'],
      ['say', 'speak', '（人と話すは talk / speak を使います）'],
      // 教える: teach (a skill) for tell / inform / show (information, the way): "I'll teach you
      // when it is decided" for "I'll let you know".
      ['teach', 'tell', '（情報を伝えるときは tell を使います）'],
      ['teach', 'inform', '（情報を伝えるときは inform / let ... know を使います）'],
      ['teach', 'show', '（道などを教えるときは show / tell を使います）'],
    ] as const
  ).map(([a, b, hint]) => [`${a}|${b}`, hint]),
);

/** Verbs that take the person asked or told, for which learners write say (言う). */
const SAY_FOR = new Set(['ask', 'tell', 'order', 'advise', 'request', 'remind', 'warn']);

/**
 * The learner's verb is one the answer's shares a Japanese verb with (VERB_CONFUSIONS), or "put off"
 * for "take off" (脱ぐ: learners build the opposite of "put on" with the same verb); "put" for "take"
 * elsewhere (置く / 取る) stays another action.
 */
function confusedVerbs(l: Token, r: Token, lNext: Token | undefined, rNext: Token | undefined): boolean {
  if (VERB_CONFUSIONS.has(`${l.lemma}|${r.lemma}`)) return true;
  // 言う: "said me to help" for "asked / told me to help": say never takes the person, so a say
  // with one is the learner's 言う for the answer's verb of asking or telling (decision 049).
  if (l.lemma === 'say' && SAY_FOR.has(r.lemma) && lNext !== undefined && OBJECT_PERSONS.has(lNext.norm)) return true;
  return l.lemma === 'put' && r.lemma === 'take' && lNext?.norm === 'off' && rNext?.norm === 'off';
}

/** Verbs of 言う / 話す that learners use for giving an opinion (decision 058). */
const SAY_VERBS = new Set(['say', 'tell', 'speak', 'talk']);
/** What an opinion is given, shared or expressed with, in English. */
const OPINION_GIVING = new Set(['give', 'share', 'express', 'state', 'voice', 'offer']);
/** Nouns of what one thinks: 意見を言う is give / share / express an opinion, never say it. */
const OPINION_NOUNS = new Set(['opinion', 'opinions', 'view', 'views', 'idea', 'ideas', 'thought', 'thoughts', 'impression', 'impressions', 'feedback', 'comment', 'comments']);

/**
 * "Thank you for saying your opinion" (意見を言う): say, tell, speak or talk right before an opinion
 * noun (after a determiner or an adjective at most) is the Japanese verb said in English, a word
 * choice for give / share / express (decision 058). `r` is the answer's verb where one is paired.
 */
function saidOpinion(l: Token, learner: readonly Token[], i: number, r?: Token): boolean {
  if (!SAY_VERBS.has(l.lemma) || (r !== undefined && !OPINION_GIVING.has(r.lemma))) return false;
  for (let k = i + 1; k <= i + 3; k++) {
    const t = learner[k];
    if (!t) return false;
    if (OPINION_NOUNS.has(t.norm)) return true;
    if (!(t.cls === 'article' || t.cls === 'det' || POSSESSIVES.has(t.norm) || t.pos === 'ADJ')) return false;
  }
  return false;
}

/**
 * Anyone-words a comparison with than may take else after: persons only. The frozen set names
 * "more important than anything" (else left out) a missing word, so things keep their else.
 */
const ANY_PERSONS = new Set(['anyone', 'anybody', 'everyone', 'everybody']);

/** A present progressive: am / is / are (or 'm, 're, 's read as them) and an -ing verb after it. */
export function presentProgressive(ts: readonly Token[]): boolean {
  const be = ts.findIndex((t) => ['am', 'is', 'are', "'m", "'re", 'im'].includes(t.norm));
  return be >= 0 && ts.slice(be + 1, be + 7).some((t) => t.pos === 'VERB' && t.norm.endsWith('ing') && t.forms.has('ing'));
}

/** A request: please, or a sentence opening with could / can / would / will you. */
function isRequest(ts: readonly Token[]): boolean {
  return ts.some((t) => t.norm === 'please') || (['could', 'can', 'would', 'will'].includes(ts[0]?.norm ?? '') && ts[1]?.norm === 'you');
}

/**
 * Katakana English (和製英語 and loanwords whose Japanese use is wider than the English word): the
 * learner's noun | the English noun the Japanese word stands for here.
 */
/**
 * Confused verbs WordNet also lists in one sense, so the aligner pairs them as synonyms: say for tell
 * (tell takes the person: "say me" is the slip) and believe for trust ("believe in" says trust).
 */
function confusedNotSynonym(l: Token, r: Token, learner: readonly Token[], i: number): boolean {
  const lNext = learner[i + 1];
  if (l.foreign || l.pos !== 'VERB' || r.pos !== 'VERB') return false;
  if (l.lemma === 'believe' && r.lemma === 'trust') return lNext?.norm !== 'in';
  // 話す: a language is spoken, not talked ("talk English"); talk to / with a person stays a paraphrase.
  if (l.lemma === 'talk' && r.lemma === 'speak') return lNext !== undefined && LANGUAGES.has(lNext.norm);
  // 置く / セットする: put for set where no place follows ("put my alarm for six"); "put the vase on
  // the table" for "set" stays a paraphrase, and so does a phrasal verb of put ("put up the tent").
  if (l.lemma === 'put' && r.lemma === 'set') return !PUT_PARTICLES.has(lNext?.norm ?? '') && !learner.slice(i + 1, i + 5).some((t) => PLACE_PREPOSITIONS.has(t.norm));
  // 覚える: remember (keep in mind) for learn (come to know); WordNet joins them in "memorize".
  if (l.lemma === 'remember' && r.lemma === 'learn') return true;
  return l.lemma === 'say' && r.lemma === 'tell';
}

/** Particles that make a phrasal verb of put right after it (put up, put together): another verb, not put's sense. */
const PUT_PARTICLES = new Set(['up', 'out', 'off', 'together', 'forward', 'aside']);

/** Prepositions of place that may follow put's object ("put it on the desk"). */
const PLACE_PREPOSITIONS = new Set(['on', 'in', 'into', 'onto', 'at', 'under', 'down', 'back', 'away', 'next', 'beside', 'behind', 'near', 'inside', 'there', 'here']);

/** Names of languages (the object of speak, never of talk). */
const LANGUAGES = new Set(['english', 'japanese', 'chinese', 'korean', 'french', 'german', 'spanish', 'italian', 'portuguese', 'russian', 'arabic', 'hindi', 'thai', 'vietnamese']);

/**
 * "I did curry" for "I made curry", "She made her homework" for "did": the aligner leaves do (an
 * auxiliary's word) apart from the learner's verb, so the swap shows as a missing verb and an extra
 * one at the same place. Where the two share one Japanese verb (VERB_CONFUSIONS) it is one
 * word-choice slip, as the same swap between two content verbs is.
 */
function verbInGap(ctx: Ctx): void {
  const { a, learner, ref } = ctx;
  for (const i of a.extra) {
    const l = learner[i];
    if (!l || !(l.pos === 'VERB' || l.lemma === 'do') || l.foreign || !l.known || ctx.consumedL.has(i)) continue;
    for (const j of a.missing) {
      const r = ref[j];
      if (!r || ctx.consumedR.has(j) || a.gapR[j] !== a.gapL[i] || Math.abs((ctx.orderOfR[j] ?? -9) - i) > 1) continue;
      if (!(r.pos === 'VERB' || r.lemma === 'do') || l.lemma === r.lemma) continue;
      const extra = ctx.errors.find((e) => e.kind === 'extra-word' && e.order === i && e.words.length === 1);
      const missing = ctx.errors.find((e) => e.kind === 'missing-word' && e.expected.length === 1 && e.expected[0]?.toLowerCase() === r.display.toLowerCase());
      if (!extra || !missing) continue;
      if (!confusedVerbs(l, r, learner[i + 1], ref[j + 1])) {
        // "I'll buy the dishes" for "I'll do the dishes": another content verb where the answer's
        // main verb do stands (an object follows both) is another action, as between two content verbs.
        const object = (t: Token | undefined): boolean => t !== undefined && (t.cls === 'article' || t.cls === 'det' || t.pos === 'NOUN' || POSSESSIVES.has(t.norm));
        if (r.lemma !== 'do' || l.cls !== 'content' || !object(learner[i + 1]) || !object(ref[j + 1]) || ctx.wordnet?.synonyms(l.lemma, r.lemma, 'v')) continue;
        ctx.errors = ctx.errors.filter((e) => e !== extra && e !== missing);
        ctx.errors.push(meaningError(learnerWord(l), r, i));
        return;
      }
      const hint = VERB_CONFUSIONS.get(`${l.lemma}|${r.lemma}`) ?? '';
      ctx.errors = ctx.errors.filter((e) => e !== extra && e !== missing);
      ctx.errors.push(makeError('word-choice', [learnerWord(l)], [r.display], `${q(learnerWord(l))}ではなく${q(r.display)}が自然です${hint}。`, i, PENALTY['word-choice']));
      return;
    }
  }
}

/** Words that differ in grammar (count / mass), not meaning: "much books" is a form slip. */
const SAME_MEANING_FORMS = new Set(
  [['much', 'many'], ['little', 'few'], ['less', 'fewer'], ['amount', 'number'], ['good', 'well']].flatMap(([a, b]) => [`${a}|${b}`, `${b}|${a}`]),
);

/** What a how-question asks for, by the word after how (decision 046). */
const HOW_MEASURES: Readonly<Record<string, string>> = {
  long: 'length', far: 'distance', much: 'amount', many: 'number', old: 'age', often: 'frequency', frequently: 'frequency',
  soon: 'time', early: 'time', late: 'time', tall: 'height', high: 'height', big: 'size', large: 'size', deep: 'depth',
  wide: 'width', heavy: 'weight', fast: 'speed', quickly: 'speed',
};

/** A meaning-carrying word replaced by one that says something else (named with both words). */
function meaningError(lw: string, r: Token, order: number): DraftError {
  return makeError('meaning', [lw], [r.display], `${q(lw)}では意味が変わります。問題文の意味は${q(r.display)}です。`, order, undefined, true);
}

/** The learner's word says the opposite of the answer's ("close" for "open"). */
function antonymError(lw: string, r: Token, order: number, contentLoss: boolean): DraftError {
  return makeError('antonym', [lw], [r.display], `${q(lw)}では意味が反対になります。${q(r.display)}にしましょう。`, order, undefined, contentLoss);
}

/** "an" before a vowel sound, "a" before a consonant sound; undefined when unsure (digits). */
function indefiniteArticleFor(word: string): 'a' | 'an' | undefined {
  if (!/^[a-z]/.test(word)) return undefined;
  if (/^(hour|honest|honor|heir)/.test(word)) return 'an';
  if (/^(uni|use|usu|uti|eu|one|once|ewe|ufo)/.test(word)) return 'a';
  return /^[aeiou]/.test(word) ? 'an' : 'a';
}

/**
 * a / an must agree with the learner's own next word: after a synonym ("an airplane" for "a
 * plane") the accepted answer's article is not the measure. Returns the article the learner's
 * next word needs when it differs from the reference's next word, else undefined.
 */
function articleForLearnerNoun(ctx: Ctx, p: Pair): 'a' | 'an' | undefined {
  const next = ctx.learner[p.l + 1];
  const refNext = ctx.ref[p.r + 1];
  const nextPair = ctx.a.byL[p.l + 1];
  // Only a synonym in the article's own noun slot changes which article is right.
  if (!next || next.norm === refNext?.norm || nextPair?.r !== p.r + 1 || !nextPair.synonym) return undefined;
  return indefiniteArticleFor(next.norm);
}

const TENSE_AUX = new Set(['have', 'has', 'had', 'will', 'would']);
const isAuxLike = (t: Token | undefined): boolean => t !== undefined && (t.cls === 'aux' || t.cls === 'modal');

/** Shared state while classifying one alignment. */
interface Ctx {
  a: Alignment;
  learner: readonly Token[];
  ref: readonly Token[];
  errors: DraftError[];
  missingSet: ReadonlySet<number>;
  extraSet: ReadonlySet<number>;
  /** Words already explained by another error (an auxiliary folded into a tense error). */
  consumedL: Set<number>;
  consumedR: Set<number>;
  /** Learner position of each reference word, for ordering errors about missing words. */
  orderOfR: readonly number[];
  /** Every word of the problem's accepted answers and lattice (for opposites of added words). */
  vocab?: ReadonlyMap<string, Token>;
  wordnet?: WordNet;
  /** The learner's "to" after have / let / make + person (bareInfinitiveTo). */
  extraTo?: number;
  /** The learner's preposition before a verb's base form (prepositionBeforeVerb). */
  prepForTo?: number;
  /** The learner's verb in another form than the base after a modal (modalVerbForm). */
  modalForm?: number;
  /** English words that translate one Japanese word of the problem's sentence (decision 049). */
  japanese?: JapaneseChoices;
  /** The time of the Japanese sentence's final predicate (decision 082). */
  japaneseTime?: JapaneseTime;
}

/** What classification may know about the problem beyond the one sentence aligned. */
export interface ClassifyContext {
  vocab?: ReadonlyMap<string, Token>;
  wordnet?: WordNet;
  extraTo?: number;
  prepForTo?: number;
  modalForm?: number;
  japanese?: JapaneseChoices;
  japaneseTime?: JapaneseTime;
}

/** Extra auxiliaries right before learner word i (at most two: "will have"). */
function auxBeforeL(ctx: Ctx, i: number): number[] {
  const out: number[] = [];
  for (let k = i - 1; k >= 0 && out.length < 2 && ctx.extraSet.has(k) && !ctx.consumedL.has(k) && isAuxLike(ctx.learner[k]); k--) out.unshift(k);
  return out;
}

/** Missing auxiliaries right before reference word j. */
function auxBeforeR(ctx: Ctx, j: number): number[] {
  const out: number[] = [];
  for (let k = j - 1; k >= 0 && out.length < 2 && ctx.missingSet.has(k) && !ctx.consumedR.has(k) && isAuxLike(ctx.ref[k]); k--) out.unshift(k);
  return out;
}

/** Errors on paired words: spelling, inflections, function-word swaps, word choice. */
function pairErrors(ctx: Ctx): boolean {
  const { a, learner, ref, errors } = ctx;
  let usedSynonym = a.phraseSynonym;
  for (const p of a.pairs) {
    const l = learner[p.l];
    const r = ref[p.r];
    if (!l || !r) continue;
    if (p.synonym) usedSynonym = true;
    const formSlip = l.misspelt && p.rel !== 'replace' ? misspeltForm(l.misspelt, r) : undefined;
    if (formSlip) {
      errors.push(makeError(formSlip, [l.misspelt as string], [r.display], `${q(l.misspelt as string)}ではなく${q(r.display)}の形にしましょう。`, p.l, formSlip === 'word-choice' ? FUNCTION_WORD_CHOICE_PENALTY : undefined));
    } else if (l.misspelt && p.rel !== 'replace') {
      const corrected = r.norm === l.norm ? r.display : l.norm;
      errors.push(makeError('spelling', [l.misspelt], [corrected], `${q(l.misspelt)}のつづりに注意しましょう。正しくは${q(corrected)}です。`, p.l));
    }
    // "Who's bike" for "Whose bike", "it's" for "its": a contraction written for the possessive
    // that sounds the same is a spelling slip, not a wrong word and an extra "is".
    const homophone = CONTRACTION_HOMOPHONES[l.surface.toLowerCase().replace(/’/g, "'")];
    const rest = learner[p.l + 1];
    if (p.rel !== 'exact' && homophone === r.norm && rest?.group === l.group && ctx.extraSet.has(p.l + 1)) {
      ctx.consumedL.add(p.l + 1);
      errors.push(makeError('spelling', [l.surface], [r.display], `${q(l.surface)}（${l.display} ${rest.display}）ではなく${q(r.display)}です（音が同じ別の語です）。`, p.l));
      continue;
    }
    // "siting" / "sitting", "planed" / "planned": a doubled consonant written once (or a single one
    // twice) is a spelling slip even where the result is another word's form.
    if (p.rel !== 'exact' && p.rel !== 'synonym' && !l.misspelt && !l.foreign && doubledLetterOnly(l.norm, r.norm)) {
      errors.push(makeError('spelling', [learnerWord(l)], [r.display], `${q(learnerWord(l))}のつづりに注意しましょう。正しくは${q(r.display)}です。`, p.l));
      continue;
    }
    // "lite" for "light" (decision 082): a real word that sounds the same as the answer's content
    // word, written by its sound, is the answer's word misspelt, not another word.
    if (p.rel !== 'exact' && !l.misspelt && !l.foreign && l.lemma !== r.lemma && r.content && (soundsAlike(l.norm, r.norm) || learnerSoundsAlike(l.norm, r.norm) || (/^\d+$/.test(r.norm) && learnerSoundsAlike(l.norm, r.display.toLowerCase())))) {
      errors.push(makeError('spelling', [learnerWord(l)], [r.display], `${q(learnerWord(l))}ではなく${q(r.display)}です（音が同じ別の語です）。`, p.l));
      continue;
    }
    switch (p.rel) {
      case 'exact':
      case 'synonym': {
        // "He gave up smoke" for "gave up smoking" (decision 090): after a verb that takes a gerund,
        // the verb's bare form (a noun of its own, so WordNet joins them) is the wrong form of the verb.
        if (p.rel === 'synonym' && !l.foreign && gerundForBase(l, r, learner, p.l)) {
          errors.push(makeError('verb-form', [learnerWord(l)], [r.display], `${q(learnerWord(l))}ではなく${q(r.display)}の形にしましょう（この動詞の後は -ing 形です）。`, p.l));
          break;
        }
        // "The answer is clearly" for "clear", "He runs quick" for "quickly": WordNet lists the
        // adjective and its -ly adverb in one sense, but one stands for the other in the wrong form.
        if (!l.foreign && (lyAdverbOf(l.norm, r.norm) || lyAdverbOf(r.norm, l.norm))) {
          errors.push(makeError('word-choice', [learnerWord(l)], [r.display], `${q(learnerWord(l))}ではなく${q(r.display)}の形にしましょう（形容詞と副詞が違います）。`, p.l, PENALTY['word-choice']));
          break;
        }
        // "How far is it" for "How long is it" (decision 046): after how, the word names what is
        // asked (distance, time, amount, age, size); WordNet's adverb sense shared by far and long
        // ("far / long into the night") does not make them one question.
        if (p.rel === 'synonym' && learner[p.l - 1]?.norm === 'how' && ref[p.r - 1]?.norm === 'how' && HOW_MEASURES[l.norm] !== undefined && HOW_MEASURES[r.norm] !== undefined && HOW_MEASURES[l.norm] !== HOW_MEASURES[r.norm]) {
          errors.push(meaningError(learnerWord(l), r, p.l));
          break;
        }
        // "Can you put the table?" for "set the table": WordNet shares a common sense of the two
        // verbs, but its examples show the answer's verb with this object in a sense the learner's
        // verb lacks, so the verb is the wrong one for this object: a word-choice slip.
        // "Please say me what to do", "the only friend I can believe": WordNet lists say / tell and
        // believe / trust in one sense, but tell takes the person (say does not) and trust is about the
        // person (believe is about what they say; "believe in" is the paraphrase): a word-choice slip.
        if (p.rel === 'synonym' && confusedNotSynonym(l, r, learner, p.l)) {
          const hint = VERB_CONFUSIONS.get(`${l.lemma}|${r.lemma}`) ?? '';
          errors.push(makeError('word-choice', [learnerWord(l)], [r.display], `${q(learnerWord(l))}ではなく${q(r.display)}が自然です${hint}。`, p.l, PENALTY['word-choice']));
          break;
        }
        if (p.rel === 'synonym' && collocationMissed(ctx, l, r, p.r)) {
          errors.push(makeError('word-choice', [learnerWord(l)], [r.display], `${q(learnerWord(l))}ではなく${q(r.display)}を使いましょう（${q(`${r.display} ${objectAfter(ctx.ref, p.r)?.display ?? ''}`.trim())}の組み合わせ）。`, p.l, PENALTY['word-choice']));
          break;
        }
        // "I lay the table yesterday" for "I set the table yesterday": "lay" read as its own verb
        // (the base of lay, not lie's past) is the present where the answer's "set" is the past.
        if (p.rel === 'synonym' && pastBaseReading(ctx, l, r)) {
          errors.push(makeError('tense', [learnerWord(l)], [r.display], `${q(learnerWord(l))}は現在形です。過去のことなので過去形にしましょう（${q(r.display)}）。`, p.l));
          break;
        }
        const needed = l.norm === 'a' || l.norm === 'an' ? articleForLearnerNoun(ctx, p) : undefined;
        if (needed && needed !== l.norm) {
          const next = learner[p.l + 1];
          const why = needed === 'an' ? '次の語が母音の音で始まるため' : '次の語が子音の音で始まるため';
          const before = next ? `${q(learnerWord(next))}の前は` : '';
          errors.push(makeError('article', [learnerWord(l)], [needed], `${before}${q(learnerWord(l))}ではなく${q(needed)}を使いましょう（${why}）。`, p.l));
        }
        break;
      }
      case 'inflection':
        // "could talk English" against "spoke English": another form of a confused verb is that
        // verb's slip first (the answer with the learner's form names it alone).
        if (p.synonym && confusedNotSynonym(l, r, learner, p.l)) {
          errors.push(makeError('word-choice', [learnerWord(l)], [r.display], `${q(learnerWord(l))}ではなく${q(r.display)}が自然です。`, p.l, PENALTY['word-choice']));
          break;
        }
        if (yEndingSpelt(l, r)) {
          errors.push(makeError('spelling', [learnerWord(l)], [r.display], `${q(learnerWord(l))}のつづりに注意しましょう。正しくは${q(r.display)}です（y を i に変えて -es）。`, p.l));
          break;
        }
        errors.push(inflectionError(ctx, p, l, r));
        break;
      case 'class': {
        const aOrAn = (t: Token): boolean => t.norm === 'a' || t.norm === 'an';
        // "far from here" for "near here", "out of my room" for "to my room": an added word
        // before the swapped preposition is the opposite of the answer's.
        const before = learner[p.l - 1];
        if (before && ctx.extraSet.has(p.l - 1) && !ctx.consumedL.has(p.l - 1) && (DIRECTION_OPPOSITES.has(`${before.norm}|${r.norm}`) || areAntonymWords(before, r))) {
          ctx.consumedL.add(p.l - 1);
          errors.push(makeError('antonym', [learnerWord(before), learnerWord(l)], [r.display], `${q(`${learnerWord(before)} ${learnerWord(l)}`)}では意味が反対になります。${q(r.display)}にしましょう。`, p.l - 1, undefined, true));
          break;
        }
        if (aOrAn(l) && aOrAn(r) && articleForLearnerNoun(ctx, p) === l.norm) break;
        // "Once you've finished" for "Once you're finished": be finished / done is the state that
        // have finished / done brings about (decision 050).
        if (FINISHED_STATES.has(ref[p.r + 1]?.norm ?? '') && learner[p.l + 1]?.norm === ref[p.r + 1]?.norm && ((l.lemma === 'have' && AUX_FORMS[r.norm]?.lemma === 'be') || (AUX_FORMS[l.norm]?.lemma === 'be' && r.lemma === 'have'))) break;
        // "Ken walks her dog" graded against "the dog" where the answers say "his dog": an owner
        // the answers never name, while they name another, is another owner.
        if (r.cls === 'article' && otherPerson(ctx, l)) {
          errors.push({ ...meaningError(learnerWord(l), r, p.l), certain: true });
          break;
        }
        // "This lunch was made for my mother" for "made by my mother": after a passive participle by
        // names the doer; another preposition makes the person someone the thing is for or with
        // (decision 050).
        if (l.cls === 'prep' && r.norm === 'by' && (l.norm === 'for' || l.norm === 'with') && (ref[p.r - 1]?.forms.has('pp') === true || ref[p.r - 1]?.forms.has('past') === true || /(ed|en)$/.test(ref[p.r - 1]?.norm ?? '')) && AUX_FORMS[ref[p.r - 2]?.norm ?? '']?.lemma === 'be') {
          errors.push({ ...meaningError(learnerWord(l), r, p.l), certain: true });
          break;
        }
        // "I gave a watch to my grandfather" for "I was given a watch by my grandfather", "a present
        // for her" for "a present from her": to / for names the person a thing goes to, from / by
        // the one it comes from or who does it. Before a person, one for the other turns round who
        // gives and who receives.
        if (l.cls === 'prep' && r.cls === 'prep' && ((RECIPIENT_PREPOSITIONS.has(l.norm) && SOURCE_PREPOSITIONS.has(r.norm)) || (SOURCE_PREPOSITIONS.has(l.norm) && RECIPIENT_PREPOSITIONS.has(r.norm))) && `${l.norm}|${r.norm}` !== 'from|to' && `${l.norm}|${r.norm}` !== 'to|from' && personAfter(ctx, learner, p.l) && personAfter(ctx, ref, p.r)) {
          errors.push({ ...meaningError(learnerWord(l), r, p.l), certain: true });
          break;
        }
        // "the day before the event" for "the day of the event": another time, not a preposition slip.
        if (l.cls === 'prep' && r.cls === 'prep' && (l.norm === 'before' || l.norm === 'after') && ['of', 'on', 'at', 'in', 'during'].includes(r.norm)) {
          errors.push(meaningError(learnerWord(l), r, p.l));
          break;
        }
        // "from London" for "to London" reverses the direction; "after she moved" for "before" or
        // "until she moved" puts the event on the other side of the time.
        if (TIME_ORDER_OPPOSITES.has(`${l.norm}|${r.norm}`) || areAntonymWords(l, r) || (l.cls === 'prep' && r.cls === 'prep' && ((l.norm === 'from' && r.norm === 'to') || (l.norm === 'to' && r.norm === 'from')))) {
          errors.push(antonymError(learnerWord(l), r, p.l, false));
          break;
        }
        // "at our school" for 私の学校 "at my school": my and our before a place or group one
        // belongs to with others (school, company, town, family) name the same one.
        if (sharedOwner(l, r, ref[p.r + 1])) break;
        // "I do not know how that machine works" for "this machine": the demonstrative before a noun
        // points at another one (decision 050); as a pronoun ("That is why") it may stand for this.
        if (DEICTIC_OPPOSITES.has(`${l.norm}|${r.norm}`) && (ref[p.r + 1]?.pos === 'NOUN' || ref[p.r + 1]?.pos === 'ADJ') && a.byR[p.r + 1] !== undefined) {
          errors.push({ ...meaningError(learnerWord(l), r, p.l), certain: true });
          break;
        }
        // "put it back on its place" for "in its place" (decision 049): in / on / at before the very
        // place the answer names is the preposition's slip, even in a slot of the place.
        const samePlace = AT_ON_IN.has(l.norm) && AT_ON_IN.has(r.norm) && learner[p.l + 1] !== undefined && learner[p.l + 1]?.norm === ref[p.r + 1]?.norm && learner[p.l + 2]?.norm === ref[p.r + 2]?.norm;
        if (isPersonSwap(l, r) || isModalStrengthSwap(l, r) || isQuestionSwap(l, r) || embeddedYesNoSwap(l, r, ref, p.r) || isQuantifierSwap(l, r) || isSubordinatorSwap(l, r) || isCoordinatorSwap(l, r, learner) || (isMeaningRole(r) && l.norm !== r.norm && !(aOrAn(l) && aOrAn(r)) && !samePlace)) {
          errors.push(meaningError(learnerWord(l), r, p.l));
          break;
        }
        // "The man which I met" for "who": one relative pronoun for another after the noun is a
        // small word choice (decision 049), not a question word asking something else.
        if (RELATIVE_PRONOUNS.has(l.norm) && RELATIVE_PRONOUNS.has(r.norm) && nounHead(learner, p.l - 1)) {
          errors.push(makeError('word-choice', [learnerWord(l)], [r.display], `${q(learnerWord(l))}ではなく${q(r.display)}にしましょう（関係代名詞）。`, p.l, FUNCTION_WORD_CHOICE_PENALTY));
          break;
        }
        // "I was looking for the dog" for "looking after": right after the same verb, a particle that
        // makes another phrasal verb says something else, not a preposition slip (decision 070).
        const particles = particleMeanings(l, r, learner[p.l - 1], ref[p.r - 1]);
        if (particles === 'other') {
          errors.push(meaningError(learnerWord(l), r, p.l));
          break;
        }
        // "ran across an old friend" for "ran into", "talked with him" for "talked to": the same phrasal verb.
        if (particles === 'same') break;
        const spec = classSpec(l, r);
        errors.push(makeError(spec.kind, [learnerWord(l)], [r.display], spec.message, p.l, spec.penalty));
        break;
      }
      case 'confusable': {
        // "Please don't take pictures there" for "here": a real word one letter away that points to
        // the other place is another meaning, not a typo (decision 050).
        if (!l.foreign && !l.misspelt && (DEICTIC_OPPOSITES.has(`${l.norm}|${r.norm}`) || OTHER_TIME_OR_AGE.has(`${l.norm}|${r.norm}`))) {
          errors.push({ ...meaningError(learnerWord(l), r, p.l), certain: true });
          break;
        }
        // "smartphone" / "smartphones": one letter apart, but the -s of the word, not a typo.
        const number = numberSlip(l, r, ref, p);
        if (number) {
          errors.push(number);
          break;
        }
        // "Keep you promise" for "your promise": the pronoun of the same person in another case is
        // the wrong form of the word (word choice), not a typo of another word.
        if (PERSON[l.norm] !== undefined && PERSON[l.norm] === PERSON[r.norm] && (POSSESSIVES.has(r.norm) || POSSESSIVES.has(l.norm))) {
          errors.push(makeError('word-choice', [learnerWord(l)], [r.display], `${q(learnerWord(l))}ではなく${q(r.display)}を使いましょう（代名詞の形）。`, p.l, FUNCTION_WORD_CHOICE_PENALTY));
          break;
        }
        // "My aunt lived in Osaka" for "lives" (decision 085): the past of the verb whose -s form the
        // answer has (or the other way round) is its tense, not a typo of another word (lives read as
        // life's plural).
        const nounBefore = (u: Token | undefined): boolean => u !== undefined && (u.pos === 'ADJ' || u.cls === 'article' || POSSESSIVES.has(u.norm));
        const presentAndPast = (past: Token, present: Token, before: Token | undefined): boolean => past.forms.has('past') && !past.forms.has('base') && present.norm === `${past.lemma}s` && !nounBefore(before);
        if (presentAndPast(l, r, ref[p.r - 1]) || presentAndPast(r, l, learner[p.l - 1])) {
          errors.push(makeError('tense', [learnerWord(l)], [r.display], `${q(learnerWord(l))}ではなく${q(r.display)}にしましょう（時制）。`, p.l));
          break;
        }
        if (baseForPast(l, r)) {
          errors.push(makeError('verb-form', [learnerWord(l)], [r.display], `${q(learnerWord(l))}ではなく${q(r.display)}の形にしましょう。`, p.l));
          break;
        }
        // "good for your healthy" for "health": a real word of the same family in another part of
        // speech is the word's form (word choice), not a typo.
        if (!l.foreign && l.known && r.content && l.pos !== r.pos && l.norm.length >= 4 && (ctx.wordnet?.derived(l.norm, r.norm) || suffixFamily(l.norm, r.norm))) {
          errors.push(makeError('word-choice', [learnerWord(l)], [r.display], `${q(learnerWord(l))}ではなく${q(r.display)}の形にしましょう（品詞が違います）。`, p.l, PENALTY['word-choice']));
          break;
        }
        errors.push(makeError('spelling', [learnerWord(l)], [r.display], `${q(learnerWord(l))}ではなく${q(r.display)}です（つづりや音の似た別の語です）。`, p.l));
        break;
      }
      case 'split': {
        const expected = [r, ...(p.rMore ?? []).map((k) => ref[k])].filter((t): t is Token => t !== undefined).map((t) => t.display);
        const why = CONTRACTION_CONFUSIONS.has(l.norm) ? '短縮形は \' を付けて書きます' : '2語に分けて書きます';
        errors.push(makeError('spelling', [learnerWord(l)], expected, `${q(learnerWord(l))}ではなく${q(expected.join(' '))}です（${why}）。`, p.l));
        break;
      }
      case 'replace': {
        const lw = learnerWord(l);
        // "the mail I sent you" for "the email", "do sports" for "exercise": a katakana-English noun
        // (メール, スポーツ) keeps the meaning with the wrong English word, a word-choice slip even
        // one letter away (not a typo) or where WordNet does not join the two.
        if (!l.foreign && katakanaEnglish(l, r, ref, p.r)) {
          errors.push(makeError('word-choice', [lw], [r.display], `${q(lw)}ではなく${q(r.display)}が自然です（カタカナ語と英語で意味が違います）。`, p.l, PENALTY['word-choice']));
          break;
        }
        // "while doing his homework" for "after" (decision 063): the other side of the time, as in
        // the class case above.
        if (!l.foreign && (areAntonymWords(l, r) || TIME_ORDER_OPPOSITES.has(`${l.norm}|${r.norm}`))) {
          errors.push(antonymError(lw, r, p.l, true));
          break;
        }
        if (!l.foreign && !l.misspelt && (DEICTIC_OPPOSITES.has(`${l.norm}|${r.norm}`) || OTHER_TIME_OR_AGE.has(`${l.norm}|${r.norm}`))) {
          errors.push({ ...meaningError(lw, r, p.l), certain: true });
          break;
        }
        if (!l.foreign && l.known && (isPersonSwap(l, r) || isQuantifierSwap(l, r) || isQuestionSwap(l, r) || isSubordinatorSwap(l, r))) {
          errors.push(meaningError(lw, r, p.l));
          break;
        }
        // "live" / "lives" where the tagger read "lives" as a noun: the -s of the verb or noun.
        const number = numberSlip(l, r, ref, p);
        if (number) {
          errors.push(number);
          break;
        }
        // "the enclose form" for "the enclosed form": the base of the answer's participle (or past)
        // is a form slip even one letter away, not a typo (sameStem below).
        const formOf = baseForPast(l, r);
        // "good for your healthy" for "health": a real word of the same family in another part of
        // speech, even one letter away, is the word's form (word choice), not a typo.
        const family = !formOf && !l.foreign && l.known && r.content && l.pos !== r.pos && l.norm.length >= 4 && ((ctx.wordnet?.derived(l.norm, r.norm) ?? false) || suffixFamily(l.norm, r.norm));
        // A real word one letter from the answer's ("kay" / "key") is a typo, not another meaning.
        // "make a picture" for "take": a confused verb one letter away is the confusion, not a typo.
        const confused = (): boolean => !l.foreign && l.known && (confusedVerbs(l, r, learner[p.l + 1], ref[p.r + 1]) || sharesJapanese(ctx.japanese, l, r));
        if (!formOf && !family && oneLetterTypo(l, r) && !confused()) {
          // Named a typo of the answer's word, it keeps what is talked about: "I'll do my bast" is
          // one spelling slip, not an answer with its only content word missing (1 star).
          errors.push({ ...makeError('spelling', [lw], [r.display], `${q(lw)}のつづりに注意しましょう。正しくは${q(r.display)}です。`, p.l), keepsContent: true });
          break;
        }
        // Another form of the same word that the lemmatiser did not join ("leaved" / "left",
        // "tiring" / "tired", "putted" / "put"): a form slip, not another meaning.
        if (!l.foreign && sameStem(l.norm, r)) {
          // "the spell of your name" for "the spelling" (decision 049): after an article the answer's
          // -ing word is a noun, the learner's verb base another part of speech (word choice).
          const det = ref[p.r - 1];
          if (det && (det.cls === 'article' || (det.cls === 'det' && det.norm !== 'that')) && r.pos === 'NOUN' && r.norm.endsWith('ing') && l.forms.has('base') && !l.forms.has('ing')) {
            errors.push(makeError('word-choice', [lw], [r.display], `${q(lw)}は動詞です。名詞の${q(r.display)}にしましょう（品詞が違います）。`, p.l, PENALTY['word-choice']));
            break;
          }
          errors.push(foldExtraTo(ctx, p, l, r) ?? makeError('verb-form', [lw], [r.display], `${q(lw)}ではなく${q(r.display)}の形にしましょう。`, p.l));
          break;
        }
        // Another name for the answer's name ("Nara" for "Kyoto"): a name the dictionary lacks,
        // capitalised like the answer's, is another place or person, not a slip.
        const capital = (w: string): boolean => /^[A-Z]/.test(w);
        // Capitals are not graded (decision 079): a phone-typed "emi" for "Yumi" is another person
        // too, where the answer's word is a name (capitalised inside the sentence, or tagged one).
        const answerName = capital(r.display) && (r.index > 0 || r.pos === 'PROPN');
        if (!l.foreign && !l.known && r.content && (capital(l.display) || (answerName && /^[a-z]{3,}$/.test(l.norm))) && capital(r.display) && (r.pos === 'PROPN' || r.pos === 'NOUN')) {
          errors.push({ ...meaningError(lw, r, p.l), certain: true });
          break;
        }
        // "How old" for "How much": the word after how decides what is asked.
        if (!l.foreign && l.known && ref[p.r - 1]?.norm === 'how' && learner[p.l - 1]?.norm === 'how' && !SAME_MEANING_FORMS.has(`${l.norm}|${r.norm}`)) {
          errors.push({ ...meaningError(lw, r, p.l), certain: true });
          break;
        }
        // One Japanese word of the problem's sentence, two English ones (高い: high / expensive,
        // 抱っこする: hug / hold; decision 049): the learner's word keeps the meaning the sentence
        // says with the wrong English word for it, a word-choice slip.
        if (!l.foreign && l.known && sharesJapanese(ctx.japanese, l, r)) {
          errors.push({ ...makeError('word-choice', [lw], [r.display], `${q(lw)}ではなく${q(r.display)}が自然です（日本語では同じ語でも、英語では使い分けます）。`, p.l, PENALTY['word-choice']), halfContent: true });
          break;
        }
        // One Japanese verb, two English ones (忘れる: forget / leave, 見る: see / watch, 言う: say /
        // tell): the learner's verb keeps the meaning but not the use, a word-choice slip.
        if (!l.foreign && l.known && (confusedVerbs(l, r, learner[p.l + 1], ref[p.r + 1]) || saidOpinion(l, learner, p.l, r))) {
          const hint = VERB_CONFUSIONS.get(`${l.lemma}|${r.lemma}`) ?? '';
          errors.push({ ...makeError('word-choice', [lw], [r.display], `${q(lw)}ではなく${q(r.display)}が自然です${hint}。`, p.l, PENALTY['word-choice']), halfContent: true });
          break;
        }
        // "His joke cracked the ice" for "broke", "higher" for "taller": a word that shares a sense
        // with the answer's in some use (WordNet) keeps the meaning with the wrong word for this
        // sentence, a word-choice slip rather than another meaning (decision 040).
        if (!l.foreign && l.known && r.content && nearSynonymChoice(ctx.wordnet, l, r)) {
          // "The box is too big to carry" for "too heavy": adjectives that share a later sense but
          // whose common senses describe different attributes (size, weight) say another thing.
          // Before a noun the adjective may be the noun's collocate ("big rain" for "heavy rain"),
          // a word-choice slip, so only a predicative one counts.
          const attributive = ref[p.r + 1]?.pos === 'NOUN';
          // "Please don't take videos here" for "pictures": a noun that shares only a later sense of
          // the answer's noun (a picture on television) is another thing where the answer's noun
          // means what it commonly means (decision 050).
          const otherThing = l.pos === 'NOUN' && r.pos === 'NOUN' && ctx.wordnet !== undefined && !ctx.wordnet.hasFirstSenseOf(l.lemma, r.lemma, 'n');
          if ((l.pos === 'ADJ' && r.pos === 'ADJ' && !attributive && ctx.wordnet?.otherAttribute(l.lemma, r.lemma)) || otherThing) {
            errors.push(meaningError(lw, r, p.l));
            break;
          }
          errors.push(makeError('word-choice', [lw], [r.display], `${q(lw)}ではなく${q(r.display)}が自然です。`, p.l, PENALTY['word-choice']));
          break;
        }
        // "my math assignment" for "my math homework": a word for the kind the answer's noun is a
        // direct kind of says less but not something else; a small word-choice slip (decision 040).
        if (keepsContent(l, r, ctx.wordnet)) {
          errors.push({ ...makeError('word-choice', [lw], [r.display], `${q(lw)}は${q(r.display)}より意味の広い語です。${q(r.display)}がより正確です。`, p.l, FUNCTION_WORD_CHOICE_PENALTY), keepsContent: true });
          break;
        }
        // "I kept silence" for "kept silent", "It is clearly that" for "clear": a word of the same
        // family in another part of speech (WordNet's derivational or pertainym link) keeps the
        // meaning in the wrong form, a word-choice slip.
        if (!l.foreign && l.known && r.content && l.pos !== r.pos && ((ctx.wordnet && (ctx.wordnet.derived(l.norm, r.norm) || (l.lemma !== l.norm && ctx.wordnet.derived(l.lemma, r.lemma)))) || adjectiveOfNoun(l, r) || family)) {
          errors.push(makeError('word-choice', [lw], [r.display], `${q(lw)}ではなく${q(r.display)}の形にしましょう（品詞が違います）。`, p.l, PENALTY['word-choice']));
          break;
        }
        // "I didn't get much sleep" for "I didn't get good sleep" / "didn't sleep well": under a
        // negation "not much / enough" and "not good / well" both say there was too little of it.
        if (!l.foreign && NEGATED_AMOUNT.has(l.norm) && NEGATED_QUALITY.has(r.norm) && negatedBefore(learner, p.l) && negatedBefore(ref, p.r)) break;
        // "than excepted" for "expected", "a short brake" (decision 073): a real word with the answer
        // word's very letters, two of them out of place, is a typing slip (the letters were typed in
        // another order), not a chosen word; another word of other letters still says something else.
        if (!formOf && !family && transposedLetters(l, r) && !confused()) {
          errors.push({ ...makeError('spelling', [lw], [r.display], `${q(lw)}のつづりに注意しましょう。正しくは${q(r.display)}です（文字の順番）。`, p.l), keepsContent: true });
          break;
        }
        // A content word (thing, person, place, time, number, action) that is none of the accepted
        // words nor a synonym of them says something else: a meaning error, not a slip.
        const meaningSlot = r.role === undefined || r.role === 'auto' ? r.content : isMeaningRole(r);
        if (!l.foreign && l.known && meaningSlot && r.norm !== 'please' && !SAME_MEANING_FORMS.has(`${l.norm}|${r.norm}`)) {
          errors.push(meaningError(lw, r, p.l));
          break;
        }
        const message = l.foreign ? `${q(lw)}は英語で${q(r.display)}と言います。` : `${q(lw)}ではなく${q(r.display)}が自然です。`;
        // A wrong verb for a verb states another action; a garbled or non-verb word is a lesser slip.
        const verb = ((r.pos === 'VERB' && r.cls === 'content') || isMainVerbHave(ref, p.r)) && l.pos === 'VERB' && !l.foreign && l.known;
        const penalty = verb ? VERB_CHOICE_PENALTY : !r.content ? FUNCTION_WORD_CHOICE_PENALTY : CONTENT_WORD_CHOICE_PENALTY;
        errors.push(makeError('word-choice', [lw], [r.display], message, p.l, penalty, true));
        break;
      }
    }
  }
  return usedSynonym;
}

/**
 * A non-word the spelling corrector read as the answer's word, that is that word with an ending no
 * word takes (decision 040): "woked" (a past made past again) is verb-form, "soonly" (an adverb
 * ending on a word that is already an adverb) a word-choice slip; anything else stays spelling.
 */
function misspeltForm(misspelt: string, r: Token): ErrorKind | undefined {
  const w = misspelt.toLowerCase();
  if (r.forms.has('past') && !r.forms.has('base') && (w === `${r.norm}d` || w === `${r.norm}ed`)) return 'verb-form';
  if (r.content && r.pos === 'ADV' && w === `${r.norm}ly`) return 'word-choice';
  return undefined;
}

/**
 * "memorys" / "studys" for "memories" / "studies": the -s is there (number and agreement are
 * right), only the y was not changed to ie: a spelling slip, not a form error.
 */
function yEndingSpelt(l: Token, r: Token): boolean {
  return /[^aeiou]ies$/.test(r.norm) && l.norm === `${r.norm.slice(0, -3)}ys`;
}

const WN_POS: Readonly<Record<string, 'n' | 'v' | 'a' | 'r'>> = { VERB: 'v', ADJ: 'a', NOUN: 'n', ADV: 'r' };
/**
 * The learner's word and the answer's share a WordNet sense in some use (any sense, not only the
 * commonest), or are adjectives WordNet links as similar or see-also ("tall" / "high"), in the
 * answer word's part of speech: near-synonyms, not another thing. Comparatives are compared by
 * their base ("higher" / "taller").
 */
function nearSynonymChoice(wordnet: WordNet | undefined, l: Token, r: Token): boolean {
  const pos = WN_POS[r.pos];
  if (!wordnet || !pos || l.norm === r.norm) return false;
  const base = (t: Token): string => (t.lemma !== t.norm ? t.lemma : t.norm.replace(/(?<=..)(?:er|est)$/, ''));
  const lb = base(l);
  const rb = base(r);
  if (lb === rb || !wordnet.nearSynonyms(lb, rb, pos)) return false;
  return !areAntonymWords(l, r) && !wordnet.antonyms(lb, rb, pos);
}

const NEGATED_AMOUNT = new Set(['much', 'enough']);
const NEGATED_QUALITY = new Set(['good', 'well']);
/** A negation earlier in the same sentence (not, n't, never, no). */
function negatedBefore(tokens: readonly Token[], i: number): boolean {
  for (let k = i - 1; k >= 0; k--) {
    const t = tokens[k] as Token;
    if (t.pos === 'PUNCT') return false;
    if (isNegator(t)) return true;
  }
  return false;
}

/** Words that put the answer's sentence in the past. */
const PAST_MARKERS = new Set(['yesterday', 'ago', 'last']);
/**
 * The learner's verb matched only when read as its own base form ("lay" of lay, which the
 * lemmatiser reads as lie's past), where the answer's verb is past and present alike ("set", "put")
 * and the answer's sentence is in the past: the learner wrote the present.
 */
function pastBaseReading(ctx: Ctx, l: Token, r: Token): boolean {
  if (l.lemma === r.lemma || l.norm === l.lemma || !r.forms.has('past') || !r.forms.has('base') || !ctx.ref.some((t) => PAST_MARKERS.has(t.norm))) return false;
  return baseReadingSynonym(l, r, ctx.wordnet) && !(ctx.wordnet?.closeSynonyms(l.lemma, r.lemma, 'v') ?? false);
}

/** The head noun of the object right after the verb at j (past articles, determiners, adjectives). */
function objectAfter(ref: readonly Token[], j: number): Token | undefined {
  for (let k = j + 1; k < ref.length && k <= j + 4; k++) {
    const t = ref[k];
    if (!t) return undefined;
    if (t.pos === 'NOUN') return t;
    if (t.cls === 'article' || t.cls === 'det' || (t.cls === 'pron' && POSSESSIVES.has(t.norm)) || (t.cls === 'content' && t.pos === 'ADJ')) continue;
    return undefined;
  }
  return undefined;
}

/**
 * Two verbs WordNet joins in a sense, where WordNet's examples show the answer's verb with its
 * object only in senses the learner's verb has no part in ("set the table" is {set up, lay out,
 * set}, not {put, set, place}).
 */
function collocationMissed(ctx: Ctx, l: Token, r: Token, j: number): boolean {
  if (!ctx.wordnet || l.pos !== 'VERB' || r.pos !== 'VERB' || l.lemma === r.lemma || l.foreign || r.cls !== 'content') return false;
  const object = objectAfter(ctx.ref, j);
  if (!object) return false;
  const senses = ctx.wordnet.collocationSenses(r.lemma, [...new Set([r.lemma, r.norm, `${r.lemma}s`])], object.lemma);
  // The learner's verb, read by its lemma or as written ("lay", lie's past and lay's base), may be
  // a member of such a sense or the verb of one of its phrasal members ("lay out" of {set up, lay
  // out, set}): "lay the table" says what "set the table" says.
  const readings = [l.lemma, l.norm];
  return senses.length > 0 && !senses.some((words) => words.some((w) => readings.some((x) => w === x || w.startsWith(`${x} `))));
}

/**
 * `adverb` is the -ly adverb made from the adjective `adjective` (clear / clearly, easy / easily,
 * simple / simply, basic / basically, true / truly, full / fully).
 */
export function lyAdverbOf(adverb: string, adjective: string): boolean {
  if (adjective.length < 3 || !adverb.endsWith('ly') || !/^[a-z]+$/.test(adjective)) return false;
  if (adverb === `${adjective}ly`) return true;
  if (adjective.endsWith('y') && adverb === `${adjective.slice(0, -1)}ily`) return true;
  if (adjective.endsWith('le') && adverb === `${adjective.slice(0, -1)}y`) return true;
  if (adjective.endsWith('ll') && adverb === `${adjective}y`) return true;
  if (adjective.endsWith('ue') && adverb === `${adjective.slice(0, -1)}ly`) return true;
  return adjective.endsWith('ic') && adverb === `${adjective}ally`;
}

/**
 * One word is the other with one consonant of a doubled pair left out ("siting" / "sitting"). Doubled
 * vowels are left out: "met" / "meet", "fed" / "feed" are forms of one verb.
 */
export function doubledLetterOnly(x: string, y: string): boolean {
  const [short, long] = x.length < y.length ? [x, y] : [y, x];
  if (long.length !== short.length + 1 || short.length < 3 || !/^[a-z]+$/.test(long)) return false;
  for (let i = 1; i < long.length; i++) {
    if (long[i] === long[i - 1] && !'aeiou'.includes(long[i] ?? 'a') && long.slice(0, i) + long.slice(i + 1) === short) return true;
  }
  return false;
}

/**
 * The learner's word is the answer's word with or without its -s ("lives" / "live", "smartphone" /
 * "smartphones"): 三単現 where the word is a verb by its tag or its place, else a number slip.
 */
function numberSlip(l: Token, r: Token, ref: readonly Token[], p: Pair): DraftError | undefined {
  const sOnly = (a: string, b: string): boolean => b === `${a}s` || b === `${a}es`;
  const lw = learnerWord(l);
  // "how many person" for "people" (decision 073): a noun's irregular plural for its singular, or
  // the other way round, is the number of the noun, not another word.
  const irregular = !l.foreign && l.pos !== 'VERB' && r.pos !== 'VERB' && l.norm !== r.norm && (IRREGULAR_PLURALS[l.norm] === r.norm || IRREGULAR_PLURALS[r.norm] === l.norm);
  if (irregular) return makeError('plural', [lw], [r.display], `${q(lw)}ではなく${q(r.display)}にしましょう（単数・複数）。`, p.l);
  if (l.foreign || l.norm.length < 3 || !(sOnly(l.norm, r.norm) || sOnly(r.norm, l.norm))) return undefined;
  const prev = ref[p.r - 1];
  const nounPlace = prev !== undefined && (prev.cls === 'article' || (prev.cls === 'det' && prev.norm !== 'that') || (prev.cls === 'content' && (prev.pos === 'ADJ' || prev.pos === 'NUM')) || objectOfGerund(ref, p.r));
  const verb =
    afterRelativeThat(ref, p.r) ||
    (!nounPlace &&
    (r.pos === 'VERB' || l.pos === 'VERB' || (roleOf(ref, p.r).role !== 'finite' && r.pos !== 'NOUN') || prev?.cls === 'pron' || prev?.cls === 'wh'));
  // "Please picks up": a verb without a subject takes no -s for one; its form is wrong, not its agreement.
  if (verb && p.r > 0 && subjectless(ref, p.r)) return makeError('verb-form', [lw], [r.display], `${q(lw)}ではなく原形の${q(r.display)}にしましょう。`, p.l);
  const kind: ErrorKind = verb ? 'agreement' : 'plural';
  const message = verb ? `主語に合わせて${q(lw)}ではなく${q(r.display)}にしましょう。` : `${q(lw)}ではなく${q(r.display)}にしましょう（単数・複数）。`;
  return makeError(kind, [lw], [r.display], message, p.l);
}

/** Verb forms that show the subject's number: is / are, has / have, does / do, walks / walk. */
function showsNumber(t: Token): boolean {
  const aux = AUX_FORMS[t.norm];
  if (aux) return aux.time !== 'none' && aux.person !== 'none';
  return t.pos === 'VERB' && (t.forms.has('3sg') || (t.forms.has('base') && !t.forms.has('past')));
}

/**
 * The reference noun at j heads the subject ("The train", "The items I ordered") and the learner
 * wrote its verb as the reference has it: the learner's own noun and verb disagree, so the slip is
 * as much the verb's as the noun's. Such a number slip costs as an agreement slip, so that where
 * an accepted phrasing keeps the learner's noun ("The train runs") the verb is named (三単現 /
 * 主語と動詞の一致), as a teacher names it.
 */
function subjectDisagrees(ctx: Ctx, j: number): boolean {
  const { ref, a } = ctx;
  for (let k = 0; k < j; k++) {
    const t = ref[k];
    if (!t || !(t.cls === 'article' || t.cls === 'det' || t.pos === 'ADJ' || t.pos === 'NUM')) return false;
  }
  for (let k = j + 1; k < ref.length && k <= j + 6; k++) {
    const t = ref[k];
    if (!t) break;
    // The verb of a relative clause with its own subject ("I ordered") is not this noun's.
    if (ref[k - 1]?.cls === 'pron' && k - 1 > j) continue;
    if (!showsNumber(t)) continue;
    return a.byR[k]?.rel === 'exact';
  }
  return false;
}

/**
 * "enjoyed to swim" for "enjoyed swimming": an added "to" before a verb in the wrong form is part
 * of that verb-form error (one error, "to swim" → "swimming"), not an extra word besides it.
 */
function foldExtraTo(ctx: Ctx, p: Pair, l: Token, r: Token, penalty?: number): DraftError | undefined {
  const k = p.l - 1;
  const to = ctx.learner[k];
  // After let / make / a perception verb + person ("heard someone to call") the to is the slip on
  // its own (bareInfinitiveTo), not part of the verb's form.
  if (to?.norm !== 'to' || !ctx.extraSet.has(k) || ctx.consumedL.has(k) || ctx.ref[p.r - 1]?.norm === 'to' || ctx.extraTo === k) return foldMissingTo(ctx, p, l, r, penalty);
  ctx.consumedL.add(k);
  const written = [to.display, learnerWord(l)];
  return makeError('verb-form', written, [r.display], `${q(written.join(' '))}ではなく${q(r.display)}の形にしましょう。`, k, penalty);
}

/**
 * "It is not easy for me learning English" for "for me to learn" (decision 058): the learner's -ing
 * where the answer has to + base, its to left out, is the one form chosen wrong ("learning" → "to
 * learn"), not a missing to besides a verb form.
 */
const TO_OR_ING_MEANINGS = new Set(['remember', 'forget', 'stop', 'regret', 'mean']);
function foldMissingTo(ctx: Ctx, p: Pair, l: Token, r: Token, penalty?: number): DraftError | undefined {
  const j = p.r - 1;
  if (ctx.ref[j]?.norm !== 'to' || !ctx.missingSet.has(j) || ctx.consumedR.has(j) || !(l.forms.has('ing') || l.norm.endsWith('ing')) || !r.forms.has('base') || r.forms.has('ing')) return undefined;
  // After remember, forget, stop, regret or mean, to + base and -ing say different things.
  if (TO_OR_ING_MEANINGS.has(ctx.ref[j - 1]?.lemma ?? '')) return undefined;
  ctx.consumedR.add(j);
  const expected = [(ctx.ref[j] as Token).display, r.display];
  return makeError('verb-form', [learnerWord(l)], expected, `${q(learnerWord(l))}ではなく${q(expected.join(' '))}の形にしましょう。`, p.l, penalty);
}

/** An inflection error, folding in the auxiliary around it: "will go" for "went" is one error. */
function inflectionError(ctx: Ctx, p: Pair, l: Token, r: Token): DraftError {
  const { learner, ref } = ctx;
  const spec = inflectionSpec(l, r, ref);
  if (spec.kind === 'plural' && spec.penalty === undefined && subjectDisagrees(ctx, p.r)) spec.penalty = PENALTY.agreement + 0.3;
  const words = [learnerWord(l)];
  const expected = [r.display];
  let message = spec.message;
  let kind = spec.kind;
  if (kind === 'verb-form') {
    const folded = foldExtraTo(ctx, p, l, r, spec.penalty);
    if (folded) return folded;
  }
  if (kind === 'tense' || kind === 'verb-form' || kind === 'agreement') {
    const auxL = auxBeforeL(ctx, p.l);
    const auxR = auxBeforeR(ctx, p.r);
    const tenseAux = [...auxL.map((k) => learner[k]), ...auxR.map((k) => ref[k])].some((t) => t !== undefined && TENSE_AUX.has(t.norm));
    // For agreement only a tense auxiliary ("will rain" for "rains") belongs to the error.
    if ((auxL.length > 0 || auxR.length > 0) && (kind !== 'agreement' || tenseAux)) {
      auxL.forEach((k) => ctx.consumedL.add(k));
      auxR.forEach((k) => ctx.consumedR.add(k));
      words.unshift(...auxL.map((k) => learner[k]?.display ?? ''));
      expected.unshift(...auxR.map((k) => ref[k]?.display ?? ''));
      // "is walking" for "walks": progressive for a habit is an aspect (tense) choice.
      const progressive = auxL.some((k) => AUX_FORMS[learner[k]?.norm ?? '']?.lemma === 'be') && l.forms.has('ing') && !r.forms.has('ing');
      // "I left" for "I'm leaving": a finite past verb where the answer's auxiliary is present (or
      // a present one where it is past) puts the sentence in another time.
      const lead = auxL.length === 0 ? AUX_FORMS[ref[auxR[0] ?? -1]?.norm ?? ''] : undefined;
      const otherTime = lead !== undefined && l.forms.has('past') ? lead.time === 'present' : lead !== undefined && l.forms.has('3sg') && lead.time === 'past';
      // "Many people stand in line" for "are standing": a finite simple form where the answer has
      // be + -ing is the aspect (tense) choice, the mirror of "is walking" for "walks".
      const before = learner[p.l - 1];
      const simple =
        auxL.length === 0 && auxR.length > 0 && auxR.every((k) => AUX_FORMS[ref[k]?.norm ?? '']?.lemma === 'be') && r.forms.has('ing') && !l.forms.has('ing') &&
        (l.forms.has('base') || l.forms.has('3sg') || l.forms.has('past')) && before !== undefined && before.norm !== 'to' && !clauseHasAux(learner, p.l);
      if (tenseAux || progressive || otherTime || simple) kind = 'tense';
      message = `${q(words.join(' '))}ではなく${q(expected.join(' '))}にしましょう（${kind === 'tense' ? '時制' : '動詞の形'}）。`;
    }
  }
  // "going to went", "can went": right after the infinitive's to or a modal the verb takes its base
  // form whatever the time, so a past there is the verb's form, not a tense.
  const prev = learner[p.l - 1];
  if (kind === 'tense' && words.length === 1 && r.forms.has('base') && l.forms.has('past') && prev !== undefined && ((prev.norm === 'to' && ctx.a.byL[p.l - 1] !== undefined) || prev.cls === 'modal')) {
    kind = 'verb-form';
    message = `${q(words[0] ?? '')}は原形の${q(r.display)}にしましょう（${q(prev.display)}の後なので）。`;
  }
  return makeError(kind, words, expected, message, p.l, spec.penalty);
}

/** Words that open a clause of their own. */
const CLAUSE_OPENERS = new Set(['if', 'whether', 'that', 'because', 'when', 'while', 'although', 'though', 'until', 'unless', 'since', 'before', 'after', 'and', 'but']);
/** An auxiliary or modal before position i in its sentence ("Have you cry?"): the verb is not finite. */
function clauseHasAux(tokens: readonly Token[], i: number): boolean {
  for (let k = i - 1; k >= 0; k--) {
    const t = tokens[k] as Token;
    if (t.pos === 'PUNCT') return false;
    // "I don't know if he comes": the clause starts at its subordinator.
    if (CLAUSE_OPENERS.has(t.norm) || t.cls === 'wh') return false;
    if (t.cls === 'aux' || t.cls === 'modal') return true;
  }
  return false;
}

/**
 * An auxiliary added or dropped around a correct verb changes the tense or the verb form:
 * "I have finished" for "I finished", "I go" for "I will go", "I going" for "I am going".
 */
function auxiliaryErrors(ctx: Ctx): void {
  const { a, learner, ref, errors } = ctx;
  for (const p of a.pairs) {
    if (p.rel !== 'exact' && p.rel !== 'synonym') continue;
    const l = learner[p.l];
    const r = ref[p.r];
    if (!l || !r || r.pos !== 'VERB' || r.cls !== 'content') continue;
    // "could talk English" against "spoke English": the verb is the slip, not its tense.
    if (p.rel === 'synonym' && confusedNotSynonym(l, r, learner, p.l)) continue;
    const auxL = auxBeforeL(ctx, p.l);
    const auxR = auxBeforeR(ctx, p.r);
    if (auxL.length > 0 && auxR.length === 0) {
      const last = learner[auxL.at(-1) ?? -1];
      const have = last !== undefined && AUX_FORMS[last.norm]?.lemma === 'have' && r.forms.has('pp');
      const will = last !== undefined && (last.norm === 'will' || last.norm === 'would') && r.forms.has('base');
      if (!have && !will) continue;
      auxL.forEach((k) => ctx.consumedL.add(k));
      const words = [...auxL.map((k) => learner[k]?.display ?? ''), learnerWord(l)];
      errors.push(makeError('tense', words, [r.display], `${q(words.join(' '))}ではなく${q(r.display)}にしましょう（時制）。`, auxL[0] ?? p.l));
    } else if (auxR.length > 0 && auxL.length === 0) {
      const auxTokens = auxR.map((k) => ref[k]).filter((t): t is Token => t !== undefined);
      const last = auxTokens.at(-1);
      if (!last) continue;
      const lemma = AUX_FORMS[last.norm]?.lemma;
      let why: string | undefined;
      let kind: ErrorKind = 'tense';
      const perfect = auxTokens.some((t) => AUX_FORMS[t.norm]?.lemma === 'have');
      // "We should left earlier": after a modal the participle is already right and only the
      // have of the perfect infinitive is missing, a missing word like a missing be.
      // "You should come yesterday" (come is also the base): the learner's modal + base is the present
      // or future modal, a tense slip against the perfect the past needs (decision 049).
      const afterModal = auxR.length === 1 && ref[(auxR[0] ?? 0) - 1]?.cls === 'modal' && learner[p.l - 1]?.cls === 'modal' && p.rel === 'exact' && !l.forms.has('base');
      if (lemma === 'have' && r.forms.has('pp') && afterModal) [why, kind] = ['助動詞の後の完了は have＋過去分詞', 'missing-word'];
      else if (lemma === 'have' && r.forms.has('pp')) why = last.norm === 'had' ? '過去完了は had＋過去分詞' : '現在完了は have / has＋過去分詞';
      else if (perfect && lemma === 'be' && r.forms.has('ing')) why = '現在完了進行形は have / has been＋-ing';
      else if ((last.norm === 'will' || last.norm === 'would') && r.forms.has('base')) why = '時制';
      // The participle is already right and only be is missing ("The room has not cleaned",
      // "He not studying"): a missing word, like a missing copula.
      else if (lemma === 'be' && r.forms.has('ing')) [why, kind] = ['進行形は be動詞＋-ing', 'missing-word'];
      else if (lemma === 'be' && r.forms.has('pp')) [why, kind] = ['受け身は be動詞＋過去分詞', 'missing-word'];
      if (!why) continue;
      auxR.forEach((k) => ctx.consumedR.add(k));
      const expected = [...auxTokens.map((t) => t.display), r.display];
      const message =
        kind === 'missing-word'
          ? `${q(learnerWord(l))}の前に${q(auxTokens.map((t) => t.display).join(' '))}が抜けています（${why}）。`
          : `${q(learnerWord(l))}ではなく${q(expected.join(' '))}にしましょう（${why}）。`;
      errors.push(makeError(kind, [learnerWord(l)], expected, message, p.l));
    }
  }
}

/** A negation word, or "cant" / "wont" typed for can't / won't. */
function isNegator(t: Token | undefined): boolean {
  return t !== undefined && (NEGATORS.has(t.norm) || (SPLIT_CONFUSIONS[t.norm]?.includes('not') ?? false));
}

/**
 * Negations that negate, by position. A negation paired with a negation of the other sentence is
 * the same negation however it moved; "no matter how" and "not only" do not negate.
 */
function negators(tokens: readonly Token[], partnerIsNegator: (k: number) => boolean): number[] {
  const out: number[] = [];
  tokens.forEach((t, k) => {
    if (!isNegator(t) || partnerIsNegator(k)) return;
    if (NON_NEGATING_NEXT[t.norm]?.has(tokens[k + 1]?.norm ?? '')) return;
    // "neither A nor B" is one negation, carried by "neither": "neither A or B" keeps the meaning.
    if (t.norm === 'nor' && tokens.slice(0, k).some((x) => x.norm === 'neither')) return;
    // "either A nor B" for "either A or B": with "either" before it and no other negation, "nor"
    // is the wrong half of the pair (a word-choice slip), not a negation.
    if (t.norm === 'nor' && tokens.slice(0, k).some((x) => x.norm === 'either') && !tokens.some((x, m) => m !== k && isNegator(x))) return;
    out.push(k);
  });
  return out;
}

/** The words at these positions as written: the parts of one contraction become "don't" again. */
function writtenWords(tokens: readonly Token[], positions: readonly number[]): string[] {
  const out: string[] = [];
  let lastGroup: number | undefined;
  for (const k of positions) {
    const t = tokens[k];
    if (!t) continue;
    if (t.group === lastGroup) {
      out[out.length - 1] = t.surface;
      continue;
    }
    lastGroup = t.group;
    out.push(learnerWord(t));
  }
  return out;
}

/**
 * Polarity: a negation added or dropped says the opposite of the prompt, however close the words
 * are. One meaning error replaces the missing / extra "do not" it would otherwise be counted as.
 */
function polarityError(ctx: Ctx): void {
  const { a, learner, ref, errors } = ctx;
  const bothNegators = (p: Pair | undefined): boolean =>
    p !== undefined && isNegator(learner[p.l]) && [p.r, ...(p.rMore ?? [])].some((j) => isNegator(ref[j]));
  // "She studied hardly" for "studied hard": the -ly word made from the answer's word it stands for
  // is that word in the wrong form (a word-choice slip), not a negation added.
  const formOfAnswerWord = (k: number): boolean => {
    const p = a.byL[k];
    const r = p === undefined ? undefined : ref[p.r];
    return r !== undefined && lyAdverbOf(learner[k]?.norm ?? '', r.norm);
  };
  const ln = negators(learner, (k) => bothNegators(a.byL[k]) || formOfAnswerWord(k));
  const rn = negators(ref, (j) => bothNegators(a.byR[j]));
  if (ln.length === rn.length) return;
  const withDoSupport = (tokens: readonly Token[], positions: readonly number[], free: ReadonlySet<number>): number[] => {
    const out = new Set<number>();
    for (const k of positions) {
      out.add(k);
      // "don't drink": the do-support auxiliary only exists because of the negation.
      if (AUX_FORMS[tokens[k - 1]?.norm ?? '']?.lemma === 'do' && free.has(k - 1)) out.add(k - 1);
    }
    return [...out].sort((x, y) => x - y);
  };
  if (ln.length > rn.length) {
    const positions = withDoSupport(learner, ln, ctx.extraSet);
    for (const k of positions) if (ctx.extraSet.has(k)) ctx.consumedL.add(k);
    const words = writtenWords(learner, positions);
    const error = makeError('negation', words, [], `${q(words.join(' '))}があると否定の文になり、問題文と反対の意味になります。`, positions[0] ?? 0);
    errors.push(error);
    return;
  }
  const positions = withDoSupport(ref, rn, ctx.missingSet);
  for (const k of positions) if (ctx.missingSet.has(k)) ctx.consumedR.add(k);
  const expected = writtenWords(ref, positions);
  errors.push(makeError('negation', [], expected, `否定の${q(expected.join(' '))}が抜けていて、問題文と反対の意味になっています。`, ctx.orderOfR[positions[0] ?? 0] ?? 0));
}

const CAUSATIVE_VERBS = new Set(['have', 'get']);
/** Verbs that have a person do something: ask / tell / get + person + to + verb. */
const REQUEST_VERBS = new Set(['ask', 'tell', 'get']);

/**
 * "I had cut my hair" for "I had my hair cut": the participle moved next to have / get turns
 * "had it done (by someone)" into "did it myself" — a different meaning, not just an order slip.
 */
function lostCausative(ctx: Ctx, block: { l: readonly number[]; r: readonly number[] }): boolean {
  const { learner, ref } = ctx;
  const [i] = block.l;
  const [j] = block.r;
  if (block.l.length !== 1 || i === undefined || j === undefined) return false;
  const verb = ref[j];
  if (!verb || verb.pos !== 'VERB' || !verb.forms.has('pp')) return false;
  if (!CAUSATIVE_VERBS.has(learner[i - 1]?.lemma ?? '')) return false;
  for (let k = j - 2; k >= 0 && k >= j - 4; k--) if (CAUSATIVE_VERBS.has(ref[k]?.lemma ?? '')) return true;
  return false;
}

/**
 * Katakana English (和製英語 and loanwords used in their Japanese sense; decision 085 widened it
 * from nouns to verbs and adjectives: "fits well with" (フィット) for "goes well with", "overwork"
 * for "overtime", "Don't mind" (ドンマイ) for "Don't worry"): the learner's English
 * word (lemma) → the answer words (lemmas) it stands for, with the word that must follow the answer's
 * within two words where the sense needs it ("go" only as "go (well) with").
 */
const KATAKANA_ENGLISH: Readonly<Record<string, readonly (readonly [string, string?])[]>> = {
  // メール, スポーツ, プリント (decision 049's pairs)
  mail: [['email']],
  sport: [['exercise']],
  print: [['handout']],
  // フィットする / 合う
  fit: [['go', 'with'], ['suit'], ['match']],
  // オーバーワーク / 残業
  overwork: [['overtime'], ['late'], ['work', 'overtime'], ['work', 'late']],
  // ドンマイ (don't mind)
  mind: [['worry'], ['care']],
  // マンション
  mansion: [['apartment'], ['condo'], ['condominium'], ['flat']],
  // コンセント
  consent: [['outlet'], ['socket']],
  // クレーム
  claim: [['complaint'], ['complain']],
  // スマート (slim)
  smart: [['slim'], ['slender'], ['thin']],
  // テンション
  tension: [['mood'], ['spirit'], ['excitement'], ['energy']],
  // チャレンジ (try)
  challenge: [['try'], ['attempt']],
  // サービス (free of charge)
  service: [['free']],
  // カンニング
  cunning: [['cheating'], ['cheat']],
  // ハンドル
  handle: [['wheel']],
  // ノート
  note: [['notebook']],
  // サイン
  sign: [['autograph'], ['signature']],
  // クーラー
  cooler: [['conditioner'], ['air-conditioner'], ['ac']],
  // バイキング
  viking: [['buffet']],
  // サラリーマン
  salaryman: [['worker'], ['employee']],
  // ストーブ
  stove: [['heater']],
  // ナイーブ
  naive: [['sensitive']],
  // タレント
  talent: [['celebrity'], ['star'], ['entertainer']],
  // イメージ
  image: [['impression']],
  // リフォーム
  reform: [['renovate'], ['remodel'], ['renovation']],
  // マナー
  manner: [['etiquette'], ['manners']],
  // フロント
  front: [['reception'], ['desk']],
  // アルバイト / バイト
  arbeit: [['job']],
  baito: [['job']],
};

const KATAKANA_BY_WORD = new Map(Object.entries(KATAKANA_ENGLISH));

function katakanaEnglish(l: Token, r: Token, ref: readonly Token[], j: number): boolean {
  // A Map, not the object: a learner's "constructor" must find nothing.
  const entries = KATAKANA_BY_WORD.get(l.lemma) ?? KATAKANA_BY_WORD.get(l.norm);
  if (!entries) return false;
  return entries.some(([answer, next]) => (r.lemma === answer || r.norm === answer) && (next === undefined || ref.slice(j + 1, j + 4).some((t) => t.norm === next)));
}

/** Prepositions before the person a thing comes from or is done by. */
const SOURCE_PREPOSITIONS = new Set(['from', 'by']);
/** Prepositions before the person a thing goes to or is for. */
const RECIPIENT_PREPOSITIONS = new Set(['to', 'for']);

/** A person: a personal pronoun, a name, or a noun that names a person. */
function personWord(ctx: Ctx, ts: readonly Token[], k: number): boolean {
  const t = ts[k];
  if (!t) return false;
  return ((t.cls === 'pron' || t.cls === 'det') && PERSON[t.norm] !== undefined && !POSSESSIVES.has(ts[k + 1]?.norm ?? '') && ts[k + 1]?.pos !== 'NOUN') || t.pos === 'PROPN' || (t.pos === 'NOUN' && (ctx.wordnet?.isPerson(t.lemma) ?? false));
}

/** A person right after the word at k, or after a possessive or article there. */
function personAfter(ctx: Ctx, ts: readonly Token[], k: number): boolean {
  const next = ts[k + 1];
  if (!next) return false;
  if (POSSESSIVES.has(next.norm) || next.cls === 'article') return ts[k + 2]?.pos === 'NOUN' && personWord(ctx, ts, k + 2);
  return personWord(ctx, ts, k + 1);
}

/**
 * The word before a person who receives: to / for, or a verb with the person as its first object
 * ("gave her a present", "got her a present": the person right after the verb, a thing after it).
 */
function recipientAt(ts: readonly Token[], before: number): boolean {
  const b = ts[before];
  if (!b) return false;
  if (RECIPIENT_PREPOSITIONS.has(b.norm)) return true;
  if (b.pos !== 'VERB' || b.cls !== 'content') return false;
  // The person (one word, or a possessive and a noun), then the thing's first word.
  const thing = ts[POSSESSIVES.has(ts[before + 1]?.norm ?? '') && ts[before + 2]?.pos === 'NOUN' ? before + 3 : before + 2];
  return thing !== undefined && (thing.cls === 'article' || thing.cls === 'det' || thing.pos === 'NUM');
}

/** Word order: one issue for all the words that are present but out of place. */
function wordOrderError(ctx: Ctx): void {
  const { a, learner, ref, errors } = ctx;
  const invalid = a.moves.filter((b) => !b.valid);
  if (invalid.length === 0) return;
  const [only] = invalid;
  if (invalid.length === 1 && only && lostCausative(ctx, only)) {
    const i = only.l[0] ?? 0;
    const j = only.r[0] ?? 0;
    const words = [learner[i - 1], learner[i]].filter((t): t is Token => t !== undefined).map(learnerWord);
    const rSpan = ref.slice(Math.max(0, j - 3), j + 1).map((t) => t.display);
    const error = makeError(
      'word-order',
      words,
      rSpan,
      `${q(words.join(' '))}だと「自分で〜した」という意味になります。「〜してもらう」は${q(rSpan.join(' '))}のように have / get＋もの＋過去分詞の語順です。`,
      i,
      PENALTY.negation,
    );
    errors.push({ ...error, meaning: true });
    return;
  }
  // Two names or persons changed places ("Takashi runs faster than Ken"): who does what to whom
  // is reversed, a meaning error rather than an order slip.
  const movedTokens = invalid.flatMap((b) => b.l).map((i) => learner[i]).filter((t): t is Token => t !== undefined);
  // A noun the tagger read as a verb ("snow", "rain") is a noun after an article or a determiner,
  // in the learner's sentence or where the answer has it ("The snow turned to rain").
  const nounByPlace = (t: Token): boolean => {
    if (t.cls !== 'content' || !(t.pos === 'VERB' || t.pos === 'NOUN')) return false;
    const det = (u: Token | undefined): boolean => u !== undefined && (u.cls === 'article' || (u.cls === 'det' && u.norm !== 'to'));
    const j = a.byL[t.index]?.r;
    return det(learner[t.index - 1]) || (j !== undefined && det(ref[j - 1]));
  };
  const actors = movedTokens.filter((t) => t.pos === 'PROPN' || (t.pos === 'NOUN' && t.cls === 'content') || nounByPlace(t) || (t.cls === 'pron' && PERSON[t.norm] !== undefined));
  // Two qualities swapped ("The old method is more efficient than the new one") reverse a comparison.
  const qualities = movedTokens.filter((t) => t.pos === 'ADJ' && t.cls === 'content');
  const swapped = (ts: readonly Token[]): boolean => ts.length === 2 && movedTokens.length <= 3 && new Set(ts.map((t) => t.norm)).size === 2;
  if (swapped(actors) || (swapped(qualities) && qualities.length === movedTokens.length)) {
    const pairOf = swapped(actors) ? actors : qualities;
    const words = pairOf.map(learnerWord);
    errors.push({ ...makeError('meaning', words, [], `${q(words.join(' / '))}の位置が入れ替わり、意味が逆になっています。問題文の誰が何をするかを確かめましょう。`, pairOf[0]?.index ?? 0), certain: true });
    return;
  }
  // "I got a present from her" for "I got her a present" (bought her one): the person the thing
  // goes to put after from, where it comes from, or the other way round. Who gives and who
  // receives are turned round: a meaning error, not an order slip.
  const roleTurned = movedTokens.find((t) => {
    const j = a.byL[t.index]?.r;
    if (j === undefined || !personWord(ctx, learner, t.index) || !personWord(ctx, ref, j)) return false;
    const lBefore = learner[t.index - 1]?.norm === 'my' || learner[t.index - 1]?.cls === 'det' ? t.index - 2 : t.index - 1;
    const rBefore = ref[j - 1]?.norm === 'my' || ref[j - 1]?.cls === 'det' ? j - 2 : j - 1;
    return (SOURCE_PREPOSITIONS.has(learner[lBefore]?.norm ?? '') && recipientAt(ref, rBefore)) || (SOURCE_PREPOSITIONS.has(ref[rBefore]?.norm ?? '') && recipientAt(learner, lBefore));
  });
  if (roleTurned) {
    const words = [learnerWord(roleTurned)];
    errors.push({ ...makeError('meaning', words, [], `${q(words.join(' '))}が「渡す相手」と「もらう相手」で逆になっています。問題文の誰が誰に渡すかを確かめましょう。`, roleTurned.index), certain: true });
    return;
  }
  // "As soon as I got home, I called my boss" for "my boss called": the answer's subject put after
  // the verb as its object, with a subject of the learner's own before it, reverses who does what.
  const verbMove = invalid.length === 1 && only && only.l.length === 1 ? learner[only.l[0] ?? -1] : undefined;
  if (only && verbMove && verbMove.pos === 'VERB' && verbMove.cls === 'content') {
    const rv = only.r[0] ?? -1;
    const subject = learner[verbMove.index - 1];
    const actor = ref.slice(Math.max(0, rv - 4), rv).find((t) => {
      const p = a.byR[t.index];
      return (t.pos === 'NOUN' || t.pos === 'PROPN' || SUBJECT_PRONOUNS.has(t.norm)) && p !== undefined && p.l > verbMove.index;
    });
    if (actor && subject && ctx.extraSet.has(subject.index) && (SUBJECT_PRONOUNS.has(subject.norm) || subject.norm === 'you')) {
      ctx.consumedL.add(subject.index);
      const words = [learnerWord(subject), learnerWord(verbMove)];
      errors.push({ ...makeError('meaning', words, [actor.display, ref[rv]?.display ?? ''], `${q(words.join(' '))}では、する人とされる人が逆になります。問題文の誰が何をするかを確かめましょう。`, subject.index), certain: true });
      return;
    }
  }
  // The span to quote: from each moved block to the neighbours it was taken from / put between.
  let rMin = Infinity;
  let rMax = -Infinity;
  const include = (j: number | undefined): void => {
    if (j === undefined) return;
    rMin = Math.min(rMin, j);
    rMax = Math.max(rMax, j);
  };
  const moved = new Set(invalid.flatMap((b) => b.l));
  for (const b of invalid) {
    b.r.forEach(include);
    const first = b.l[0] ?? 0;
    const last = b.l.at(-1) ?? 0;
    for (let k = first - 1; k >= 0; k--) {
      const p = a.byL[k];
      if (p && !moved.has(k)) {
        include(p.r);
        break;
      }
    }
    for (let k = last + 1; k < learner.length; k++) {
      const p = a.byL[k];
      if (p && !moved.has(k)) {
        include(p.r);
        break;
      }
    }
  }
  const learnerIdx: number[] = [];
  for (let i = 0; i < learner.length; i++) {
    const p = a.byL[i];
    if (p && p.r >= rMin && p.r <= rMax) learnerIdx.push(i);
  }
  const lSpan = learnerIdx.length > 0 ? learner.slice(Math.min(...learnerIdx), Math.max(...learnerIdx) + 1) : [];
  const rSpan = ref.slice(rMin, rMax + 1);
  const words = [...moved].sort((x, y) => x - y).map((i) => learner[i]).filter((t): t is Token => t !== undefined).map(learnerWord);
  // One issue, but a scrambled sentence (several blocks out of place) costs more than one
  // misplaced word.
  const movedCount = moved.size;
  const penalty = PENALTY['word-order'] + WORD_ORDER_EXTRA_BLOCK * (invalid.length - 1) + 0.2 * (movedCount - invalid.length);
  errors.push(
    makeError('word-order', words, rSpan.map((t) => t.display), `語順に注意しましょう。${q(joinDisplay(lSpan))}ではなく${q(joinDisplay(rSpan))}の順にします。`, Math.min(...moved), penalty),
  );
}

/**
 * Words whose absence or presence is not an error: a time marker next to a matched number
 * ("7 am" for "seven", "3" for "3 pm"), "please", "very much". Returns whether any were found.
 */
function optionalWords(ctx: Ctx): boolean {
  const { a, learner, ref } = ctx;
  const optionalTime = (tokens: readonly Token[], byIndex: readonly (Pair | undefined)[], k: number): boolean => {
    const t = tokens[k];
    const prev = tokens[k - 1];
    return t !== undefined && TIME_MARKERS.has(t.norm) && prev !== undefined && /^\d/.test(prev.norm) && byIndex[k - 1] !== undefined;
  };
  let found = false;
  for (const j of a.missing) {
    if (optionalTime(ref, a.byR, j)) {
      ctx.consumedR.add(j);
      found = true;
    }
  }
  for (const i of a.extra) {
    if (optionalTime(learner, a.byL, i)) {
      ctx.consumedL.add(i);
      found = true;
      // "at 3 am" for "at 3 in the afternoon" (decision 090): the marker is optional only where the
      // answer puts the time in the same half of the day.
      const t = learner[i] as Token;
      const other = t.norm === 'am' ? ref.find((x) => PM_WORDS.has(x.norm)) : t.norm === 'pm' ? ref.find((x) => AM_WORDS.has(x.norm)) : undefined;
      if (other) ctx.errors.push({ ...meaningError(learnerWord(t), other, i), certain: true });
    }
  }
  // "A man came up and asked me the way" for "A man asked me the way" (decision 073): come / go
  // (up, over, round, by, along) + and before the answer's own verb, in the verb's form, only says
  // how the person came to do it.
  for (const i of a.extra) {
    const t = learner[i];
    if (!t || (t.lemma !== 'come' && t.lemma !== 'go') || ctx.consumedL.has(i)) continue;
    const particle = APPROACH_PARTICLES.has(learner[i + 1]?.norm ?? '') ? 1 : 0;
    const and = i + 1 + particle;
    const verb = learner[and + 1];
    const pair = a.byL[and + 1];
    if (learner[and]?.norm !== 'and' || !a.extra.includes(and) || (particle === 1 && !a.extra.includes(i + 1)) || !verb || !isRecalled(pair) || verb.pos !== 'VERB') continue;
    const sameForm = (t.forms.has('past') && verb.forms.has('past')) || (t.forms.has('base') && verb.forms.has('base')) || (t.forms.has('3sg') && verb.forms.has('3sg'));
    if (!sameForm) continue;
    for (let k = i; k <= and; k++) ctx.consumedL.add(k);
    found = true;
  }
  // "so hot I can't eat it" for "so hot that I cannot eat it" (decision 073): the that of so + an
  // adjective or adverb + that, or such (a) + noun + that, may be left out, as after say or think.
  for (const j of a.missing) {
    if (ref[j]?.norm !== 'that' || a.byR[j - 1] === undefined || a.byR[j + 1] === undefined) continue;
    const before = ref.slice(Math.max(0, j - 4), j);
    const so = ref[j - 2]?.norm === 'so' && (ref[j - 1]?.pos === 'ADJ' || ref[j - 1]?.pos === 'ADV');
    const such = before.some((t) => t.norm === 'such') && (ref[j - 1]?.pos === 'NOUN');
    if ((so || such) && (ref[j + 1]?.cls === 'pron' || ref[j + 1]?.cls === 'article' || ref[j + 1]?.cls === 'det' || ref[j + 1]?.pos === 'PROPN' || ref[j + 1]?.pos === 'NOUN')) {
      ctx.consumedR.add(j);
      found = true;
    }
  }
  // A softener is free only where it sits naturally: before the verb, an adjective or an adverb
  // ("I really am", "really tired"), a "now" phrase at either end. "I wish really I could", "takes
  // really after" and a misspelt one keep their slip.
  const natural = (phrase: readonly string[], i: number): boolean => {
    if (phrase[0] === 'please') return true;
    // "I used to swim in this river very much" (decision 090): very much says how much one likes,
    // thanks or is moved, not how often one does a thing; free only with a verb of that kind.
    if (phrase[0] === 'very' && phrase.length > 1) return learner.some((t) => VERY_MUCH_VERBS.has(t.lemma));
    if (phrase.some((_, k) => learner[i + k]?.misspelt !== undefined)) return false;
    const next = learner[i + phrase.length];
    const prev = learner[i - 1];
    // An added just / also / very is free only inside the answer's own words: next to another added
    // word ("I just tried it" for "Just try it", I added too) it belongs to a change of its own.
    if (ADDED_INTENSIFIERS.has(phrase[0] ?? '') && ((prev !== undefined && ctx.extraSet.has(i - 1)) || (next !== undefined && ctx.extraSet.has(i + 1)))) return false;
    // "very" only before a plain adjective or adverb ("very tired", not "very like", "very taller").
    if (phrase[0] === 'very') return next !== undefined && next.cls === 'content' && (next.pos === 'ADJ' || next.pos === 'ADV') && next.lemma === next.norm && !next.misspelt;
    if (phrase.length > 1) return next === undefined || prev === undefined;
    if (!next) return prev !== undefined;
    if (next.norm === 'not') return false;
    // "look really forward": between a verb and its particle.
    if (prev?.cls === 'content' && prev.pos === 'VERB' && next.pos === 'ADV') return false;
    return (next.cls === 'content' && (next.pos === 'VERB' || next.pos === 'ADJ' || next.pos === 'ADV')) || next.cls === 'aux' || next.cls === 'modal';
  };
  // "the whole time" at the end of a progressive sentence whose answer is progressive too ("was
  // listening with his eyes closed"): it spells out the going-on the progressive already says.
  const progressive = (tokens: readonly Token[]): boolean =>
    tokens.some((t, j) => AUX_FORMS[t.norm]?.lemma === 'be' && tokens[j + 1]?.pos === 'VERB' && (tokens[j + 1]?.norm ?? '').endsWith('ing'));
  if (progressive(ref) && progressive(learner)) {
    for (const phrase of DURATIVE_EXTRAS) {
      for (const i of a.extra) {
        if (learner[i + phrase.length] === undefined && phrase.every((w, k) => learner[i + k]?.norm === w && ctx.extraSet.has(i + k) && !ctx.consumedL.has(i + k))) {
          phrase.forEach((_, k) => ctx.consumedL.add(i + k));
          found = true;
        }
      }
    }
  }
  // "That room over there", "this bag right here" (decision 090): a place word after a noun the
  // learner points at with this / that only says where the thing pointed at is, which this / that
  // already says (here with this, there with that).
  for (const i of a.extra) {
    const w = learner[i];
    if (!w || ctx.consumedL.has(i) || !ctx.extraSet.has(i)) continue;
    const words = w.norm === 'over' || w.norm === 'right' ? [w, learner[i + 1]] : [w];
    const place = words.at(-1)?.norm;
    if (words.some((t) => t === undefined) || (place !== 'here' && place !== 'there') || (words.length === 2 && !ctx.extraSet.has(i + 1))) continue;
    if (w.norm === 'over' && place !== 'there') continue;
    let k = i - 1;
    while (k >= 0 && learner[k]?.cls === 'content' && (learner[k]?.pos === 'NOUN' || learner[k]?.pos === 'ADJ') && a.byL[k] !== undefined) k--;
    const pointer = learner[k];
    if (k === i - 1 || !pointer || a.byL[k] === undefined) continue;
    if (!((place === 'here' && (pointer.norm === 'this' || pointer.norm === 'these')) || (place === 'there' && (pointer.norm === 'that' || pointer.norm === 'those')))) continue;
    words.forEach((_, n) => ctx.consumedL.add(i + n));
    found = true;
  }
  // Words the sentence carries without them (decision 085):
  // - "than anyone in the department" for "than anyone else": else after anyone / anybody in a
  //   comparison with than (the comparison already leaves the subject out);
  // - "I'm listening to music in my room" for "... now": now / right now with a present progressive
  //   in both sentences (the tense says it is going on now);
  // - "He told me he had passed" for "He said he had passed": the person after tell, where the
  //   answer's say names nobody;
  // - "Hold your breath for me, please" for "Hold your breath, please": for me in a request.
  for (const j of a.missing) {
    const t = ref[j];
    if (!t || ctx.consumedR.has(j)) continue;
    const elseAfterAny = t.norm === 'else' && ANY_PERSONS.has(ref[j - 1]?.norm ?? '') && ref[j - 2]?.norm === 'than' && a.byR[j - 1] !== undefined;
    const nowOfProgressive = t.norm === 'now' && presentProgressive(ref) && presentProgressive(learner);
    if (elseAfterAny || nowOfProgressive) {
      ctx.consumedR.add(j);
      if (nowOfProgressive && ref[j - 1]?.norm === 'right' && ctx.missingSet.has(j - 1)) ctx.consumedR.add(j - 1);
      found = true;
    }
  }
  for (const i of a.extra) {
    const t = learner[i];
    if (!t || ctx.consumedL.has(i)) continue;
    const elseAfterAny = t.norm === 'else' && ANY_PERSONS.has(learner[i - 1]?.norm ?? '') && learner[i - 2]?.norm === 'than' && a.byL[i - 1] !== undefined;
    const tellWhom = OBJECT_PERSONS.has(t.norm) && learner[i - 1]?.lemma === 'tell' && ref[a.byL[i - 1]?.r ?? -1]?.lemma === 'say';
    const forMe = t.norm === 'for' && OBJECT_PERSONS.has(learner[i + 1]?.norm ?? '') && ctx.extraSet.has(i + 1) && isRequest(ref) && !ref.some((u) => u.norm === 'for') && a.byL[i - 1] !== undefined;
    if (elseAfterAny || tellWhom) {
      ctx.consumedL.add(i);
      found = true;
    } else if (forMe) {
      ctx.consumedL.add(i);
      ctx.consumedL.add(i + 1);
      found = true;
    }
  }
  // "Keep up the good work, man" (decision 063): a word that only addresses the listener, at the very
  // end of an answer whose last word before it is the answer's own, adds nothing to what is said.
  for (const i of a.extra) {
    if (i === learner.length - 1 && i > 0 && VOCATIVES.has(learner[i]?.norm ?? '') && a.byL[i - 1] !== undefined && !ctx.consumedL.has(i)) {
      ctx.consumedL.add(i);
      found = true;
    }
  }
  // "Keeping up with the class is tough for me" (decision 063): for + a person after an adjective of
  // how hard, easy or risky a thing is names who finds it so, which the Japanese leaves open; free
  // where the answer has the same adjective and no for of its own.
  if (!ref.some((t) => t.norm === 'for')) {
    for (const i of a.extra) {
      const adjective = learner[i - 1];
      if (learner[i]?.norm !== 'for' || !OBJECT_PERSONS.has(learner[i + 1]?.norm ?? '') || !ctx.extraSet.has(i + 1) || ctx.consumedL.has(i)) continue;
      if (!adjective || !EXPERIENCER_ADJECTIVES.has(adjective.norm) || a.byL[i - 1] === undefined) continue;
      ctx.consumedL.add(i);
      ctx.consumedL.add(i + 1);
      found = true;
    }
  }
  for (const phrase of FREE_EXTRAS) {
    for (const i of a.extra) {
      if (phrase.every((w, k) => learner[i + k]?.norm === w && ctx.extraSet.has(i + k) && !ctx.consumedL.has(i + k)) && natural(phrase, i)) {
        phrase.forEach((_, k) => ctx.consumedL.add(i + k));
        found = true;
      }
    }
  }
  return found;
}

/**
 * Missing reference words, in runs of neighbours within one gap. A run with a content word is
 * one missing phrase ("for ten years"); lone articles and prepositions get their own names.
 */
function missingErrors(ctx: Ctx): void {
  const { a, ref, learner, errors, orderOfR } = ctx;
  const missing = a.missing.filter((j) => !ctx.consumedR.has(j));
  for (const run of runsOf(missing, (x, y) => y === x + 1 && a.gapR[x] === a.gapR[y])) {
    const tokens = run.map((j) => ref[j]).filter((t): t is Token => t !== undefined);
    const first = run[0] ?? 0;
    const order = orderOfR[first] ?? 0;
    const contentCount = tokens.filter((t) => t.content).length;
    // 「〜してください」 without "please" is still the request asked for: a politeness slip, not lost meaning.
    if (tokens.length === 1 && tokens[0]?.norm === 'please') {
      errors.push(makeError('missing-word', [], ['please'], `${q('please')}を付けると「〜してください」の丁寧さが伝わります。`, order, MISSING_PLEASE_PENALTY, false));
      continue;
    }
    // "I had cut my hair" for "I had someone cut my hair": without the person, have / get + verb
    // says the learner did it (or had done it) themself, not that someone did it for them.
    const before = ref[first - 1];
    const after = ref[(run.at(-1) ?? first) + 1];
    // Only a missing person or thing makes it causative: "have to go" missing its "to" is not.
    const agent = tokens.some((t) => t.cls === 'pron' || t.pos === 'NOUN' || t.pos === 'PROPN');
    // "I will call you back" for "I will have him call you back": the causative verb and its person
    // both left out, the learner does what the answer has someone else do.
    const lead = tokens[0];
    let at = 1;
    while (tokens[at]?.cls === 'det' || tokens[at]?.cls === 'article') at++;
    const person = tokens[at];
    const rest = tokens.slice(at + 1);
    const wholeCausative =
      lead !== undefined &&
      (BARE_INFINITIVE_VERBS.has(lead.lemma) || REQUEST_VERBS.has(lead.lemma)) &&
      (lead.cls !== 'aux' || lead.lemma === 'have') &&
      person !== undefined &&
      (person.cls === 'pron' || person.pos === 'NOUN' || person.pos === 'PROPN') &&
      (rest.length === 0 || (rest.length === 1 && rest[0]?.norm === 'to')) &&
      after?.forms.has('base') === true &&
      a.byR[(run.at(-1) ?? first) + 1] !== undefined;
    if (wholeCausative) {
      const expected = tokens.map((t) => t.display);
      errors.push(makeError('meaning', [], expected, `${q(expected.join(' '))}がないと、人にしてもらうのではなく自分ですることになります。`, order, PENALTY.meaning, true));
      continue;
    }
    // "Have tried the new shop?" for "Have you tried": a question's have before its subject is the
    // perfect's auxiliary, not the causative; the subject left out is a missing word.
    const questionAux = before !== undefined && (first === 1 || ref[first - 2]?.cls === 'wh') && tokens.length === 1 && tokens[0]?.cls === 'pron';
    if (agent && before && !questionAux && CAUSATIVE_VERBS.has(before.lemma) && after?.pos === 'VERB' && a.byR[first - 1] && a.byR[(run.at(-1) ?? first) + 1]) {
      const expected = tokens.map((t) => t.display);
      const error = makeError('meaning', [], expected, `${q(expected.join(' '))}がないと「自分で〜した」という意味になります。「〜してもらう」は${q([before.display, ...expected, after.display].join(' '))}の語順です。`, order, PENALTY.meaning, true);
      errors.push(error);
      continue;
    }
    // "Please don't bring your lunch" for "Please don't forget to bring": without forget / fail the
    // negation falls on the action itself, the opposite of what is asked.
    if (NEGATIVE_IMPLICATIVES.has(tokens[0]?.lemma ?? '') && (tokens[1]?.norm === 'to' || tokens.length === 1) && a.byR[(run.at(-1) ?? first) + 1] !== undefined) {
      const expected = tokens.map((t) => t.display);
      errors.push({ ...makeError('meaning', [], expected, `${q(expected.join(' '))}がないと、意味が反対になります。`, order, undefined, true), certain: true });
      continue;
    }
    // "Can you help me fix my new computer?" for "set up": the learner's verb is a synonym of the
    // phrasal verb's verb (fix / set) but not of the phrasal verb, so with the particle left out it
    // names another action (decision 050).
    // The particle may follow the object ("set my new computer up").
    let verbAt = first - 1;
    while (verbAt >= 0 && verbAt >= first - 5 && ref[verbAt]?.pos !== 'VERB') verbAt -= 1;
    const verb = ref[verbAt];
    const verbPair = a.byR[verbAt];
    const particle = tokens[0];
    if (tokens.length === 1 && particle && PARTICLES.has(particle.norm) && verb?.pos === 'VERB' && verbPair?.rel === 'synonym' && ctx.wordnet) {
      const lv = learner[verbPair.l];
      const phrasal = `${verb.lemma} ${particle.norm}`;
      if (lv && lv.lemma !== verb.lemma && ctx.wordnet.knows(phrasal) && !ctx.wordnet.synonyms(lv.lemma, phrasal, 'v')) {
        errors.push({ ...makeError('meaning', [learnerWord(lv)], [`${verb.display} ${particle.display}`], `${q(learnerWord(lv))}は${q(`${verb.display} ${particle.display}`)}とは別の動作です。`, verbPair.l, undefined, true), certain: true });
        continue;
      }
    }
    // "I should eat more vegetables" for "I think you should eat more vegetables": the answer's
    // subject left out where the learner's verb has a subject of another person before it, so
    // someone else does it (decision 050).
    const subject = tokens.find((t) => SUBJECT_PERSONS.has(t.norm) && a.byR[t.index + 1] !== undefined);
    const ownSubject = subject ? learner[(a.byR[subject.index + 1]?.l ?? 0) - 1] : undefined;
    if (subject && ownSubject && SUBJECT_PERSONS.has(ownSubject.norm) && ownSubject.norm !== subject.norm && isPersonSwap(ownSubject, subject)) {
      errors.push({ ...meaningError(learnerWord(ownSubject), subject, ownSubject.index), certain: true });
      continue;
    }
    // "I know how to play the guitar" for "I want to know how": without the verb of wanting (and its
    // to) before a verb the learner kept, the sentence states the thing instead of the wish
    // (decision 050). Only where the learner put no word of their own in its place.
    const would = tokens[0]?.norm === 'would' ? 1 : 0;
    const wish = tokens[would];
    if (
      wish && (WISH_VERBS.has(wish.lemma) || (would === 1 && (wish.lemma === 'like' || wish.lemma === 'love'))) && tokens.length === would + 2 && tokens[would + 1]?.norm === 'to' && a.byR[first + tokens.length] !== undefined &&
      !a.extra.some((i) => !ctx.consumedL.has(i) && a.gapL[i] === a.gapR[first])
    ) {
      const expected = tokens.map((t) => t.display);
      errors.push({ ...makeError('meaning', [], expected, `${q(expected.join(' '))}がないと「〜したい」の意味がなくなります。`, order, undefined, true), certain: true });
      continue;
    }
    // "I am a high school student" for "a junior high school student", "Someone broke into my
    // house" for "my neighbor's house": a noun of the answer that says which one (a modifier of a
    // noun the learner kept, or an owner), left out with nothing of the learner's own anywhere,
    // names another thing (decision 050). A verb's object left out ("I wrote to my mother" for "I
    // wrote a letter to my mother") may be understood, so it stays a missing word.
    const modifies = (t: Token): boolean => t.norm.endsWith("'s") || ((ref[t.index + 1]?.pos === 'NOUN' || ref[t.index + 1]?.pos === 'PROPN') && a.byR[t.index + 1] !== undefined);
    const thing = tokens.find((t) => (t.pos === 'NOUN' || t.pos === 'PROPN') && t.cls === 'content' && !EMPTY_NOUNS.has(t.norm) && !TIME_NOUNS.has(t.norm) && modifies(t));
    if (thing && !a.extra.some((i) => learner[i]?.cls === 'content' || learner[i]?.cls === 'pron' || learner[i]?.foreign)) {
      const expected = tokens.map((t) => t.display);
      errors.push({ ...makeError('meaning', [], expected, `${q(expected.join(' '))}が抜けていて、問題文の内容が欠けています。`, order, undefined, true), certain: true });
      continue;
    }
    if (contentCount > 0) {
      const penalty = MISSING_CONTENT_PENALTY + 0.6 * (contentCount - 1) + 0.2 * (tokens.length - contentCount);
      const expected = tokens.map((t) => t.display);
      errors.push(makeError('missing-word', [], expected, `${q(expected.join(' '))}が抜けています。`, order, penalty, true));
      continue;
    }
    // "I have lost key": a noun left without its possessive or demonstrative lacks its determiner,
    // the article point (冠詞), when the learner wrote no determiner of their own before it.
    const only = tokens[0];
    if (tokens.length === 1 && only?.cls === 'det' && DETERMINER_SLOT.has(only.norm)) {
      const noun = ref[only.index + 1];
      const nounPair = a.byR[only.index + 1];
      const before = nounPair ? ctx.learner[nounPair.l - 1] : undefined;
      if (noun?.cls === 'content' && noun.pos !== 'VERB' && noun.pos !== 'ADV' && nounPair && !(before && (before.cls === 'article' || before.cls === 'det'))) {
        errors.push(makeError('article', [], [only.display], `${q(noun.display)}の前に${q(only.display)}が必要です（冠詞・所有格）。`, order));
        continue;
      }
    }
    const others: Token[] = [];
    const flushOthers = (): void => {
      const head = others[0];
      if (!head) return;
      const expected = others.map((t) => t.display);
      const next = ref[head.index + others.length];
      const message =
        head.cls === 'part' && others.length === 1 && next
          ? `${q(next.display)}の前に${q(head.display)}が必要です（to＋動詞の原形）。`
          : `${q(expected.join(' '))}が抜けています。`;
      const copula = others.some((t) => AUX_FORMS[t.norm]?.lemma === 'be' && ref[t.index + 1]?.pos !== 'VERB' && ref[t.index + 1]?.cls !== 'aux');
      const base = copula ? MISSING_COPULA_PENALTY : PENALTY['missing-word'];
      errors.push(makeError('missing-word', [], expected, message, orderOfR[head.index] ?? order, base + 0.3 * (others.length - 1), others.some((t) => t.content)));
      others.length = 0;
    };
    for (const r of tokens) {
      if (r.cls === 'article') {
        flushOthers();
        const next = ref[r.index + 1];
        const where = next ? `${q(next.display)}の前に` : '';
        errors.push(makeError('article', [], [r.display], `${where}冠詞${q(r.display)}が必要です。`, orderOfR[r.index] ?? order));
      } else if (r.cls === 'prep' && !COMPARISON_WORDS.has(r.norm)) {
        flushOthers();
        const prev = ref[r.index - 1];
        const where = prev ? `${q(prev.display)}の後に` : '';
        errors.push(makeError('preposition', [], [r.display], `${where}前置詞${q(r.display)}が必要です。`, orderOfR[r.index] ?? order));
      } else {
        others.push(r);
      }
    }
    flushOthers();
  }
}

/** Subject pronouns that name a person. */
const SUBJECT_PERSONS = new Set(['i', 'you', 'he', 'she', 'we', 'they']);

/** Verbs of wanting before to + verb: left out, the wish is gone. */
const WISH_VERBS = new Set(['want', 'hope', 'wish']);

/** A word of the problem's vocabulary that is the opposite of this learner word, if any. */
/**
 * opposedVocab per learner token: the same for every accepted sentence the answer is compared with
 * (it depends on the learner's words and the problem's vocabulary only), so found once per answer.
 */
const OPPOSED = new WeakMap<Token, { learner: readonly Token[]; vocab: ReadonlyMap<string, Token>; wordnet: WordNet | undefined; v: Token | undefined }>();

function opposedVocab(ctx: Ctx, t: Token): Token | undefined {
  const vocab = ctx.vocab;
  if (!vocab) return undefined;
  const hit = OPPOSED.get(t);
  if (hit && hit.learner === ctx.learner && hit.vocab === vocab && hit.wordnet === ctx.wordnet) return hit.v;
  const v = opposedVocabUncached(ctx, t, vocab);
  OPPOSED.set(t, { learner: ctx.learner, vocab, wordnet: ctx.wordnet, v });
  return v;
}

function opposedVocabUncached(ctx: Ctx, t: Token, vocab: ReadonlyMap<string, Token>): Token | undefined {
  const written = new Set(ctx.learner.flatMap((x) => [x.norm, x.lemma]));
  for (const v of vocab.values()) {
    if (written.has(v.norm)) continue;
    // Curated opposites hold for prepositions too ("far" where the answers say "near").
    if (v.cls !== 'content') {
      if ((v.cls === 'prep' || v.cls === 'part') && areAntonymWords(t, v) && t.cls === 'content' && t.pos !== 'VERB') return v;
      continue;
    }
    if (areAntonymWords(t, v)) return v;
    const pos = t.pos === 'ADJ' ? 'a' : t.pos === 'ADV' ? 'r' : undefined;
    if (pos && ctx.wordnet?.antonyms(t.lemma, v.lemma, pos)) return v;
  }
  return undefined;
}

/**
 * "Could you tell me what time does the meeting start?": an embedded question keeps the order of a
 * statement (wh-word, subject, verb). The learner's do / does / did after an inner wh-word and the
 * bare verb that comes with it are one word-order slip, not an extra word and a verb-form error.
 */
/** Verbs of "what do you think / suppose ... ?", whose wh-word belongs to the clause after them. */
const OPINION_VERBS = new Set(['think', 'suppose', 'guess', 'believe', 'imagine', 'say', 'expect']);
function embeddedQuestion(ctx: Ctx): void {
  const { a, learner, ref, errors } = ctx;
  for (const i of a.extra) {
    const l = learner[i];
    if (!l || ctx.consumedL.has(i) || AUX_FORMS[l.norm]?.lemma !== 'do') continue;
    let k = i - 1;
    while (k > 0 && (learner[k]?.cls === 'content' || learner[k]?.cls === 'article') && learner[k]?.pos !== 'VERB') k--;
    // "What do you think does he want?" (decision 049): the wh-word opens the sentence and "do you
    // think" stands between it and its clause, which keeps the statement's order all the same.
    if (OPINION_VERBS.has(learner[i - 1]?.lemma ?? '') && learner[0]?.cls === 'wh') k = 0;
    else if (k === 0) continue;
    const wh = learner[k];
    if (!wh || wh.cls !== 'wh' || !a.byL[k] || ref[a.byL[k]?.r ?? -1]?.cls !== 'wh') continue;
    // The inner clause's verb, after its subject: its form is part of the same slip.
    let v = i + 1;
    // The clause's verb: tagged a verb, or paired with the answer's verb ("how does this machine work").
    while (v < learner.length && learner[v]?.pos !== 'VERB' && ref[a.byL[v]?.r ?? -1]?.pos !== 'VERB') v++;
    const verb = learner[v];
    const vp = a.byL[v];
    if (!verb || !vp) continue;
    const refVerb = ref[vp.r];
    for (let e = errors.length - 1; e >= 0; e--) {
      const err = errors[e];
      if (err && err.order === v && (err.kind === 'agreement' || err.kind === 'tense' || err.kind === 'verb-form')) errors.splice(e, 1);
    }
    const words = [learnerWord(l), learnerWord(verb)];
    const expected = refVerb ? [refVerb.display] : [];
    errors.push(
      makeError('word-order', words, expected, `間接疑問文は「疑問詞＋主語＋動詞」の語順です。${q(learnerWord(l))}は使わず${refVerb ? `${q(refVerb.display)}とします` : '平叙文の語順にします'}。`, i),
    );
    ctx.consumedL.add(i);
  }
}

/** Particles of separable phrasal verbs ("bring up", "turn off"). */
const PARTICLES = new Set(['up', 'down', 'off', 'on', 'out', 'away', 'back', 'over', 'in']);

/**
 * "She brought up it": a pronoun object goes between a phrasal verb and its particle ("brought it
 * up"). Where the answer has a noun phrase after the particle, the learner's pronoun after it stands
 * for that phrase in the wrong place: one word-order slip, not a missing phrase and an extra word.
 */
function particlePronoun(ctx: Ctx): void {
  const { a, learner, ref, errors } = ctx;
  for (const i of a.extra) {
    const l = learner[i];
    const particle = learner[i - 1];
    const verb = learner[i - 2];
    if (!l || !particle || !verb || ctx.consumedL.has(i) || (l.norm !== 'it' && l.norm !== 'them')) continue;
    const pp = a.byL[i - 1];
    const vp = a.byL[i - 2];
    if (!PARTICLES.has(particle.norm) || !pp || !vp || verb.pos !== 'VERB' || vp.r !== pp.r - 1) continue;
    const run: number[] = [];
    for (let j = pp.r + 1; j < ref.length && !a.byR[j] && !ctx.consumedR.has(j); j++) {
      const t = ref[j];
      if (!t || !(t.cls === 'article' || t.cls === 'det' || (t.cls === 'content' && (t.pos === 'NOUN' || t.pos === 'PROPN' || t.pos === 'ADJ')))) break;
      run.push(j);
    }
    if (!run.some((j) => ref[j]?.pos === 'NOUN' || ref[j]?.pos === 'PROPN')) continue;
    const words = [learnerWord(particle), learnerWord(l)];
    errors.push(
      makeError('word-order', words, [learnerWord(l), learnerWord(particle)], `代名詞の目的語は動詞と${q(learnerWord(particle))}の間に置きます（${q(`${learnerWord(verb)} ${learnerWord(l)} ${learnerWord(particle)}`)}）。`, i - 1),
    );
    ctx.consumedL.add(i);
    run.forEach((j) => ctx.consumedR.add(j));
  }
}

/** Verbs (and phrasal verbs, by lemma and particle) whose object verb takes -ing. */
const GERUND_TAKERS = new Set(['quit', 'stop', 'enjoy', 'finish', 'avoid', 'mind', 'practice', 'practise', 'consider', 'suggest', 'miss', 'imagine', 'deny', 'risk', 'keep', 'give_up', 'keep_on', 'put_off', 'carry_on']);

/** The learner's word is the bare verb of the answer's -ing right after a verb that takes a gerund. */
function gerundForBase(l: Token, r: Token, learner: readonly Token[], i: number): boolean {
  if (!r.norm.endsWith('ing') || r.norm.length < 6 || l.norm.endsWith('ing') || !sameRegularStem(l.norm, r.norm)) return false;
  const prev = learner[i - 1];
  const prev2 = learner[i - 2];
  if (!prev) return false;
  return (prev.pos === 'VERB' && GERUND_TAKERS.has(prev.lemma)) || (prev2 !== undefined && prev2.pos === 'VERB' && GERUND_TAKERS.has(`${prev2.lemma}_${prev.norm}`));
}

/** Decision 090: separable phrasal verbs (lemma and particle) whose pronoun object goes before the particle. */
const SEPARABLE = new Set([
  'try_on', 'put_on', 'take_off', 'turn_on', 'turn_off', 'switch_on', 'switch_off', 'pick_up', 'give_up', 'throw_away', 'put_away',
  'look_up', 'give_back', 'bring_back', 'take_back', 'call_back', 'put_off', 'turn_down', 'turn_up', 'fill_out', 'fill_in',
  'write_down', 'hand_in', 'throw_out', 'put_back', 'clean_up', 'wake_up', 'set_up', 'try_out', 'figure_out', 'work_out',
  'take_out', 'put_out', 'bring_up', 'check_out', 'pay_back', 'send_back', 'hand_out', 'cut_off', 'shut_off', 'hang_up',
  'think_over', 'talk_over', 'turn_over', 'let_down', 'see_off', 'drop_off', 'leave_out', 'cross_out', 'give_away', 'put_up',
]);
/** Object pronouns that can stand alone (this and that when no noun or one follows). */
const ALONE_PRONOUNS = new Set(['it', 'them', 'this', 'that', 'these', 'those', 'him', 'me', 'us']);

/**
 * "May I try on this?" (decision 090): a pronoun object after the particle of a separable phrasal
 * verb is in the wrong place ("try this on") even where an answer the learner's words were matched
 * with says it so; the extra-word case above handles answers with a noun after the particle.
 */
function pronounAfterParticle(ctx: Ctx): void {
  const { learner, errors } = ctx;
  if (errors.some((e) => e.kind === 'word-order')) return;
  const i = particleBeforePronoun(learner);
  if (i === undefined || ctx.consumedL.has(i)) return;
  {
    const l = learner[i] as Token;
    const particle = learner[i - 1] as Token;
    const verb = learner[i - 2] as Token;
    errors.push(
      makeError('word-order', [learnerWord(particle), learnerWord(l)], [learnerWord(l), learnerWord(particle)], `代名詞の目的語は動詞と${q(learnerWord(particle))}の間に置きます（${q(`${learnerWord(verb)} ${learnerWord(l)} ${learnerWord(particle)}`)}）。`, i - 1),
    );
  }
}

/** Where a learner's pronoun object stands after a separable phrasal verb's particle ("try on this"). */
export function particleBeforePronoun(learner: readonly Token[]): number | undefined {
  for (let i = 2; i < learner.length; i++) {
    const l = learner[i] as Token;
    const particle = learner[i - 1] as Token;
    const verb = learner[i - 2] as Token;
    if (!ALONE_PRONOUNS.has(l.norm) || verb.pos !== 'VERB' || !SEPARABLE.has(`${verb.lemma}_${particle.norm}`)) continue;
    const next = learner[i + 1];
    if (next && next.pos !== 'PUNCT' && !(next.cls === 'prep' || next.pos === 'ADP' || next.pos === 'ADV' || next.pos === 'CCONJ' || next.pos === 'SCONJ')) continue;
    return i;
  }
  return undefined;
}

/** Participles whose be-form says what the perfect says ("you're done" / "you've done"). */
const FINISHED_STATES = new Set(['finished', 'done']);

/** The place near the speaker and the place away from them (decision 050). */
const DEICTIC_OPPOSITES = new Set(['here|there', 'there|here', 'this|that', 'that|this', 'these|those', 'those|these']);
/**
 * Decision 090: words one letter or one sense apart that name another time of day or another age of
 * person ("3 am" for "3 pm", "that tall woman" for "girl"): another time or person, not a typo or a
 * word choice.
 */
const OTHER_TIME_OR_AGE = new Set(
  [['am', 'pm'], ['girl', 'woman'], ['girls', 'women'], ['boy', 'man'], ['boys', 'men'], ['child', 'adult'], ['children', 'adults'], ['kid', 'adult'], ['kids', 'adults'], ['girl', 'lady'], ['boy', 'gentleman']]
    .flatMap(([a, b]) => [`${a}|${b}`, `${b}|${a}`]),
);
/** Words of the answer that put a time in the afternoon or evening, or in the morning. */
const PM_WORDS = new Set(['pm', 'afternoon', 'evening', 'night', 'tonight']);
const AM_WORDS = new Set(['am', 'morning']);

/** Directions and places that are each other's opposite as particles or prepositions. */
const DIRECTION_OPPOSITES = new Set(
  [['in', 'out'], ['into', 'out'], ['inside', 'out'], ['up', 'down'], ['to', 'from'], ['before', 'after'], ['near', 'far'], ['on', 'off'], ['on', 'under'], ['in', 'outside'], ['out', 'to'], ['out', 'into']]
    .flatMap(([a, b]) => [`${a}|${b}`, `${b}|${a}`]),
);
/** Words that put an event before or after another: one for the other is the opposite time. */
const TIME_ORDER_OPPOSITES = new Set(
  // Decision 063: while puts the events at the same time, after and before one after the other.
  [['before', 'after'], ['until', 'after'], ['till', 'after'], ['by', 'after'], ['while', 'after'], ['while', 'before']].flatMap(([a, b]) => [`${a}|${b}`, `${b}|${a}`]),
);
/** Words that say how many or how much: another one in the same place changes the amount. */
const QUANTITY_WORDS = new Set(['a', 'an', 'one', 'some', 'any', 'many', 'much', 'few', 'little', 'several', 'all', 'no', 'lot', 'lots', 'plenty', 'both', 'each', 'every', 'most', 'more', 'less', 'fewer']);
/** Time words: another one in the same place is another time. */
const TIME_WORDS = new Set(['today', 'tomorrow', 'yesterday', 'tonight', 'now', 'then', 'this', 'next', 'last', 'ago', 'later', 'soon', 'day', 'week', 'month', 'year', 'morning', 'afternoon', 'evening', 'night']);
/** Persons written as pronouns or indefinite pronouns. */
const PERSON_PRONOUNS = new Set([...Object.keys(PERSON), 'everyone', 'everybody', 'someone', 'somebody', 'anyone', 'anybody', 'nobody', 'no one']);
/** Adverbs whose presence or absence changes what happened: "almost run over" / "run over". */
const MEANING_ADVERBS = new Set(['almost', 'nearly', 'hardly', 'barely', 'scarcely']);

/** Verbs whose bare-infinitive complement needs a person before it ("let me know", "saw him cross"). */
const BARE_VERB_PERSON = new Set(['let', 'make', 'see', 'watch', 'hear', 'feel', 'notice']);

type SlotKind = 'person' | 'quantity' | 'time' | 'thing';

function slotKind(t: Token): SlotKind | undefined {
  if (t.foreign) return undefined;
  if (PERSON_PRONOUNS.has(t.norm)) return 'person';
  if (t.pos === 'NUM' || /^\d/.test(t.norm) || QUANTITY_WORDS.has(t.norm)) return 'quantity';
  if (TIME_WORDS.has(t.norm)) return 'time';
  if (t.cls === 'content' && (t.pos === 'NOUN' || t.pos === 'PROPN') && t.known) return 'thing';
  return undefined;
}

/**
 * A word left out and another put in its place (the same gap between matched words) where the two
 * carry meaning: the opposite direction ("let me out" for "let me in", "far from" for "near"),
 * another person ("to the manager" for "to everyone", "Can I" for "Can you"), another amount ("two
 * friends" for "a friend") or time ("next year" for "this year"). The alignment leaves such words
 * unpaired when they are not both content words; read together they are one meaning error, not a
 * missing and an extra word. Also a dropped or added "almost" / "nearly", which says whether the
 * thing happened at all.
 */
function gapMeaning(ctx: Ctx): void {
  const { a, learner, ref, errors } = ctx;
  const extras = a.extra.filter((i) => !ctx.consumedL.has(i));
  const missing = a.missing.filter((j) => !ctx.consumedR.has(j));
  for (const j of missing) {
    const r = ref[j];
    if (!r || ctx.consumedR.has(j)) continue;
    const inGap = extras.filter((i) => !ctx.consumedL.has(i) && a.gapL[i] === a.gapR[j]);
    const opposite = inGap.find((i) => {
      const l = learner[i];
      if (!l) return false;
      if (areAntonymWords(l, r)) return true;
      // A direction only where both follow the same word ("let me out" / "let me in"), not a
      // particle of another verb ("tried out" / "been to").
      const before = a.byL[i - 1];
      return DIRECTION_OPPOSITES.has(`${l.norm}|${r.norm}`) && before !== undefined && before.r === j - 1 && (before.rel === 'exact' || before.rel === 'synonym');
    });
    if (opposite !== undefined) {
      const l = learner[opposite];
      if (!l) continue;
      errors.push(antonymError(learnerWord(l), r, opposite, true));
      ctx.consumedL.add(opposite);
      ctx.consumedR.add(j);
      continue;
    }
    const kind = slotKind(r);
    if (!kind) continue;
    // A thing only stands for a person or a thing; a quantity, a time for its own kind.
    const same = inGap.find((i) => {
      const l = learner[i];
      if (!l || l.norm === r.norm || l.lemma === r.lemma) return false;
      const lk = slotKind(l);
      if (!lk) return false;
      // "my" and "mine" are one person: not another meaning.
      if (PERSON[l.norm] !== undefined && PERSON[r.norm] !== undefined && !isPersonSwap(l, r)) return false;
      // A possessive stands only for a possessive ("house keys" is not "my keys" with another owner).
      if (r.cls === 'det' && PERSON[l.norm] === undefined) return false;
      if (kind === 'person' || kind === 'thing') return (lk === 'person' || lk === 'thing') && (kind === 'person' || lk === 'person' || r.role !== 'form');
      return lk === kind && !(kind === 'quantity' && (l.cls === 'article' || r.cls === 'article') && !(l.pos === 'NUM' || r.pos === 'NUM' || /^\d/.test(l.norm)));
    });
    if (same === undefined) continue;
    const l = learner[same];
    if (!l) continue;
    // The learner's words of the same gap next to the chosen one (an article, "lot of") go with it.
    const run = [same];
    for (let k = same - 1; k >= 0 && inGap.includes(k) && !ctx.consumedL.has(k) && (learner[k]?.cls === 'article' || learner[k]?.cls === 'det'); k--) run.unshift(k);
    for (let k = same + 1; inGap.includes(k) && !ctx.consumedL.has(k) && learner[k]?.cls !== 'content'; k++) run.push(k);
    const words = run.map((k) => learner[k]).filter((t): t is Token => t !== undefined).map(learnerWord);
    errors.push({ ...makeError('meaning', words, [r.display], `${q(words.join(' '))}では意味が変わります。問題文の意味は${q(r.display)}です。`, same, undefined, true), certain: true });
    run.forEach((k) => ctx.consumedL.add(k));
    ctx.consumedR.add(j);
  }
  // One grammar word in place of another that the alignment left unpaired ("No sooner ... when"
  // for "than"): one wrong word, not a missing and an extra one.
  for (const j of a.missing) {
    const r = ref[j];
    // A connector tagged as an adverb ("so") is still the grammar word joining the clauses.
    if (!r || ctx.consumedR.has(j) || (r.content && !isConnector(r)) || r.cls === 'article') continue;
    const lonelyR = a.missing.filter((k) => !ctx.consumedR.has(k) && a.gapR[k] === a.gapR[j]);
    const lonelyL = a.extra.filter((i) => !ctx.consumedL.has(i) && a.gapL[i] === a.gapR[j]);
    if (lonelyR.length !== 1 || lonelyL.length !== 1) continue;
    const i = lonelyL[0] as number;
    const l = learner[i];
    // "before the details are decided" for "once": a connector of another relation in the answer's
    // connector's place (before / until are tagged prepositions) joins the clauses another way.
    if (l && !l.foreign && isSubordinatorSwap(l, r)) {
      errors.push(meaningError(learnerWord(l), r, i));
      ctx.consumedL.add(i);
      ctx.consumedR.add(j);
      continue;
    }
    // "Since it was raining, I stayed home" for "Because it was raining": where the answer gives a
    // cause with because, since and as give it too (decision 050); not the other way round, as
    // the answer's since may be a time.
    if (l && r.norm === 'because' && (l.norm === 'since' || l.norm === 'as')) {
      ctx.consumedL.add(i);
      ctx.consumedR.add(j);
      continue;
    }
    if (r.content) continue;
    if (!l || (l.content && l.cls !== 'wh') || l.foreign || l.cls === 'article' || (l.cls === 'prep' && !COMPARISON_WORDS.has(l.norm)) || l.cls === 'part' || r.cls === 'part') continue;
    // "as interesting than": the two words of a comparison swapped.
    const comparison = COMPARISON_WORDS.has(l.norm) && COMPARISON_WORDS.has(r.norm);
    if (r.cls === 'prep' && l.cls !== 'wh' && l.cls !== 'conj' && !comparison) continue;
    // "while doing his homework" for "after" (decision 063): the other side of the time.
    if (isSubordinatorSwap(l, r) || TIME_ORDER_OPPOSITES.has(`${l.norm}|${r.norm}`)) errors.push(meaningError(learnerWord(l), r, i));
    // "If I told him" read against the inverted "Had I told him": if for the inversion's auxiliary
    // is the learner's own if-clause, so it costs more than a word slip and the if-clause reading
    // (a tense slip against "If I had told") is the one named.
    else if (l.norm === 'if' && r.cls === 'aux') errors.push(makeError('word-choice', [learnerWord(l)], [r.display], `${q(learnerWord(l))}ではなく倒置の${q(r.display)}を使いましょう。`, i, PENALTY.tense + 0.4));
    else errors.push(makeError('word-choice', [learnerWord(l)], [r.display], `${q(learnerWord(l))}ではなく${q(r.display)}を使いましょう。`, i, FUNCTION_WORD_CHOICE_PENALTY));
    ctx.consumedL.add(i);
    ctx.consumedR.add(j);
  }
  // "Because he is young, he leads the team well" for "He is young, but he leads ...": the one
  // connector the learner added and the one the answer's left out relate the clauses in ways with
  // nothing in common (cause for contrast), wherever each stands (decision 050).
  const lostConnectors = a.missing.filter((j) => !ctx.consumedR.has(j) && ref[j] !== undefined && isConnector(ref[j] as Token));
  const newConnectors = a.extra.filter((i) => !ctx.consumedL.has(i) && learner[i] !== undefined && isConnector(learner[i] as Token));
  if (lostConnectors.length === 1 && newConnectors.length === 1) {
    const l = learner[newConnectors[0] as number] as Token;
    const r = ref[lostConnectors[0] as number] as Token;
    // Cause for result ("Since it's cold, put on your jacket" for "It's cold, so put on ...") says
    // the same when the clauses change places too, which they may in different gaps.
    const converse = (x: Token, y: Token): boolean => SUBORDINATOR_RELATIONS[x.norm]?.includes('result') === true && SUBORDINATOR_RELATIONS[y.norm]?.includes('cause') === true;
    // Across gaps cause for result is another meaning only where the learner's cause clause is the
    // answer's result clause ("I was tired because I went to bed" for "I was so tired I went").
    const reversed = (): boolean => {
      const [cause, causeSide, result, resultSide, byCause] = converse(r, l) ? [l, learner, r, ref, a.byL] as const : [r, ref, l, learner, a.byR] as const;
      const c = causeSide.findIndex((t, x) => x > cause.index && t.cls === 'content');
      const p = c < 0 ? undefined : byCause[c];
      if (!p || !isRecalled(p)) return false;
      let start = result.index + 1;
      if (result.norm === 'so') while (resultSide[start]?.pos === 'ADJ' || resultSide[start]?.pos === 'ADV' || resultSide[start]?.norm === 'that') start += 1;
      return (byCause === a.byL ? p.r : p.l) >= start;
    };
    if (!l.foreign && isSubordinatorSwap(l, r) && ((!converse(l, r) && !converse(r, l)) || reversed())) {
      errors.push(meaningError(learnerWord(l), r, l.index));
      ctx.consumedL.add(l.index);
      ctx.consumedR.add(r.index);
    }
  }
  // "Would you like to take a message" for "Would you like me to take a message": without the
  // person between the verb and its infinitive, the doer of the action changes.
  for (const j of a.missing) {
    const r = ref[j];
    const next = ref[j + 1];
    const prev = ref[j - 1];
    if (!r || ctx.consumedR.has(j) || !OBJECT_PRONOUNS.has(r.norm) || !prev || !next) continue;
    // "Please let know" for "let me know": let / make / see + a bare verb cannot go without its
    // person, so the sentence names no other doer; the person is a missing word (missingErrors).
    if (BARE_VERB_PERSON.has(prev.lemma) && next.pos === 'VERB' && next.norm !== 'to') continue;
    if (prev.pos === 'VERB' && a.byR[j - 1] && a.byR[j + 1] && (next.norm === 'to' || next.pos === 'VERB')) {
      errors.push({ ...makeError('meaning', [], [r.display], `${q(r.display)}がないと、その動作をする人が変わります（${q(`${prev.display} ${r.display} ${next.display}`)}）。`, ctx.orderOfR[j] ?? 0, undefined, true), certain: true });
      ctx.consumedR.add(j);
    }
  }
  // "Can I use this pen?" for "You can use this pen": the subject of a statement turned question
  // falls in another gap, but another person as the subject is still another meaning.
  const subjects = new Set(['i', 'you', 'he', 'she', 'we', 'they']);
  const lostSubject = a.missing.find((j) => !ctx.consumedR.has(j) && subjects.has(ref[j]?.norm ?? ''));
  const newSubject = a.extra.find((i) => !ctx.consumedL.has(i) && subjects.has(learner[i]?.norm ?? ''));
  if (lostSubject !== undefined && newSubject !== undefined) {
    const l = learner[newSubject] as Token;
    const r = ref[lostSubject] as Token;
    if (isPersonSwap(l, r)) {
      errors.push({ ...meaningError(learnerWord(l), r, newSubject), certain: true });
      ctx.consumedL.add(newSubject);
      ctx.consumedR.add(lostSubject);
    }
  }
  // "the day after tomorrow" / "next year" where the answer says "tomorrow" / "this year": a time
  // word added next to the answer's time word moves the time.
  const timeHeads = new Set(['today', 'tomorrow', 'yesterday', 'tonight', 'day', 'week', 'month', 'year', 'morning', 'afternoon', 'evening', 'night', 'weekend', 'summer', 'winter', 'spring', 'fall', 'autumn']);
  for (const i of a.extra) {
    const l = learner[i];
    if (!l || ctx.consumedL.has(i) || !['next', 'last', 'after', 'before', 'ago'].includes(l.norm)) continue;
    const head = [i - 2, i - 1, i + 1, i + 2].find((k) => {
      const p = a.byL[k];
      return p !== undefined && (p.rel === 'exact' || p.rel === 'synonym') && timeHeads.has(ref[p.r]?.norm ?? '');
    });
    if (head === undefined) continue;
    const run = [i];
    for (let k = i - 1; k >= 0 && a.extra.includes(k) && !ctx.consumedL.has(k) && (learner[k]?.cls === 'article' || timeHeads.has(learner[k]?.norm ?? '')); k--) run.unshift(k);
    const words = run.map((k) => learnerWord(learner[k] as Token));
    const headRef = ref[a.byL[head]?.r ?? -1];
    errors.push({ ...makeError('meaning', words, headRef ? [headRef.display] : [], `${q(words.join(' '))}では時が問題文と変わります。`, run[0] ?? i, undefined, true), certain: true });
    run.forEach((k) => ctx.consumedL.add(k));
  }
  for (const j of a.missing) {
    const r = ref[j];
    if (r && !ctx.consumedR.has(j) && MEANING_ADVERBS.has(r.norm)) {
      errors.push({ ...makeError('meaning', [], [r.display], `${q(r.display)}がないと意味が変わります（実際にそうなったことになります）。`, ctx.orderOfR[j] ?? 0, undefined, true), certain: true });
      ctx.consumedR.add(j);
    }
  }
  // An amount the answer does not state ("two friends", "a lot of rest" for "some rest").
  const refNumber = ref.some((t) => t.pos === 'NUM' || /^\d/.test(t.norm));
  const refAmount = ref.find((t, j) => (QUANTITY_WORDS.has(t.norm) || t.norm === 'bit') && !['a', 'an', 'one', 'any', 'every', 'each'].includes(t.norm) && a.byR[j]?.rel !== 'exact');
  for (const i of a.extra) {
    const l = learner[i];
    if (!l || ctx.consumedL.has(i) || l.foreign) continue;
    const number = (l.pos === 'NUM' || /^\d/.test(l.norm)) && l.norm !== '1' && l.norm !== 'one' && !refNumber;
    const amount = refAmount !== undefined && ['lot', 'lots', 'plenty', 'many', 'much', 'few', 'several', 'all', 'no', 'most'].includes(l.norm) && l.norm !== refAmount.norm;
    if (!number && !amount) continue;
    const words = [learnerWord(l)];
    if (learner[i + 1]?.norm === 'of' && ctx.extraSet.has(i + 1) && !ctx.consumedL.has(i + 1)) {
      words.push(learnerWord(learner[i + 1] as Token));
      ctx.consumedL.add(i + 1);
    }
    errors.push({ ...makeError('meaning', words, refAmount ? [refAmount.display] : [], `${q(words.join(' '))}では数や量が問題文と変わります。`, i, undefined, true), certain: true });
    ctx.consumedL.add(i);
  }
  for (const i of a.extra) {
    const l = learner[i];
    if (l && !ctx.consumedL.has(i) && MEANING_ADVERBS.has(l.norm)) {
      errors.push({ ...makeError('meaning', [learnerWord(l)], [], `${q(learnerWord(l))}があると意味が変わります。`, i, undefined, true), certain: true });
      ctx.consumedL.add(i);
    }
  }
  // Another owner: "This bag is my mother's" for 私の. A possessive noun the answer does not have,
  // where the answer names the owner with a possessive pronoun, says the thing is someone else's.
  const refOwner = ref.find((t) => OWNER_PRONOUNS.has(t.norm));
  if (refOwner && !ref.some((t) => t.norm.endsWith("'s"))) {
    for (const i of a.extra) {
      const l = learner[i];
      if (!l || ctx.consumedL.has(i) || l.foreign || !l.norm.endsWith("'s")) continue;
      const owner = l.norm.slice(0, -2);
      if (owner.length < 2 || TIME_OWNERS.has(owner) || ref.some((t) => t.lemma === owner || t.norm === owner)) continue;
      errors.push({ ...makeError('meaning', [learnerWord(l)], [refOwner.display], `${q(learnerWord(l))}では持ち主が問題文と変わります。問題文は${q(refOwner.display)}です。`, i, undefined, true), certain: true });
      ctx.consumedL.add(i);
    }
  }
}

/** Possessive pronouns and determiners that name an owner. */
const OWNER_PRONOUNS = new Set(['my', 'mine', 'your', 'yours', 'his', 'her', 'hers', 'our', 'ours', 'their', 'theirs']);
/** Nouns whose 's says when, not whose ("today's meeting", "a week's holiday"). */
const TIME_OWNERS = new Set(['today', 'tomorrow', 'yesterday', 'tonight', 'day', 'week', 'month', 'year', 'night', 'morning', 'evening', 'afternoon', 'weekend', 'hour', 'minute', 'moment', 'season', 'century', 'decade', 'life', 'lifetime']);

/** Extra learner words, grouped the same way as missing ones. */
/** An adjective or adverb compared by its ending: "cheaper", "biggest" (lemma "cheap", "big"). */
function isInflectedComparison(t: Token): boolean {
  if (t.pos !== 'ADJ' && t.pos !== 'ADV') return false;
  return t.norm !== t.lemma && /(er|est)$/.test(t.norm) && t.norm.startsWith(t.lemma.slice(0, Math.max(2, t.lemma.length - 1)));
}

function extraErrors(ctx: Ctx): void {
  const { a, learner, errors } = ctx;
  const extra = a.extra.filter((i) => !ctx.consumedL.has(i));
  for (const run of runsOf(extra, (x, y) => y === x + 1)) {
    const tokens = run.map((i) => learner[i]).filter((t): t is Token => t !== undefined);
    const first = run[0] ?? 0;
    // An added word that is the opposite of a word of the accepted answers ("younger" where the
    // answers say "older", "lower" for "higher") reverses the meaning.
    // "Can I set the table?" for "(Please) set the table": a modal with the speaker as subject,
    // added before the answer's imperative verb, asks to do it oneself instead of asking the listener.
    const [modal, self] = tokens;
    const refStart = ctx.ref.findIndex((t) => t.norm !== 'please');
    const verbPair = ctx.a.byL[first + 2];
    if (
      first === 0 && tokens.length === 2 && modal?.cls === 'modal' && (self?.norm === 'i' || self?.norm === 'we') &&
      verbPair !== undefined && verbPair.r === refStart && learner[first + 2]?.pos === 'VERB' && ctx.ref[refStart]?.cls === 'content' && ctx.ref[refStart]?.pos !== 'NOUN' && !ctx.ref.some((t) => PERSON[t.norm] === '1s' || PERSON[t.norm] === '1p' || t.norm === 'you')
    ) {
      const words = [learnerWord(modal), learnerWord(self)];
      errors.push({ ...makeError('meaning', words, [], `${q(words.join(' '))}では自分がすることになります。問題文は相手に頼む文です。`, first, undefined, true), certain: true });
      continue;
    }
    // "I just tried it once" for "Just try it once": a subject I / we added before the answer's
    // imperative verb (after nothing but please or adverbs) tells what oneself does instead of
    // asking the listener, another person.
    if (first === 0 && tokens.slice(1).every((t) => t.pos === 'ADV' || t.cls === 'modal') && (modal?.norm === 'i' || modal?.norm === 'we') && !ctx.ref.some((t) => PERSON[t.norm] === '1s' || PERSON[t.norm] === '1p' || t.norm === 'you')) {
      let k = first + tokens.length;
      // "I'll try not to be late" for "Try not to be late": the learner's own will / can after the
      // subject, left unpaired (or read as the tense), tells of oneself all the same (decision 050).
      while ((learner[k]?.pos === 'ADV' && ctx.a.byL[k] !== undefined) || (learner[k]?.cls === 'modal' && ctx.a.byL[k] === undefined)) k += 1;
      // The answer's verb is its first word after please and adverbs ("Close" may be tagged an adverb).
      const verbAt = ctx.a.byL[k]?.r ?? -1;
      const verb = ctx.ref[verbAt];
      const opens = ctx.ref.slice(0, Math.max(0, verbAt)).every((t) => t.norm === 'please' || t.pos === 'ADV' || t.pos === 'PUNCT');
      if (verb && opens && (verb.pos === 'VERB' || learner[k]?.pos === 'VERB' || verb.forms.has('base')) && verb.cls === 'content') {
        errors.push({ ...makeError('meaning', [learnerWord(modal)], [], `${q(learnerWord(modal))}では自分がすることになります。問題文は相手に向けた文です。`, first, undefined, true), certain: true });
        continue;
      }
    }
    // "a country many tourists want to visit" for "a country many tourists visit": a verb of wanting
    // and its to added before the answer's verb says what is wished, not what is done (decision 050).
    const wished = learner[first + tokens.length];
    if (
      tokens.length === 2 && WISH_VERBS.has(tokens[0]?.lemma ?? '') && tokens[1]?.norm === 'to' && wished !== undefined && ctx.a.byL[first + tokens.length] !== undefined &&
      !ctx.ref.some((t) => WISH_VERBS.has(t.lemma) || (t.lemma === 'like' && ctx.ref[t.index - 1]?.norm === 'would')) && !ctx.a.missing.some((j) => !ctx.consumedR.has(j) && ctx.a.gapR[j] === ctx.a.gapL[first])
    ) {
      const words = tokens.map(learnerWord);
      errors.push({ ...makeError('meaning', words, [], `${q(words.join(' '))}があると「〜したい」という意味になり、問題文と変わります。`, first, undefined, true), certain: true });
      continue;
    }
    // "the product what we launched": "what" after a noun for the relative "that" / "which".
    const before = learner[first - 1];
    if (tokens.length === 1 && tokens[0]?.norm === 'what' && before && ctx.a.byL[first - 1] !== undefined && nounHead(learner, first - 1) && learner[first + 1]?.cls === 'pron') {
      errors.push(makeError('word-choice', ['what'], ['that'], `名詞の後の関係代名詞は${q('what')}ではなく${q('that')}または${q('which')}です。`, first, FUNCTION_WORD_CHOICE_PENALTY));
      continue;
    }
    // "The man which I met", "the manual that revised", "The man who sitting" (decision 049): a
    // relative pronoun after its noun is the learner's clause; it costs more as an extra word than
    // another relative pronoun or a missing be, so that where an accepted answer keeps one, the
    // reading that keeps the learner's word names the slip (decision 016).
    if (tokens.length === 1 && RELATIVE_PRONOUNS.has(tokens[0]?.norm ?? '') && before && ctx.a.byL[first - 1] !== undefined && nounHead(learner, first - 1)) {
      errors.push(makeError('extra-word', [learnerWord(tokens[0] as Token)], [], `${q(learnerWord(tokens[0] as Token))}は不要です。`, first, EXTRA_RELATIVE_PENALTY));
      continue;
    }
    // "got up more early" for "earlier" (decision 049): more before the plain word where the answer
    // has its -er comparative is the comparative's form chosen wrong, one word choice; "more
    // harder" (the -er kept) stays an extra word.
    const plainWord = learner[first + 1];
    const comparedRef = plainWord ? ctx.ref[ctx.a.byL[first + 1]?.r ?? -1] : undefined;
    // "the most cold month" for "the coldest" (decision 058): most before the plain word where the
    // answer has its -est superlative, alike; the plain word's own pairing with the -est word (a word
    // choice where the tagger gives the superlative no lemma) is part of the same slip.
    const degree = tokens[0]?.norm === 'more' ? { ending: /(?:er)$/, name: '比較級' } : tokens[0]?.norm === 'most' ? { ending: /(?:est)$/, name: '最上級' } : undefined;
    if (tokens.length === 1 && degree && plainWord && comparedRef && comparedRef.norm !== plainWord.norm && degree.ending.test(comparedRef.norm) && (comparedRef.lemma === plainWord.lemma || comparedRef.norm.startsWith(plainWord.norm.replace(/y$/, 'i')))) {
      const words = [learnerWord(tokens[0] as Token), learnerWord(plainWord)];
      const paired = errors.findIndex((e) => e.order === first + 1 && e.words.length === 1 && e.expected.length === 1 && e.expected[0] === comparedRef.display);
      if (paired >= 0) errors.splice(paired, 1);
      errors.push(makeError('word-choice', words, [comparedRef.display], `${q(words.join(' '))}ではなく${degree.name}の${q(comparedRef.display)}にしましょう。`, first, FUNCTION_WORD_CHOICE_PENALTY));
      continue;
    }
    // "the day where we first met": "where" after a time noun before a clause is the relative
    // adverb of place for that of time (the noun says it is a time), a word-choice slip.
    if (tokens.length === 1 && tokens[0]?.norm === 'where' && before && ctx.a.byL[first - 1] !== undefined && TIME_NOUNS.has(before.norm) && learner[first + 1]?.cls === 'pron') {
      errors.push(makeError('word-choice', ['where'], ['when'], `時を表す名詞の後の関係副詞は${q('where')}ではなく${q('when')}です。`, first, FUNCTION_WORD_CHOICE_PENALTY));
      continue;
    }
    // "Could you pass him the salt" where the answers say "me": an added person the answers never
    // name, while they name another in that use, changes who it is for.
    const person = tokens.length === 1 && tokens[0] && OBJECT_PERSONS.has(tokens[0].norm) && tokens[0].norm !== 'you' ? tokens[0] : undefined;
    if (person && otherPerson(ctx, person)) {
      errors.push({ ...makeError('meaning', [learnerWord(person)], [], `${q(learnerWord(person))}では相手が変わります。問題文の人を確かめましょう。`, first, undefined, true), certain: true });
      continue;
    }
    // "more cheaper": "more" / "most" before an adjective already compared by its ending is one
    // extra word (a double comparative), not an added opposite of "less".
    const last = tokens.at(-1);
    const compared = learner[(last?.index ?? -2) + 1];
    if (tokens.length === 1 && last && (last.norm === 'more' || last.norm === 'most') && compared && isInflectedComparison(compared)) {
      errors.push(makeError('extra-word', [learnerWord(last)], [], `${q(learnerWord(compared))}はすでに比較の形なので${q(learnerWord(last))}は不要です。`, first));
      continue;
    }
    const opposite = tokens.map((t) => ({ t, v: t.cls === 'content' && !t.foreign ? opposedVocab(ctx, t) : undefined })).find((x) => x.v !== undefined);
    if (opposite?.v) {
      errors.push(antonymError(learnerWord(opposite.t), opposite.v, opposite.t.index, true));
      continue;
    }
    // "This is the hospital where I was born" for "This is where I was born": a noun phrase added
    // as the head of the answer's free relative names a place or thing the answer leaves as the
    // relative's own (where / what / when); one the problem never names is another meaning. The
    // general nouns (place, thing, time, ...) say what the relative says.
    const head = tokens.at(-1);
    const relative = learner[first + tokens.length];
    if (
      head && relative && tokens.length <= 3 && (tokens[0]?.cls === 'article' || tokens[0]?.cls === 'det') && head.pos === 'NOUN' && head.known && !GENERAL_HEADS.has(head.lemma) &&
      FREE_RELATIVES.has(relative.norm) && ctx.a.byL[first + tokens.length] !== undefined && before && ctx.a.byL[first - 1] !== undefined && AUX_FORMS[before.norm]?.lemma === 'be' && !ctx.vocab?.has(head.norm) && !ctx.vocab?.has(head.lemma)
    ) {
      const words = tokens.map(learnerWord);
      errors.push({ ...makeError('meaning', words, [relative.display], `${q(words.join(' '))}では指すものが問題文と変わります。`, first, undefined, true), certain: true });
      continue;
    }
    // "I can't find out my wallet", "Can I shut off the window?": an added particle that makes the
    // verb another phrasal verb (find out: learn a fact; shut off: stop a supply) is the wrong word
    // for the action, a word-choice slip at the cost of an extra word (the stars stay).
    const particle = tokens.length === 1 ? tokens[0] : undefined;
    if (particle && before && before.pos === 'VERB' && before.cls === 'content' && PHRASAL_PARTICLES.has(particle.norm) && ctx.a.byL[first - 1] !== undefined && ctx.wordnet?.knows(`${before.lemma} ${particle.norm}`)) {
      const phrase = `${learnerWord(before)} ${learnerWord(particle)}`;
      errors.push(makeError('word-choice', [learnerWord(particle)], [], `${q(phrase)}は別の意味の句動詞です。${q(learnerWord(before))}だけにしましょう。`, first, PENALTY['extra-word']));
      continue;
    }
    // "every Sunday morning" for "every morning", "I like reading comics" where the answers say what
    // is read or leave it out, "Can I have a look tomorrow?": a thing, a day or a time the problem's
    // words never name, added to what the answer says, says something the prompt does not
    // (decision 050). Nouns of discourse and measure ("of course", "a lot") add nothing.
    // "Thank you for saying your opinion" where the answers may leave the verb out ("Thank you for
    // your opinion"): the learner's say is the wrong verb for an opinion, a word choice at the cost of
    // the extra word (decision 058).
    const sayer = tokens.length === 1 ? tokens[0] : undefined;
    if (sayer && sayer.pos === 'VERB' && saidOpinion(sayer, learner, first)) {
      errors.push(makeError('word-choice', [learnerWord(sayer)], [], `意見は${q('say')}ではなく${q('give')} / ${q('share')} / ${q('express')}を使います（意見を言う）。`, first, PENALTY['extra-word']));
      continue;
    }
    const added = tokens.find((t) => addedContentNoun(ctx, t));
    if (added) {
      const words = tokens.map(learnerWord);
      errors.push({ ...makeError('meaning', words, [], `${q(words.join(' '))}は問題文にない内容です。`, first, undefined, true), certain: true });
      continue;
    }
    if (tokens.some((t) => t.cls === 'content' || t.foreign)) {
      const contentCount = tokens.filter((t) => t.content || t.foreign).length;
      const verbOnly = tokens.length === 1 && tokens[0]?.pos === 'VERB' && tokens[0].known && !tokens[0].foreign;
      const penalty = (verbOnly ? EXTRA_VERB_PENALTY : PENALTY['extra-word']) + EXTRA_CONTENT_PENALTY * Math.max(0, contentCount - 1) + 0.2 * (tokens.length - Math.max(1, contentCount));
      const words = tokens.map(learnerWord);
      const message = tokens.some((t) => t.foreign) ? `${q(words.join(' '))}は英語で書きましょう。` : `${q(words.join(' '))}は不要です。`;
      errors.push(makeError('extra-word', words, [], message, first, penalty));
      continue;
    }
    const others: Token[] = [];
    const flushOthers = (): void => {
      const head = others[0];
      if (!head) return;
      const words = others.map(learnerWord);
      const next = learner[head.index + others.length];
      const verbal = others.length === 1 && (head.cls === 'aux' || (head.norm === 'to' && next !== undefined && next.forms.size > 0 && next.pos === 'VERB'));
      errors.push(makeError('extra-word', words, [], `${q(words.join(' '))}は不要です。`, head.index, (verbal ? EXTRA_VERB_PENALTY : PENALTY['extra-word']) + 0.3 * (others.length - 1)));
      others.length = 0;
    };
    for (const l of tokens) {
      const next = learner[l.index + 1];
      const where = next ? `${q(learnerWord(next))}の前の` : '';
      if (l.cls === 'article') {
        flushOthers();
        errors.push(makeError('article', [learnerWord(l)], [], `${where}${q(learnerWord(l))}は不要です（冠詞）。`, l.index));
      } else if (l.cls === 'prep') {
        flushOthers();
        // An inserted preposition ("visit to me", "enter in") is an extra word; only a wrong one in
        // place of another (at → to) or a missing one is a preposition error (decision 016).
        // It costs a little more than a wrong preposition, so that where an accepted phrasing has a
        // preposition in that place ("stay in home" / "stay at home") the wrong one is named.
        // (Before an -ing, "go to swimming", the to is an added preposition: decision 049.)
        const beforeVerb = l.norm === 'to' && next !== undefined && next.pos === 'VERB' && next.forms.size > 0 && !next.forms.has('ing');
        errors.push(makeError('extra-word', [learnerWord(l)], [], `${where}前置詞${q(learnerWord(l))}は不要です。`, l.index, beforeVerb ? EXTRA_VERB_PENALTY : EXTRA_PREPOSITION_PENALTY));
      } else {
        others.push(l);
      }
    }
    flushOthers();
  }
}

/** Nouns of discourse, measure or a general kind: added, they name nothing new. */
/** Adjectives that stress or point rather than describe ("every single day", "my own room"). */
const EMPTY_ADJECTIVES = new Set(['single', 'whole', 'entire', 'own', 'very', 'same', 'real', 'actual', 'particular', 'certain', 'other', 'only']);
const EMPTY_NOUNS = new Set(['course', 'way', 'lot', 'lots', 'bit', 'thing', 'things', 'kind', 'sort', 'deal', 'fact', 'matter', 'time', 'times', 'one', 'ones', 'something', 'anything', 'everything', 'nothing', 'please', 'thanks', 'sir', 'madam', 'excuse', 'today']);
/** Verbs that wrap another verb or stand for the answer's (have got, go and, happen to, seem to). */
const LIGHT_VERBS = new Set([
  'get', 'got', 'go', 'come', 'happen', 'seem', 'appear', 'keep', 'let', 'make', 'have', 'do', 'be', 'take', 'give', 'put', 'try', 'start', 'begin', 'continue', 'need', 'want', 'like', 'use', 'used', 'manage', 'tend', 'bother', 'dare',
  // Verbs of a speaker's stance around the statement ("I bet", "I guess", "you know").
  'bet', 'think', 'guess', 'suppose', 'believe', 'mean', 'hope', 'wonder', 'know', 'say', 'mind', 'feel',
]);

/**
 * Days named by an adverb: added, they move the time (nouns are found by their tag). "today" is the
 * time a sentence about now already means ("When does the library close today?").
 */
const ADDED_DAYS = new Set(['tomorrow', 'yesterday', 'tonight']);

/**
 * The learner's added word is a noun (or a day) that none of the problem's words is, nor a synonym of
 * one: a thing or a time the prompt does not name (decision 050).
 */
function addedContentNoun(ctx: Ctx, t: Token): boolean {
  // A letter or two cut from a word ("statio,n") is a typo's piece, not a word of its own.
  if (t.foreign || !t.known || t.misspelt || t.norm.length < 3) return false;
  const day = ADDED_DAYS.has(t.norm);
  // An adjective only where it and the answer's noun after it name another kind of thing, a
  // compound WordNet knows ("the living room" for "my room"); a describing one ("the big park")
  // says more of the same thing, an extra word.
  const next = ctx.learner[t.index + 1];
  const attributive = t.pos === 'ADJ' && next !== undefined && (next.pos === 'NOUN' || next.pos === 'PROPN') && ctx.a.byL[t.index + 1] !== undefined && ctx.wordnet?.knows(`${t.norm} ${next.lemma}`) === true;
  // A verb of the learner's own is an action the prompt does not name, unless it is one of the
  // light verbs English wraps around the answer's ("I've got to", "Go put", "happen to know").
  // After come / go (and / to) the verb says what one comes for ("come to play"), a learner's way
  // of saying come over.
  const motion = ['come', 'go'].includes(ctx.learner[t.index - 2]?.lemma ?? '') && ['to', 'and'].includes(ctx.learner[t.index - 1]?.norm ?? '');
  // A participle after have is the verb whatever its tag ("have lost interest").
  const perfect = t.forms.has('pp') && ctx.learner[t.index - 1]?.lemma === 'have';
  // A participle between a determiner and the answer's noun describes the thing ("my broken bike"),
  // an adjective, not an action of its own (decision 079).
  const prev = ctx.learner[t.index - 1];
  const describing = t.pos === 'VERB' && t.forms.has('pp') && !t.forms.has('base') && prev !== undefined && (prev.cls === 'det' || prev.cls === 'article' || prev.pos === 'PART' || prev.pos === 'ADJ' || prev.norm.endsWith("'s")) && (next?.pos === 'NOUN' || next?.pos === 'PROPN') && ctx.a.byL[t.index + 1] !== undefined;
  const verb = (t.pos === 'VERB' || perfect) && !describing && !LIGHT_VERBS.has(t.lemma) && !LIGHT_VERBS.has(t.norm) && !motion;
  // An adjective after a comparative's more / less is the quality compared ("the more tired you will
  // get" for "the more you will improve", decision 053): it says what the answer does not.
  const compared = t.pos === 'ADJ' && ['more', 'less'].includes(ctx.learner[t.index - 1]?.norm ?? '') && ctx.a.byL[t.index - 1] !== undefined;
  if (!day && (t.cls !== 'content' || (t.pos !== 'NOUN' && t.pos !== 'PROPN' && !attributive && !verb && !compared))) return false;
  if (EMPTY_NOUNS.has(t.norm) || EMPTY_NOUNS.has(t.lemma) || EMPTY_ADJECTIVES.has(t.norm) || GENERAL_HEADS.has(t.lemma) || PERSON_PRONOUNS.has(t.norm)) return false;
  // A verb learners swap for the answer's verb left out here ("study my homework" for "do") is that
  // swap, named by verbInGap (decision 053), not an action of its own.
  if (verb && ctx.a.missing.some((j) => VERB_CONFUSIONS.has(`${t.lemma}|${ctx.ref[j]?.lemma ?? ''}`))) return false;
  // A verb that translates a word of the problem's Japanese ("let me enter in" under 入れて) says
  // the prompt's action in the learner's words, not another one (decision 057).
  if (verb && ctx.japanese && (ctx.japanese.words.has(t.lemma) || ctx.japanese.words.has(t.norm))) return false;
  const vocab = ctx.vocab;
  if (!vocab || vocab.has(t.norm) || vocab.has(t.lemma)) return false;
  for (const v of vocab.values()) {
    if (v.cls !== 'content' && !PERSON_PRONOUNS.has(v.norm)) continue;
    // A typo of one of the problem's words ("yous" for "yours") is that word misspelt.
    if (v.lemma === t.lemma || (Math.min(v.norm.length, t.norm.length) >= 4 && distance(v.norm, t.norm) <= 1) || ctx.wordnet?.synonyms(t.lemma, v.lemma)) return false;
    // "the more intelligent" for "the smarter": the problem's comparative in its plain form.
    if (compared && v.pos === 'ADJ' && comparativeBases(v.norm).some((b) => b === t.lemma || ctx.wordnet?.synonyms(t.lemma, b, 'a'))) return false;
    // A word of the same family ("interest" / "interested") says the answer's thing another way.
    if (t.norm.length >= 4 && v.norm.length >= 4 && (t.norm.startsWith(v.lemma) || v.norm.startsWith(t.lemma) || ctx.wordnet?.derived(t.norm, v.norm))) return false;
  }
  return true;
}

/** Plain forms an -er / -est adjective may come from (smarter: smart; bigger: big; easier: easy). */
function comparativeBases(norm: string): string[] {
  const m = /^(.{2,}?)(er|est)$/.exec(norm);
  if (!m?.[1]) return [];
  const stem = m[1];
  const out = [stem, `${stem}e`];
  if (stem.endsWith('i')) out.push(`${stem.slice(0, -1)}y`);
  if (stem.length >= 3 && stem.at(-1) === stem.at(-2)) out.push(stem.slice(0, -1));
  return out;
}

/** Adverb particles that make a verb another phrasal verb (find out, shut off, give up). */
const PHRASAL_PARTICLES = new Set(['off', 'out', 'up', 'down', 'away']);

/** Classify every difference in the alignment into named errors. */
export function classify(a: Alignment, problem: ClassifyContext = {}): Classification {
  const orderOfR: number[] = [];
  let last = -0.5;
  for (let j = 0; j < a.ref.length; j++) {
    const p = a.byR[j];
    if (p) last = p.l;
    orderOfR.push(p ? p.l : last + 0.5);
  }
  const ctx: Ctx = {
    a,
    learner: a.learner,
    ref: a.ref,
    errors: [],
    missingSet: new Set(a.missing),
    extraSet: new Set(a.extra),
    consumedL: new Set(),
    consumedR: new Set(),
    orderOfR,
    vocab: problem.vocab,
    wordnet: problem.wordnet,
    extraTo: problem.extraTo,
    prepForTo: problem.prepForTo,
    modalForm: problem.modalForm,
    japanese: problem.japanese,
    japaneseTime: problem.japaneseTime,
  };
  // Order matters: auxiliaries folded into tense errors must not be reported again as missing
  // or extra words, so the pair-based steps run first.
  const usedSynonym = pairErrors(ctx);
  auxiliaryErrors(ctx);
  polarityError(ctx);
  wordOrderError(ctx);
  const optional = optionalWords(ctx);
  embeddedQuestion(ctx);
  particlePronoun(ctx);
  pronounAfterParticle(ctx);
  gapMeaning(ctx);
  missingErrors(ctx);
  extraErrors(ctx);
  connectorClauseSwap(ctx);
  progressiveForPerfect(ctx);
  simpleForPerfect(ctx);
  leaveWithoutFor(ctx);
  swappedWords(ctx);
  speakerRoleChanged(ctx);
  listenerMadeObject(ctx);
  passiveMadeActive(ctx);
  subjectMadePerson(ctx);
  verbInGap(ctx);
  usedToHabit(ctx);
  desireForModal(ctx);
  noNeedForProhibition(ctx);
  timeWordWithTense(ctx);
  tenseAgainstJapanese(ctx);
  timeMovedByTense(ctx);
  missingInversion(ctx);
  causativeTo(ctx);
  prepositionForTo(ctx);
  modalVerbFormError(ctx);
  gerundVerbTo(ctx);
  miscollocation(ctx);
  frequencySwap(ctx);
  guessMadeCertain(ctx);
  sameForComparative(ctx);
  timeBoundSwap(ctx);
  timeOrderSwap(ctx);
  if (ctx.japanese && ctx.japanese.groups.length > 0 && ctx.errors.length > 1) japanesePhrase(ctx, ctx.japanese);
  if (ctx.errors.length > 1) verbParticle(ctx);
  if (ctx.errors.length > 1 && a.extra.length > 0 && a.missing.length > 0) wordInGap(ctx);
  // Two errors read as one slip or one meaning error (decision 040): only near answers have them.
  if (ctx.errors.length > 0 && ctx.errors.length <= FOLD_MAX_ERRORS) {
    concessiveKind(ctx);
    noForNot(ctx);
    particleForContent(ctx);
    whatForThat(ctx);
    beBeforeBase(ctx);
    missingFutureWill(ctx);
    tooForEnough(ctx);
    personReplaced(ctx);
    typoInGap(ctx);
    splitCompound(ctx);
    mustForHadTo(ctx);
    degreeWord(ctx);
    pastStatementForQuestion(ctx);
  }
  if (ctx.errors.length === 1) modalOrAgreement(ctx);
  if (ctx.a.extra.length > 0) addedOtherTime(ctx);
  if (ctx.a.extra.length > 0) everyOther(ctx);
  if (ctx.a.extra.length > 0) whileForAfter(ctx);
  if (ctx.errors.length > 0 && ctx.errors.length <= FOLD_MAX_ERRORS) subjectMadeOwner(ctx);
  if (ctx.errors.length > 0) {
    placeRelation(ctx);
    notOnlyDropped(ctx);
    oneOfDropped(ctx);
    suggestionMadePast(ctx);
    objectVerbForm(ctx);
    formAfterDo(ctx);
    agreementNotPlural(ctx);
    timesSwapped(ctx);
    eventsSwapped(ctx);
    numberNotMeaning(ctx);
    personOrThingAsked(ctx);
    formOfSameVerb(ctx);
  }
  // Array.prototype.sort is stable, so equal positions keep the order they were found in.
  const errors = ctx.errors.sort((x, y) => x.order - y.order);
  return { errors, usedSynonym: usedSynonym || optional, validMove: a.moves.some((b) => b.valid) };
}

/**
 * "I was tired because I went to bed early" for "I went to bed early because I was tired": the
 * learner's connector (the answer's, or one of the same relation) introduces the answer's other
 * clause, so cause and effect (or the two times) change places (decision 050). On a side whose
 * connector stands inside the sentence, the words after it are its clause and the words before it
 * the other clause; where those two clauses fall on the other side, in the order its own connector
 * asks for (after it when it stands inside, first when it opens the sentence), tells whether they
 * traded places. Either clause order stays free ("Because I was tired, I went to bed early"); a
 * connector moved alone (a word-order slip) leaves no content word before it and is not read.
 */
function connectorClauseSwap(ctx: Ctx): void {
  const { a, learner, ref, errors } = ctx;
  const mean = (xs: readonly number[]): number => xs.reduce((x, y) => x + y, 0) / xs.length;
  // as (as soon as, as if, as ... as) and so before an adjective (a degree word) are no connectors here.
  const connector = (t: Token, side: readonly Token[]): boolean => isConnector(t) && t.norm !== 'as' && !(t.norm === 'so' && (side[t.index + 1]?.pos === 'ADJ' || side[t.index + 1]?.pos === 'ADV'));
  for (const p of a.pairs) {
    const l = learner[p.l];
    const r = ref[p.r];
    if (!l || !r || !connector(l, learner) || !connector(r, ref) || isSubordinatorSwap(l, r)) continue;
    // X: the side whose connector stands inside the sentence (the learner's if both do).
    const learnerSide = p.l > 0;
    if (!learnerSide && p.r === 0) continue;
    const [x, k, kY, to] = learnerSide
      ? [learner, p.l, p.r, (i: number): number | undefined => (isRecalled(a.byL[i]) ? a.byL[i]?.r : undefined)]
      : [ref, p.r, p.l, (j: number): number | undefined => (isRecalled(a.byR[j]) ? a.byR[j]?.l : undefined)];
    const mapped = (from: number, until: number): number[] => {
      const out: number[] = [];
      for (let i = from; i < until; i++) {
        const at = x[i]?.cls === 'content' ? to(i) : undefined;
        if (at !== undefined) out.push(at);
      }
      return out;
    };
    const own = mapped(k + 1, x.length);
    const main = mapped(0, k);
    if (own.length === 0 || main.length === 0) continue;
    const after = mean(own) > mean(main);
    if (after === kY > 0) continue;
    // The clauses trading places is this one error, not a word-order slip as well.
    ctx.errors = errors.filter((e) => e.kind !== 'word-order');
    ctx.errors.push({ ...makeError('meaning', [learnerWord(l)], [r.display], `${q(learnerWord(l))}の後の内容が問題文と入れ替わっています（原因と結果など）。`, p.l, undefined, true), certain: true });
    return;
  }
}

const BE_FORMS = new Set(['am', 'is', 'are', 'was', 'were', "'m", "'re", "'s"]);
const PERFECT_HAVE = new Set(['have', 'has', 'had']);

/**
 * "How long are you studying" / "I am living here for ten years" for "have (you) been studying":
 * the progressive where the perfect progressive goes is one tense slip, not a wrong auxiliary plus a
 * missing "been". Folds the two errors the steps above found into one.
 */
function progressiveForPerfect(ctx: Ctx): void {
  const aux = ctx.errors.find((e) => e.words.length === 1 && BE_FORMS.has((e.words[0] ?? '').toLowerCase()) && e.expected.length === 1 && PERFECT_HAVE.has((e.expected[0] ?? '').toLowerCase()));
  const been = ctx.errors.find((e) => e !== aux && e.kind === 'missing-word' && (e.expected[0] ?? '').toLowerCase() === 'been' && e.words.every((w) => w.toLowerCase().endsWith('ing')));
  if (!aux || !been || aux.meaning || been.meaning) return;
  const words = [...aux.words, ...been.words];
  const expected = [...aux.expected, ...been.expected];
  const tense = makeError('tense', words, expected, `${q(words.join(' ... '))}ではなく現在完了進行形の${q(expected.join(' ... '))}にしましょう（ある時から今まで続いていることを表します）。`, aux.order);
  ctx.errors = ctx.errors.filter((e) => e !== aux && e !== been);
  ctx.errors.push(tense);
}

/**
 * "How long do you work here" for "How long have you worked here": the simple present (do-support
 * and the base form) where the present perfect goes is one tense slip, not a wrong auxiliary plus a
 * wrong verb form. Folds the two errors into one.
 */
const DO_FORMS = new Set(['do', 'does', 'did']);
function simpleForPerfect(ctx: Ctx): void {
  if (ctx.errors.length !== 2) return;
  const aux = ctx.errors.find((e) => e.words.length === 1 && DO_FORMS.has((e.words[0] ?? '').toLowerCase()) && e.expected.length === 1 && PERFECT_HAVE.has((e.expected[0] ?? '').toLowerCase()));
  const verb = ctx.errors.find((e) => e !== aux && e.kind === 'verb-form' && e.order > (aux?.order ?? Infinity) && e.words.length === 1 && e.expected.length === 1);
  if (!aux || !verb || aux.meaning || verb.meaning || ctx.errors.length !== 2) return;
  const l = ctx.learner[verb.order];
  const p = ctx.a.byL[verb.order];
  const r = p ? ctx.ref[p.r] : undefined;
  if (!l || !r || !r.forms.has('pp') || !(l.forms.has('base') || l.forms.has('3sg'))) return;
  const words = [...aux.words, ...verb.words];
  const expected = [...aux.expected, ...verb.expected];
  const tense = makeError('tense', words, expected, `${q(words.join(' ... '))}ではなく現在完了形の${q(expected.join(' ... '))}にしましょう（ある時から今まで続いていることを表します）。`, aux.order);
  ctx.errors = ctx.errors.filter((e) => e !== aux && e !== verb);
  ctx.errors.push(tense);
}

/**
 * "I'm leaving Tokyo tomorrow" for "I'm leaving for Tokyo": leave + a place is the place one
 * departs from, leave for + a place the one one goes to. Without the "for" the direction reverses,
 * a meaning error rather than a preposition slip.
 */
function leaveWithoutFor(ctx: Ctx): void {
  const { ref, learner, a } = ctx;
  for (const j of a.missing) {
    const leave = a.byR[j - 1];
    const place = a.byR[j + 1];
    if (ref[j]?.norm !== 'for' || ref[j - 1]?.lemma !== 'leave' || !leave || !place || learner[leave.l]?.lemma !== 'leave' || place.l !== leave.l + 1) continue;
    ctx.errors = ctx.errors.filter((e) => !(e.words.length === 0 && e.expected.length === 1 && e.expected[0]?.toLowerCase() === 'for'));
    const words = [learnerWord(learner[leave.l] as Token), learnerWord(learner[place.l] as Token)];
    ctx.errors.push({ ...makeError('meaning', words, ['for'], `${q(words.join(' '))}は「〜を出発する」という意味になります。行き先は${q('leave for ...')}で表します。`, leave.l, undefined, true), certain: true });
    return;
  }
}

/** Verbs whose object is followed by a bare infinitive: "let him go", "made us wait", "have my secretary arrange". */
const BARE_INFINITIVE_VERBS = new Set(['let', 'make', 'have']);
/** Perception verbs, whose object is followed by a bare infinitive or -ing: "heard him call". */
const PERCEPTION_VERBS = new Set(['see', 'hear', 'watch', 'feel', 'notice']);

/**
 * "I will have my secretary to arrange": have / let / make + a person + "to" + verb. The person
 * takes the bare verb, so the "to" is an extra word whatever answer (or lattice path) it is graded
 * against. The object must be a person (a pronoun, or a noun whose commonest WordNet sense is a
 * person), which keeps "have work to do" and "made an effort to" out. Returns the "to"'s index.
 */
export function bareInfinitiveTo(learner: readonly Token[], wordnet: WordNet | undefined): number | undefined {
  for (let v = 0; v < learner.length; v++) {
    const verb = learner[v] as Token;
    const perception = PERCEPTION_VERBS.has(verb.lemma) && verb.pos === 'VERB';
    if (!(BARE_INFINITIVE_VERBS.has(verb.lemma) || perception) || ((verb.pos === 'AUX' || verb.cls === 'aux') && verb.lemma !== 'have')) continue;
    let k = v + 1;
    // "I heard someone to call my name" (decision 049): a perception verb's object takes the bare
    // infinitive too; someone / somebody is a person.
    const objectPronoun = OBJECT_PRONOUNS.has(learner[k]?.norm ?? '') || (perception && UNNAMED_PERSONS.has(learner[k]?.norm ?? ''));
    if (objectPronoun) k += 1;
    else {
      while (k < learner.length && k <= v + 3 && (learner[k]?.cls === 'det' || learner[k]?.cls === 'article' || learner[k]?.pos === 'ADJ')) k++;
      const noun = learner[k];
      if (!noun || (noun.pos !== 'NOUN' && noun.pos !== 'PROPN') || !(noun.pos === 'PROPN' || wordnet?.isPerson(noun.lemma))) continue;
      k += 1;
    }
    const to = learner[k];
    const next = learner[k + 1];
    if (to?.norm === 'to' && next && next.pos === 'VERB' && next.forms.has('base')) return k;
  }
  return undefined;
}

/** Prepositions a learner puts where the infinitive's "to" goes ("go out for eat"). */
const PREPOSITIONS_BEFORE_VERB = new Set(['for', 'of', 'about', 'at', 'in', 'on', 'with', 'by', 'from', 'into']);

/**
 * "Let's go out for eat": a preposition before the base form of a word that can only be a verb is
 * the infinitive's "to" mistaken, whatever answer or lattice path it matches (a lattice may combine
 * "for dinner" and "to eat" slot by slot). Returns the preposition's index.
 */
export function prepositionBeforeVerb(learner: readonly Token[], wordnet: WordNet | undefined): number | undefined {
  if (!wordnet) return undefined;
  for (let k = 1; k < learner.length - 1; k++) {
    const prep = learner[k] as Token;
    const verb = learner[k + 1] as Token;
    // After a subject ("I for apologize") the verb is the clause's own, the preposition misplaced.
    const before = learner[k - 1];
    if (before?.cls === 'pron' || before?.pos === 'PROPN') continue;
    if (!PREPOSITIONS_BEFORE_VERB.has(prep.norm) || verb.norm !== verb.lemma || !verb.forms.has('base') || !/^[a-z]+$/.test(verb.norm)) continue;
    if (wordnet.onlyVerb(verb.norm)) return k;
  }
  return undefined;
}

function prepositionForTo(ctx: Ctx): void {
  const k = ctx.prepForTo;
  if (k === undefined) return;
  const prep = ctx.learner[k];
  const pair = ctx.a.byL[k];
  if (!prep || pair === undefined || (pair.rel !== 'exact' && pair.rel !== 'synonym')) return;
  const verb = ctx.learner[k + 1];
  ctx.errors.push(makeError('preposition', [learnerWord(prep)], ['to'], `動詞${q(verb ? learnerWord(verb) : '')}の前は前置詞${q(learnerWord(prep))}ではなく不定詞の${q('to')}です。`, k));
}

/**
 * "Will the bus comes soon?": the verb after a modal in another form than the base is a verb-form
 * slip, whatever path accepted the form (decision 040). Added only when no error names the word yet.
 */
function modalVerbFormError(ctx: Ctx): void {
  const k = ctx.modalForm;
  const verb = k === undefined ? undefined : ctx.learner[k];
  if (k === undefined || !verb || ctx.errors.some((e) => e.order === k)) return;
  const pair = ctx.a.byL[k];
  if (!pair || (pair.rel !== 'exact' && pair.rel !== 'synonym' && pair.rel !== 'inflection')) return;
  ctx.errors.push(makeError('verb-form', [learnerWord(verb)], [verb.lemma], `助動詞の後は動詞の原形です。${q(learnerWord(verb))}ではなく${q(verb.lemma)}にしましょう。`, k));
}

/** How many times: once, twice, thrice, or a number (before times). */
const FREQUENCY_WORDS = new Set(['once', 'twice', 'thrice']);
const isFrequency = (words: readonly string[]): boolean => {
  const w = words.map((x) => x.toLowerCase());
  return (w.length === 1 && FREQUENCY_WORDS.has(w[0] ?? '')) || (w.length === 2 && w[1] === 'times' && /^(\d+|two|three|four|five|six|seven|eight|nine|ten|several|many)$/.test(w[0] ?? ''));
};
/**
 * "twice a year" for "once a year" (decision 057): one frequency left out where the learner wrote
 * another at the same place says another number of times, a meaning error, not a missing and an
 * extra word.
 */
function frequencySwap(ctx: Ctx): void {
  const gone = ctx.errors.find((e) => e.kind === 'missing-word' && e.words.length === 0 && isFrequency(e.expected));
  if (!gone) return;
  const added = ctx.errors.find((e) => e.kind === 'extra-word' && e.expected.length === 0 && isFrequency(e.words) && Math.abs(e.order - gone.order) <= 1);
  if (!added || added.words.join(' ').toLowerCase() === gone.expected.join(' ').toLowerCase()) return;
  ctx.errors = ctx.errors.filter((e) => e !== gone && e !== added);
  ctx.errors.push({ ...makeError('meaning', added.words, gone.expected, `${q(added.words.join(' '))}では回数が変わります（${q(gone.expected.join(' '))}）。`, added.order, undefined, true), certain: true });
}

/**
 * "She will not come" for "Maybe she will not come" (decision 057): the answer's maybe / perhaps / probably
 * left out where the learner's will stands makes a guess a certainty, another modality (as will
 * for may is), a meaning error rather than a left-out word.
 */
function guessMadeCertain(ctx: Ctx): void {
  const gone = ctx.errors.find((e) => e.kind === 'missing-word' && e.words.length === 0 && e.expected.length === 1 && /^(maybe|perhaps|possibly|probably)$/i.test(e.expected[0] ?? ''));
  if (!gone || !ctx.learner.some((t) => t.norm === 'will') || ctx.learner.some((t) => t.norm === 'maybe' || t.norm === 'perhaps' || t.norm === 'possibly' || t.norm === 'probably' || GUESS_MODALS.has(t.norm))) return;
  ctx.errors = ctx.errors.filter((e) => e !== gone);
  ctx.errors.push({ ...makeError('meaning', [], gone.expected, `${q(gone.expected.join(' '))}がないと「〜かもしれない」ではなく断定になります。`, gone.order, undefined, true), certain: true });
}

/**
 * "This year's sales are the same as last year's" for "higher than" (decision 057): the same as
 * where the answer compares with than says there is no difference, a meaning error.
 */
function sameForComparative(ctx: Ctx): void {
  const { learner, ref } = ctx;
  const same = learner.findIndex((t, k) => t.norm === 'same' && learner[k + 1]?.norm === 'as');
  // The answer compares: than, a comparative, or above / below (the sales are above last year's).
  const compares = (t: Token): boolean => t.norm === 'than' || t.norm === 'above' || t.norm === 'below' || (t.pos === 'ADJ' && /[a-z]{2}er$/.test(t.norm) && t.lemma !== t.norm);
  const j = ref.findIndex(compares);
  if (same < 0 || j < 0 || learner.some((t) => t.norm === 'than')) return;
  const comparative = ref[j]?.norm === 'than' ? ref[j - 1] : ref[j];
  ctx.errors = ctx.errors.filter((e) => !(e.order >= same - 1 && e.order <= same + 1));
  ctx.errors.push({ ...makeError('meaning', [learnerWord(learner[same] as Token), 'as'], comparative ? [comparative.display] : [], `${q('the same as')}では「同じ」になり、比較の意味${comparative ? `（${q(comparative.display)}）` : ''}が失われます。`, same, undefined, true), certain: true });
}

/** Where a time span ends (until, till, through) and where it starts (from, since, after). */
const TIME_END = new Set(['until', 'till', 'through']);
const TIME_START = new Set(['from', 'since', 'after']);
/**
 * "valid from the end of this month" for "until the end" (decision 057): the start of a time span
 * for its end, or the other way round, says the opposite time, a meaning error rather than a
 * preposition slip.
 */
function timeBoundSwap(ctx: Ctx): void {
  const e = ctx.errors.find((x) => x.kind === 'preposition' && x.words.length === 1 && x.expected.length === 1);
  if (!e) return;
  const [l, r] = [e.words[0]?.toLowerCase() ?? '', e.expected[0]?.toLowerCase() ?? ''];
  if (!((TIME_START.has(l) && TIME_END.has(r)) || (TIME_END.has(l) && TIME_START.has(r)))) return;
  ctx.errors = ctx.errors.filter((x) => x !== e);
  ctx.errors.push({ ...makeError('meaning', e.words, e.expected, `${q(e.words[0] ?? '')}では期間の始まりと終わりが逆になります（${q(e.expected[0] ?? '')}）。`, e.order, undefined, true), certain: true });
}

/** Words that place an event in time against another: before, after, during, within, while. */
const TIME_ORDER = new Set(['before', 'after', 'during', 'within', 'while']);
const TIME_SEQUENCE = new Set(['before', 'after']);
/**
 * "returned after 30 days" for "within 30 days", "during dinner" for "after dinner", "after she did
 * her homework" for "while" (decision 082): before or after for another word of the set (or the
 * other way round) moves the event in time, a meaning error, not a preposition slip. During, within
 * and while among themselves stay near each other.
 */
function timeOrderSwap(ctx: Ctx): void {
  const one = (e: DraftError, side: 'words' | 'expected'): string | undefined => (e[side].length === 1 ? e[side][0]?.toLowerCase() : undefined);
  const swapped = (l: string | undefined, r: string | undefined): boolean =>
    l !== undefined && r !== undefined && l !== r && TIME_ORDER.has(l) && TIME_ORDER.has(r) && (TIME_SEQUENCE.has(l) || TIME_SEQUENCE.has(r));
  const direct = ctx.errors.find((e) => (e.kind === 'preposition' || e.kind === 'word-choice') && one(e, 'words') !== undefined && swapped(one(e, 'words'), one(e, 'expected')));
  let drop: DraftError[] = [];
  let words: string[] = [];
  let expected: string[] = [];
  let order = 0;
  if (direct) {
    drop = [direct];
    ({ words, expected, order } = direct);
  } else {
    const extra = ctx.errors.find((e) => e.kind === 'extra-word' && e.expected.length === 0 && TIME_ORDER.has(one(e, 'words') ?? ''));
    const missing = ctx.errors.find((e) => e.kind === 'missing-word' && e.words.length === 0 && TIME_ORDER.has(one(e, 'expected') ?? ''));
    if (!extra || !missing || !swapped(one(extra, 'words'), one(missing, 'expected'))) return;
    drop = [extra, missing];
    words = extra.words;
    expected = missing.expected;
    order = extra.order;
  }
  ctx.errors = ctx.errors.filter((e) => !drop.includes(e));
  ctx.errors.push({ ...makeError('meaning', words, expected, `${q(words[0] ?? '')}では時の前後が問題文と変わります（${q(expected[0] ?? '')}）。`, order, undefined, true), certain: true });
}

/** Nouns whose -y adjective means something else (fun / funny). */
const Y_ADJECTIVE_OTHER = new Set(['fun', 'hand', 'craft', 'fish', 'mean']);
/**
 * "It will be sun tomorrow" for "sunny" (decision 057): the noun whose -y adjective the answer has
 * (sun / sunny, rain / rainy, health / healthy, noise / noisy), where WordNet has no link between
 * them, is the word in the wrong part of speech.
 */
function adjectiveOfNoun(l: Token, r: Token): boolean {
  // (The tagger reads a bare noun after be as a verb: "be sun".)
  if ((l.pos !== 'NOUN' && l.pos !== 'VERB') || r.pos !== 'ADJ' || l.norm.length < 3 || Y_ADJECTIVE_OTHER.has(l.norm)) return false;
  const n = l.norm;
  return r.norm === `${n}y` || r.norm === `${n}${n.at(-1)}y` || (n.endsWith('e') && r.norm === `${n.slice(0, -1)}y`);
}

/** Verbs whose verb complement is only the -ing form ("kept talking", never "kept to talk"). */
const GERUND_ONLY_VERBS = new Set(['keep', 'enjoy', 'finish', 'mind', 'avoid', 'quit', 'practice', 'consider', 'suggest', 'deny', 'miss', 'imagine', 'postpone', 'delay', 'admit', 'risk']);
/** The -ing form of a verb's base, for the message ("talk" → "talking", "stop" → "stopping"). */
function ingOf(base: string): string {
  if (base.endsWith('ie')) return `${base.slice(0, -2)}ying`;
  if (base.endsWith('e') && !base.endsWith('ee') && base.length > 2) return `${base.slice(0, -1)}ing`;
  if (/^[^aeiou]*[aeiou][bdgmnprt]$/.test(base)) return `${base}${base.at(-1)}ing`;
  return `${base}ing`;
}
/**
 * "He kept to talk all night" (decision 057): a verb that takes only the -ing form, followed by to
 * and a verb's base, is a verb-form slip whatever path accepted the words (a derived synonym of
 * keep, continue, also takes to). Added only when no error names the words yet.
 */
function gerundVerbTo(ctx: Ctx): void {
  const { learner } = ctx;
  for (let k = 0; k + 2 < learner.length; k++) {
    const head = learner[k] as Token;
    const verb = learner[k + 2] as Token;
    if (!GERUND_ONLY_VERBS.has(head.lemma) || head.pos !== 'VERB' || learner[k + 1]?.norm !== 'to' || verb.pos !== 'VERB' || !verb.forms.has('base')) continue;
    if (ctx.errors.some((e) => e.order >= k && e.order <= k + 2)) continue;
    ctx.errors.push(makeError('verb-form', [learnerWord(learner[k + 1] as Token), learnerWord(verb)], [ingOf(verb.lemma)], `${q(learnerWord(head))}の後は動詞の-ing形です。${q(`to ${learnerWord(verb)}`)}ではなく${q(ingOf(verb.lemma))}にしましょう。`, k + 1));
    return;
  }
  spentTimeTo(ctx);
}

/** Nouns of a stretch of time that spend / waste take before the -ing form. */
const SPENT_TIME_NOUNS = new Set(['day', 'days', 'hour', 'hours', 'minute', 'minutes', 'week', 'weeks', 'month', 'months', 'year', 'years', 'time', 'morning', 'afternoon', 'evening', 'night', 'weekend']);
/**
 * "I spent a whole day to prepare" (decision 063): spend / waste and a stretch of time take the -ing
 * form (spent a whole day preparing); to and a verb's base there is a verb-form slip, whatever path
 * accepted the words. Only with a time noun within four words: "spent money to buy" is a purpose.
 */
function spentTimeTo(ctx: Ctx): void {
  const { learner } = ctx;
  for (let k = 0; k + 3 < learner.length; k++) {
    const head = learner[k] as Token;
    if ((head.lemma !== 'spend' && head.lemma !== 'waste') || head.pos !== 'VERB') continue;
    for (let t = k + 2; t <= k + 5 && t + 1 < learner.length; t++) {
      if (learner[t]?.norm !== 'to') continue;
      const verb = learner[t + 1] as Token;
      const between = learner.slice(k + 1, t);
      if (!between.some((x) => SPENT_TIME_NOUNS.has(x.norm)) || between.some((x) => x.pos === 'VERB') || verb.pos !== 'VERB' || !verb.forms.has('base')) break;
      // Read against "It took me a whole day to prepare", the path leaves only a person out: that is
      // the reference's wording, not the learner's error, which is this one.
      const took = (e: DraftError): boolean => e.order >= k && e.order <= t + 1 && e.kind === 'missing-word' && e.words.length === 0 && e.expected.every((w) => OBJECT_PERSONS.has(w.toLowerCase()));
      ctx.errors = ctx.errors.filter((e) => !took(e));
      if (ctx.errors.some((e) => e.order >= k && e.order <= t + 1)) return;
      ctx.errors.push(makeError('verb-form', [learnerWord(learner[t] as Token), learnerWord(verb)], [ingOf(verb.lemma)], `${q(`${learnerWord(head)} + 時間`)}の後は動詞の-ing形です。${q(`to ${learnerWord(verb)}`)}ではなく${q(ingOf(verb.lemma))}にしましょう。`, t));
      return;
    }
  }
}

/** Verbs after which good / bad describe the subject (I feel good), not how something was done. */
const LINKING_VERBS = new Set(['be', 'feel', 'look', 'seem', 'sound', 'taste', 'smell', 'become', 'get', 'stay', 'remain', 'appear']);
/**
 * Words a Japanese learner puts together that English does not, which a synonym path accepts
 * (decision 057): "yesterday night" (昨日の夜) for last night, where the answer's night or evening
 * is paired; "did good" for did well, the adjective after a verb that is not a linking verb where
 * the answer has the adverb. A word-choice slip, added only when no error names the words yet.
 */
function miscollocation(ctx: Ctx): void {
  const { learner, ref, a } = ctx;
  for (let k = 0; k < learner.length; k++) {
    const t = learner[k] as Token;
    const pair = a.byL[k];
    const r = pair ? ref[pair.r] : undefined;
    if (t.norm === 'yesterday' && learner[k + 1]?.norm === 'night' && ref.some((x) => x.norm === 'night' || x.norm === 'evening')) {
      // Against "last night" the aligner may pair yesterday with last: that error is this one.
      const own = (e: DraftError): boolean => (e.order === k || e.order === k + 1) && e.words.every((w) => /^(yesterday|night)$/i.test(w)) && e.expected.every((w) => /^(last|night|evening|yesterday)$/i.test(w));
      if (ctx.errors.some((e) => (e.order === k || e.order === k + 1) && !own(e))) return;
      ctx.errors = ctx.errors.filter((e) => !own(e));
      ctx.errors.push(makeError('word-choice', [learnerWord(t), learnerWord(learner[k + 1] as Token)], ['last', 'night'], `「昨日の夜」は${q('last night')}と言います。`, k));
      return;
    }
    if (!r || ctx.errors.some((e) => e.order === k || e.order === k - 1)) continue;
    const before = learner[k - 1];
    const adverb = (t.norm === 'good' && r.norm === 'well') || (t.norm === 'bad' && r.norm === 'badly');
    if (adverb && before !== undefined && (before.pos === 'VERB' || before.lemma === 'do') && !LINKING_VERBS.has(before.lemma)) {
      ctx.errors.push(makeError('word-choice', [learnerWord(t)], [r.display], `動詞を修飾するのは副詞の${q(r.display)}です。${q(learnerWord(t))}は形容詞です。`, k));
      return;
    }
  }
}

/** The folds below look at answers this close only (more errors: the reading is far anyway). */
const FOLD_MAX_ERRORS = 4;
/** Lower-case words of an error's learner side and answer side. */
const wordsOf = (e: DraftError): string => e.words.join(' ').toLowerCase();
const expectedOf = (e: DraftError): string => e.expected.join(' ').toLowerCase();
/** The error names only added words / only left-out words. */
const isExtra = (e: DraftError): boolean => e.expected.length === 0 && e.words.length > 0;
const isMissing = (e: DraftError): boolean => e.words.length === 0 && e.expected.length > 0;

/** Positions where a lemma sequence occurs in the tokens. */
function occurrences(tokens: readonly Token[], phrase: readonly string[]): number[] {
  const out: number[] = [];
  for (let i = 0; i + phrase.length <= tokens.length; i++) if (phrase.every((w, k) => tokens[i + k]?.lemma === w || tokens[i + k]?.norm === w)) out.push(i);
  return out;
}

/**
 * "Please erase the TV" for "turn off the TV", "I slept early" for "went to bed early", "didn't go
 * out the phone" for "answer the phone" (decision 049): where the learner's words and the answer's
 * are two translations of one Japanese word of the problem's sentence, one of them a phrase, the
 * pair and the words left over around it (a missing "off", an extra "out") are one word-choice slip,
 * not a meaning error and a missing or extra word.
 */
function japanesePhrase(ctx: Ctx, choices: JapaneseChoices): void {
  const { a, learner, ref } = ctx;
  // Most answers have no word of the entries at all: nothing to look for then.
  if (!learner.some((t) => choices.words.has(t.lemma) || choices.words.has(t.norm))) return;
  const lower = (w: string): string => w.toLowerCase();
  for (const group of choices.groups) {
    // Longest phrase first (japaneseChoices sorts them): "got broken" before "broken".
    for (const mine of group) {
      for (const li of occurrences(learner, mine)) {
        const lSpan = mine.map((_, k) => li + k);
        // "the lights were erased" for "went out": the be of the learner's passive goes with it;
        // "come to play at my house" for "come over to": a preposition the learner added after it.
        const beBefore = learner[li - 1];
        if (beBefore && ctx.extraSet.has(li - 1) && AUX_FORMS[beBefore.norm]?.lemma === 'be' && learner[li]?.forms.has('pp')) lSpan.unshift(li - 1);
        const lAfter = li + mine.length;
        if (learner[lAfter]?.cls === 'prep' && ctx.extraSet.has(lAfter)) lSpan.push(lAfter);
        for (const theirs of group) {
          if (theirs === mine || (mine.length === 1 && theirs.length === 1)) continue;
          for (const ri of occurrences(ref, theirs)) {
            const rSpan = theirs.map((_, k) => ri + k);
            const rAfter = ri + theirs.length;
            if (ref[rAfter]?.cls === 'prep' && (ctx.missingSet.has(rAfter) || lSpan.includes(a.byR[rAfter]?.l ?? -1))) rSpan.push(rAfter);
            // Every learner word of the phrase is extra or paired inside the answer's phrase, and
            // every answer word is missing or paired inside the learner's; something differs.
            const inside = lSpan.every((i) => ctx.extraSet.has(i) || (a.byL[i] !== undefined && rSpan.includes(a.byL[i]?.r ?? -1)));
            const covered = rSpan.every((j) => ctx.missingSet.has(j) || (a.byR[j] !== undefined && lSpan.includes(a.byR[j]?.l ?? -1)));
            if (!inside || !covered || lSpan.every((i) => a.byL[i]?.rel === 'exact')) continue;
            const lWords = new Set(lSpan.map((i) => lower(learner[i]?.display ?? '')));
            const rWords = new Set(rSpan.map((j) => lower(ref[j]?.display ?? '')));
            const mineErrors = ctx.errors.filter((e) => e.words.every((w) => lWords.has(lower(w))) && e.expected.every((w) => rWords.has(lower(w))));
            // Nothing else is wrong in the answer's phrase or the learner's (a tense on it stays).
            // (The form of a word of the learner's own phrase, "got broken" for "broke down", is
            // that phrase's, not a second slip.)
            if (mineErrors.length === 0 || mineErrors.some((e) => e.kind !== 'word-choice' && e.kind !== 'meaning' && e.kind !== 'missing-word' && e.kind !== 'extra-word' && e.kind !== 'preposition' && e.kind !== 'verb-form')) continue;
            const lw = lSpan.map((i) => learnerWord(learner[i] as Token));
            // Something of the answer's phrase is left out or replaced, not only the added words.
            if (!rSpan.some((j) => ctx.missingSet.has(j) || (a.byR[j] !== undefined && a.byR[j]?.rel !== 'exact'))) continue;
            const rw = rSpan.map((j) => (ref[j] as Token).display);
            ctx.errors = ctx.errors.filter((e) => !mineErrors.includes(e));
            // The learner's phrase says what the answer's does: the paired word keeps the content.
            const paired = lSpan.find((i) => a.byL[i] !== undefined) ?? li;
            ctx.errors.push({ ...makeError('word-choice', lw, rw, `${q(lw.join(' '))}ではなく${q(rw.join(' '))}が自然です（日本語では同じ語でも、英語では使い分けます）。`, paired, PENALTY['word-choice']), halfContent: true });
            return;
          }
        }
      }
    }
  }
}

const RELATIVE_PRONOUNS = new Set(['who', 'which', 'that', 'whom']);
/** Learner word k ends a noun phrase (a noun, "one", or a word the tagger read otherwise after a determiner). */
function nounHead(learner: readonly Token[], k: number): boolean {
  const t = learner[k];
  if (!t) return false;
  if (t.pos === 'NOUN' || t.pos === 'PROPN' || t.norm === 'one') return true;
  const d = learner[k - 1];
  return t.cls === 'content' && t.pos !== 'VERB' && d !== undefined && (d.cls === 'article' || d.cls === 'det' || POSSESSIVES.has(d.norm));
}
/** An added relative pronoun: more than a swapped one (0.9) or a missing be (0.8), still one slip. */
const EXTRA_RELATIVE_PENALTY = 1.0;

/** Third-person singular subject pronouns. */
const THIRD_SINGULAR = new Set(['he', 'she', 'it']);

/**
 * "she speak both English and Chinese" against "She can speak" and "She speaks" (decision 049): a
 * he / she / it with the verb's base form is the 三単現 slip; a modal left out there costs a bit
 * more than the agreement, so where an accepted answer has the -s form, agreement is named.
 */
function modalOrAgreement(ctx: Ctx): void {
  const e = ctx.errors[0];
  if (!e || !isMissing(e) || e.expected.length !== 1) return;
  const j = ctx.ref.findIndex((t, k) => ctx.missingSet.has(k) && t.display === e.expected[0] && t.cls === 'modal');
  const verb = ctx.a.byR[j + 1];
  const l = verb ? ctx.learner[verb.l] : undefined;
  const subject = verb ? ctx.learner[verb.l - 1] : undefined;
  if (j < 0 || !l || !subject || !l.forms.has('base') || !THIRD_SINGULAR.has(subject.norm)) return;
  e.penalty = Math.max(e.penalty, PENALTY.agreement + 0.1);
}

/** The prepositions of place learners swap for one another ("on its place", "at the box"). */
const AT_ON_IN = new Set(['at', 'on', 'in']);

/**
 * "I had seen the movie ago" for "before", "taken other road" for "another road" (decision 049):
 * the aligner leaves the learner's word and the answer's apart, an extra and a missing word at one
 * place; where the two translate one Japanese word of the sentence (前に: ago / before) or are
 * function words learners swap (other / another), they are one word-choice slip.
 */
function wordInGap(ctx: Ctx): void {
  const { a, learner, ref } = ctx;
  const words = ctx.japanese?.words;
  if (!a.extra.some((i) => learner[i]?.norm === 'other' || learner[i]?.norm === 'another' || (words !== undefined && (words.has(learner[i]?.lemma ?? '') || words.has(learner[i]?.norm ?? ''))))) return;
  for (const i of a.extra) {
    const l = learner[i];
    if (!l || l.foreign || ctx.consumedL.has(i)) continue;
    for (const j of a.missing) {
      const r = ref[j];
      if (!r || ctx.consumedR.has(j) || a.gapR[j] !== a.gapL[i] || Math.abs((ctx.orderOfR[j] ?? -9) - i) > 1) continue;
      if (!(l.norm === 'other' && r.norm === 'another') && !(l.norm === 'another' && r.norm === 'other') && !sharesJapanese(ctx.japanese, l, r)) continue;
      const extra = ctx.errors.find((e) => isExtra(e) && e.order === i && e.words.length === 1);
      const missing = ctx.errors.find((e) => isMissing(e) && e.expected.length === 1 && (e.expected[0] ?? '').toLowerCase() === r.display.toLowerCase());
      if (!extra || !missing) continue;
      fold(ctx, [extra, missing], makeError('word-choice', [learnerWord(l)], [r.display], `${q(learnerWord(l))}ではなく${q(r.display)}が自然です。`, i, r.content ? PENALTY['word-choice'] : FUNCTION_WORD_CHOICE_PENALTY));
      return;
    }
  }
}

/** Prepositions a verb takes as its own (listen to, look at, wait for, talk with). */
const VERB_PARTICLES = new Set(['to', 'at', 'for', 'with', 'about']);

/**
 * "I am hearing music" for "listening to music", "I listened to someone knock" for "heard someone
 * knock" (decision 049): where one verb is the word-choice slip for another, the preposition the
 * answer's verb takes (missing) or the learner's verb takes (extra) right after it is part of that
 * verb, not a second slip.
 */
function verbParticle(ctx: Ctx): void {
  const { a, learner, ref } = ctx;
  for (const choice of ctx.errors.filter((e) => e.kind === 'word-choice' && e.words.length === 1 && e.expected.length === 1)) {
    const p = a.byL[choice.order];
    const l = learner[choice.order];
    const r = p ? ref[p.r] : undefined;
    if (!p || !l || !r || l.pos !== 'VERB' || r.pos !== 'VERB') continue;
    const refNext = ref[p.r + 1];
    const lNext = learner[choice.order + 1];
    const missing = refNext && ctx.missingSet.has(p.r + 1) && VERB_PARTICLES.has(refNext.norm) ? ctx.errors.find((e) => isMissing(e) && e.expected.length === 1 && (e.expected[0] ?? '').toLowerCase() === refNext.norm) : undefined;
    const extra = lNext && ctx.extraSet.has(choice.order + 1) && VERB_PARTICLES.has(lNext.norm) ? ctx.errors.find((e) => isExtra(e) && e.words.length === 1 && e.order === choice.order + 1) : undefined;
    const particle = missing ?? extra;
    if (!particle) continue;
    const words = extra && lNext ? [...choice.words, lNext.display] : choice.words;
    const expected = missing && refNext ? [...choice.expected, refNext.display] : choice.expected;
    fold(ctx, [choice, particle], { ...choice, words, expected, message: `${q(words.join(' '))}ではなく${q(expected.join(' '))}が自然です。` });
    return;
  }
}

/** Replace two draft errors by one. */
function fold(ctx: Ctx, drop: readonly DraftError[], add: DraftError): void {
  ctx.errors = ctx.errors.filter((e) => !drop.includes(e));
  ctx.errors.push(add);
}

/**
 * "This soup is hot enough to eat" for "too hot to eat" (decision 046): too + adjective + to says
 * it cannot be done, adjective + enough + to that it can; the other degree word is the opposite
 * meaning, not a missing and an extra word.
 */
const DEGREE_OPPOSITES: readonly (readonly [string, string])[] = [['enough', 'too'], ['too', 'enough']];
function tooForEnough(ctx: Ctx): void {
  for (const [l, r] of DEGREE_OPPOSITES) {
    const extra = ctx.errors.find((e) => isExtra(e) && wordsOf(e) === l);
    const missing = extra && ctx.errors.find((e) => isMissing(e) && expectedOf(e) === r && Math.abs(e.order - extra.order) <= 2);
    if (!extra || !missing || !ctx.ref.some((t, j) => t.norm === 'to' && ctx.ref[j + 1]?.pos === 'VERB')) continue;
    fold(ctx, [extra, missing], makeError('antonym', extra.words, missing.expected, `${q(extra.words.join(' '))}では意味が反対になります。${q(missing.expected.join(' '))}にしましょう。`, extra.order, undefined, true));
    return;
  }
}

/**
 * "Please send the minutes to the manager" for "to everyone" (decision 046): a person the answer
 * names with a pronoun or everyone left out where the learner adds a noun phrase naming a person is
 * another person, not a missing and an extra word.
 */
const PERSON_WORDS = new Set(['everyone', 'everybody', 'me', 'him', 'her', 'us', 'them', 'you', 'someone', 'somebody']);
function personReplaced(ctx: Ctx): void {
  const missing = ctx.errors.find((e) => isMissing(e) && e.expected.length === 1 && PERSON_WORDS.has(expectedOf(e)));
  if (!missing) return;
  const extra = ctx.errors.find((e) => {
    if (!isExtra(e) || e.words.length > 4 || Math.abs(e.order - missing.order) > 4) return false;
    const last = ctx.learner[e.order + e.words.length - 1];
    return last !== undefined && last.pos === 'NOUN' && (ctx.wordnet?.isPerson(last.lemma) ?? false);
  });
  if (!extra) return;
  fold(ctx, [missing, extra], { ...makeError('meaning', extra.words, missing.expected, `${q(extra.words.join(' '))}では別の人になります。${q(missing.expected.join(' '))}にしましょう。`, extra.order, undefined, true), certain: true });
}

/** Concessive connectors before a clause and before a noun phrase (decision 040). */
const CLAUSE_CONCESSIVES = new Set(['although', 'though', 'even though']);
const PHRASE_CONCESSIVES = new Set(['despite', 'in spite of', 'even with']);

/**
 * "Although the heavy snow" for "Despite the heavy snow" (or "despite it snowed" for "although"): a
 * concessive connector of the other kind, before a noun phrase or a clause, says the same relation in
 * the wrong construction: one word-choice slip, not a missing and an extra word.
 */
function concessiveKind(ctx: Ctx): void {
  for (const extra of ctx.errors.filter(isExtra)) {
    const lw = wordsOf(extra);
    const other = CLAUSE_CONCESSIVES.has(lw) ? PHRASE_CONCESSIVES : PHRASE_CONCESSIVES.has(lw) ? CLAUSE_CONCESSIVES : undefined;
    const missing = other && ctx.errors.find((e) => isMissing(e) && other.has(expectedOf(e)) && Math.abs(e.order - extra.order) <= 1);
    if (!missing) continue;
    const why = CLAUSE_CONCESSIVES.has(lw) ? '後に名詞が続くときは' : '後に主語と動詞が続くときは';
    fold(ctx, [extra, missing], makeError('word-choice', extra.words, missing.expected, `${why}${q(extra.words.join(' '))}ではなく${q(missing.expected.join(' '))}を使いましょう。`, extra.order, PENALTY['word-choice']));
    return;
  }
}

/**
 * "whether he comes or no" for "or not": no and not swapped keep the polarity (both negate); the
 * wrong one of the two is a word-choice slip, not a lost negation and an extra word.
 */
// Decision 063: already for yet ("has not been cleaned already", もう) is the word Japanese uses for
// both, a word-choice slip, not a missing and an extra word; the negation is checked on its own.
const NO_NOT_PAIRS: readonly (readonly [string, string])[] = [['no', 'not'], ['not', 'no'], ['already', 'yet'], ['yet', 'already']];
function noForNot(ctx: Ctx): void {
  for (const [l, r] of NO_NOT_PAIRS) {
    const extra = ctx.errors.find((e) => isExtra(e) && wordsOf(e) === l);
    const missing = extra && ctx.errors.find((e) => isMissing(e) && expectedOf(e) === r && Math.abs(e.order - extra.order) <= 1);
    if (!extra || !missing) continue;
    fold(ctx, [extra, missing], makeError('word-choice', extra.words, missing.expected, `${q(extra.words.join(' '))}ではなく${q(missing.expected.join(' '))}を使いましょう。`, extra.order, FUNCTION_WORD_CHOICE_PENALTY));
    return;
  }
}

/**
 * "eat outside" for "eat out", "leave the lights open" for "leave the lights on": the particle of a
 * phrasal verb replaced by an adjective or adverb (or a longer preposition built on it: outside,
 * into) at its place keeps what is meant in the wrong word,
 * one word-choice slip (not a missing particle and an extra word). An opposite ("off" for "on") is a
 * particle itself, so it is not taken here.
 */
function particleForContent(ctx: Ctx): void {
  for (const missing of ctx.errors.filter(isMissing)) {
    const particle = expectedOf(missing);
    if (!PARTICLES.has(particle)) continue;
    const extra = ctx.errors.find((e) => isExtra(e) && e.words.length === 1 && Math.abs(e.order - missing.order) <= 1);
    const t = extra ? ctx.learner[extra.order] : undefined;
    const standsFor = t !== undefined && ((t.cls === 'content' && (t.pos === 'ADJ' || t.pos === 'ADV')) || (t.cls === 'prep' && !PARTICLES.has(t.norm) && t.norm.startsWith(particle)));
    if (!extra || !t || !standsFor) continue;
    const verb = ctx.learner.slice(Math.max(0, extra.order - 4), extra.order).some((x) => x.pos === 'VERB' && x.cls === 'content');
    if (!verb) continue;
    fold(ctx, [extra, missing], makeError('word-choice', extra.words, missing.expected, `${q(extra.words.join(' '))}ではなく${q(missing.expected.join(' '))}を使いましょう（句動詞）。`, extra.order, PENALTY['word-choice']));
    return;
  }
}

/**
 * "I know what you are right", "He said what he would come": what before a whole clause after a
 * verb, where the answer has that (or nothing), is the conjunction's word choice, not an extra word.
 */
function whatForThat(ctx: Ctx): void {
  const extra = ctx.errors.find((e) => isExtra(e) && wordsOf(e) === 'what');
  if (!extra) return;
  const k = extra.order;
  const before = ctx.learner[k - 1];
  const subject = ctx.learner[k + 1];
  const verbPair = ctx.a.byL[k - 1];
  const subjectPair = ctx.a.byL[k + 1];
  if (!before || before.pos !== 'VERB' || before.cls !== 'content' || !subject || !verbPair || !subjectPair) return;
  if (!(SUBJECT_PRONOUNS.has(subject.norm) || subject.norm === 'you' || subject.norm === 'it' || subject.cls === 'article' || subject.pos === 'PROPN')) return;
  // The answer's clause follows its verb at once or after that: nothing else is left out there.
  const gap = ctx.ref.slice(verbPair.r + 1, subjectPair.r);
  if (!gap.every((t) => t.norm === 'that')) return;
  fold(ctx, [extra], makeError('word-choice', extra.words, ['that'], `節をつなぐのは${q('what')}ではなく${q('that')}です（省略もできます）。`, k, FUNCTION_WORD_CHOICE_PENALTY));
}

/**
 * "What he says is make sense": a be put before a verb's base form as the sentence's verb carrier
 * is the one slip (an extra word); the base form after it is not a second, agreement slip.
 */
function beBeforeBase(ctx: Ctx): void {
  const extra = ctx.errors.find((e) => isExtra(e) && e.words.length === 1 && BE_FORMS.has(wordsOf(e)));
  const verb = extra ? ctx.learner[extra.order + 1] : undefined;
  if (!extra || !verb || !verb.forms.has('base')) return;
  const agreement = ctx.errors.find((e) => (e.kind === 'agreement' || e.kind === 'subject-verb') && e.order === extra.order + 1);
  if (agreement) ctx.errors = ctx.errors.filter((e) => e !== agreement);
}

/**
 * "as new as yous" for "yours": a function word one letter (or two swapped letters) from the
 * answer's, which the aligner left apart as an extra and a missing word at the same place, is a
 * spelling slip, not two errors. Content words are left out: "love" for "live" says something else.
 */
function typoInGap(ctx: Ctx): void {
  for (const extra of ctx.errors.filter((e) => isExtra(e) && e.words.length === 1 && !e.meaning)) {
    const l = ctx.learner[extra.order];
    const missing = ctx.errors.find((e) => isMissing(e) && e.expected.length === 1 && !e.meaning && Math.abs(e.order - extra.order) <= 1);
    if (!l || !missing || l.foreign) continue;
    const lw = l.norm;
    const rw = expectedOf(missing);
    const refToken = ctx.ref.find((t) => t.norm === rw);
    if (!refToken || refToken.content || lw.length < 3 || rw.length < 3 || !(distance(lw, rw) === 1 || isTranspositionOf(lw, rw))) continue;
    fold(ctx, [extra, missing], makeError('spelling', [learnerWord(l)], [refToken.display], `${q(learnerWord(l))}のつづりに注意しましょう。正しくは${q(refToken.display)}です。`, extra.order));
    return;
  }
}

/**
 * "I want some thing to drink" for "something" (decision 063): a compound written as two words,
 * which the aligner reads as one word for the compound and an extra word after it, is one spelling
 * slip. Only where the two learner words joined are the answer's word letter for letter.
 */
function splitCompound(ctx: Ctx): void {
  for (const first of ctx.errors) {
    if (first.words.length !== 1 || first.expected.length !== 1 || first.meaning) continue;
    const second = ctx.errors.find((e) => e !== first && isExtra(e) && e.words.length === 1 && e.order === first.order + 1);
    const l = ctx.learner[first.order];
    const next = ctx.learner[first.order + 1];
    if (!second || !l || !next || `${l.norm}${next.norm}` !== expectedOf(first) || l.norm.length < 2 || next.norm.length < 3) continue;
    const joined = ctx.ref.find((t) => t.norm === expectedOf(first));
    fold(ctx, [first, second], makeError('spelling', [learnerWord(l), learnerWord(next)], [joined?.display ?? expectedOf(first)], `${q(`${learnerWord(l)} ${learnerWord(next)}`)}は1語で${q(joined?.display ?? expectedOf(first))}と書きます。`, first.order));
    return;
  }
}

/**
 * "I must help my mother at home yesterday" for "had to" (decision 063): must has no past, so the
 * learner's must where the answer has had to is the tense (the past of must is had to), one slip,
 * not a word choice and a missing to.
 */
function mustForHadTo(ctx: Ctx): void {
  const choice = ctx.errors.find((e) => e.words.length === 1 && wordsOf(e) === 'must' && expectedOf(e) === 'had');
  const missing = choice && ctx.errors.find((e) => isMissing(e) && expectedOf(e) === 'to' && Math.abs(e.order - choice.order) <= 1);
  if (!choice || !missing) return;
  fold(ctx, [choice, missing], makeError('tense', [learnerWord(ctx.learner[choice.order] as Token)], ['had', 'to'], `${q('must')}には過去形がありません。過去のことは${q('had to')}で表しましょう。`, choice.order));
}

/** Two words that differ by two neighbouring letters swapped ("form" / "from"). */
function isTranspositionOf(x: string, y: string): boolean {
  if (x.length !== y.length || x === y) return false;
  const diff = [...x].flatMap((c, k) => (c === y[k] ? [] : [k]));
  return diff.length === 2 && diff[1] === (diff[0] ?? -9) + 1 && x[diff[0] ?? 0] === y[diff[1] ?? 0] && x[diff[1] ?? 0] === y[diff[0] ?? 0];
}

/**
 * "It was so an important meeting" for "such an important meeting", "The book was very interesting
 * that" for "so interesting that": so / such / very stand for one another before the adjective or
 * noun phrase of a so-that clause, one word-choice slip, not a missing and an extra word.
 */
const DEGREE_WORDS = new Set(['so', 'such', 'very', 'too']);
function degreeWord(ctx: Ctx): void {
  const missing = ctx.errors.find((e) => isMissing(e) && e.expected.length === 1 && (expectedOf(e) === 'so' || expectedOf(e) === 'such'));
  if (!missing) return;
  const extra = ctx.errors.find((e) => isExtra(e) && e.words.length === 1 && DEGREE_WORDS.has(wordsOf(e)) && wordsOf(e) !== expectedOf(missing) && Math.abs(e.order - missing.order) <= 1);
  const near = [-1, 0, 1].map((d) => ctx.learner[Math.floor(missing.order) + d]);
  const word = extra ? undefined : near.find((t) => t?.norm === 'very');
  const lw = extra ? extra.words[0] ?? '' : word ? learnerWord(word) : '';
  if (!lw) return;
  const order = extra ? extra.order : missing.order;
  fold(ctx, extra ? [extra, missing] : [missing], makeError('word-choice', [lw], [missing.expected[0] ?? ''], `${q(lw)}ではなく${q(missing.expected[0] ?? '')}を使いましょう（${q('so / such ... that')}の形）。`, order, PENALTY['word-choice']));
}

/**
 * "I have worked here for five years next month" for "will have worked": the future's will left out
 * before a present form (have, has, am, is, are or the base / -s form) is the tense point, not a
 * missing word.
 */
function missingFutureWill(ctx: Ctx): void {
  const missing = ctx.errors.find((e) => isMissing(e) && expectedOf(e) === 'will');
  if (!missing || ctx.errors.some((e) => e.meaning)) return;
  const next = ctx.learner.slice(Math.floor(missing.order)).find((t) => t.cls === 'aux' || (t.pos === 'VERB' && t.cls === 'content'));
  if (!next) return;
  const present = AUX_FORMS[next.norm]?.time === 'present' || next.forms.has('base') || next.forms.has('3sg');
  if (!present) return;
  const words = [learnerWord(next)];
  fold(ctx, [missing], makeError('tense', words, ['will', next.lemma], `未来のことなので${q(learnerWord(next))}の前に${q('will')}が必要です（未来の時制）。`, missing.order));
}

/**
 * "I closed the window." for "Can I close the window?", "You played the piano." for "Do you play the
 * piano?" (decision 058): the question's opening modal (or do / does) left out, with no modal
 * anywhere in the learner's sentence, and the answer's verb put in the past tell of something done,
 * not ask for it: a meaning error, not a left-out word and a verb form. The base form ("I close the
 * window?") stays the left-out modal, a slip.
 */
function pastStatementForQuestion(ctx: Ctx): void {
  const { learner, ref } = ctx;
  const modal = ref[0];
  // (Do / does ask about the present as a modal does; a did-question's past verb is its own slip.)
  const opens = modal?.cls === 'modal' || modal?.norm === 'do' || modal?.norm === 'does';
  if (ctx.errors.length !== 2 || !modal || !opens || !ctx.missingSet.has(0) || learner.some((t) => t.cls === 'modal')) return;
  const missing = ctx.errors.find((e) => isMissing(e) && expectedOf(e) === modal.norm);
  const form = ctx.errors.find((e) => (e.kind === 'verb-form' || e.kind === 'tense') && e.words.length === 1);
  const verb = form ? learner[form.order] : undefined;
  const answerVerb = form ? ref[ctx.a.byL[form.order]?.r ?? -1] : undefined;
  if (!missing || !form || !verb || !answerVerb || !verb.forms.has('past') || verb.forms.has('base') || !answerVerb.forms.has('base')) return;
  const words = [learnerWord(verb)];
  fold(ctx, [missing, form], { ...makeError('meaning', words, [modal.display, answerVerb.display], `${q(words[0] ?? '')}では「〜した」という報告になります。問題文は${q(modal.display)}でたずねる文です。`, form.order, undefined, true), certain: true });
}

/** Time words that name when: another one added where the answer names a time is another time. */
const WHEN_WORDS = new Set(['yesterday', 'today', 'tomorrow', 'tonight', 'now', 'last', 'next']);
/** Time words that move the time away from the present. */
const SHIFTED_TIMES = new Set(['yesterday', 'tomorrow', 'last', 'next']);
/** Which side of the present a time word names ("today" and "this morning" are both the present). */
const TIME_SIDE: Readonly<Record<string, string>> = { yesterday: 'past', last: 'past', tomorrow: 'future', next: 'future', today: 'present', tonight: 'present', now: 'present', this: 'present' };

/**
 * "She should be in a meeting tomorrow" for "now", "at six yesterday morning" for "this morning":
 * the learner adds a time word where the answer's own time word (now, this, today ...) is left
 * out: another time, a meaning error, whatever the answer's word cost (now is free to leave out).
 */
function addedOtherTime(ctx: Ctx): void {
  const { a, learner, ref } = ctx;
  const added = a.extra.find((i) => WHEN_WORDS.has(learner[i]?.norm ?? ''));
  if (added === undefined) return;
  const t = learner[added] as Token;
  const left = a.missing.find((j) => {
    const w = ref[j]?.norm ?? '';
    return (WHEN_WORDS.has(w) || (w === 'this' && TIME_NOUNS.has(ref[j + 1]?.norm ?? ''))) && TIME_SIDE[w] !== TIME_SIDE[t.norm];
  });
  // The path may leave the answers' time word out ("now" is optional): another time all the same
  // when the problem's words name a time and never the learner's shift (yesterday, tomorrow, ...).
  if (left === undefined && SHIFTED_TIMES.has(t.norm) && ctx.vocab && !ctx.vocab.has(t.norm)) {
    const named = [...WHEN_WORDS].find((w) => w !== t.norm && ctx.vocab?.has(w));
    const r = named === undefined ? undefined : ctx.vocab.get(named);
    if (r) {
      ctx.errors = ctx.errors.filter((e) => !(e.order === added && isExtra(e)));
      ctx.errors.push({ ...meaningError(learnerWord(t), r, added), certain: true });
    }
    return;
  }
  if (left === undefined) return;
  const r = ref[left] as Token;
  ctx.errors = ctx.errors.filter((e) => !(e.order === added && isExtra(e)) && !(isMissing(e) && expectedOf(e) === r.norm) && !(e.words.length === 0 && e.expected.some((w) => w.toLowerCase() === r.norm)));
  ctx.errors.push({ ...meaningError(learnerWord(t), r, added), certain: true });
}

/**
 * "I take a shower every other morning" for "every morning" (decision 063): other after every makes
 * it every second one, another frequency, where the answer says every one.
 */
function everyOther(ctx: Ctx): void {
  const { learner, ref } = ctx;
  const extra = ctx.errors.find((e) => isExtra(e) && e.words.length === 1 && learner[e.order]?.norm === 'other' && learner[e.order - 1]?.norm === 'every');
  if (!extra || ref.some((t, j) => t.norm === 'other' && ref[j - 1]?.norm === 'every')) return;
  // The answer's every, or each where the path paired every with it.
  const pair = ctx.a.byL[extra.order - 1];
  const every = pair ? ref[pair.r] : undefined;
  if (!every || (every.norm !== 'every' && every.norm !== 'each')) return;
  fold(ctx, [extra], { ...makeError('meaning', ['every', 'other'], [every.display], `${q('every other')}は「一つおき」で、回数が変わります。${q(every.display)}にしましょう。`, extra.order, undefined, true), certain: true });
}

/**
 * "He did his homework while eating dinner" for "after eating dinner" (decision 063): the aligner may
 * leave the answer's after / before out and the learner's while added at the same place; while puts
 * the two at the same time, another time than after or before (TIME_ORDER_OPPOSITES).
 */
function whileForAfter(ctx: Ctx): void {
  const extra = ctx.errors.find((e) => isExtra(e) && ctx.learner[e.order]?.norm === 'while');
  const missing = extra && ctx.errors.find((e) => isMissing(e) && e.expected.length === 1 && TIME_ORDER_OPPOSITES.has(`while|${expectedOf(e)}`) && Math.abs(e.order - extra.order) <= 1);
  if (!extra || !missing) return;
  const r = ctx.ref.find((t) => t.norm === expectedOf(missing));
  if (!r) return;
  const rest = extra.words.slice(1);
  fold(ctx, [extra, missing], { ...meaningError(learnerWord(ctx.learner[extra.order] as Token), r, extra.order), certain: true });
  if (rest.length > 0 && !ctx.learner.slice(extra.order + 1, extra.order + 1 + rest.length).every((t) => t.forms.has('ing'))) {
    ctx.errors.push(makeError('extra-word', rest, [], `${q(rest.join(' '))}は不要です。`, extra.order + 1));
  }
}

/** Particles of coming up to someone ("came up and", "went over and"). */
const APPROACH_PARTICLES = new Set(['up', 'over', 'round', 'around', 'by', 'along']);

/**
 * Place relations (decision 073): each group says one place of a thing relative to another; another
 * group's phrase where the answer has one ("behind the bed", "next to the bed" for "under the bed")
 * puts the thing somewhere else, a meaning error, not a preposition slip. in / on / at, which
 * learners mix up in one meaning, are in no group (on for under is already an opposite).
 */
const PLACE_GROUPS: readonly (readonly string[])[] = [
  ['under', 'below', 'beneath', 'underneath'],
  ['above', 'over'],
  ['next to', 'beside', 'by', 'near', 'close to', 'near to'],
  ['behind', 'in back of'],
  ['in front of'],
  ['inside', 'in'],
  ['outside'],
  ['between'],
  ['opposite', 'across from'],
];
const PLACE_PHRASES: readonly { words: readonly string[]; group: number }[] = PLACE_GROUPS.flatMap((g, group) => g.map((p) => ({ words: p.split(' '), group }))).sort((x, y) => y.words.length - x.words.length);

/** The place phrases of a sentence: start, length, group (longest first, not overlapping). */
function placePhrases(tokens: readonly Token[]): { at: number; n: number; group: number }[] {
  const out: { at: number; n: number; group: number }[] = [];
  const taken = new Set<number>();
  for (const { words, group } of PLACE_PHRASES) {
    for (let k = 0; k + words.length <= tokens.length; k++) {
      if (!words.every((w, q) => tokens[k + q]?.norm === w && !taken.has(k + q))) continue;
      // A place phrase is followed by the place (an article, a determiner or a noun).
      const next = tokens[k + words.length];
      if (!next || !(next.cls === 'article' || next.cls === 'det' || (next.cls === 'pron' && POSSESSIVES.has(next.norm)) || next.pos === 'NOUN' || next.pos === 'PROPN')) continue;
      out.push({ at: k, n: words.length, group });
      for (let q = 0; q < words.length; q++) taken.add(k + q);
    }
  }
  return out;
}

function placeRelation(ctx: Ctx): void {
  const { learner, ref } = ctx;
  const mine = placePhrases(learner);
  const theirs = placePhrases(ref);
  if (mine.length === 0 || theirs.length === 0) return;
  for (const r of theirs) {
    // The place after the answer's phrase, found after a learner phrase of another group: the
    // same place said in another relation to it. Groups holding in (inside / in) need the answer's
    // phrase to be inside, not in.
    if (PLACE_GROUPS[r.group]?.includes('in') && ref[r.at]?.norm === 'in') continue;
    const place = ref[r.at + r.n + (ref[r.at + r.n]?.cls === 'article' || ref[r.at + r.n]?.cls === 'det' ? 1 : 0)];
    const samePlace = (m: { at: number; n: number }): boolean => place !== undefined && learner.slice(m.at + m.n, m.at + m.n + 3).some((t) => t.lemma === place.lemma);
    // Another phrase of the same group at the same place ("beneath the desk" for "under the desk")
    // says the same place: no error.
    const same = mine.find((m) => m.group === r.group && samePlace(m) && learner.slice(m.at, m.at + m.n).map((t) => t.norm).join(' ') !== ref.slice(r.at, r.at + r.n).map((t) => t.norm).join(' '));
    if (same && !(ref[r.at]?.norm === 'in' || learner[same.at]?.norm === 'in')) {
      const inSpan = (e: DraftError): boolean => (e.words.length > 0 && e.order >= same.at && e.order < same.at + same.n) || (e.words.length === 0 && e.expected.every((w) => ref.slice(r.at, r.at + r.n).some((t) => t.display === w || t.norm === w.toLowerCase())));
      const drop = ctx.errors.filter((e) => !e.meaning && inSpan(e) && (e.kind === 'preposition' || e.kind === 'extra-word' || e.kind === 'missing-word' || e.kind === 'word-choice'));
      if (drop.length > 0) ctx.errors = ctx.errors.filter((e) => !drop.includes(e));
      continue;
    }
    const l = mine.find((m) => {
      if (m.group === r.group || theirs.some((t) => t.group === m.group)) return false;
      if (PLACE_GROUPS[m.group]?.includes('in') && learner[m.at]?.norm === 'in') return false;
      const after = learner.slice(m.at + m.n, m.at + m.n + 3);
      return place !== undefined && after.some((t) => t.lemma === place.lemma);
    });
    if (!l) continue;
    const span = (e: DraftError): boolean => (e.words.length > 0 && e.order >= l.at - 1 && e.order < l.at + l.n) || (e.words.length === 0 && e.expected.some((w) => ref.slice(r.at, r.at + r.n).some((t) => t.display === w || t.norm === w.toLowerCase())));
    if (ctx.errors.some((e) => e.meaning && span(e))) return;
    const drop = ctx.errors.filter((e) => !e.meaning && span(e) && (e.kind === 'preposition' || e.kind === 'extra-word' || e.kind === 'missing-word' || e.kind === 'word-choice' || e.kind === 'spelling'));
    if (drop.length === 0) continue;
    const words = learner.slice(l.at, l.at + l.n).map((t) => learnerWord(t));
    const expected = ref.slice(r.at, r.at + r.n).map((t) => t.display);
    fold(ctx, drop, { ...makeError('meaning', words, expected, `${q(words.join(' '))}では場所が変わります。問題文の意味は${q(expected.join(' '))}です。`, l.at, undefined, true), certain: true });
    return;
  }
}

/**
 * "He finished his homework after he watched TV" for "He watched TV after he finished his homework"
 * (decision 079): the clauses traded places around the same before / after say the events the other
 * way round, a meaning error, not a word-order slip.
 */
function eventsSwapped(ctx: Ctx): void {
  if (ctx.errors.some((e) => e.meaning) || !eventsReversed(ctx.ref, ctx.learner)) return;
  const moved = ctx.errors.find((e) => e.kind === 'word-order');
  const message = '出来事の順番が問題文と逆になります。before / after の前後を確かめましょう。';
  if (moved) fold(ctx, [moved], { ...makeError('meaning', moved.words, moved.expected, message, moved.order, undefined, true), certain: true });
  else ctx.errors.push({ ...makeError('meaning', [], [], message, 0, undefined, true), certain: true });
}

/**
 * "Who did drew this picture?", "You should eating more vegetables" (decision 085): the sets name a
 * past after do / did (22 items of 22) and an -ing after a modal (15 of 17) the verb's form
 * (動詞の形), whatever the answer the words were aligned with: the added did, or the be the learner
 * left out, is that form's slip, not a word of its own.
 */
/**
 * "If the plan change, I will let you know" for "If the plan changes" (decision 085): the answer's -s
 * word after a singular subject (the / this / my + a noun opening a clause) and before no verb is the
 * verb's third-person -s (三単現), not a noun's plural, though the tagger reads "plan changes" as nouns
 * (and may tag the subject noun an adjective: "the weather changes"). The subject must open a clause
 * (start, if, when, because ...), so "I like the new change" keeps its plural slip.
 */
function agreementNotPlural(ctx: Ctx): void {
  const { learner, ref } = ctx;
  if (!ctx.errors.some((e) => e.kind === 'plural')) return;
  ctx.errors = ctx.errors.map((e) => {
    if (e.kind !== 'plural' || e.words.length !== 1) return e;
    const j = ctx.a.byL[e.order]?.r;
    const l = learner[e.order];
    if (j === undefined || !l) return e;
    const r = ref[j];
    const noun = ref[j - 1];
    const det = ref[j - 2];
    const opener = ref[j - 3];
    const next = ref[j + 1];
    const clauseStart = opener === undefined || opener.pos === 'PUNCT' || SUBJECT_OPENERS.has(opener.norm);
    if (!r || !r.forms.has('3sg') || r.norm !== `${l.norm}s` || !noun || noun.plural || noun.cls !== 'content' || noun.pos === 'ADV' || noun.pos === 'PROPN' || !det || !(det.cls === 'article' || det.cls === 'det' || POSSESSIVES.has(det.norm)) || !clauseStart) return e;
    if (next && (next.pos === 'VERB' || next.cls === 'aux' || next.cls === 'modal' || next.pos === 'NOUN')) return e;
    return makeError('agreement', e.words, e.expected, `主語が3人称単数なので、動詞は${q(r.display)}にしましょう（三単現の s）。`, e.order);
  });
}
const SUBJECT_OPENERS = new Set(['if', 'when', 'because', 'that', 'unless', 'until', 'before', 'after', 'while', 'as', 'since', 'so', 'and', 'but', 'once']);

function formAfterDo(ctx: Ctx): void {
  const { learner } = ctx;
  if (!ctx.errors.some((e) => e.kind === 'extra-word' || e.kind === 'missing-word')) return;
  ctx.errors = ctx.errors.map((e) => {
    if (e.meaning || e.words.length !== 1) return e;
    const i = e.order;
    const t = learner[i];
    const next = learner[i + 1];
    const prev = learner[i - 1];
    // An extra do / does / did right before a past ("did drew").
    if (e.kind === 'extra-word' && e.expected.length === 0 && t && DO_FORMS.has(t.norm) && next && next.forms.has('past') && !next.forms.has('base') && ctx.a.byL[i + 1] !== undefined) {
      return makeError('verb-form', [learnerWord(t), learnerWord(next)], [next.display], `${q(`${learnerWord(t)} ${learnerWord(next)}`)}ではなく${q(next.display)}だけにしましょう（do / did のあとは原形、過去形だけなら did は不要です）。`, i);
    }
    // An -ing right after a modal, read as a missing be ("should eating" → "should be eating").
    if (e.kind === 'missing-word' && t && prev && prev.cls === 'modal' && t.forms.has('ing') && e.expected.length === 2 && e.expected[0]?.toLowerCase() === 'be') {
      return makeError('verb-form', [learnerWord(t)], [e.expected[1] ?? ''], `${q(`${learnerWord(prev)} ${learnerWord(t)}`)}: 助動詞のあとは動詞の原形にしましょう。`, i);
    }
    return e;
  });
}

/** Words that place a thing in time relative to now (this month, last month, next week). */
const TIME_DEICTICS = new Set(['this', 'last', 'next', 'yesterday', 'today', 'tomorrow', 'previous', 'following', 'coming']);

/**
 * "Last month's sales were not as good as this month's" for "This month's sales were not as good as
 * last month's" (decision 073): two time words that trade places make the comparison run the other
 * way, a meaning error, not a word-order slip.
 */
function timesSwapped(ctx: Ctx): void {
  const { learner, ref } = ctx;
  const order = (ts: readonly Token[]): string[] => ts.filter((t) => TIME_DEICTICS.has(t.norm)).map((t) => t.norm);
  const mine = order(learner);
  const theirs = order(ref);
  if (mine.length !== 2 || theirs.length !== 2 || mine[0] === mine[1] || mine[0] !== theirs[1] || mine[1] !== theirs[0]) return;
  const moved = ctx.errors.find((e) => e.kind === 'word-order' && e.words.filter((w) => TIME_DEICTICS.has(w.toLowerCase())).length === 2);
  if (!moved) return;
  fold(ctx, [moved], { ...makeError('meaning', moved.words, moved.expected, `${q(mine.join(' / '))}が入れ替わり、意味が逆になります。`, moved.order, undefined, true), certain: true });
}

/**
 * "I heard someone calls my name", "She made him cleans his room" (decision 073): after let / make /
 * have or a perception verb and its object, the verb is a bare infinitive, not a finite verb of the
 * object, so its -s is the verb's form (動詞の形), not agreement, whoever the object is.
 */
function objectVerbForm(ctx: Ctx): void {
  const { learner } = ctx;
  ctx.errors = ctx.errors.map((e) => {
    if ((e.kind !== 'agreement' && e.kind !== 'plural') || e.words.length !== 1) return e;
    const i = e.order;
    const v = learner[i];
    if (!v || !v.forms.has('3sg')) return e;
    let k = i - 1;
    const object = learner[k];
    if (!object) return e;
    if (OBJECT_PRONOUNS.has(object.norm) || UNNAMED_PERSONS.has(object.norm)) k -= 1;
    else if (object.pos === 'PROPN' || (object.pos === 'NOUN' && ctx.wordnet?.isPerson(object.lemma))) {
      k -= 1;
      while (k > 0 && (learner[k]?.cls === 'det' || learner[k]?.cls === 'article' || learner[k]?.pos === 'ADJ' || (learner[k]?.cls === 'pron' && POSSESSIVES.has(learner[k]?.norm ?? '')))) k--;
    } else return e;
    const verb = learner[k];
    if (!verb || verb.cls === 'aux' || verb.cls === 'modal' || !(BARE_INFINITIVE_VERBS.has(verb.lemma) || PERCEPTION_VERBS.has(verb.lemma))) return e;
    return makeError('verb-form', e.words, e.expected, `${q(`${learnerWord(verb)} ＋ 人`)}の後は動詞の原形なので、${q(e.words.join(' '))}ではなく${q(e.expected.join(' '))}にしましょう。`, e.order, e.penalty);
  });
}

/**
 * "She is not a singer but an actress" for "not only a singer but also an actress" (decision 073):
 * without only / just, "not X but Y" says X is not so, the opposite of "not only X but Y".
 */
function notOnlyDropped(ctx: Ctx): void {
  const missing = ctx.errors.find((e) => isMissing(e) && (expectedOf(e) === 'only' || expectedOf(e) === 'just'));
  if (!missing) return;
  const j = ctx.ref.findIndex((t, k) => (t.norm === 'only' || t.norm === 'just') && ctx.ref[k - 1]?.norm === 'not' && ctx.a.byR[k] === undefined);
  if (j < 0 || !ctx.ref.some((t, k) => k > j && t.norm === 'but') || !ctx.learner.some((t) => t.norm === 'but') || !ctx.learner.some((t) => t.norm === 'not')) return;
  fold(ctx, [missing], { ...makeError('meaning', [], missing.expected, `${q(`not ${expectedOf(missing)}`)}がないと「〜ではなく…」という反対の意味になります。`, missing.order, undefined, true), certain: true });
}

/**
 * "This is the cheapest product on the market" for "one of the cheapest products" (decision 090):
 * without one of / among the superlative claims the thing is the only first, another claim, not a
 * preposition or plural slip.
 */
function oneOfDropped(ctx: Ctx): void {
  const { ref, learner, a } = ctx;
  const j = ref.findIndex((t, k) => a.byR[k] === undefined && (t.norm === 'among' || ((t.norm === 'one' || t.norm === '1') && ref[k + 1]?.norm === 'of' && a.byR[k + 1] === undefined)));
  const among = ref[j]?.norm === 'among';
  if (j < 0) return;
  const the = among ? j + 1 : j + 2;
  const superlative = ref[the + 1];
  if (ref[the]?.norm !== 'the' || !superlative || !(/est$/.test(superlative.norm) || ['most', 'best', 'worst', 'least'].includes(superlative.norm))) return;
  if (learner.some((t, k) => t.norm === 'among' || ((t.norm === 'one' || t.norm === '1') && learner[k + 1]?.norm === 'of'))) return;
  const l = a.byR[the]?.l;
  if (l === undefined || learner[l]?.norm !== 'the') return;
  const expected = among ? ['among'] : ['one', 'of'];
  const folded = ctx.errors.filter((e) => (isMissing(e) && e.expected.some((w) => expected.includes(w.toLowerCase()))) || (e.kind === 'plural' && e.order > l && e.order <= l + 4));
  fold(ctx, folded, { ...makeError('meaning', [], expected, `${q(expected.join(' '))}がないと「いちばん〜なもの」と一つに限る意味になります。`, l, undefined, true), certain: true });
}

/**
 * "Why didn't you come over?" for "Why don't you come over?" (decision 073): why don't you / we is
 * a suggestion; in the past it asks why something did not happen, another speech act, not a tense
 * slip.
 */
function suggestionMadePast(ctx: Ctx): void {
  const { learner, ref } = ctx;
  const why = (ts: readonly Token[], aux: string): boolean => ts[0]?.norm === 'why' && ts[1]?.norm === aux && ts[2]?.norm === 'not' && (ts[3]?.norm === 'you' || ts[3]?.norm === 'we');
  if (!why(ref, 'do') || !why(learner, 'did')) return;
  const tense = ctx.errors.find((e) => e.kind === 'tense' && e.order <= 2);
  if (!tense) return;
  fold(ctx, [tense], { ...makeError('meaning', tense.words, tense.expected, `${q('Why didn\'t you ...?')}は過去のことを尋ねる文で、${q('Why don\'t you ...?')}（提案）とは意味が違います。`, tense.order, undefined, true), certain: true });
}

/**
 * "My father will have worked" for "I will have worked": the subject pronoun made a possessive and
 * a person noun names another person (decision 034 did this for objects).
 */
function subjectMadeOwner(ctx: Ctx): void {
  // you as well (decision 046): "Where do your parents live?" for "Where do you live?".
  const choice = ctx.errors.find((e) => e.kind === 'word-choice' && e.words.length === 1 && POSSESSIVES.has(wordsOf(e)) && (SUBJECT_PRONOUNS.has(expectedOf(e)) || expectedOf(e) === 'you'));
  const noun = choice ? ctx.learner[choice.order + 1] : undefined;
  const extra = choice && ctx.errors.find((e) => isExtra(e) && e.order === choice.order + 1);
  if (!choice || !noun || !extra || !ctx.wordnet?.isPerson(noun.lemma)) return;
  fold(ctx, [choice, extra], { ...makeError('meaning', [...choice.words, ...extra.words], choice.expected, `${q(`${choice.words.join(' ')} ${extra.words.join(' ')}`)}では別の人になります。${q(choice.expected.join(' '))}にしましょう。`, choice.order, undefined, true), certain: true });
}

function causativeTo(ctx: Ctx): void {
  const k = ctx.extraTo;
  if (k === undefined || ctx.a.byL[k] === undefined) return;
  const verb = ctx.learner.slice(0, k).findLast((t) => BARE_INFINITIVE_VERBS.has(t.lemma) || PERCEPTION_VERBS.has(t.lemma));
  ctx.errors.push(makeError('extra-word', ['to'], [], `${q(`${verb ? learnerWord(verb) : 'have'}＋人`)}の後は動詞の原形なので${q('to')}は不要です。`, k, EXTRA_VERB_PENALTY));
}

/**
 * "Not until I got sick I realized" for "did I realize": the do of an inversion left out and its
 * tense kept on the verb is one word-order slip (the statement order kept), not a missing word and
 * a verb-form error.
 */
function missingInversion(ctx: Ctx): void {
  const doMissing = ctx.errors.find((e) => e.kind === 'missing-word' && e.words.length === 0 && e.expected.length === 1 && AUX_FORMS[(e.expected[0] ?? '').toLowerCase()]?.lemma === 'do');
  if (!doMissing) return;
  const j = ctx.ref.findIndex((t, k) => ctx.missingSet.has(k) && t.display === doMissing.expected[0] && AUX_FORMS[t.norm]?.lemma === 'do');
  const subject = ctx.ref[j + 1];
  const verbAt = j + 2;
  const verb = ctx.ref[verbAt];
  if (j < 1 || !subject || subject.cls !== 'pron' || !verb || verb.pos !== 'VERB') return;
  const p = ctx.a.byR[verbAt];
  const form = ctx.errors.find((e) => (e.kind === 'verb-form' || e.kind === 'tense') && p !== undefined && e.order === p.l);
  const learnerSubject = p !== undefined ? ctx.learner[p.l - 1] : undefined;
  if (!form || !p || learnerSubject?.norm !== subject.norm) return;
  const words = [learnerSubject.display, ...form.words];
  const expected = [ctx.ref[j]?.display ?? '', subject.display, verb.display];
  ctx.errors = ctx.errors.filter((e) => e !== doMissing && e !== form);
  // "Why you came to Japan?", "What time you got up?" (sets 11 and 13, decision 049): in a
  // wh-question the do-support is the word left out (its tense kept on the verb), not an order.
  if (ctx.ref.slice(0, j).some((t) => t.cls === 'wh') && !ctx.ref.slice(0, j).some((t) => isNegator(t) || NEGATIVE_FRONTS.has(t.norm))) {
    ctx.errors.push(makeError('missing-word', words, expected, `疑問文なので${q(ctx.ref[j]?.display ?? 'do')}が必要です。${q(words.join(' '))}ではなく${q(expected.join(' '))}にしましょう。`, p.l - 1, PENALTY['word-order']));
    return;
  }
  ctx.errors.push(makeError('word-order', words, expected, `${q(words.join(' '))}ではなく倒置の${q(expected.join(' '))}にしましょう（語順）。`, p.l - 1));
}

/** Words that front a negative inversion ("Never have I", "Only then did I", "Not until"). */
const NEGATIVE_FRONTS = new Set(['never', 'only', 'rarely', 'seldom', 'hardly', 'scarcely', 'little', 'until']);

/** Word classes whose two words trading places trade the roles of a sentence ("this" / "that"). */
const SWAP_CLASSES = new Set(['content', 'det', 'pron']);

/**
 * "That bag is cheaper than this one" for "This bag is cheaper than that one": two words each
 * standing where the other belongs reverse who does what or which is which, a meaning error, not
 * two word-choice slips.
 */
function swappedWords(ctx: Ctx): void {
  const single = ctx.errors.filter((e) => (e.kind === 'word-choice' || e.kind === 'meaning') && e.words.length === 1 && e.expected.length === 1);
  const lower = (w: string | undefined): string => (w ?? '').toLowerCase();
  // "he trusts everyone" for "everyone trusts him": a personal pronoun stands for its person in
  // either case (he / him), so the subject and the object changing places is a swap too.
  const onlyPossessive = (w: string): boolean => POSSESSIVES.has(w) && w !== 'her' && w !== 'his';
  const same = (x: string | undefined, y: string | undefined): boolean => lower(x) === lower(y) || (PERSON[lower(x)] !== undefined && PERSON[lower(x)] === PERSON[lower(y)] && !onlyPossessive(lower(x)) && !onlyPossessive(lower(y)));
  for (let x = 0; x < single.length; x++) {
    for (let y = x + 1; y < single.length; y++) {
      const e = single[x] as DraftError;
      const f = single[y] as DraftError;
      if (same(e.words[0], e.expected[0]) || !same(e.words[0], f.expected[0]) || !same(f.words[0], e.expected[0])) continue;
      const token = ctx.learner.find((t) => lower(t.display) === lower(e.words[0]));
      if (!token || !SWAP_CLASSES.has(token.cls)) continue;
      const words = [e.words[0] ?? '', f.words[0] ?? ''];
      const swap = makeError('meaning', words, [e.expected[0] ?? '', f.expected[0] ?? ''], `${q(words[0] ?? '')}と${q(words[1] ?? '')}が入れ替わっていて、意味が変わります。`, Math.min(e.order, f.order), undefined, true);
      ctx.errors = ctx.errors.filter((g) => g !== e && g !== f);
      ctx.errors.push({ ...swap, certain: true });
      return;
    }
  }
}

/** The speaker's pronouns in the subject and in the object case. */
const SPEAKER_CASES: Readonly<Record<string, string>> = { i: 'me', we: 'us', me: 'i', us: 'we' };

/**
 * "the singer who has always wanted to meet me" for "the singer I have always wanted to meet", "a
 * friend who can talk to me" for "a friend I can talk to", "I'll pass you the salt" for "Could you
 * pass me the salt?": the speaker left out in one case and put in in the other (I for me, me for
 * I), the answer's other words kept, so the speaker does what was done to them or the other way
 * round (decision 050). Left alone while the learner's own words stand in for the answer's (a verb
 * of their own, "Let me" / "I'd like to").
 */
function speakerRoleChanged(ctx: Ctx): void {
  const { a, learner, ref, errors } = ctx;
  // The answer's pronoun not matched by the same word, and the learner's of the other case not
  // matched by the same word either (left unpaired, or paired with another word in a slip).
  const unmatchedR = (j: number): boolean => a.byR[j] === undefined || learner[a.byR[j]?.l ?? -1]?.norm !== ref[j]?.norm;
  const unmatchedL = (i: number): boolean => a.byL[i] === undefined || ref[a.byL[i]?.r ?? -1]?.norm !== learner[i]?.norm;
  const lost = ref.findIndex((t, j) => SPEAKER_CASES[t.norm] !== undefined && unmatchedR(j));
  if (lost < 0) return;
  const r = ref[lost] as Token;
  // "keeps I waiting" for "keeps me waiting": the other case in the same place is a case slip.
  const added = learner.findIndex((t, i) => t.norm === SPEAKER_CASES[r.norm] && unmatchedL(i) && a.byL[i]?.r !== lost);
  if (added < 0) return;
  // No other content word of the learner's own, nor one of the answer's left out.
  if (a.extra.some((i) => i !== added && learner[i]?.cls === 'content') || a.missing.some((j) => j !== lost && ref[j]?.cls === 'content')) return;
  if (errors.some((e) => e.kind === 'meaning')) return;
  const l = learner[added] as Token;
  ctx.errors = errors.filter((e) => !((e.kind === 'missing-word' || e.kind === 'extra-word' || e.kind === 'word-choice' || e.kind === 'word-order') && (e.order === added || e.expected.some((w) => w.toLowerCase() === r.norm) || e.words.some((w) => w.toLowerCase() === l.norm))));
  ctx.errors.push({ ...makeError('meaning', [learnerWord(l)], [r.display], `${q(learnerWord(l))}では、する人とされる人が問題文と入れ替わります。`, added, undefined, true), certain: true });
  ctx.consumedL.add(added);
  ctx.consumedR.add(lost);
}

/**
 * "I'll pass you the salt" for "Will you pass the salt?": the learner's own I / we opens the
 * sentence and the answer's subject you stands after the verb, so the speaker does it for the
 * listener instead of asking the listener to do it (decision 050).
 */
function listenerMadeObject(ctx: Ctx): void {
  const { a, learner, ref } = ctx;
  const self = learner[0];
  if (!self || (self.norm !== 'i' && self.norm !== 'we') || a.byL[0] !== undefined || ctx.consumedL.has(0)) return;
  if (ref.some((t) => PERSON[t.norm] === '1s' || PERSON[t.norm] === '1p')) return;
  const you = ref.findIndex((t) => t.norm === 'you');
  const verb = ref.findIndex((t, j) => j > you && t.pos === 'VERB' && t.cls === 'content');
  const pair = a.byR[you];
  const verbPair = a.byR[verb];
  if (you < 0 || verb < 0 || !pair || !verbPair || learner[pair.l]?.norm !== 'you' || pair.l < verbPair.l) return;
  ctx.errors = ctx.errors.filter((e) => e.kind !== 'word-order' && !(e.kind === 'extra-word' && e.order === 0));
  ctx.errors.push({ ...makeError('meaning', [learnerWord(self)], ['you'], `${q(learnerWord(self))}では自分がすることになります。問題文は相手に頼む文です。`, 0, undefined, true), certain: true });
  ctx.consumedL.add(0);
}

/**
 * "I spoke to a tourist" for "I was spoken to by a tourist": the answer's passive said in the active
 * with the same subject (its be and its by both left out, the verb kept) makes the subject the doer,
 * a role reversal, not a verb-form slip plus a missing preposition.
 */
function passiveMadeActive(ctx: Ctx): void {
  const { ref, learner, a } = ctx;
  for (let j = 1; j < ref.length; j++) {
    const verb = ref[j] as Token;
    const be = ref[j - 1] as Token;
    if (!verb.forms.has('pp') || !(BE_FORMS.has(be.norm) || be.norm === 'been') || !ctx.missingSet.has(j - 1)) continue;
    const by = ref.findIndex((t, k) => k > j && t.norm === 'by' && ctx.missingSet.has(k));
    const p = a.byR[j];
    const l = p ? learner[p.l] : undefined;
    // Without a "by" in the answer ("He was promoted"), an object the learner added right after
    // the verb ("He promoted me") makes the subject the doer in the same way.
    let at = p ? p.l + 1 : -1;
    if (at > 0 && PARTICLES.has(learner[at]?.norm ?? '') && !ctx.extraSet.has(at)) at += 1;
    const next = at > 0 ? learner[at] : undefined;
    const object = next !== undefined && ctx.extraSet.has(next.index) && (OBJECT_PRONOUNS.has(next.norm) || next.cls === 'det' || next.cls === 'article' || next.pos === 'NOUN' || next.pos === 'PROPN');
    if ((by < 0 && !object) || !p || !l || (l.lemma !== verb.lemma && p.rel !== 'inflection') || learner.some((t) => t.norm === 'by' || BE_FORMS.has(t.norm))) continue;
    const explained = (e: DraftError): boolean => e.order === p.l || (object && e.order === next.index && e.kind === 'extra-word') || e.expected.some((w) => w.toLowerCase() === 'by' || w.toLowerCase() === be.norm);
    ctx.errors = ctx.errors.filter((e) => !explained(e));
    ctx.errors.push({
      ...makeError('meaning', [learnerWord(l)], [be.display, verb.display], `${q(learnerWord(l))}（能動態）では主語が「する側」になり、意味が逆になります。${q(`${be.display} ${verb.display}`)}（受け身）にしましょう。`, p.l, undefined, true),
      certain: true,
    });
    return;
  }
}

/**
 * "My boss worked overtime" for "I worked overtime": the answer's subject (or object) pronoun replaced by a
 * determiner and a noun naming a person (or a name) is another person, not a wrong word plus an
 * extra noun.
 */
function subjectMadePerson(ctx: Ctx): void {
  const { ref, learner, a } = ctx;
  for (let j = 0; j < ref.length; j++) {
    const r = ref[j] as Token;
    const p = a.byR[j];
    // "My parents let my brother study abroad" for "let me": an object pronoun made a person noun
    // is another person in the same way, wherever it stands.
    // A subject opens the sentence or a clause: after a conjunction or a relative / question word
    // ("the town where my father was born" for "where I was born").
    const subject = (SUBJECT_PRONOUNS.has(r.norm) || r.norm === 'you') && (j === 0 || ref[j - 1]?.pos === 'PUNCT' || ref[j - 1]?.cls === 'conj' || ref[j - 1]?.cls === 'wh');
    if (!p || !(subject || OBJECT_PRONOUNS.has(r.norm))) continue;
    const l = learner[p.l] as Token;
    const noun = learner[p.l + 1];
    if ((l.cls !== 'det' && l.cls !== 'article') || !noun || !ctx.extraSet.has(p.l + 1)) continue;
    if (!(noun.pos === 'PROPN' || ((noun.pos === 'NOUN' || noun.pos === 'PROPN') && ctx.wordnet?.isPerson(noun.lemma)))) continue;
    const words = [learnerWord(l), learnerWord(noun)];
    ctx.errors = ctx.errors.filter((e) => e.order !== p.l && e.order !== p.l + 1);
    ctx.consumedL.add(p.l + 1);
    ctx.errors.push({ ...makeError('meaning', words, [r.display], `${q(words.join(' '))}ではなく${q(r.display)}です（人が違います）。`, p.l, undefined, true), certain: true });
    return;
  }
}

/**
 * "She used to speak at meetings" for "She is used to speaking at meetings": used to + a bare verb
 * without be is a past habit (昔は〜していた), be used to + -ing being accustomed (〜に慣れている);
 * one for the other is another meaning, not a missing be and a verb form. Either direction.
 */
function usedToHabit(ctx: Ctx): void {
  const { ref, learner } = ctx;
  // be accustomed to says what be used to says.
  const at = (tokens: readonly Token[]): { k: number; be: boolean } | undefined => {
    const k = tokens.findIndex((t, i) => (t.norm === 'used' || (t.norm === 'accustomed' && tokens === ref)) && tokens[i + 1]?.norm === 'to');
    if (k < 0) return undefined;
    const before = tokens[k - 1];
    const be = before !== undefined && (BE_FORMS.has(before.norm) || before.norm === 'be' || before.norm === 'been' || before.lemma === 'get');
    return { k, be };
  };
  const r = at(ref);
  const l = at(learner);
  if (!r || !l || r.be === l.be) return;
  const lVerb = learner[l.k + 2];
  const rVerb = ref[r.k + 2];
  if (!lVerb || !rVerb || lVerb.pos !== 'VERB' || rVerb.pos !== 'VERB') return;
  // The learner's verb after "to" shows which one was meant: a bare verb for the habit, -ing for being used to it.
  if (l.be ? !lVerb.forms.has('ing') : !lVerb.forms.has('base')) return;
  const span = (e: DraftError): boolean => e.order >= l.k - 1 && e.order <= l.k + 2;
  ctx.errors = ctx.errors.filter((e) => !span(e));
  const words = learner.slice(l.be ? l.k - 1 : l.k, l.k + 3).map(learnerWord);
  const expected = ref.slice(r.be ? r.k - 1 : r.k, r.k + 3).map((t) => t.display);
  const message = l.be ? `${q(words.join(' '))}は「〜に慣れている」という意味です。問題文は「以前は〜していた」（used to＋動詞の原形）です。` : `${q(words.join(' '))}は「以前は〜していた」という意味です。「〜に慣れている」は${q('be used to＋-ing')}で表します。`;
  ctx.errors.push({ ...makeError('meaning', words, expected, message, l.k, undefined, true), certain: true });
}

const OBLIGATION_WORDS = new Set(['must', 'should', 'can', 'could', 'may', 'might', 'have', 'has', 'need', 'needs']);
const DESIRE_VERBS = new Set(['want', 'wants', 'hope', 'hopes', 'wish', 'wishes', 'like', 'likes']);
/**
 * "I want to get up at six" for "I have to / must get up at six": a verb of wanting where the
 * answer's modal (or have to / need to) stands, or the other way round, says another modality
 * (wish, not duty or possibility): a meaning error, not a missing and an extra word.
 */
function desireForModal(ctx: Ctx): void {
  const low = (w: string | undefined): string => (w ?? '').toLowerCase();
  const missing = ctx.errors.find((e) => e.kind === 'missing-word' && e.words.length === 0 && e.expected.length >= 1 && e.expected.length <= 2 && OBLIGATION_WORDS.has(low(e.expected[0])) && (e.expected.length === 1 || low(e.expected[1]) === 'to'));
  const extra = ctx.errors.find((e) => e.kind === 'extra-word' && e.words.length >= 1 && e.words.length <= 2 && DESIRE_VERBS.has(low(e.words[0])) && (e.words.length === 1 || low(e.words[1]) === 'to'));
  const flipped = !missing || !extra ? ctx.errors.find((e) => e.kind === 'extra-word' && e.words.length >= 1 && e.words.length <= 2 && OBLIGATION_WORDS.has(low(e.words[0])) && (e.words.length === 1 || low(e.words[1]) === 'to')) : undefined;
  const wanted = flipped ? ctx.errors.find((e) => e.kind === 'missing-word' && e.expected.length >= 1 && e.expected.length <= 2 && DESIRE_VERBS.has(low(e.expected[0])) && (e.expected.length === 1 || low(e.expected[1]) === 'to')) : undefined;
  const [gone, added] = missing && extra ? [missing, extra] : wanted && flipped ? [wanted, flipped] : [undefined, undefined];
  if (!gone || !added || Math.abs(gone.order - added.order) > 1) return;
  ctx.errors = ctx.errors.filter((e) => e !== gone && e !== added);
  ctx.errors.push({ ...makeError('meaning', added.words, gone.expected, `${q(added.words.join(' '))}では意味が変わります（${q(gone.expected.join(' '))}）。`, added.order, undefined, true), certain: true });
}

const NECESSITY_VERBS = new Set(['have', 'has', 'had', 'need', 'needs', 'needed']);
/** Where a negated have to / need (to) starts in the tokens: "do not have to", "need not". */
function negatedNecessity(tokens: readonly Token[]): number | undefined {
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (!NECESSITY_VERBS.has(t.norm)) continue;
    const next = tokens[k + 1]?.norm;
    const negated = [tokens[k - 1]?.norm, tokens[k - 2]?.norm].some((w) => w === 'not' || w === 'never');
    if ((next === 'to' && negated) || (t.lemma === 'need' && next === 'not')) return k;
  }
  return undefined;
}
/**
 * "You don't have to swim here" for "You must not swim here" / "Do not swim here" (decision 053):
 * no need to do it is not a ban on doing it. A negated have to / need where the answer forbids (a
 * negation without have to / need) says another modality: a meaning error, not extra words.
 */
function noNeedForProhibition(ctx: Ctx): void {
  const k = negatedNecessity(ctx.learner);
  // (The answer's must not may be read as "have to not": still a ban.)
  if (k === undefined || negatedNecessity(ctx.ref) !== undefined || !ctx.ref.some((t) => t.norm === 'not' || t.norm === 'never')) return;
  const verb = ctx.learner[k] as Token;
  // The errors of the negation and the have to / need (do, not, have to, moved or extra) are this one.
  ctx.errors = ctx.errors.filter((e) => !(e.order >= k - 2 && e.order <= k + 1));
  const words = ctx.learner.slice(k, k + 2).map(learnerWord);
  ctx.errors.push({ ...makeError('meaning', words, ['not'], `${q(words.join(' '))}は「〜しなくてよい」という意味です。問題文は禁止（〜してはいけない）です。`, verb.index, undefined, true), certain: true });
}

const FREE_RELATIVES = new Set(['where', 'what', 'when']);
const GENERAL_HEADS = new Set(['place', 'thing', 'time', 'one', 'way', 'reason', 'day', 'spot', 'point', 'area']);

/** Time words a learner adds that fix the time of the sentence. */
const ADDED_TIME_WORDS = new Set(['yesterday', 'tomorrow', 'tonight', 'ago', 'last', 'next', 'now']);
/**
 * "There was no milk in the fridge yesterday" for "There is no milk in the fridge": a time word the
 * answer lacks, added together with a change of tense, moves the whole sentence to another time: a
 * meaning error, not a tense slip plus an extra word.
 */
function timeWordWithTense(ctx: Ctx): void {
  const tense = ctx.errors.find((e) => e.kind === 'tense');
  if (!tense || ctx.ref.some((t) => TIME_WORDS.has(t.norm) || ADDED_TIME_WORDS.has(t.norm))) return;
  const added = ctx.errors.find((e) => e.kind === 'extra-word' && e.words.length > 0 && e.words.some((w) => ADDED_TIME_WORDS.has(w.toLowerCase())) && e.words.every((w) => ADDED_TIME_WORDS.has(w.toLowerCase()) || TIME_WORDS.has(w.toLowerCase()) || /^(the|a|week|month|year|night|morning|evening|two|three|\d+|days|weeks|months|years)$/i.test(w)));
  if (!added) return;
  ctx.errors = ctx.errors.filter((e) => e !== tense && e !== added);
  const words = [...tense.words, ...added.words];
  ctx.errors.push({ ...makeError('meaning', words, tense.expected, `${q(words.join(' ... '))}では時が問題文と変わります。`, tense.order, undefined, true), certain: true });
}

/** The past of be and have, the verbs of a state that the past ends. */
const PAST_STATES = new Set(['was', 'were', 'had']);
/**
 * Verbs of a state that holds (decision 085): "My aunt lived in Osaka" for 住んでいます says she lives
 * there no more, as "I had two cats" does; verbs of an action in the past stay tense slips.
 */
const STATIVE_VERBS = new Set(['live', 'belong', 'own', 'know', 'like', 'love', 'hate', 'want', 'need']);
/** Frequency words that fix a habit's time whatever the tense. */
const STATE_TIME_WORDS = new Set(['every', 'always', 'usually', 'often', 'sometimes', 'never', 'ever', 'still', 'currently', 'daily', 'weekly', 'once', 'twice']);
/** Future auxiliaries: "will draw", "am going" (to a place or to do). */
const FUTURE_WORDS = new Set(['will', 'shall', 'going', "'ll"]);
/** Subordinators and relatives: a second clause, which may carry the time ("If it rained", "where my aunt lives"). */
const CLAUSE_WORDS = new Set(['if', 'when', 'whenever', 'before', 'after', 'until', 'till', 'since', 'once', 'as', 'while', 'wish', 'than', 'because', 'that', 'who', 'which', 'where', 'what', 'how', 'why', 'whose', 'whom', 'though', 'although', 'unless', 'so']);
const QUESTION_WORDS = new Set(['who', 'what', 'which', 'where', 'when', 'how', 'why', 'whose']);

/**
 * "I had two cats" for "I have two cats" (飼っています), "Who will draw this picture?" for "Who drew"
 * (描きましたか), decision 082: where the Japanese sentence's final predicate fixes the time, a past
 * for the answer's present state or habit, or a future for its past event, moves the sentence to
 * another time: a meaning error, not a tense slip. The learner's verb must be in the main clause (no
 * if / when / because ... before it), a past of be / have for the answer's present (with no time or
 * frequency word that keeps the time), or will / going for the answer's past, and the Japanese must
 * mark the answer's time. Present for past ("Who draws") and other verbs in the past ("What time did
 * you leave home every morning?", "Neither he nor I agreed") stay the learner's tense slips.
 */
function tenseAgainstJapanese(ctx: Ctx): void {
  const time = ctx.japaneseTime;
  if (time === undefined) return;
  const tense = ctx.errors.find((e) => e.kind === 'tense' && !e.meaning);
  if (!tense) return;
  const words = tense.words.map((w) => w.toLowerCase());
  const expected = tense.expected.map((w) => w.toLowerCase());
  const learnerTokens = ctx.learner.filter((t) => words.includes(learnerWord(t).toLowerCase()) && Math.abs(t.index - tense.order) < words.length);
  // One clause only, in both sentences: a subordinator or relative anywhere ("Osaka was where my aunt
  // lives", "If it rained") leaves the time to the other clause. A question word opening a question
  // is no clause.
  const twoClauses = (tokens: readonly Token[]): boolean => tokens.some((t) => CLAUSE_WORDS.has(t.norm) && !(t.index === 0 && QUESTION_WORDS.has(t.norm)));
  if (twoClauses(ctx.learner) || twoClauses(ctx.ref)) return;
  const refTokens = ctx.ref.filter((t) => expected.includes(t.display.toLowerCase()));
  const isPast = (t: Token): boolean => (t.forms.has('past') && !t.forms.has('base')) || ['was', 'were', 'had', 'did'].includes(t.norm);
  const isPresent = (t: Token): boolean => ['am', 'is', 'are', 'have', 'has', 'do', 'does'].includes(t.norm) || (t.pos === 'VERB' && (t.forms.has('3sg') || t.forms.has('base')) && !t.forms.has('past'));
  let moved = false;
  if (time === 'nonpast') {
    // A past of be / have for the answer's present state ("I had two cats", "There was a park"): the
    // state no longer holds. A time or frequency word of the learner's ("every morning") keeps the
    // time, and other verbs in the past ("Neither he nor I agreed") stay tense slips.
    if (ctx.learner.some((t) => TIME_WORDS.has(t.norm) || STATE_TIME_WORDS.has(t.norm))) return;
    // An auxiliary ("I had been to Kyoto", "The room was cleaned"): the tense of a perfect or a
    // passive, not a state that ended.
    const last = Math.max(...learnerTokens.map((t) => t.index));
    const next = ctx.learner[last + 1];
    const after = next !== undefined && (next.pos === 'ADV' || next.norm === 'not') ? ctx.learner[last + 2] : next;
    if (after !== undefined && (after.forms.has('pp') || after.forms.has('ing'))) return;
    // Another verb of the learner's in the present ("Osaka was where my aunt lives") keeps the time:
    // the past is a slip of one verb, not the sentence moved.
    if (ctx.learner.some((t) => !learnerTokens.includes(t) && (['am', 'is', 'are', 'has', 'does'].includes(t.norm) || (t.pos === 'VERB' && t.forms.has('3sg'))))) return;
    // (The answer's -s form of the learner's verb is its present even where the tagger read a noun: "lives".)
    const presentOf = (t: Token): boolean => isPresent(t) || learnerTokens.some((l) => `${l.lemma}s` === t.norm);
    moved = learnerTokens.length > 0 && learnerTokens.every((t) => isPast(t) && (PAST_STATES.has(t.norm) || STATIVE_VERBS.has(t.lemma))) && refTokens.length > 0 && refTokens.every(presentOf);
  } else {
    // A future for a past: will / going before the verb, the answer's simple past.
    moved = learnerTokens.some((t) => FUTURE_WORDS.has(t.norm)) && refTokens.length > 0 && refTokens.some(isPast);
  }
  if (!moved) return;
  ctx.errors = ctx.errors.filter((e) => e !== tense);
  ctx.errors.push({ ...makeError('meaning', tense.words, tense.expected, `${q(tense.words.join(' '))}では時が問題文と変わります（問題文は${time === 'past' ? '過去のこと' : '今のこと'}です）。`, tense.order, undefined, true), certain: true });
}

/** Verbs that deny the action after them ("forget to", "fail to"): left out, the sentence says the opposite. */
const NEGATIVE_IMPLICATIVES = new Set(['forget', 'fail', 'neglect', 'refuse']);

/** Split sorted indices into runs where each neighbour pair satisfies `joined`. */
function runsOf(indices: readonly number[], joined: (x: number, y: number) => boolean): number[][] {
  const runs: number[][] = [];
  for (const i of indices) {
    const current = runs.at(-1);
    const last = current?.at(-1);
    if (current && last !== undefined && joined(last, i)) current.push(i);
    else runs.push([i]);
  }
  return runs;
}

/**
 * The learner's noun names a kind the answer's noun is a direct kind of ("assignment" for
 * "homework", decision 040), or the learner's word is a one-letter typo of the answer's ("bast" for
 * "best", decision 043): it keeps what is talked about, and counts as recalled. Every error marked
 * keepsContent meets this condition (recallCeiling relies on it).
 */
/**
 * For the recall ceiling: the learner's word could be named a word choice that keeps the content
 * (one Japanese word, two English ones: confusedVerbs, sharesJapanese, japanesePhrase).
 */
export function mayBeTranslationChoice(l: Token, r: Token, japanese: JapaneseChoices | undefined): boolean {
  if (CONFUSED_LEFT.has(l.lemma) && (VERB_CONFUSIONS.has(`${l.lemma}|${r.lemma}`) || (l.lemma === 'say' && SAY_FOR.has(r.lemma)) || (l.lemma === 'put' && r.lemma === 'take'))) return true;
  if (SAY_VERBS.has(l.lemma) && OPINION_GIVING.has(r.lemma)) return true;
  return mayShareJapanese(japanese, l, r);
}
/** The learner's word could be one side of mayBeTranslationChoice (tested once per word). */
export function mayBeTranslationWord(l: Token, japanese: JapaneseChoices | undefined): boolean {
  return CONFUSED_LEFT.has(l.lemma) || (japanese !== undefined && (japanese.words.has(l.lemma) || japanese.words.has(l.norm)));
}
/** Learner lemmas of VERB_CONFUSIONS and the other confused-verb rules (a quick test). */
const CONFUSED_LEFT = new Set([...[...VERB_CONFUSIONS.keys()].map((k) => k.split('|')[0] ?? ''), 'say', 'put', ...SAY_VERBS]);

export function keepsContent(l: Token, r: Token, wordnet: WordNet | undefined): boolean {
  if (oneLetterTypo(l, r)) return true;
  return !l.foreign && l.known && r.pos === 'NOUN' && l.pos === 'NOUN' && (wordnet?.broaderNoun(l.lemma, r.lemma) ?? false);
}

/** Suffixes that make a noun or an adjective of a word (not inflections: -s, -ed, -ing, -er, -est). */
const FAMILY_SUFFIXES = ['y', 'ty', 'ity', 'ness', 'ful', 'ous', 'al', 'ment', 'ion', 'ence', 'ance', 'th'];

/**
 * "how difficulty it is" for "difficult", "a success person" (decision 058): one word is the other
 * plus a suffix that makes another part of speech (WordNet lists no derivation for some such pairs);
 * the shorter word has four letters or more.
 */
function suffixFamily(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length < 4 || long.length === short.length) return false;
  const stem = long.startsWith(short) ? short : short.endsWith('e') && long.startsWith(short.slice(0, -1)) ? short.slice(0, -1) : undefined;
  return stem !== undefined && FAMILY_SUFFIXES.includes(long.slice(stem.length));
}

/**
 * A word of five letters or more with exactly the answer word's letters, two of them swapped
 * ("excepted" / "expected", "form" is four and handled as a sound-alike): the same letters typed in
 * another order. Anagrams farther apart ("silent" / "listen") are other words.
 */
function transposedLetters(l: Token, r: Token): boolean {
  const a = l.norm;
  const b = r.norm;
  if (l.foreign || a === b || a.length !== b.length || a.length < 5 || !/^[a-z]+$/.test(a) || !/^[a-z]+$/.test(b)) return false;
  const diff: number[] = [];
  for (let k = 0; k < a.length && diff.length <= 2; k++) if (a[k] !== b[k]) diff.push(k);
  if (diff.length !== 2) return false;
  const [i, j] = diff as [number, number];
  return a[i] === b[j] && a[j] === b[i] && j - i <= 2;
}

/** A real or unknown word one letter from the answer's, both of three letters or more, not a number. */
function oneLetterTypo(l: Token, r: Token): boolean {
  // Words whose lengths differ by two or more are never one edit apart: no distance to compute.
  return !l.foreign && l.norm.length >= 3 && r.norm.length >= 3 && Math.abs(l.norm.length - r.norm.length) <= 1 && !/^\d/.test(l.norm) && distance(l.norm, r.norm) === 1;
}

/** Reference words matched by the learner (for recall): same word, synonym or inflection. */
export function isRecalled(p: Pair | undefined): boolean {
  return p !== undefined && p.rel !== 'replace' && p.rel !== 'class';
}
