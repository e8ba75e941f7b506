/**
 * Built-in evaluator: offline, deterministic grading of 瞬間英作文 answers.
 *
 * `createEvaluator()` loads the NLP resources once; `evaluate()` is synchronous and pure (same
 * problem and answer → same result) so the grade never changes on a retry, and fast (a few
 * milliseconds) so stars can be shown at once.
 */
import type { TBankProblem } from '../bank/types';
import { align, keptCeilingCells, relationCells, relationMemo, type Alignment, type RelationMemo, type SynonymContext } from './align';
import {
  analyseProblem,
  analyseTokens,
  correctLearnerTokens,
  agreeWithSubject,
  globalSynonyms,
  isMainVerbHave,
  type AnalysedAnswer,
  type ProblemAnalysis,
  type SynonymTable,
  type Token,
} from './analyse';
import { bareInfinitiveTo, classify, particleBeforePronoun, prepositionBeforeVerb, type Classification, type DraftError } from './classify';
import { buildDiff } from './diff';
import { buildFeedback } from './feedback';
import { cleftVariants, frameVariants, relationVariants } from './frame-variants';
import { restructureVariants } from './restructure';
import { eventsReversed, hasTimeConnector, timeConverse } from './time-clauses';
import { modalVerbForm } from './learner-forms';
import { normalizeAnswer, tokenize, type RawToken } from './normalize';
import { AUX_FORMS, MODALS, UNCOUNTABLE, areAntonymWords } from './lexicon';
import { loadResources, type Resources } from './resources';
import { ONE_STAR_RECALL, recallCeiling, scoreAlignment, type CeilingMemo, type Score } from './score';
import { deriveSlotSynonyms } from './slot-synonyms';
import { addLexicalAlternations } from './lexical-alternations';
import { structureRewrites, worthRewriting } from './structure';
import { closestPaths, compileProblemLattice, type PathWord } from './lattice-match';
import type { LatticeGraph } from '../lattice/graph';
import { LATTICE_DATA, allBankProblems } from '../bank/index';
import type { TDiffToken, TEvaluation, TEvaluationError } from './types';

export { normalizeAnswer };
export type { TEvaluation } from './types';

/** A verdict with the answer's normalisation (`normalizeAnswer(answer)`), both from one tokenisation. */
export type GradedAnswer = { evaluation: TEvaluation; normalizedAnswer: string };

export interface Evaluator {
  /** Grade one answer. Never throws; an unusable answer gets 1 star. */
  evaluate(problem: TBankProblem, answer: string): TEvaluation;
  /** `evaluate`, and the answer as `normalizeAnswer` has it (stored with the attempt), for the price of one. */
  grade(problem: TBankProblem, answer: string): GradedAnswer;
  /**
   * Compiles the lattices of these problems (default: the whole bank) ahead of their first answer,
   * a few at a time, yielding to the event loop between batches so a server stays responsive.
   * Without it a problem's first evaluation pays for its compilation (tens of milliseconds).
   */
  prepare(problems?: readonly TBankProblem[]): Promise<void>;
}

/** Problems compiled per batch by prepare() before yielding to the event loop. */
const PREPARE_BATCH = 8;

/** Problems whose analysis is kept; the bank is a few thousand items at most. */
const MAX_CACHED_PROBLEMS = 5000;
/** Below this content recall a 1-star answer is treated as unrelated to the prompt. */
const UNRELATED_RECALL = 0.25;
/** A candidate whose recall ceiling is below this is rated 1 star and unrelated, whatever its errors. */
const FAR_RECALL = Math.min(UNRELATED_RECALL, ONE_STAR_RECALL);
/** Phrase-synonym rewrites tried per accepted answer. */
const MAX_VARIANTS = 4;

/** A problem's analysis with its compiled lattice and the reference sentences built from its paths. */
interface ProblemModel extends ProblemAnalysis {
  graph: LatticeGraph;
  /** The lattice was written for the bank (not generated from the answers alone). */
  written: boolean;
  /** The lattice pattern of each accepted answer (by answer index). */
  answerPatterns: (number | undefined)[];
  paths: Map<string, AnalysedAnswer>;
  /** Norms and lemmas of the accepted answers and of every lattice word (see SynonymContext.own). */
  ownWords: Set<string>;
  /** relate()'s results across the answers graded against this problem (SynonymContext.relations). */
  relations: RelationMemo;
}

/** Paths of the lattice graded in detail per answer (the closest of each pattern, cheapest first). */
const MAX_PATHS = 3;
/** Paths costing more than the closest one by this much are not worth grading in detail. */
const PATH_COST_WINDOW = 1.5;
/**
 * Accepted answers whose own pattern is further from the answer than the closest path by more than
 * this are not graded in detail (the main answer always is): the closer paths name the errors.
 */
const ANSWER_COST_WINDOW = 2;
/** Lattice paths analysed per problem and kept. */
const MAX_CACHED_PATHS = 2000;

const BANK_BY_ID = new Map(allBankProblems().map((p) => [p.id, p]));

/** The written lattice of a bank problem (only while its Japanese sentence is the bank's). */
function writtenLattice(problem: TBankProblem): unknown {
  const bank = BANK_BY_ID.get(problem.id);
  if (!bank || bank.japanese !== problem.japanese) return undefined;
  return LATTICE_DATA[bank.level]?.[problem.id];
}

interface Candidate {
  answer: AnalysedAnswer;
  tokens: Token[];
  phraseSynonym: boolean;
}

interface Graded {
  candidate: Candidate;
  alignment: Alignment;
  classification: Classification;
  score: Score;
  /** Pairs that are not the very same word (synonyms, inflections, ...): fewer is closer. */
  distance: number;
}

function indexOfSeq(haystack: readonly string[], needle: readonly string[]): number {
  if (needle.length === 0) return -1;
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let k = 0; k < needle.length; k++) if (haystack[i + k] !== needle[k]) continue outer;
    return i;
  }
  return -1;
}

/** A phrase group of the synonym tables and the member of it the learner wrote. */
interface LearnerPhrase {
  group: string[][];
  learnerMember: Token[];
  /** The learner's own words for that member, as written. */
  written: readonly Token[];
}

/**
 * The phrase groups with a member in the learner's answer (found by lemma, so "wants to" finds
 * "want to"), in table order: the same for every accepted answer, so found once per answer graded.
 */
function learnerPhrases(learner: readonly Token[], tables: readonly { table: SynonymTable; phraseTokens: Map<string, Token[]> }[]): LearnerPhrase[] {
  const out: LearnerPhrase[] = [];
  const learnerLemmas = learner.map((t) => t.lemma);
  // The learner's lemmas and pairs of adjacent lemmas: a member can only be in the learner's words if
  // its opening (its first two lemmas, or its one lemma) is among them.
  const openings = new Set<string>(learnerLemmas);
  for (let k = 0; k + 1 < learnerLemmas.length; k++) openings.add(`${learnerLemmas[k]}\u0000${learnerLemmas[k + 1]}`);
  for (const { table, phraseTokens } of tables) {
    const { groups, byOpening } = phraseMembers(table, phraseTokens);
    // Only the groups with a member opening on one of the learner's openings are tried, in table order.
    const candidates = new Set<number>();
    for (const opening of openings) for (const g of byOpening.get(opening) ?? []) candidates.add(g);
    for (const g of [...candidates].sort((a, b) => a - b)) {
      const { group, members } = groups[g] as PhraseMembers;
      const learnerMember = members.find((m) => m.lemmas.length > 0 && indexOfSeq(learnerLemmas, m.lemmas) >= 0);
      if (learnerMember) {
        const at = indexOfSeq(learnerLemmas, learnerMember.lemmas);
        out.push({ group, learnerMember: learnerMember.tokens, written: learner.slice(at, at + learnerMember.tokens.length) });
      }
    }
  }
  return out;
}

/** A member's opening: its first two lemmas (its one lemma if it has one), as learnerPhrases keys them. */
function openingOf(lemmas: readonly string[]): string | undefined {
  if (lemmas.length === 0) return undefined;
  return lemmas.length === 1 ? lemmas[0] : `${lemmas[0]}\u0000${lemmas[1]}`;
}

interface PhraseMembers {
  group: string[][];
  members: { tokens: Token[]; lemmas: string[] }[];
}

/**
 * Each phrase group of a table with its members' analysed tokens and lemmas, built once per table
 * (again if the table or its analysed phrases grew since).
 */
interface PhraseIndex {
  groups: PhraseMembers[];
  /**
   * Indexes of the groups with a member opening on each opening (decision 067: about 2,000 groups;
   * keyed by the first two lemmas, as "look after" and "look at" share their first).
   */
  byOpening: Map<string, number[]>;
}

const PHRASE_MEMBERS = new WeakMap<SynonymTable, { phrases: number; analysed: number; index: PhraseIndex }>();

function phraseMembers(table: SynonymTable, phraseTokens: Map<string, Token[]>): PhraseIndex {
  const hit = PHRASE_MEMBERS.get(table);
  if (hit && hit.phrases === table.phrases.length && hit.analysed === phraseTokens.size) return hit.index;
  const groups = table.phrases.map((group) => ({
    group,
    members: group.map((m) => {
      const tokens = phraseTokens.get(m.join(' ')) ?? [];
      return { tokens, lemmas: tokens.map((t) => t.lemma) };
    }),
  }));
  const byOpening = new Map<string, number[]>();
  groups.forEach(({ members }, g) => {
    for (const m of members) {
      const opening = openingOf(m.lemmas);
      if (opening === undefined) continue;
      const list = byOpening.get(opening);
      if (!list) byOpening.set(opening, [g]);
      else if (list[list.length - 1] !== g) list.push(g);
    }
  });
  const index = { groups, byOpening };
  PHRASE_MEMBERS.set(table, { phrases: table.phrases.length, analysed: phraseTokens.size, index });
  return index;
}

/** Relative pronouns that stand as the subject of their clause. */
const RELATIVE_SUBJECTS = new Set(['who', 'that', 'which']);

/**
 * Accepted answers rewritten with a phrase synonym the learner used ("a lot of" for "many"); the
 * member copied in is made to agree with the answer's subject, so "He want to" still gets its error.
 */
function phraseVariants(answer: AnalysedAnswer, phrases: readonly LearnerPhrase[], res: Resources): Candidate[] {
  const out: Candidate[] = [];
  /** Each variant's swap: where in the answer, how many of its words, and the words put in. */
  const swaps: { at: number; length: number; replacement: Token[] }[] = [];
  const refNorms = answer.tokens.map((t) => t.norm);
  for (const { group, learnerMember, written } of phrases) {
    if (indexOfSeq(refNorms, learnerMember.map((t) => t.norm)) >= 0) continue;
    for (const refMember of group) {
      const at = indexOfSeq(refNorms, refMember);
      if (at < 0 || refMember.join(' ') === learnerMember.map((t) => t.norm).join(' ')) continue;
      // The member is copied in the table's form: where that is what the learner wrote but not the
      // form the answer has there ("are you come back" for "are you returning"), the copy would hide
      // the learner's form slip, so that member is not used.
      const rv = answer.tokens[at];
      const lv = written[0];
      const mv = learnerMember[0];
      const member = learnerMember;
      if (rv && lv && mv && rv.pos === 'VERB' && rv.cls === 'content' && lv.pos === 'VERB' && mv.norm === lv.norm && ![...lv.forms].some((f) => rv.forms.has(f))) continue;
      // "customers" for "any customer" before "who buys" (decision 049): a noun of the other number
      // copied in before the answer's present verb (or a relative pronoun and it) would leave that
      // verb agreeing with the old subject and accept the learner's agreement slip.
      const lastOf = (toks: readonly (Token | undefined)[]): Token | undefined => toks.findLast((t) => t?.pos === 'NOUN' || t?.pos === 'PROPN');
      const newHead = lastOf(member);
      const oldHead = lastOf(answer.tokens.slice(at, at + refMember.length));
      let after = at + refMember.length;
      if (RELATIVE_SUBJECTS.has(answer.tokens[after]?.norm ?? '')) after += 1;
      const verbAfter = answer.tokens[after];
      // Two nouns joined by "and" ("mom and dad" for "parents") are plural whatever the last one is.
      const newPlural = newHead !== undefined && (newHead.plural || member.some((t) => t.norm === 'and'));
      if (newHead && oldHead && newPlural !== oldHead.plural && verbAfter && (verbAfter.forms.has('3sg') || (verbAfter.forms.has('base') && verbAfter.pos === 'VERB'))) continue;
      const replacement = agreeWithSubject(member, answer.tokens[at - 1], res).map((t, k) => ({
        ...t,
        // Negative groups keep the substituted words apart from the answer's own contractions.
        group: -1 - out.length * 100 - k,
        viaSynonym: true,
      }));
      const tokens = [...answer.tokens.slice(0, at), ...replacement, ...answer.tokens.slice(at + refMember.length)].map((t, index) => ({ ...t, index }));
      out.push({ answer, tokens, phraseSynonym: true });
      swaps.push({ at, length: refMember.length, replacement });
      break;
    }
    if (out.length >= MAX_VARIANTS) break;
  }
  return [...out, ...composedSwaps(answer, swaps)];
}

/**
 * Two phrase synonyms in one answer ("I'll swing by and pick up the kids" for "I'll drop by and
 * collect the kids", decision 073): the single swaps found above, applied together where they do not
 * overlap, as one more variant. Each swap alone leaves the other phrase as a wrong word.
 */
function composedSwaps(answer: AnalysedAnswer, swaps: readonly { at: number; length: number; replacement: Token[] }[]): Candidate[] {
  if (swaps.length < 2) return [];
  const sorted = [...swaps].sort((a, b) => a.at - b.at);
  const kept: typeof sorted = [];
  for (const s of sorted) {
    const prev = kept[kept.length - 1];
    if (!prev || s.at >= prev.at + prev.length) kept.push(s);
  }
  if (kept.length < 2) return [];
  const tokens: Token[] = [];
  let from = 0;
  for (const s of kept) {
    tokens.push(...answer.tokens.slice(from, s.at), ...s.replacement);
    from = s.at + s.length;
  }
  tokens.push(...answer.tokens.slice(from));
  return [{ answer, tokens: tokens.map((t, index) => ({ ...t, index })), phraseSynonym: true }];
}

/** Per problem: the lemmas of every lattice slot's words (built on first use). */
const SLOT_LEMMAS = new WeakMap<ProblemModel, Map<string, string[]>>();

function slotLemmas(model: ProblemModel): Map<string, string[]> {
  let map = SLOT_LEMMAS.get(model);
  if (!map) {
    map = new Map();
    for (const e of model.graph.edges) {
      if (e.token === null) continue;
      const lemma = model.vocab.get(e.token)?.lemma ?? e.token;
      const list = map.get(e.slot);
      if (!list) map.set(e.slot, [lemma]);
      else if (!list.includes(lemma)) list.push(lemma);
    }
    SLOT_LEMMAS.set(model, map);
  }
  return map;
}

/** Particles that make a phrasal verb with the verb before them ("hold up", "come in"). */
const PHRASAL_PARTICLES = new Set(['up', 'down', 'off', 'on', 'out', 'in', 'away', 'back', 'over']);

/**
 * Accepted sentences rewritten with the learner's phrasal verb for a one-word verb, or the learner's
 * one-word verb for a phrasal one, when WordNet puts both in a synset among the commonest senses of
 * each ("held up" / "delayed", "enter" / "come in", "called off" / "cancelled"): a whole family of
 * paraphrases no lattice spells out. The learner's verb must have the answer verb's form, so a
 * wrong form is still graded against the answer.
 */
function phrasalVariants(
  answer: AnalysedAnswer,
  tokens: readonly Token[],
  learner: readonly Token[],
  res: Resources,
  seed: number,
  /** Lemmas of the other words of the lattice slot a reference word fills ("erect" with "build"). */
  slotAlternatives: (j: number) => readonly string[] = () => [],
): Candidate[] {
  const wn = res.wordnet;
  if (!wn) return [];
  const out: Candidate[] = [];
  const refNorms = new Set(tokens.map((t) => t.norm));
  const sameForm = (x: Token, y: Token): boolean => [...x.forms].some((f) => y.forms.has(f));
  const phrasal = (v: Token | undefined, p: Token | undefined): string | undefined =>
    v && p && v.pos === 'VERB' && v.cls === 'content' && PHRASAL_PARTICLES.has(p.norm) ? `${v.lemma}_${p.norm}` : undefined;
  const rebuilt = (at: number, take: number, replacement: readonly Token[]): Candidate => {
    const copied = replacement.map((t, k) => ({ ...t, group: -1 - (seed + out.length) * 100 - k, viaSynonym: true }));
    const next = [...tokens.slice(0, at), ...copied, ...tokens.slice(at + take)].map((t, index) => ({ ...t, index }));
    return { answer, tokens: next, phraseSynonym: true };
  };
  // The learner's phrasal verb for the answer's one-word verb.
  for (let i = 0; i + 1 < learner.length && out.length < MAX_VARIANTS; i++) {
    const v = learner[i] as Token;
    const joined = phrasal(v, learner[i + 1]);
    if (!joined || refNorms.has(v.norm) || !wn.knows(joined)) continue;
    const at = tokens.findIndex(
      (r, j) =>
        r.pos === 'VERB' &&
        r.cls === 'content' &&
        r.lemma !== v.lemma &&
        !PHRASAL_PARTICLES.has(tokens[j + 1]?.norm ?? '') &&
        sameForm(v, r) &&
        [r.lemma, ...slotAlternatives(j)].some((lemma) => wn.closeSynonyms(joined, lemma, 'v')),
    );
    if (at >= 0) out.push(rebuilt(at, 1, [v, learner[i + 1] as Token]));
  }
  // The learner's one-word verb for the answer's phrasal verb.
  for (let j = 0; j + 1 < tokens.length && out.length < MAX_VARIANTS; j++) {
    const r = tokens[j] as Token;
    const joined = phrasal(r, tokens[j + 1]);
    if (!joined) continue;
    const l = learner.find((t) => t.pos === 'VERB' && t.cls === 'content' && t.known && !refNorms.has(t.norm) && t.lemma !== r.lemma && sameForm(t, r));
    if (l && wn.closeSynonyms(l.lemma, joined, 'v')) out.push(rebuilt(j, 2, [l]));
  }
  return out;
}

/** The perfect's auxiliary, before "been" + -ing. */
const PERFECT_AUX = new Set(['have', 'has', 'had']);
/** Subject pronouns that open a relative clause ("the product we launched"). */
const SUBJECT_PRONOUN_NORMS = new Set(['i', 'we', 'you', 'he', 'she', 'they']);
/**
 * Accepted sentences in another structure the learner chose, which no lattice needs to spell out:
 * - an inverted condition: "Should the item be out of stock" / "Were I" / "Had I known" for "If ...";
 * - the causative with get: "got us to rewrite" for "made / had us rewrite", "get the materials
 *   ready" for "have the materials ready";
 * - negative inversion: "Never have I seen" for "I have never seen";
 * - keep + -ing for the perfect progressive: "have kept studying" for "have been studying";
 * - a presentational relative said plainly: "We launched this product" for "This is the product we
 *   launched";
 * - a negated adjective said as its opposite: "boring" for "not interesting" (decision 030);
 * - a reversed pseudo-cleft: "A little rest is what I need" for "What I need is a little rest".
 * Only built when the learner's sentence has the marks of that structure.
 */
/** Negative adverbs that invert the subject and the auxiliary when fronted. */
const NEGATIVE_FRONT = new Set(['never', 'rarely', 'seldom', 'hardly', 'scarcely']);
/** Single words analysed once for the structural variants (should, get, to, ...). */
const WORD_TOKENS = new Map<string, Token>();

/** A single word as the variants insert it (should, get, to, ...), analysed once. */
function wordToken(w: string, res: Resources): Token {
  let t = WORD_TOKENS.get(w);
  if (!t) {
    t = analyseTokens(tokenize(w), res)[0] as Token;
    WORD_TOKENS.set(w, t);
  }
  return t;
}

function structuralVariants(answer: AnalysedAnswer, tokens: readonly Token[], learner: readonly Token[], res: Resources, seed: number, phrases: readonly LearnerPhrase[] = []): Candidate[] {
  const out: Candidate[] = [];
  const word = (w: string, k: number): Token => ({ ...wordToken(w, res), group: -1 - (seed + out.length) * 100 - k, viaSynonym: true });
  const push = (next: readonly Token[]): void => {
    out.push({ answer, tokens: next.map((t, index) => ({ ...t, index })), phraseSynonym: true });
  };
  const first = learner[0]?.norm;
  // Inverted conditions.
  if (tokens[0]?.norm === 'if' && (first === 'should' || first === 'were' || first === 'had')) {
    const k = tokens.findIndex((t, j) => j > 1 && (t.cls === 'aux' || t.cls === 'modal' || (t.pos === 'VERB' && t.cls === 'content')));
    const verb = tokens[k];
    if (verb && verb.cls !== 'modal') {
      const lemma = AUX_FORMS[verb.norm]?.lemma ?? verb.lemma;
      if (first === 'should' && verb.forms.size > 0 && !verb.forms.has('past')) {
        push([word('should', 0), ...tokens.slice(1, k), word(lemma, 1), ...tokens.slice(k + 1)]);
      } else if (first === 'were' && (verb.norm === 'were' || verb.norm === 'was')) {
        push([word('were', 0), ...tokens.slice(1, k), ...tokens.slice(k + 1)]);
      } else if (first === 'had' && verb.norm === 'had') {
        push([word('had', 0), ...tokens.slice(1, k), ...tokens.slice(k + 1)]);
      }
    }
  }
  // The causative with get.
  if (learner.some((t) => t.lemma === 'get')) {
    const getFor: Record<string, string> = { made: 'got', had: 'got', make: 'get', have: 'get', makes: 'gets', has: 'gets', making: 'getting', having: 'getting' };
    for (let m = 0; m < tokens.length; m++) {
      const t = tokens[m] as Token;
      if ((t.lemma !== 'make' && t.lemma !== 'have') || !getFor[t.norm]) continue;
      // The object: a pronoun, or a short noun phrase.
      let v = m + 1;
      while (v < tokens.length && v <= m + 4 && (tokens[v]?.cls === 'pron' || tokens[v]?.cls === 'det' || tokens[v]?.cls === 'article' || (tokens[v]?.cls === 'content' && tokens[v]?.pos !== 'VERB'))) v++;
      const after = tokens[v];
      if (v === m + 1 || !after) continue;
      const getWord = word(getFor[t.norm] as string, 0);
      if (after.pos === 'VERB' && after.forms.has('base') && !after.forms.has('pp')) {
        // The infinitive marker of "get us to rewrite".
        const to: Token = { ...word('to', 1), cls: 'part', pos: 'PART' };
        push([...tokens.slice(0, m), getWord, ...tokens.slice(m + 1, v), to, ...tokens.slice(v)]);
        break;
      }
      // "have the materials ready / the bike repaired": the object's state, with get as well.
      const state = tokens.slice(m + 2, m + 6).findIndex((x, q) => (x.norm === 'ready' || (x.pos === 'VERB' && x.forms.has('pp'))) && tokens[m + 1 + q]?.pos === 'NOUN');
      if (t.lemma === 'have' && state >= 0) push([...tokens.slice(0, m), getWord, ...tokens.slice(m + 1)]);
      break;
    }
  }
  // Negative inversion: "Never have I seen" for "I have never seen" (the subject before the
  // auxiliary and the negative adverb after it in the answer).
  const second = learner[1];
  if (first && NEGATIVE_FRONT.has(first) && second && (second.cls === 'aux' || second.cls === 'modal') && tokens[0]?.norm !== first) {
    const k = tokens.findIndex((t, j) => j >= 1 && j <= 4 && t.norm === second.norm && tokens[j + 1]?.norm === first);
    if (k > 0 && tokens.slice(0, k).every((t) => t.cls !== 'aux' && t.cls !== 'modal' && t.pos !== 'VERB')) {
      push([tokens[k + 1] as Token, tokens[k] as Token, ...tokens.slice(0, k), ...tokens.slice(k + 2)]);
    }
  }
  // "have kept studying" for "have been studying": keep + -ing says the same continuation as the
  // perfect progressive. Built when the learner has keep and the answer has been + -ing.
  if (learner.some((t) => t.lemma === 'keep')) {
    const k = tokens.findIndex((t, j) => t.norm === 'been' && PERFECT_AUX.has(tokens[j - 1]?.norm ?? '') && (tokens[j + 1]?.forms.has('ing') ?? false));
    if (k > 0) push([...tokens.slice(0, k), word('kept', 3), ...tokens.slice(k + 1)]);
  }
  // "We launched this product last month" for "This is the product (that) we launched last month":
  // the object of a presentational relative clause put back after its verb.
  if (tokens[0]?.norm === 'this' && tokens[1]?.norm === 'is' && tokens[2]?.norm === 'the' && first !== 'this') {
    let n = 3;
    while (n < tokens.length && tokens[n]?.cls === 'content' && tokens[n]?.pos !== 'VERB' && n < 6) n++;
    const rel = tokens[n]?.norm === 'that' || tokens[n]?.norm === 'which' ? n + 1 : n;
    const subject = tokens[rel];
    const verb = tokens[rel + 1];
    if (n > 3 && subject?.cls === 'pron' && SUBJECT_PRONOUN_NORMS.has(subject.norm) && verb?.cls === 'content' && verb.pos !== 'NOUN' && verb.pos !== 'ADV') {
      push([subject, verb, tokens[0] as Token, ...tokens.slice(3, n), ...tokens.slice(rel + 2)]);
    }
  }
  // "not interesting" said as "boring", "not difficult" as "easy" (and the other way round): a
  // negated adjective and its opposite say the same thing. Built when the learner's sentence has the
  // opposite adjective and one negation fewer (or more) than the answer.
  const opposite = (x: Token, y: Token): boolean => areAntonymWords(x, y) || (res.wordnet?.antonyms(x.lemma, y.lemma, 'a') ?? false);
  const negations = (ts: readonly Token[]): number => ts.filter((t) => t.norm === 'not' || t.norm === 'never').length;
  // Adjectives, and participles used as adjectives ("closed"), which the tagger reads as verbs.
  const adjectival = (t: Token): boolean => t.cls === 'content' && (t.pos === 'ADJ' || (t.pos === 'VERB' && t.forms.has('pp') && !t.forms.has('base')));
  const adjectives = learner.filter((t) => adjectival(t) && !tokens.some((x) => x.norm === t.norm));
  if (adjectives.length > 0) {
    const lNeg = negations(learner);
    const rNeg = negations(tokens);
    for (let k = 0; k < tokens.length; k++) {
      const adj = tokens[k] as Token;
      if (!adjectival(adj)) continue;
      const mine = adjectives.find((t) => opposite(t, adj));
      if (!mine) continue;
      const copy = { ...mine, group: -1 - (seed + out.length) * 100 - 9, viaSynonym: true };
      const not = tokens[k - 1]?.norm === 'not' ? k - 1 : -1;
      if (not >= 0 && lNeg === rNeg - 1) push([...tokens.slice(0, not), copy, ...tokens.slice(k + 1)]);
      else if (not < 0 && lNeg === rNeg + 1) {
        const be = tokens.slice(0, k).findLastIndex((t) => AUX_FORMS[t.norm]?.lemma === 'be');
        if (be >= 0 && be >= k - 2) push([...tokens.slice(0, be + 1), word('not', 2), ...tokens.slice(be + 1, k), copy, ...tokens.slice(k + 1)]);
      }
      break;
    }
  }
  // "I always drink milk in the morning" for "I drink milk every morning": always + the part of the
  // day says what every + it says (decision 034). Built when the learner has always and the answer
  // has every + a part of the day or the week; always goes before the first verb (after its
  // auxiliary), as in the learner's sentence.
  if (learner.some((t) => t.norm === 'always') && !tokens.some((t) => t.norm === 'always')) {
    const k = tokens.findIndex((t, j) => t.norm === 'every' && EVERY_AS_ALWAYS[tokens[j + 1]?.norm ?? ''] !== undefined);
    const unit = tokens[k + 1];
    const phrase = unit ? EVERY_AS_ALWAYS[unit.norm] : undefined;
    const verb = tokens.findIndex((t) => t.cls === 'content' && t.pos === 'VERB');
    if (k >= 0 && unit && phrase && verb > 0 && verb !== k + 1) {
      const words = phrase.map((w, n) => (w === unit.norm ? unit : word(w, 40 + n)));
      const rebuilt: Token[] = [];
      tokens.forEach((t, j) => {
        if (j === verb) rebuilt.push(word('always', 39));
        if (j === k) rebuilt.push(...words);
        else if (j !== k + 1) rebuilt.push(t);
      });
      push(rebuilt);
    }
  }
  // Active and passive with a generic agent (decision 034).
  out.push(...genericAgentVariants(answer, tokens, learner, (t, k) => ({ ...t, group: -1 - (seed + out.length) * 100 - 20 - k, viaSynonym: true })));
  // Suggestion, opinion, request, participle, expectation and modal-passive frames (decision 040).
  for (const next of frameVariants(tokens, learner, (t, k) => ({ ...t, group: -1 - (seed + out.length) * 100 - 50 - k, viaSynonym: true }), word)) push(next);
  // A comparison turned round, cause and result with another connector or a participle, it's time
  // + past (decision 052).
  for (const next of relationVariants(tokens, learner, (t, k) => ({ ...t, group: -1 - (seed + out.length) * 100 - 50 - k, viaSynonym: true }), opposite)) push(next);
  // Clefts, how come, a relative clause split off, the active for a passive, raising, a reporting clause moved (decision 076).
  for (const next of restructureVariants(tokens, learner, (t, k) => ({ ...t, group: -1 - (seed + out.length) * 100 - 60 - k, viaSynonym: true }), word, (base) => pastOf(base, res), (base) => participleOf(base, res))) {
    push(next);
    out.push(...restructuredPhrases(answer, next, phrases, res));
  }
  // "A solution occurred to him" for "He came up with a solution" (the idea as subject).
  out.push(...ideaConverseVariants(answer, tokens, learner, (t, k) => ({ ...t, group: -1 - (seed + out.length) * 100 - 30 - k, viaSynonym: true })));
  // "Nobody in the department works as hard as he does" for "No one ... works harder than he does"
  // (decision 085): after a negative subject, as + the base + as says what the comparative + than
  // says (nobody reaches him). Built when the learner opens with a negative word and has as ... as.
  if (NEGATIVE_SUBJECTS.has(first ?? '') && NEGATIVE_SUBJECTS.has(tokens[0]?.norm ?? '') && learner.filter((t) => t.norm === 'as').length >= 2) {
    const than = tokens.findIndex((t) => t.norm === 'than');
    const comparative = tokens[than - 1];
    const more = tokens[than - 2]?.norm === 'more' ? than - 2 : -1;
    const as = learner.find((t) => t.norm === 'as') as Token;
    if (than > 1 && comparative) {
      if (more >= 0) push([...tokens.slice(0, more), as, comparative, as, ...tokens.slice(than + 1)]);
      else if (/er$/.test(comparative.norm)) {
        const base = learner.find((t, k) => learner[k - 1]?.norm === 'as' && learner[k + 1]?.norm === 'as' && comparative.norm.startsWith(t.norm.replace(/y$/, 'i').replace(/e$/, '')));
        if (base) push([...tokens.slice(0, than - 1), as, base, as, ...tokens.slice(than + 1)]);
      }
    }
  }
  // "All items are returnable within 30 days" for "All items can be returned" (decision 085): an
  // adjective in -able / -ible of the answer's verb says can be + its participle. The learner's be
  // (and its agreement) is used.
  const able = learner.findIndex((t) => /[a-z]{3}(able|ible)$/.test(t.norm) && AUX_FORMS[learner[learner.indexOf(t) - 1]?.norm ?? '']?.lemma === 'be');
  if (able > 0) {
    const stem = (learner[able] as Token).norm.replace(/(able|ible)$/, '');
    const k = tokens.findIndex((t, j) => (t.norm === 'can' || t.norm === 'may') && tokens[j + 1]?.norm === 'be' && (tokens[j + 2]?.forms.has('pp') ?? false) && [tokens[j + 2]?.lemma, tokens[j + 2]?.lemma.replace(/e$/, '')].includes(stem));
    if (k > 0) push([...tokens.slice(0, k), learner[able - 1] as Token, learner[able] as Token, ...tokens.slice(k + 3)]);
  }
  // "The song is popular with young people" said as "Young people like the song" (decision 085): the
  // people it is popular with as the subject of like / love; "not only A but also B" as "both A and
  // B" when the learner says both.
  const likeAt = learner.findIndex((t, k) => k > 0 && ['like', 'likes', 'love', 'loves', 'liked', 'loved'].includes(t.norm) && learner[k - 1]?.cls === 'content');
  const popular = tokens.findIndex((t, j) => t.norm === 'popular' && AUX_FORMS[tokens[j - 1]?.norm ?? '']?.lemma === 'be');
  if (likeAt > 0 && popular > 1 && learner.every((t) => t.norm !== 'popular')) {
    const end = tokens.at(-1)?.pos === 'PUNCT' ? tokens.length - 1 : tokens.length;
    let people = tokens.slice(popular + 1, end).filter((t) => t.norm !== 'with' && t.norm !== 'among');
    if (learner.some((t) => t.norm === 'both') && (people[0]?.norm === 'not' && (people[1]?.norm === 'only' || people[1]?.norm === 'just'))) {
      const but = people.findIndex((t) => t.norm === 'but');
      if (but > 2) people = [learner.find((t) => t.norm === 'both') as Token, ...people.slice(2, but), wordToken('and', res), ...people.slice(but + 1).filter((t) => t.norm !== 'also')];
    }
    const subject = tokens.slice(0, popular - 1);
    if (people.length > 0 && subject.length > 0) push([...people, learner[likeAt] as Token, ...subject, ...tokens.slice(end)]);
  }
  // "The plane will have left when they get there" for "by the time they get there": with a perfect
  // in the other clause (will have / had + participle), when says what by the time says: the event
  // is over at that point either way (decision 085). Built when the learner has when and no by.
  if (learner.some((t) => t.norm === 'when') && !learner.some((t) => t.norm === 'by')) {
    const by = tokens.findIndex((t, j) => t.norm === 'by' && tokens[j + 1]?.norm === 'the' && tokens[j + 2]?.norm === 'time');
    const perfect = tokens.some((t, j) => PERFECT_AUX.has(t.norm) && (tokens[j + 1]?.forms.has('pp') || (tokens[j + 1]?.pos === 'ADV' && tokens[j + 2]?.forms.has('pp'))) === true);
    const when = learner.find((t) => t.norm === 'when');
    if (by >= 0 && perfect && when) push([...tokens.slice(0, by), { ...when, group: -1 - (seed + out.length) * 100 - 45, viaSynonym: true }, ...tokens.slice(by + 3)]);
  }
  // "If it happens to rain" for "If it should rain": in an if-clause the putative should and
  // happen to say the same (a chance event). Built when the learner's sentence has if and happen +
  // to, and the answer has if ... should + a verb; happen(s) + to, agreeing with the answer's
  // subject, replace should (so "If it happen to rain" is still a 三単現 slip).
  const happen = learner.findIndex((t, k) => t.lemma === 'happen' && t.pos === 'VERB' && learner[k + 1]?.norm === 'to');
  const ifAt = tokens.findIndex((t) => t.norm === 'if');
  if (happen > 0 && ifAt >= 0 && learner.some((t, k) => t.norm === 'if' && k < happen)) {
    const should = tokens.findIndex((t, j) => j > ifAt && j <= ifAt + 5 && t.norm === 'should');
    const verb = tokens[should + 1];
    const subject = tokens[should - 1];
    if (should > ifAt + 1 && verb && subject && verb.forms.has('base')) {
      const third = ['he', 'she', 'it', 'this', 'that'].includes(subject.norm) || ((subject.pos === 'NOUN' || subject.pos === 'PROPN') && !subject.plural);
      push([...tokens.slice(0, should), word(third ? 'happens' : 'happen', 40), word('to', 41), ...tokens.slice(should + 1)]);
    }
  }
  // "That she does not know about it is strange" for "It is strange that she does not know about
  // it": the that-clause as the subject instead of after an anticipatory it. Built when the learner
  // starts with "that" and the answer is it + be + an adjective phrase + that + a clause.
  if (first === 'that' && tokens[0]?.norm === 'it' && AUX_FORMS[tokens[1]?.norm ?? '']?.lemma === 'be') {
    const that = tokens.findIndex((t, j) => j >= 3 && j <= 5 && t.norm === 'that');
    const adjective = tokens.slice(2, that);
    const end = tokens.at(-1)?.pos === 'PUNCT' ? tokens.length - 1 : tokens.length;
    if (that > 0 && end - that > 2 && adjective.some((t) => t.pos === 'ADJ') && adjective.every((t) => t.pos === 'ADJ' || t.pos === 'ADV' || t.norm === 'not')) {
      push([word('that', 42), ...tokens.slice(that + 1, end), tokens[1] as Token, ...adjective, ...tokens.slice(end)]);
    }
  }
  return out;
}

/** Words that end a verb phrase's object, before which "anymore" goes. */
const PHRASE_ENDS = new Set(['to', 'in', 'because', 'since', 'as', 'so', 'for', 'when', 'after', 'before', 'and', 'but']);

/** Light verbs and their forms: base, -s, past, -ing, past participle. */
const LIGHT_VERB_FORMS: Readonly<Record<string, readonly [string, string, string, string, string]>> = {
  make: ['make', 'makes', 'made', 'making', 'made'],
  take: ['take', 'takes', 'took', 'taking', 'taken'],
  have: ['have', 'has', 'had', 'having', 'had'],
  give: ['give', 'gives', 'gave', 'giving', 'given'],
};
/** Determiners between a light verb and its noun ("made some preparations", "gave a speech"). */
const LIGHT_DETERMINERS = new Set(['a', 'an', 'some', 'the', 'any', 'no', 'another', 'more', 'final', 'careful', 'quick', 'short', 'long']);

/** Subjects of "It's an interesting movie" (the thing pointed at). */
const POINTING_SUBJECTS = new Set(['it', 'this', 'that']);

/** "It is (not) a / an ADJ NOUN": the index of the article, or -1. */
function attributiveAt(learner: readonly Token[]): number {
  if (!POINTING_SUBJECTS.has(learner[0]?.norm ?? '') || AUX_FORMS[learner[1]?.norm ?? '']?.lemma !== 'be') return -1;
  const a = learner[2]?.norm === 'not' ? 3 : 2;
  const art = learner[a];
  return art && (art.norm === 'a' || art.norm === 'an') && learner[a + 1]?.pos === 'ADJ' && learner[a + 2]?.pos === 'NOUN' && a + 3 === learner.length ? a : -1;
}

/**
 * "I've never read a book as interesting as this (one)" / "I've never read a more interesting book
 * than this" / "such an interesting book as this" for "This is the most interesting book (that) I
 * have ever read" (decision 073): the textbook rewrites of a superlative with ever. Built when the
 * learner's sentence has never and as / than; the answer's own adjective, noun and subject are used,
 * so another adjective or thing is still a meaning error.
 */
function superlativeVariants(tokens: readonly Token[], learner: readonly Token[], copy: (t: Token, k: number) => Token, word: (w: string, k: number) => Token): Token[][] {
  const be = tokens.findIndex((t, k) => k >= 1 && k <= 3 && AUX_FORMS[t.norm]?.lemma === 'be');
  if (be < 0 || tokens[be + 1]?.norm !== 'the') return [];
  const most = tokens[be + 2]?.norm === 'most' ? 1 : 0;
  const adjective = tokens[be + 2 + most];
  const noun = tokens[be + 3 + most];
  if (!adjective || !noun || noun.pos !== 'NOUN' || (most === 0 && !/est$/.test(adjective.norm))) return [];
  let r = be + 4 + most;
  if (tokens[r]?.norm === 'that' || tokens[r]?.norm === 'which') r += 1;
  const last = tokens.at(-1)?.pos === 'PUNCT' ? tokens.length - 1 : tokens.length;
  const clause = tokens.slice(r, last);
  const ever = clause.findIndex((t) => t.norm === 'ever');
  if (ever < 1) return [];
  const subject = tokens.slice(0, be);
  const never = [...clause.slice(0, ever), word('never', 20), ...clause.slice(ever + 1)];
  // The learner's subject side after the last as / than: the answer's subject, maybe with "one".
  const tail = learner.findLastIndex((t) => t.norm === 'as' || t.norm === 'than');
  // (Numbers are normalised to digits: "one" is "1".)
  const oneWord = learner[tail + 1 + subject.length];
  const one = oneWord && (oneWord.norm === 'one' || oneWord.display.toLowerCase() === 'one') && learner[tail + 1]?.norm === subject[0]?.norm ? [copy(learner[tail + 1 + subject.length] as Token, 21)] : [];
  const than = learner[tail]?.norm === 'than';
  const a = (w: Token): Token => word(/^[aeiou]/.test(w.norm) ? 'an' : 'a', 22);
  const base = learner.find((t) => t.pos === 'ADJ' && t.lemma === adjective.lemma && t.norm !== adjective.norm);
  if (most === 0 && !base) return [];
  const plain = most === 1 ? adjective : (base as Token);
  if (than) {
    // "a more interesting book than this", "a taller building than this".
    const comparative = most === 1 ? [word('more', 23), plain] : learner.filter((t) => t.lemma === adjective.lemma && /er$/.test(t.norm)).slice(0, 1);
    if (comparative.length === 0) return [];
    return [[...never, a(comparative[0] as Token), ...comparative, noun, word('than', 24), ...subject, ...one, ...tokens.slice(last)]];
  }
  if (learner.some((t) => t.norm === 'such')) {
    return [[...never, word('such', 25), a(plain), plain, noun, word('as', 26), ...subject, ...one, ...tokens.slice(last)]];
  }
  return [[...never, a(noun), noun, word('as', 27), plain, word('as', 28), ...subject, ...one, ...tokens.slice(last)]];
}

/** Words that open a coordination ("either ... or"), not part of its first phrase. */
const COORDINATION_OPENERS = new Set(['either', 'neither', 'both', 'not']);

/** Prepositions a light verb's noun takes where the verb took a direct object. */
const NOUN_OBJECT_PREPOSITIONS = new Set(['about', 'on', 'of', 'with', 'for', 'to']);

/** The prepositions a light verb's noun takes for its verb's: think about → thought to / on, talk to → a talk with. */
const NOUN_PREPOSITION_FOR: Readonly<Record<string, readonly string[]>> = { about: ['about', 'to', 'on'], to: ['to', 'with'], with: ['with'], at: ['at'], on: ['on'], for: ['for'], of: ['of'] };

/** The adverb of an adjective: serious → seriously, easy → easily. */
function adverbOf(adjective: string): string {
  if (/[^aeiou]y$/.test(adjective)) return `${adjective.slice(0, -1)}ily`;
  if (/[^aeiou]le$/.test(adjective)) return `${adjective.slice(0, -1)}y`;
  return `${adjective}ly`;
}

/** Words that make a number approximate: about / around / roughly / approximately / like 30 minutes. */
const APPROXIMATORS = new Set(['about', 'around', 'roughly', 'approximately', 'like', 'some']);
/** Amounts an approximator goes before besides a number ("around half an hour"). */
const APPROXIMATE_AMOUNTS = new Set(['half', 'dozen', 'hundred']);
/** Units an approximator's a / an counts ("about an hour"). */
const APPROXIMATE_UNITS = new Set(['hour', 'minute', 'second', 'day', 'week', 'month', 'year', 'mile', 'kilometer', 'kilometre', 'meter', 'metre', 'kilo', 'kilogram', 'dollar']);

/** The index of an approximator before a number (or half / a dozen ...), or -1. */
function approximatorAt(ts: readonly Token[]): number {
  return ts.findIndex((t, k) => {
    // (like the verb is no approximator: "I like 3 cats".)
    if (!APPROXIMATORS.has(t.norm) || (t.norm === 'like' && t.pos === 'VERB')) return false;
    const next = ts[k + 1];
    if (next?.pos === 'NUM') return true;
    if (t.norm === 'some' || !next) return false;
    return APPROXIMATE_AMOUNTS.has(next.norm) || ((next.norm === 'a' || next.norm === 'an') && APPROXIMATE_UNITS.has(ts[k + 2]?.lemma ?? ''));
  });
}

/** The index of a light verb followed (after at most one determiner) by a noun, or -1. */
function lightVerbNoun(learner: readonly Token[]): number {
  return learner.findIndex((t, k) => {
    // (have before a determiner or a noun is the main verb, though the tagger may call it an auxiliary.)
    if (!((t.cls === 'content' && t.pos === 'VERB') || t.cls === 'aux') || LIGHT_VERB_FORMS[t.lemma] === undefined) return false;
    const n = LIGHT_DETERMINERS.has(learner[k + 1]?.norm ?? '') ? k + 2 : k + 1;
    // (An adjective may describe the noun: "gave some serious thought to".)
    return learner[n]?.pos === 'NOUN' || (learner[n]?.pos === 'ADJ' && learner[n + 1]?.pos === 'NOUN');
  });
}

/**
 * Whether the learner's sentence has the marks of a restructuring that restructuredVariants builds:
 * be + what / where, a question word + be + it, no longer / anymore / any longer.
 */
function hasRestructuringMarks(learner: readonly Token[]): boolean {
  return lightVerbNoun(learner) >= 0 || hasTimeConnector(learner) || approximatorAt(learner) >= 0 || attributiveAt(learner) >= 0 || (learner.some((t) => t.norm === 'never') && learner.some((t) => t.norm === 'as' || t.norm === 'than')) || learner.some((t, k) => {
    const next = learner[k + 1]?.norm;
    if (AUX_FORMS[t.norm]?.lemma === 'be' && (next === 'what' || next === 'where' || (next === 'it' && k === 1))) return true;
    if (t.norm === 'anymore' || ((t.norm === 'or' || t.norm === 'and' || t.norm === 'nor') && k > 0)) return true;
    return (t.norm === 'no' || t.norm === 'any') && next === 'longer';
  });
}

/**
 * Whole restructurings of an accepted answer into the learner's frame (decisions 052, 073), built on
 * every accepted answer (not only the closest path), since the learner's other words may be those of
 * any of them; each only where the learner's sentence has its marks:
 * - the pseudo-cleft the other way round: "A bit of rest is what I need" for "What I need is ...";
 * - a place cleft: "Tokyo is where my sister lives" for "My sister lives in Tokyo";
 * - a question word's cleft: "Who was it that drew this?" for "Who drew this?";
 * - stopped + -ing said as no longer / not ... anymore: "The shop no longer sells bread", "The shop
 *   doesn't sell bread anymore" for "The shop stopped selling bread". The verb agrees with the
 *   answer's subject, so "The shop no longer sell bread" keeps its agreement slip; another verb
 *   ("no longer buys") is still another action.
 */
function restructuredVariants(answer: AnalysedAnswer, tokens: readonly Token[], learner: readonly Token[], res: Resources, seed: number): Candidate[] {
  const out: Candidate[] = [];
  const word = (w: string, k: number): Token => ({ ...wordToken(w, res), group: -1 - (seed + out.length) * 100 - k, viaSynonym: true });
  const copy = (t: Token, k: number): Token => ({ ...t, group: -1 - (seed + out.length) * 100 - 50 - k, viaSynonym: true });
  const push = (next: readonly Token[]): void => {
    out.push({ answer, tokens: next.map((t, index) => ({ ...t, index })), phraseSynonym: true });
  };
  const first = learner[0]?.norm;
  const last = tokens.at(-1)?.pos === 'PUNCT' ? tokens.length - 1 : tokens.length;
  // The pseudo-cleft the other way round (the final stop, if any, stays at the end).
  if (tokens[0]?.norm === 'what' && first !== 'what' && learner.some((t) => t.norm === 'what')) {
    const k = tokens.findIndex((t, j) => j >= 2 && AUX_FORMS[t.norm]?.lemma === 'be');
    if (k > 0 && k < last - 1) push([...tokens.slice(k + 1, last), tokens[k] as Token, ...tokens.slice(0, k), ...tokens.slice(last)]);
  }
  for (const next of cleftVariants(tokens, learner, copy, word)) push(next);
  // stopped + -ing as no longer / not ... anymore.
  const longer = learner.findIndex((t, k) => t.norm === 'no' && learner[k + 1]?.norm === 'longer');
  const anymore = learner.findIndex((t, k) => t.norm === 'anymore' || (t.norm === 'longer' && learner[k - 1]?.norm === 'any'));
  if (longer >= 0 || anymore >= 0) {
    const s = tokens.findIndex((t, j) => t.lemma === 'stop' && t.pos === 'VERB' && (tokens[j + 1]?.forms.has('ing') ?? false));
    const ing = tokens[s + 1];
    if (s >= 1 && ing) {
      const perfect = PERFECT_AUX.has(tokens[s - 1]?.norm ?? '') ? 1 : 0;
      const subject = tokens[s - 1 - perfect];
      const before = tokens.slice(0, s - perfect);
      const after = tokens.slice(s + 2, last);
      // The base as a verb (alone, the tagger may read "use" as a noun).
      const base: Token = { ...word(ing.lemma, 1), pos: 'VERB', cls: 'content', lemma: ing.lemma, forms: new Set(['base']) };
      if (longer >= 0) {
        const verb = agreeWithSubject([base], subject, res);
        push([...before, word('no', 2), word('longer', 3), ...verb, ...after, ...tokens.slice(last)]);
      } else {
        const does = agreeWithSubject([word('do', 4)], subject, res);
        // anymore after the word the learner put before it, else at the end of the verb phrase.
        const mark = learner[anymore - (learner[anymore]?.norm === 'longer' ? 2 : 1)]?.norm;
        let at = after.findIndex((t) => t.norm === mark);
        at = at >= 0 ? at + 1 : after.findIndex((t) => PHRASE_ENDS.has(t.norm));
        if (at < 0) at = after.length;
        const tail = learner[anymore]?.norm === 'longer' ? [word('any', 5), word('longer', 6)] : [word('anymore', 5)];
        push([...before, ...does, word('not', 7), base, ...after.slice(0, at), ...tail, ...after.slice(at), ...tokens.slice(last)]);
      }
    }
  }
  // "It's not an interesting movie" for "The movie is not interesting" (decision 073): the
  // predicate adjective put before its noun after it / this / that + be. Built when the learner's
  // whole sentence is that frame and the answer's is determiner + noun + be (+ not) + adjective.
  const art = attributiveAt(learner);
  if (art >= 0) {
    const n = tokens[0]?.cls === 'article' || tokens[0]?.cls === 'det' || (tokens[0]?.cls === 'pron' && POSSESSIVE_DETS.has(tokens[0].norm)) ? 1 : 0;
    const noun = tokens[n];
    const be = tokens[n + 1];
    const not = tokens[n + 2]?.norm === 'not' ? 1 : 0;
    const adjective = tokens[n + 2 + not];
    if (noun?.pos === 'NOUN' && be && AUX_FORMS[be.norm]?.lemma === 'be' && adjective?.pos === 'ADJ' && n + 3 + not === last) {
      const article = word(/^[aeiou]/.test(adjective.norm) ? 'an' : 'a', 14);
      push([copy(learner[0] as Token, 15), be, ...(not ? [tokens[n + 2] as Token] : []), article, adjective, noun, ...tokens.slice(last)]);
    }
  }
  for (const next of superlativeVariants(tokens, learner, copy, word)) push(next);
  // "for like 30 minutes" for "for about 30 minutes" (decision 079): the learner's approximator for
  // the answer's before a number. The numbers themselves are aligned as they are, so another number
  // is still a meaning error.
  const approx = approximatorAt(learner);
  if (approx >= 0) {
    const j = approximatorAt(tokens);
    if (j >= 0 && tokens[j]?.norm !== learner[approx]?.norm) push([...tokens.slice(0, j), copy(learner[approx] as Token, 16), ...tokens.slice(j + 1)]);
  }
  // "I went to bed after I brushed my teeth" for "I brushed my teeth before I went to bed" (decision 079).
  for (const next of timeConverse(tokens, learner, copy, word, (base) => pastOf(base, res))) push(next);
  // "Either Ms. Sato or Mr. Ito will come" for "Either Mr. Ito or Ms. Sato will come" (decision
  // 073): two short noun phrases joined by or / nor / and (after either / neither / both, or not)
  // in the other order. Built when the learner's sentence has the second phrase's first word before
  // the first phrase's.
  const c = tokens.findIndex((t, k) => k > 0 && (t.norm === 'or' || t.norm === 'nor' || t.norm === 'and'));
  if (c > 0 && learner.some((t) => t.norm === tokens[c]?.norm)) {
    const np = (t: Token | undefined): boolean => t !== undefined && !COORDINATION_OPENERS.has(t.norm) && (t.cls === 'article' || t.cls === 'det' || (t.cls === 'pron' && POSSESSIVE_DETS.has(t.norm)) || (t.cls === 'content' && (t.pos === 'NOUN' || t.pos === 'PROPN' || t.pos === 'ADJ')));
    let a0 = c;
    while (a0 > 0 && np(tokens[a0 - 1]) && c - a0 < 4) a0--;
    let b1 = c + 1;
    while (b1 < last && np(tokens[b1]) && b1 - c <= 4) b1++;
    const A = tokens.slice(a0, c);
    const B = tokens.slice(c + 1, b1);
    const head = (xs: readonly Token[]): Token | undefined => xs.find((t) => t.cls === 'content');
    const ha = head(A);
    const hb = head(B);
    const at = (x: Token | undefined): number => (x ? learner.findIndex((t) => t.lemma === x.lemma) : -1);
    if (A.length > 0 && B.length > 0 && ha && hb && at(hb) >= 0 && at(ha) > at(hb)) {
      push([...tokens.slice(0, a0), ...B, tokens[c] as Token, ...A, ...tokens.slice(b1)]);
    }
  }
  // "made preparations for the trip" for "prepared for the trip", "gave a speech" for "spoke"
  // (decision 073): a light verb and a noun of the answer verb's family (WordNet's derivation) say
  // the verb. The light verb takes the answer verb's form, so a tense slip is still one.
  const lv = lightVerbNoun(learner);
  if (lv >= 0 && res.wordnet) {
    const light = learner[lv] as Token;
    const det = LIGHT_DETERMINERS.has(learner[lv + 1]?.norm ?? '') ? [learner[lv + 1] as Token] : [];
    const adjective = learner[lv + 1 + det.length]?.pos === 'ADJ' ? (learner[lv + 1 + det.length] as Token) : undefined;
    const noun = learner[lv + 1 + det.length + (adjective ? 1 : 0)] as Token;
    // The answer says the verb (not the noun, nor the light verb as its own main verb); the noun may
    // be the verb's own word ("a talk" / "talk", "a look" / "look", "thought" / "think").
    // "make no decision" says the opposite of "decide": no gets no variant.
    const said = det[0]?.norm === 'no' || tokens.some((t, j) => (t.lemma === noun.lemma && t.pos === 'NOUN') || (t.lemma === light.lemma && (t.pos === 'VERB' || (isMainVerbHave(tokens, j) && tokens[j + 1]?.norm !== 'to'))));
    const v = said ? -1 : tokens.findIndex((t) => t.cls === 'content' && t.pos === 'VERB' && (t.lemma === noun.lemma || res.wordnet?.derived(noun.lemma, t.lemma)));
    const verb = tokens[v];
    const forms = LIGHT_VERB_FORMS[light.lemma];
    // "gave serious thought to" for "thought seriously about": the learner's adjective is the
    // answer's adverb of manner on the verb (next to it), said on the noun. Another adjective gets no
    // variant ("made a wrong decision" for "decided").
    const adverbAt = adjective ? [v + 1, v - 1].find((j) => tokens[j]?.pos === 'ADV' && (tokens[j]?.norm === adverbOf(adjective.norm) || res.wordnet?.derived(tokens[j]?.norm ?? '', adjective.norm))) : undefined;
    if (verb && forms && (!adjective || adverbAt !== undefined)) {
      const form = verb.forms.has('ing') ? forms[3] : verb.forms.has('3sg') ? forms[1] : verb.forms.has('past') ? forms[2] : verb.forms.has('pp') ? forms[4] : forms[0];
      const lightWord = light.norm === form ? copy(light, 8) : { ...word(form, 8), pos: 'VERB', cls: 'content' as const, lemma: light.lemma };
      const described = adjective ? [copy(adjective, 10)] : [];
      const rest = tokens.filter((_, j) => j !== adverbAt);
      const at = adverbAt !== undefined && adverbAt < v ? v - 1 : v;
      // "had a discussion about the plan" for "discussed the plan": the noun takes the preposition
      // a transitive verb's object needed none for; "had a talk with my boss" / "gave thought to" for
      // "talked to my boss" / "thought about": the noun's own preposition for the verb's.
      const prep = learner[lv + 2 + det.length + described.length];
      const verbPrep = rest[at + 1];
      const objectPrep = prep && NOUN_OBJECT_PREPOSITIONS.has(prep.norm) && verbPrep?.cls !== 'prep' && verbPrep?.cls !== 'part' ? [copy(prep, 12)] : [];
      const nounPrep = prep && verbPrep && (verbPrep.cls === 'prep' || verbPrep.cls === 'part') && NOUN_PREPOSITION_FOR[verbPrep.norm]?.includes(prep.norm) ? 1 : 0;
      // The verb's direct object needs the noun's preposition: "give a call me" is no variant of "call me".
      const object = verbPrep !== undefined && (verbPrep.cls === 'article' || verbPrep.cls === 'det' || verbPrep.cls === 'pron' || verbPrep.pos === 'NOUN' || verbPrep.pos === 'PROPN');
      // A light verb's noun is indefinite: "take the shower" for "shower" keeps its article slip.
      const dets = det.map((t, k) => (t.norm === 'the' && !noun.plural ? word(/^[aeiou]/.test((adjective ?? noun).norm) ? 'an' : 'a', 9 + k) : copy(t, 9 + k)));
      // A singular countable noun without its article ("make decision") keeps its article slip.
      const article = det.length === 0 && !noun.plural && !UNCOUNTABLE.has(noun.lemma) && noun.lemma !== 'think' ? [word(/^[aeiou]/.test((adjective ?? noun).norm) ? 'an' : 'a', 13)] : [];
      if (!object || objectPrep.length > 0) push([...rest.slice(0, at), lightWord, ...article, ...dets, ...described, copy(noun, 11), ...objectPrep, ...(nounPrep ? [copy(prep as Token, 12)] : []), ...rest.slice(at + 1 + nounPrep)]);
    }
  }
  return out;
}

/** restructure.ts's variants of one accepted answer as candidates. */
function answerRestructurings(answer: AnalysedAnswer, learner: readonly Token[], res: Resources, seed: number, phrases: readonly LearnerPhrase[]): Candidate[] {
  const out: Candidate[] = [];
  const word = (w: string, k: number): Token => ({ ...wordToken(w, res), group: -1 - (seed + out.length) * 100 - k, viaSynonym: true });
  const copy = (t: Token, k: number): Token => ({ ...t, group: -1 - (seed + out.length) * 100 - 60 - k, viaSynonym: true });
  for (const next of restructureVariants(answer.tokens, learner, copy, word, (base) => pastOf(base, res), (base) => participleOf(base, res))) {
    out.push({ answer, tokens: next.map((t, index) => ({ ...t, index })), phraseSynonym: true });
    out.push(...restructuredPhrases(answer, next, phrases, res));
  }
  return out;
}

/**
 * The learner's phrase synonyms in a restructured answer (decision 079): "How come you put off the
 * meeting?" for "Why did you postpone the meeting?" is the how-come restructuring and the phrase
 * group postpone / put off at once; each alone leaves the other a wrong word. Only where the learner
 * has a phrase of a group (`phrases`), so most answers build nothing here.
 */
function restructuredPhrases(answer: AnalysedAnswer, tokens: readonly Token[], phrases: readonly LearnerPhrase[], res: Resources): Candidate[] {
  if (phrases.length === 0) return [];
  const rebuilt: AnalysedAnswer = { ...answer, tokens: tokens.map((t, index) => ({ ...t, index })) };
  return phraseVariants(rebuilt, phrases, res).map((c) => ({ ...c, answer }));
}

/** The simple past of a verb's base: the irregular table's, else the regular -ed. */
function pastOf(base: string, res: Resources): string {
  const irregular = res.irregular.get(base)?.past[0];
  if (irregular) return irregular;
  if (base.endsWith('e')) return `${base}d`;
  if (/[^aeiou]y$/.test(base)) return `${base.slice(0, -1)}ied`;
  return `${base}ed`;
}

/** The past participle of a verb's base: the irregular table's, else the regular -ed. */
function participleOf(base: string, res: Resources): string {
  return res.irregular.get(base)?.participle[0] ?? pastOf(base, res);
}

/** The frame variants (frame-variants.ts) of one sentence as candidates, for the other close paths. */
function frameCandidates(answer: AnalysedAnswer, learner: readonly Token[], res: Resources, seed: number): Candidate[] {
  const out: Candidate[] = [];
  const group = (k: number): number => -1 - (seed + out.length) * 100 - 50 - k;
  const word = (w: string, k: number): Token => ({ ...wordToken(w, res), group: group(k), viaSynonym: true });
  for (const next of frameVariants(answer.tokens, learner, (t, k) => ({ ...t, group: group(k), viaSynonym: true }), word)) {
    out.push({ answer, tokens: next.map((t, index) => ({ ...t, index })), phraseSynonym: true });
  }
  const opposite = (x: Token, y: Token): boolean => areAntonymWords(x, y) || (res.wordnet?.antonyms(x.lemma, y.lemma, 'a') ?? false);
  for (const next of relationVariants(answer.tokens, learner, (t, k) => ({ ...t, group: group(k), viaSynonym: true }), opposite)) {
    out.push({ answer, tokens: next.map((t, index) => ({ ...t, index })), phraseSynonym: true });
  }
  out.push(...dativeVariants(answer, answer.tokens, learner, (t, k) => ({ ...t, group: group(k), viaSynonym: true })));
  return out;
}

/** "every morning" said with always: the phrase that names the part of the day or week. */
const EVERY_AS_ALWAYS: Readonly<Record<string, readonly string[]>> = {
  morning: ['in', 'the', 'morning'],
  afternoon: ['in', 'the', 'afternoon'],
  evening: ['in', 'the', 'evening'],
  night: ['at', 'night'],
  weekend: ['on', 'weekends'],
};

/** Agents that name nobody in particular: "They promoted him" says no more than "He was promoted". */
const GENERIC_AGENTS = new Set(['they', 'someone', 'somebody', 'people', 'we']);
const OBJECT_CASE: Readonly<Record<string, string>> = { i: 'me', he: 'him', she: 'her', we: 'us', they: 'them', me: 'i', him: 'he', her: 'she', us: 'we', them: 'they' };
const BE_PRESENT = new Set(['am', 'is', 'are']);
const BE_PAST = new Set(['was', 'were']);

/**
 * "They promoted him to sales manager" for "He was promoted to sales manager", and "Your reply is
 * needed by tomorrow" for "We need your reply by tomorrow": the passive said in the active with a
 * generic agent (they, someone, people, we), and an active with such an agent said in the passive
 * without it. The agent names nobody in particular, so both say the same. Built only when the
 * learner's sentence starts with such an agent and has the answer's participle's verb, or has a be
 * and a participle of the answer's verb; the learner's own verb and be words are used, in the tense
 * of the answer's.
 */
function genericAgentVariants(answer: AnalysedAnswer, tokens: readonly Token[], learner: readonly Token[], copy: (t: Token, k: number) => Token): Candidate[] {
  const out: Candidate[] = [];
  const push = (next: readonly Token[]): void => {
    out.push({ answer, tokens: next.map((t, index) => ({ ...t, index })), phraseSynonym: true });
  };
  const sameTime = (be: Token, verb: Token): boolean => (BE_PAST.has(be.norm) ? verb.forms.has('past') : BE_PRESENT.has(be.norm) && (verb.forms.has('base') || verb.forms.has('3sg')));
  // Passive answer, active learner: "He was promoted ..." → "They promoted him ...".
  const agent = learner[0];
  if (agent && GENERIC_AGENTS.has(agent.norm) && tokens[0]?.norm !== agent.norm && !learner.some((t) => BE_PRESENT.has(t.norm) || BE_PAST.has(t.norm))) {
    const be = tokens.findIndex((t, j) => j >= 1 && j <= 4 && (BE_PRESENT.has(t.norm) || BE_PAST.has(t.norm)) && (tokens[j + 1]?.forms.has('pp') ?? false));
    const pp = tokens[be + 1];
    const verb = pp ? learner.find((t, k) => k >= 1 && k <= 3 && t.lemma === pp.lemma && t.pos === 'VERB') : undefined;
    const beToken = tokens[be];
    if (be > 0 && pp && verb && beToken && sameTime(beToken, verb) && !tokens.some((t) => t.norm === 'by') && tokens.slice(0, be).every((t) => t.cls !== 'aux' && t.cls !== 'modal' && t.pos !== 'VERB')) {
      const subject = tokens.slice(0, be).map((t, k) => {
        const other = OBJECT_CASE[t.norm];
        return other && t.cls === 'pron' ? copy({ ...t, norm: other, lemma: other, surface: other, display: other }, k) : t;
      });
      push([copy(agent, 10), copy(verb, 11), ...subject, ...tokens.slice(be + 2)]);
    }
  }
  // Active answer with a generic agent, passive learner: "We need your reply" → "Your reply is needed".
  const lead = tokens[0];
  const main = tokens[1];
  if (lead && main && GENERIC_AGENTS.has(lead.norm) && main.cls === 'content' && main.pos === 'VERB' && !learner.some((t) => t.norm === lead.norm)) {
    let end = 2;
    while (end < tokens.length && end <= 5 && (tokens[end]?.cls === 'det' || tokens[end]?.cls === 'article' || (tokens[end]?.cls === 'content' && tokens[end]?.pos !== 'VERB' && tokens[end]?.pos !== 'ADV'))) end++;
    const pp = learner.findIndex((t, k) => k >= 2 && t.lemma === main.lemma && t.forms.has('pp') && (BE_PRESENT.has(learner[k - 1]?.norm ?? '') || BE_PAST.has(learner[k - 1]?.norm ?? '')));
    const be = learner[pp - 1];
    const verb = learner[pp];
    const objectTime = main.forms.has('past') && !main.forms.has('base') ? BE_PAST : BE_PRESENT;
    if (end > 2 && pp > 0 && be && verb && objectTime.has(be.norm)) {
      push([...tokens.slice(2, end), copy(be, 12), copy(verb, 13), ...tokens.slice(end)]);
    }
  }
  out.push(...agentPassiveVariants(answer, tokens, learner, copy));
  out.push(...converseVariants(answer, tokens, learner, copy));
  out.push(...dativeVariants(answer, tokens, learner, copy));
  return out;
}

/**
 * "My parents said I could study abroad" for "My parents let me study abroad" / "allowed me to study"
 * (decision 085): permission given said as what was said. The person allowed is the answer's, in the
 * subject case; the learner's say / that / could (can) are used, so another person or verb is still
 * aligned against the answer's. Built when the learner has say + could / can.
 */
function permissionVariants(answer: AnalysedAnswer, tokens: readonly Token[], learner: readonly Token[], copy: (t: Token, k: number) => Token): Candidate[] {
  const say = learner.findIndex((t) => t.lemma === 'say' && t.pos === 'VERB');
  const modal = learner.findIndex((t, k) => k > say + 1 && k <= say + 3 && (t.norm === 'could' || t.norm === 'can'));
  if (say < 0 || modal < 0) return [];
  const v = tokens.findIndex((t) => t.lemma === 'let' || t.lemma === 'allow');
  const person = tokens[v + 1];
  if (v < 1 || !person || OBJECT_CASE[person.norm] === undefined) return [];
  const to = tokens[v + 2]?.norm === 'to' ? 1 : 0;
  if ((tokens[v]?.lemma === 'allow') !== (to === 1)) return [];
  const verb = tokens[v + 2 + to];
  if (!verb || verb.pos !== 'VERB' || !verb.forms.has('base')) return [];
  const subject = OBJECT_CASE[person.norm] as string;
  const display = subject === 'i' ? 'I' : subject;
  const that = learner[say + 1]?.norm === 'that' ? [copy(learner[say + 1] as Token, 31)] : [];
  const next = [...tokens.slice(0, v), copy(learner[say] as Token, 30), ...that, copy({ ...person, norm: subject, lemma: subject, surface: display, display, cls: 'pron' }, 32), copy(learner[modal] as Token, 33), ...tokens.slice(v + 2 + to)];
  return [{ answer, tokens: next.map((t, index) => ({ ...t, index })), phraseSynonym: true }];
}

/**
 * "I regret not taking more photos" / "I regret that I didn't take more photos" for "I wish I had taken
 * more photos" / "I should have taken more photos" (decision 085, 〜しておけばよかった): a past
 * wished for is the same as its absence regretted. The answer's subject and the rest of its clause
 * are kept; the learner's verb must be the answer's, and the regret must be of the thing not done
 * (not / n't), so "I regret taking more photos" gets no variant.
 */
function regretVariants(answer: AnalysedAnswer, tokens: readonly Token[], learner: readonly Token[], copy: (t: Token, k: number) => Token): Candidate[] {
  const regret = learner.findIndex((t) => t.lemma === 'regret');
  if (regret < 0) return [];
  const subject = tokens[0];
  if (!subject || subject.cls !== 'pron') return [];
  // wish + subject + had + participle, or should + have + participle.
  const pp = tokens[1]?.norm === 'wish' && tokens[2]?.norm === subject.norm && tokens[3]?.norm === 'had' ? 4 : tokens[1]?.norm === 'should' && tokens[2]?.norm === 'have' ? 3 : -1;
  const participle = tokens[pp];
  if (pp < 0 || !participle || !participle.forms.has('pp')) return [];
  const rest = tokens.slice(pp + 1);
  const not = learner.findIndex((t, k) => k > regret && (t.norm === 'not' || t.norm === "n't"));
  const verb = learner.findIndex((t, k) => k > not && not > 0 && t.lemma === participle.lemma);
  if (not < 0 || verb < 0 || verb > not + 1) return [];
  const mine = learner[verb] as Token;
  const out: Candidate[] = [];
  const push = (next: readonly Token[]): void => {
    out.push({ answer, tokens: next.map((t, index) => ({ ...t, index })), phraseSynonym: true });
  };
  if (mine.forms.has('ing')) {
    // regret not V-ing.
    push([subject, copy(learner[regret] as Token, 20), copy(learner[not] as Token, 21), copy(mine, 22), ...rest]);
  } else {
    // regret (that) S did not V: the learner's words from regret to the verb, only that, the answer's
    // own subject, did and not among them ("I regret that he didn't" keeps its other person).
    const between = learner.slice(regret + 1, verb);
    if (!between.every((t) => ['that', 'did', 'not', "n't", subject.norm].includes(t.norm))) return [];
    push([subject, ...learner.slice(regret, verb + 1).map((t, k) => copy(t, 23 + k)), ...rest]);
  }
  return out;
}

/** Weather nouns and the verbs that say them as a clause (it rained, it was raining). */
const WEATHER_VERBS: Readonly<Record<string, readonly string[]>> = { rain: ['rained', 'raining'], snow: ['snowed', 'snowing'], storm: ['stormed', 'storming'] };
const WEATHER_FORMS = new Set(Object.values(WEATHER_VERBS).flat());
/** Adverbs that say what heavy says of rain or snow. */
const HEAVY_ADVERBS = new Set(['hard', 'heavily']);

/**
 * "We couldn't go out because it rained hard" and "It rained so hard that we couldn't go out" for
 * "We could not go out because of the heavy rain" (decision 085, 無生物主語): the cause said with the
 * weather's own verb. The answer's clause is kept word for word; the weather verb must be the answer
 * noun's (rain / rained, not snowed), and heavy is said only with hard / heavily. Built when the
 * learner's sentence has it + that verb.
 */
function weatherClauseVariants(answer: AnalysedAnswer, tokens: readonly Token[], learner: readonly Token[], copy: (t: Token, k: number) => Token, res: Resources): Candidate[] {
  const it = learner.findIndex((t, k) => t.norm === 'it' && (WEATHER_FORMS.has(learner[k + 1]?.norm ?? '') || (learner[k + 1]?.norm === 'was' && WEATHER_FORMS.has(learner[k + 2]?.norm ?? ''))));
  if (it < 0) return [];
  const b = tokens.findIndex((t, j) => t.norm === 'because' && tokens[j + 1]?.norm === 'of');
  if (b < 0) return [];
  let k = b + 2;
  if (tokens[k]?.cls === 'article') k++;
  const heavy = tokens[k]?.norm === 'heavy';
  if (heavy) k++;
  const noun = tokens[k];
  const verbs = noun ? WEATHER_VERBS[noun.lemma] : undefined;
  if (!noun || !verbs) return [];
  const verbAt = learner[it + 1]?.norm === 'was' ? it + 2 : it + 1;
  const verb = learner[verbAt] as Token;
  if (!verbs.includes(verb.norm)) return [];
  const adverb = learner.find((t, q) => q > verbAt && q <= verbAt + 2 && HEAVY_ADVERBS.has(t.norm));
  if (heavy !== (adverb !== undefined)) return [];
  // The answer's clause without the cause (and the comma that closed a fronted cause).
  const end = tokens.at(-1)?.pos === 'PUNCT' ? tokens.length - 1 : tokens.length;
  const after = tokens[k + 1]?.pos === 'PUNCT' && k + 1 < end ? k + 2 : k + 1;
  const clause = [...tokens.slice(0, b), ...tokens.slice(after, end)].filter((t, q, all) => !(q === all.length - 1 && t.pos === 'PUNCT'));
  const tail = tokens.slice(end);
  const weather = learner.slice(it, verbAt + 1).map((t, q) => copy(t, q));
  const out: Candidate[] = [];
  const push = (next: readonly Token[]): void => {
    out.push({ answer, tokens: next.map((t, index) => ({ ...t, index })), phraseSynonym: true });
  };
  const because = learner.find((t) => t.norm === 'because');
  if (because) push([...clause, copy(because, 10), ...weather, ...(adverb ? [copy(adverb, 11)] : []), ...tail]);
  const so = learner.find((t) => t.norm === 'so');
  const that = learner.find((t) => t.norm === 'that');
  if (so && adverb) push([...weather, copy(so, 12), copy(adverb, 11), ...(that ? [copy(that, 13)] : []), ...clause, ...tail]);
  void res;
  return out;
}

/** Subjects that deny everyone or everything ("No one works harder than he does"). */
const NEGATIVE_SUBJECTS = new Set(['no', 'no one', 'nobody', 'none', 'nothing', 'neither']);

/** Nouns of time that end a noun phrase ("a letter yesterday"). */
const TIME_NOUNS = new Set(['yesterday', 'today', 'tomorrow', 'tonight', 'now', 'morning', 'evening', 'week', 'month', 'year', 'weekend', 'night', 'afternoon']);

/** Verbs whose first object (the person) may follow the thing with to, or with for. */
const DATIVE_TO = new Set(['give', 'send', 'lend', 'show', 'teach', 'tell', 'hand', 'pass', 'offer', 'bring', 'write', 'sell', 'pay', 'read', 'owe', 'promise', 'email', 'mail', 'throw', 'leave']);
const DATIVE_FOR = new Set(['buy', 'get', 'make', 'cook', 'find', 'book', 'save', 'bake', 'order', 'choose', 'pick', 'build', 'draw', 'sing', 'play', 'fetch', 'reserve']);

/**
 * "My sister sent a letter to me" for "My sister sent me a letter", "I got a present for her" for
 * "I got her a present", and the other way round: the person a thing goes to said after it with to
 * (give, send, show ...) or for (buy, get, make ...). Built when the learner's sentence has the
 * answer's verb followed later by that preposition, or the answer has verb + thing + to / for +
 * person and the learner the verb right before the person; the answer's words are kept, so another
 * person or thing is still aligned against the answer's.
 */
function dativeVariants(answer: AnalysedAnswer, tokens: readonly Token[], learner: readonly Token[], copy: (t: Token, k: number) => Token): Candidate[] {
  const out: Candidate[] = [];
  const prepOf = (v: Token): string | undefined => (DATIVE_TO.has(v.lemma) ? 'to' : DATIVE_FOR.has(v.lemma) ? 'for' : undefined);
  // A person: an object pronoun, a name, or a possessive / article + noun; returns its length.
  const personLength = (k: number): number => {
    const t = tokens[k];
    if (!t) return 0;
    if (OBJECT_CASE[t.norm] !== undefined && t.norm !== 'i' && t.norm !== 'he' && t.norm !== 'she' && t.norm !== 'we' && t.norm !== 'they') return 1;
    if (t.norm === 'you' || t.pos === 'PROPN') return 1;
    if ((POSSESSIVE_DETS.has(t.norm) || t.cls === 'article') && tokens[k + 1]?.pos === 'NOUN' && tokens[k + 2] !== undefined && (tokens[k + 2]?.cls === 'article' || tokens[k + 2]?.cls === 'det' || tokens[k + 2]?.pos === 'NUM')) return 2;
    return 0;
  };
  // The thing: a noun phrase up to its head noun.
  const thingEnd = (k: number): number => {
    let end = k;
    while (end < tokens.length && end <= k + 5 && nounPhraseWord(tokens[end]) && !TIME_NOUNS.has(tokens[end]?.norm ?? '')) end++;
    return end > k && tokens[end - 1]?.cls === 'content' ? end : k;
  };
  for (let v = 1; v < tokens.length - 2; v++) {
    const verb = tokens[v] as Token;
    const prep = verb.pos === 'VERB' && verb.cls === 'content' ? prepOf(verb) : undefined;
    if (!prep) continue;
    const lv = learner.findIndex((t) => t.lemma === verb.lemma && t.pos === 'VERB');
    if (lv < 0) continue;
    const n = personLength(v + 1);
    if (n > 0 && learner.some((t, k) => k > lv + 1 && t.norm === prep)) {
      // verb + person + thing → verb + thing + to / for + person.
      const end = thingEnd(v + 1 + n);
      if (end > v + 1 + n) {
        const p = learner.find((t, k) => k > lv + 1 && t.norm === prep) as Token;
        out.push({ answer, tokens: [...tokens.slice(0, v + 1), ...tokens.slice(v + 1 + n, end), copy(p, 70), ...tokens.slice(v + 1, v + 1 + n), ...tokens.slice(end)].map((t, index) => ({ ...t, index })), phraseSynonym: true });
      }
    } else if (n === 0 && !learner.some((t, k) => k > lv && t.norm === prep)) {
      // verb + thing + to / for + person → verb + person + thing.
      const end = thingEnd(v + 1);
      const at = tokens[end];
      if (end > v + 1 && at?.norm === prep) {
        const person = tokens[end + 1];
        const m = person && (OBJECT_CASE[person.norm] !== undefined || person.norm === 'you' || person.pos === 'PROPN') ? 1 : person && POSSESSIVE_DETS.has(person.norm) && tokens[end + 2]?.pos === 'NOUN' ? 2 : 0;
        if (m > 0) out.push({ answer, tokens: [...tokens.slice(0, v + 1), ...tokens.slice(end + 1, end + 1 + m), ...tokens.slice(v + 1, end), ...tokens.slice(end + 1 + m)].map((t, index) => ({ ...t, index })), phraseSynonym: true });
      }
    }
    break;
  }
  return out;
}

/** Verbs of giving and the verbs that say the same from the receiver's side, with from. */
const CONVERSE_VERBS: Readonly<Record<string, readonly string[]>> = {
  give: ['get', 'receive'],
  send: ['get', 'receive'],
  lend: ['borrow'],
  sell: ['buy'],
  teach: ['learn'],
};

/**
 * "She got a birthday present from me" for "I gave her a birthday present": a giving verb with its
 * receiver and thing said with the converse verb (get / receive, borrow, buy, learn) and from + the
 * giver. Built when the learner's sentence has such a verb in the answer verb's tense and from; the
 * learner's verb and from are used, and the pronouns take their case.
 */
function converseVariants(answer: AnalysedAnswer, tokens: readonly Token[], learner: readonly Token[], copy: (t: Token, k: number) => Token): Candidate[] {
  const subject = tokens[0];
  const verb = tokens[1];
  const receiver = tokens[2];
  const converses = verb ? CONVERSE_VERBS[verb.lemma] : undefined;
  if (!subject || !verb || !receiver || !converses || subject.cls !== 'pron' || OBJECT_CASE[subject.norm] === undefined) return [];
  if (!(receiver.cls === 'pron' || receiver.cls === 'det') || OBJECT_CASE[receiver.norm] === undefined) return [];
  const v = learner.findIndex((t) => t.pos === 'VERB' && converses.includes(t.lemma));
  const from = learner.findIndex((t, k) => k > v && t.norm === 'from');
  const mine = learner[v];
  if (!mine || from < 0) return [];
  const past = (t: Token): boolean => t.forms.has('past') && !t.forms.has('base');
  if (past(verb) !== mine.forms.has('past') || (!past(verb) && !(mine.forms.has('base') || mine.forms.has('3sg')))) return [];
  // The thing: a noun phrase up to its head noun.
  let end = 3;
  while (end < tokens.length && end <= 8 && (tokens[end]?.cls === 'article' || tokens[end]?.cls === 'det' || (tokens[end]?.cls === 'content' && tokens[end]?.pos !== 'VERB' && tokens[end]?.pos !== 'ADV'))) end++;
  if (end === 3 || tokens[end - 1]?.cls !== 'content') return [];
  const recase = (t: Token, k: number): Token => {
    const other = OBJECT_CASE[t.norm] as string;
    const display = other === 'i' ? 'I' : other;
    return copy({ ...t, norm: other, lemma: other, surface: display, display, cls: 'pron' }, k);
  };
  const next = [recase(receiver, 50), copy(mine, 51), ...tokens.slice(3, end), copy(learner[from] as Token, 52), recase(subject, 53), ...tokens.slice(end)];
  return [{ answer, tokens: next.map((t, index) => ({ ...t, index })), phraseSynonym: true }];
}

/** A noun phrase's words (a pronoun alone, or determiners, adjectives and nouns). */
const nounPhraseWord = (t: Token | undefined): boolean => t !== undefined && (t.cls === 'det' || t.cls === 'article' || (t.cls === 'content' && (t.pos === 'NOUN' || t.pos === 'PROPN' || t.pos === 'ADJ' || t.pos === 'NUM')) || (t.cls === 'pron' && POSSESSIVE_DETS.has(t.norm)));
const POSSESSIVE_DETS = new Set(['my', 'your', 'his', 'her', 'its', 'our', 'their']);

/**
 * "You will be assisted by our staff" for "Our staff will assist you", "We were told by the teacher
 * to be quiet" for "The teacher told us to be quiet": an active answer (subject, optional modal,
 * verb, object) said in the passive with its subject after by. Built only when the learner's
 * sentence has be + the answer verb's participle + by; the learner's be and participle are used, so
 * the passive's tense must match the answer's (will be / was / is), and the pronouns take their case.
 */
/** Adverb particles of phrasal verbs that stay after the participle in the passive. */
const PASSIVE_PARTICLES = new Set(['out', 'off', 'up', 'down', 'away', 'back', 'over']);

function agentPassiveVariants(answer: AnalysedAnswer, tokens: readonly Token[], learner: readonly Token[], copy: (t: Token, k: number) => Token): Candidate[] {
  // A phrasal verb keeps its particle before by ("The dog was looked after by my sister", decision 046).
  // (An adverb particle such as out is tagged an adverb: "was put out by", decision 057.)
  const adverb = (t: Token | undefined): boolean => t !== undefined && t.pos === 'ADV' && t.cls === 'content' && !PASSIVE_PARTICLES.has(t.norm);
  // The last word before by once adverbs there are skipped ("put out quickly by", decision 057).
  const lastBefore = (k: number): number => {
    let e = k - 1;
    while (e > 0 && adverb(learner[e])) e--;
    return e;
  };
  const particleAt = (e: number): boolean => (learner[e]?.cls === 'prep' || learner[e]?.cls === 'part' || PASSIVE_PARTICLES.has(learner[e]?.norm ?? '')) && learner[e - 1]?.forms.has('pp') === true;
  const by = learner.findIndex((t, k) => k >= 3 && t.norm === 'by' && (learner[lastBefore(k)]?.forms.has('pp') === true || particleAt(lastBefore(k))));
  if (by < 0) return [];
  const e = lastBefore(by);
  const particle = learner[e]?.forms.has('pp') === true ? 0 : 1;
  const pp = learner[e - particle] as Token;
  const postAdverbs = learner.slice(e + 1, by);
  // "The fire was quickly put out by ..." (decision 057): adverbs between be and the participle.
  let b = e - 1 - particle;
  while (b > 0 && adverb(learner[b])) b--;
  const be = learner[b] as Token;
  const v = tokens.findIndex((t, j) => j >= 1 && t.cls === 'content' && t.pos === 'VERB' && t.lemma === pp.lemma && (particle === 0 || tokens[j + 1]?.norm === learner[e]?.norm));
  const verb = tokens[v];
  // A regularised or misspelt participle ("readed") copied into the variant would hide its slip.
  if (!verb || v > 5 || !be || pp.slip !== undefined || pp.misspelt !== undefined) return [];
  // "The firefighters quickly put out the fire": the answer's adverbs before its verb go after be.
  let beforeVerb = v;
  while (beforeVerb > 1 && tokens[beforeVerb - 1]?.pos === 'ADV' && tokens[beforeVerb - 1]?.cls === 'content') beforeVerb--;
  const adverbs = tokens.slice(beforeVerb, v);
  const modal = tokens[beforeVerb - 1]?.cls === 'modal' ? beforeVerb - 1 : -1;
  const subjectEnd = modal >= 0 ? modal : beforeVerb;
  const subject = tokens.slice(0, subjectEnd);
  // A participle before a noun ("our experienced staff") is an adjective of the phrase.
  const inPhrase = (t: Token, k: number, all: readonly Token[]): boolean => nounPhraseWord(t) || (t.pos === 'VERB' && t.forms.has('pp') && k + 1 < all.length && nounPhraseWord(all[k + 1]));
  if (subject.length === 0 || !(subject.length === 1 ? subject[0]?.cls === 'pron' || nounPhraseWord(subject[0]) : subject.every(inPhrase))) return [];
  // The object: a pronoun, or a noun phrase up to its head noun.
  let end = v + 1 + particle;
  if (tokens[end]?.cls === 'pron' && (OBJECT_CASE[tokens[end]?.norm ?? ''] !== undefined || tokens[end]?.norm === 'you' || tokens[end]?.norm === 'it')) end += 1;
  else while (end < tokens.length && end <= v + 5 && nounPhraseWord(tokens[end])) end++;
  if (end === v + 1 + particle) return [];
  // The passive's be in the answer's time: "will be" after the answer's modal, else was / were for a
  // past verb and am / is / are for a present one.
  if (modal >= 0) {
    if (be.norm !== 'be' || learner[by - 3]?.norm !== tokens[modal]?.norm) return [];
  } else {
    // A verb whose past is its base ("put", "cut") may be either.
    const past = verb.forms.has('past') && !verb.forms.has('base');
    const either = verb.forms.has('past') && verb.forms.has('base');
    if (!(past ? BE_PAST : BE_PRESENT).has(be.norm) && !(either && BE_PAST.has(be.norm))) return [];
  }
  // A pronoun standing alone takes the other case ("her" read as a determiner too).
  const recase = (t: Token, k: number, alone: boolean): Token => {
    const other = OBJECT_CASE[t.norm];
    return other && (t.cls === 'pron' || alone) ? copy({ ...t, norm: other, lemma: other, surface: other, display: other, cls: 'pron' }, k) : t;
  };
  const object = tokens.slice(v + 1 + particle, end).map((t, k, all) => recase(t, 30 + k, all.length === 1));
  const agent = subject.map((t, k) => recase(t, 40 + k, subject.length === 1));
  const particles = particle ? [tokens[v + 1] as Token] : [];
  // The answer's adverbs after its object ("put out the fire quickly") where the learner put them, before by.
  let rest = tokens.slice(end);
  const moved = postAdverbs.length > 0 && postAdverbs.every((t, k) => rest[k]?.norm === t.norm) ? rest.slice(0, postAdverbs.length) : [];
  rest = rest.slice(moved.length);
  // be agrees with the new subject, the answer's object: a learner's "the fire were" stays a slip.
  const head = tokens[end - 1];
  const beForms: Readonly<Record<string, string>> = head?.plural ? { was: 'were', is: 'are', am: 'are' } : { were: 'was', are: 'is' };
  const agreeing = beForms[be.norm] !== undefined && head?.cls !== 'pron' ? copy({ ...be, norm: beForms[be.norm] as string, surface: beForms[be.norm] as string, display: beForms[be.norm] as string }, 36) : copy(be, 36);
  const next = [...object, ...(modal >= 0 ? [copy(tokens[modal] as Token, 35)] : []), agreeing, ...adverbs, copy(pp, 37), ...particles, ...moved, copy(learner[by] as Token, 38), ...agent, ...rest];
  return [{ answer, tokens: next.map((t, index) => ({ ...t, index })), phraseSynonym: true }];
}

/**
 * Verbs of having an idea ("think of", "come up with", "hit on" a plan) and the verbs that say the
 * same with the idea as subject and the thinker after them ("occur to", "come to", "strike" him):
 * converse pairs a dictionary gives in the definition of either (occur to: "come into the mind of").
 */
const IDEA_VERBS: readonly (readonly string[])[] = [['think', 'of'], ['think', 'up'], ['come', 'up', 'with'], ['hit', 'on'], ['hit', 'upon']];
const IDEA_CONVERSES = new Set(['occur', 'come', 'strike']);

/**
 * "A solution occurred to him" / "An idea struck her" for "He came up with a solution": the answer's
 * subject thinks of its object; the learner's sentence makes the object the subject of occur / come
 * / strike with the thinker after it. Built only when the learner's sentence has such a verb (with
 * to, except strike) followed by the answer's subject in the object case, in the answer's tense; the
 * learner's own verb, to and person are used.
 */
function ideaConverseVariants(answer: AnalysedAnswer, tokens: readonly Token[], learner: readonly Token[], copy: (t: Token, k: number) => Token): Candidate[] {
  const v = learner.findIndex((t, k) => k >= 1 && t.pos === 'VERB' && IDEA_CONVERSES.has(t.lemma));
  const verb = learner[v];
  if (!verb) return [];
  const to = learner[v + 1]?.norm === 'to' ? learner[v + 1] : undefined;
  if (verb.lemma !== 'strike' && !to) return [];
  const person = learner[to ? v + 2 : v + 1];
  const subject = tokens[0];
  const main = tokens[1];
  if (!person || !subject || !main || main.pos !== 'VERB') return [];
  const sameThinker = subject.cls === 'pron' ? OBJECT_CASE[subject.norm] === person.norm : subject.pos === 'PROPN' && subject.norm === person.norm;
  if (!sameThinker) return [];
  const phrase = IDEA_VERBS.find((words) => words[0] === main.lemma && words.slice(1).every((w, n) => tokens[2 + n]?.norm === w));
  if (!phrase || tokens.length <= phrase.length + 1) return [];
  const past = (t: Token): boolean => t.forms.has('past') && !t.forms.has('base');
  if (past(main) !== verb.forms.has('past') || (!past(main) && !(verb.forms.has('base') || verb.forms.has('3sg')))) return [];
  const object = tokens.slice(1 + phrase.length);
  const tail = [copy(verb, 0), ...(to ? [copy(to, 1)] : []), copy(person, 2)];
  return [{ answer, tokens: [...object, ...tail].map((t, index) => ({ ...t, index })), phraseSynonym: true }];
}

/**
 * Two readings this close (a few hundredths of a star: the function-word share one missing article
 * moves) are equally good; the bank's own accepted answer is then the better model to name the slip
 * against ("bring friend" → "a friend", not the lattice's "friends").
 */
const NEAR_TIE = 0.1;
/** Score gap within which a missing article is preferred to the noun after it being extra (one article's function-word share). */
const ARTICLE_TIE = 0.25;
/**
 * Score gap within which a missing a / an is preferred to the singular noun after it being the
 * plural's slip: the article's function-word share in a sentence as short as "I want dog" (0.25).
 */
const PLURAL_ARTICLE_TIE = 0.3;
/** Score gap within which a verb -s slip is preferred to a noun number slip (penalties 1.0 / 0.6). */
const SUBJECT_NUMBER_TIE = 0.5;

/** One-word slips that keep every word the learner wrote (an inflection or a spelling). */
const KEEPS_WORDS = new Set(['agreement', 'plural', 'verb-form', 'tense', 'spelling']);

/** The reading's one error is a single extra learner word that is not a content word. */
function extraFunctionWord(g: Graded): boolean {
  const error = g.classification.errors[0];
  const word = error ? g.alignment.learner[error.order] : undefined;
  return error?.kind === 'extra-word' && error.words.length === 1 && word !== undefined && !word.content && word.cls !== 'content';
}

/**
 * "Thank you for share your opinion" (sharing, or share left out against "for your opinion"), "What
 * are you going to doing" (do, or "going to" left out against "What are you doing"): the form
 * reading's one slip is a verb form on the very word the other reading leaves out, or on the word
 * right after the words it leaves out (which govern that form). The learner wrote those words, so
 * the slip is the form, not the words being extra.
 */
function formAtExtra(form: Graded, extra: Graded): boolean {
  const f = form.classification.errors[0];
  const x = extra.classification.errors[0];
  if (!f || !x || f.words.length !== 1 || x.words.length === 0 || x.words.length > 2) return false;
  if (f.kind !== 'verb-form' && f.kind !== 'tense' && f.kind !== 'agreement') return false;
  return f.order >= x.order && f.order <= x.order + x.words.length;
}

/**
 * The reading's one error puts an auxiliary of another verb for the learner's auxiliary (was for
 * had, is for has): be and have are other verbs, so it is no form of the word the learner wrote
 * (decision 058).
 */
function auxOfOtherVerb(g: Graded): boolean {
  const e = g.classification.errors[0];
  if (!e || (e.kind !== 'verb-form' && e.kind !== 'tense' && e.kind !== 'agreement') || e.words.length !== 1 || e.expected.length !== 1) return false;
  const learner = AUX_FORMS[(e.words[0] ?? '').toLowerCase()];
  const path = AUX_FORMS[(e.expected[0] ?? '').toLowerCase()];
  return learner !== undefined && path !== undefined && learner.lemma !== path.lemma;
}

/** `extra`'s one extra word is the very auxiliary `other`'s one error swaps for another verb's. */
function extraAuxOf(extra: Graded, other: Graded): boolean {
  const x = extra.classification.errors[0];
  const o = other.classification.errors[0];
  return x !== undefined && o !== undefined && x.words.length === 1 && x.order === o.order && extra.score.rating === other.score.rating && extra.score.rating >= 3;
}

/**
 * `missing`'s one error is a left-out be / been right before a learner's -ing word on which `form`'s
 * one error is a verb form.
 */
function missingBeBeforeIng(missing: Graded, form: Graded): boolean {
  const m = missing.classification.errors[0];
  const f = form.classification.errors[0];
  if (!m || !f || m.kind !== 'missing-word' || m.words.length !== 0 || m.expected.length !== 1 || f.kind !== 'verb-form' || f.words.length !== 1) return false;
  const be = (m.expected[0] ?? '').toLowerCase();
  const word = form.alignment.learner[f.order];
  return (be === 'been' || be === 'be') && word !== undefined && word.forms.has('ing') && f.order === Math.ceil(m.order);
}

/**
 * The reading's one error is a missing a / an, or the ("New product will be released" against "The
 * new product" and a later "New products": the learner's singular is taught with its article).
 */
function missingIndefinite(g: Graded): boolean {
  const error = g.classification.errors[0];
  const article = (error?.expected[0] ?? '').toLowerCase();
  return error?.kind === 'article' && error.words.length === 0 && error.expected.length === 1 && (article === 'a' || article === 'an' || article === 'the');
}

/** The reading's one error is the learner's singular noun where the path has the plural. */
function singularForPlural(g: Graded): boolean {
  const error = g.classification.errors[0];
  const word = error ? g.alignment.learner[error.order] : undefined;
  return error?.kind === 'plural' && error.words.length === 1 && word !== undefined && !word.plural && word.pos === 'NOUN';
}

/** A word-choice slip that puts an auxiliary where the learner wrote a word that is none (decision 053). */
function auxForOtherClass(e: DraftError | undefined): boolean {
  if (e?.kind !== 'word-choice' || e.words.length !== 1 || e.expected.length !== 1) return false;
  return AUX_FORMS[(e.expected[0] ?? '').toLowerCase()] !== undefined && AUX_FORMS[(e.words[0] ?? '').toLowerCase()] === undefined && !MODALS.has((e.words[0] ?? '').toLowerCase());
}

/** `extra`'s one error is the learner's to, right before where `missing` leaves out be (decision 053). */
function extraToBeforeMissingBe(extra: Graded, missing: DraftError | undefined): boolean {
  const e = extra.classification.errors[0];
  if (!e || !missing || e.kind !== 'extra-word' || e.words.length !== 1 || (e.words[0] ?? '').toLowerCase() !== 'to') return false;
  return (missing.expected[0] ?? '').toLowerCase() === 'be' && Math.ceil(missing.order) === e.order + 1;
}

const verbFormSlip = (e: DraftError | undefined): boolean => e?.kind === 'verb-form';
const missingSubordinator = (e: DraftError | undefined): boolean =>
  e?.kind === 'missing-word' && e.words.length === 0 && e.expected.length === 1 && ['whether', 'if'].includes((e.expected[0] ?? '').toLowerCase());

/** The one extra word of `extra` is a word the answer of `ordered` (a word-order reading) has. */
function extraWordOrdered(extra: Graded, ordered: Graded): boolean {
  const error = extra.classification.errors[0];
  const word = error && error.words.length === 1 ? extra.alignment.learner[error.order] : undefined;
  return word !== undefined && ordered.alignment.ref.some((t) => t.norm === word.norm);
}

/** Word-level edit distance between a candidate's words and a sentence's (ties only: short inputs). */
function wordDistance(tokens: readonly Token[], words: readonly string[]): number {
  let prev = Array.from({ length: words.length + 1 }, (_, k) => k);
  for (let i = 1; i <= tokens.length; i++) {
    const row = [i];
    for (let k = 1; k <= words.length; k++) {
      row.push(Math.min((prev[k] ?? 0) + 1, (row[k - 1] ?? 0) + 1, (prev[k - 1] ?? 0) + (tokens[i - 1]?.norm === words[k - 1] ? 0 : 1)));
    }
    prev = row;
  }
  return prev[words.length] ?? 0;
}

function better(a: Graded, b: Graded, bankAnswers: number, firstAnswer: readonly string[] = []): boolean {
  const aBank = a.candidate.answer.index < bankAnswers && !a.candidate.phraseSynonym;
  const bBank = b.candidate.answer.index < bankAnswers && !b.candidate.phraseSynonym;
  if (
    aBank !== bBank &&
    Math.abs(a.score.value - b.score.value) < NEAR_TIE &&
    a.score.rating === b.score.rating &&
    a.classification.errors.length === 1 &&
    b.classification.errors.length === 1
  ) {
    return aBank;
  }
  // "February is month when": of two equally close readings with one slip each, the one that
  // keeps the learner's word (a missing article) is the slip, not the word being extra against a
  // shorter path.
  if (a.score.rating === b.score.rating && Math.abs(a.score.value - b.score.value) < ARTICLE_TIE && a.classification.errors.length === 1 && b.classification.errors.length === 1) {
    const kindA = a.classification.errors[0]?.kind;
    const kindB = b.classification.errors[0]?.kind;
    if (kindA === 'article' && kindB === 'extra-word') return true;
    if (kindB === 'article' && kindA === 'extra-word') return false;
  }
  // "Have you ever seen panda?" against "Have you ever seen a panda?" and a later "pandas": the
  // learner wrote the singular, and the earlier answer teaches it with a, so the slip is the missing
  // article, not the noun's number. Where the plural comes first ("I have piano lessons", then "a
  // piano lesson") the number stays the slip.
  if (a.score.rating === b.score.rating && Math.abs(a.score.value - b.score.value) < PLURAL_ARTICLE_TIE && a.classification.errors.length === 1 && b.classification.errors.length === 1) {
    if (missingIndefinite(a) && singularForPlural(b) && a.candidate.answer.index <= b.candidate.answer.index) return true;
    if (missingIndefinite(b) && singularForPlural(a) && b.candidate.answer.index <= a.candidate.answer.index) return false;
  }
  // "How many parks there are in this town?" against "How many parks are there" and "How many
  // parks are in this town": the learner wrote every word of the first in another order (the
  // statement's order in a question), so the slip is the order, not "there" being extra.
  if (a.score.rating === b.score.rating && a.classification.errors.length === 1 && b.classification.errors.length === 1) {
    const kindA = a.classification.errors[0]?.kind;
    const kindB = b.classification.errors[0]?.kind;
    if (kindA === 'word-order' && kindB === 'extra-word' && extraWordOrdered(b, a)) return true;
    if (kindB === 'word-order' && kindA === 'extra-word' && extraWordOrdered(a, b)) return false;
  }
  // "I takes a shower" against "I take a shower" and "I shower", "If it should rains" against "If it
  // should rain" and "If it rains": of two readings with one slip each and the same stars, the
  // form of a word the learner wrote is the slip, not a word being extra against a shorter path.
  // Beyond the article tie this holds only where the extra word is a function word (a content word
  // left extra is a reading of its own: "Who did draw this" against "Who did this").
  if (a.score.rating === b.score.rating && a.classification.errors.length === 1 && b.classification.errors.length === 1) {
    const kindA = a.classification.errors[0]?.kind;
    const kindB = b.classification.errors[0]?.kind;
    const near = Math.abs(a.score.value - b.score.value) < ARTICLE_TIE;
    // (Decision 058: "than I was expected" against "than I expected" and "than I had expected": was
    // for had is no form of the learner's word but another verb's auxiliary, so the form reading
    // keeps none of the learner's words and the extra be stays the slip.)
    if (kindA !== undefined && KEEPS_WORDS.has(kindA) && kindB === 'extra-word' && !auxOfOtherVerb(a) && (near || extraFunctionWord(b) || formAtExtra(a, b))) return true;
    if (kindB !== undefined && KEEPS_WORDS.has(kindB) && kindA === 'extra-word' && !auxOfOtherVerb(b) && (near || extraFunctionWord(a) || formAtExtra(b, a))) return false;
    if (kindA === 'extra-word' && auxOfOtherVerb(b) && extraAuxOf(a, b)) return true;
    if (kindB === 'extra-word' && auxOfOtherVerb(a) && extraAuxOf(b, a)) return false;
  }
  // "I sure everything will work out" against "I'm sure everything ..." and "Everything will work
  // out" (decision 049): of two one-slip readings (3-4 stars, a star apart at most), one word left
  // out keeps every word the learner wrote; two or more of them being extra is the weaker reading.
  if (Math.abs(a.score.rating - b.score.rating) <= 1 && Math.min(a.score.rating, b.score.rating) >= 3 && a.classification.errors.length === 1 && b.classification.errors.length === 1) {
    const ea = a.classification.errors[0];
    const eb = b.classification.errors[0];
    // (An auxiliary or be left out: a content word left out is another reading of its own.)
    const oneMissing = (e: DraftError | undefined): boolean => e?.kind === 'missing-word' && e.words.length === 0 && e.expected.length === 1 && AUX_FORMS[(e.expected[0] ?? '').toLowerCase()] !== undefined;
    const manyExtra = (e: DraftError | undefined): boolean => e?.kind === 'extra-word' && e.expected.length === 0 && e.words.length >= 2;
    if (oneMissing(ea) && manyExtra(eb)) return true;
    if (oneMissing(eb) && manyExtra(ea)) return false;
    // Decision 053: "how your work going?" against "How is your work going?" and "How's work going?":
    // the left-out is keeps the learner's your, where the other reading swaps your for an auxiliary
    // (a word of another class); "turned out to true" against "to be true" and "turned out true":
    // the left-out be keeps the learner's to right before it.
    if (oneMissing(ea) && (auxForOtherClass(eb) || extraToBeforeMissingBe(b, ea))) return true;
    if (oneMissing(eb) && (auxForOtherClass(ea) || extraToBeforeMissingBe(a, eb))) return false;
    // "We are considering to build" against "considering building" and "considering whether to
    // build": the form of the learner's verb is the slip, not a left-out whether / if.
    if (a.score.rating === b.score.rating && verbFormSlip(ea) && missingSubordinator(eb)) return true;
    if (a.score.rating === b.score.rating && verbFormSlip(eb) && missingSubordinator(ea)) return false;
  }
  // "It has raining since this morning" against "has been raining" and "has rained": the learner's
  // -ing is the progressive they meant, so the slip is the missing been, not the -ing's form (even
  // where a missing word costs a star more: both readings are one slip, 3-4 stars).
  if (Math.abs(a.score.rating - b.score.rating) <= 1 && Math.min(a.score.rating, b.score.rating) >= 3 && a.classification.errors.length === 1 && b.classification.errors.length === 1) {
    if (missingBeBeforeIng(a, b)) return true;
    if (missingBeBeforeIng(b, a)) return false;
  }
  // "When the product arrive": the subject's number is the learner's own choice of words, so of a
  // reading with the noun's number wrong and one with the verb's -s wrong, the verb is the slip.
  const only = (g: Graded): string | undefined => (g.classification.errors.length === 1 ? g.classification.errors[0]?.kind : undefined);
  const kinds = [only(a), only(b)];
  if (a.score.rating === b.score.rating && kinds.includes('plural') && kinds.includes('agreement') && Math.abs(a.score.value - b.score.value) < SUBJECT_NUMBER_TIE) {
    return kinds[0] === 'agreement';
  }
  if (a.score.value !== b.score.value) return a.score.value > b.score.value;
  if (a.classification.errors.length !== b.classification.errors.length) return a.classification.errors.length < b.classification.errors.length;
  if (a.distance !== b.distance) return a.distance < b.distance;
  // Two lattice paths graded alike: their rank among equally cheap paths depends on what a cache
  // held first (the order answers arrive in), so the sentences themselves decide: the one nearer
  // the bank's first answer (its words in order), then fewer words, then the alphabet.
  if (a.candidate.answer.index >= bankAnswers && b.candidate.answer.index >= bankAnswers && a.candidate.answer.normalized !== b.candidate.answer.normalized) {
    const nearA = wordDistance(a.candidate.tokens, firstAnswer);
    const nearB = wordDistance(b.candidate.tokens, firstAnswer);
    if (nearA !== nearB) return nearA < nearB;
    if (a.candidate.tokens.length !== b.candidate.tokens.length) return a.candidate.tokens.length < b.candidate.tokens.length;
    return a.candidate.answer.normalized < b.candidate.answer.normalized;
  }
  if (a.candidate.answer.index !== b.candidate.answer.index) return a.candidate.answer.index < b.candidate.answer.index;
  return !a.candidate.phraseSynonym && b.candidate.phraseSynonym;
}

function publicErrors(errors: readonly DraftError[]): TEvaluationError[] {
  return errors.map(({ kind, label, words, expected, message }) => ({ kind, label, words: [...words], expected: [...expected], message }));
}

function similarPhrases(problem: TBankProblem): string[] {
  return (problem.similarPhrases ?? []).map((p) => `${p.en}（${p.ja}）`);
}

/** Diff for an answer with no English: everything the learner wrote goes, the model answer comes. */
function noEnglishDiff(learner: readonly { surface: string }[], model: AnalysedAnswer | undefined): TDiffToken[] {
  const diff: TDiffToken[] = [];
  const seen = new Set<string>();
  for (const t of learner) {
    if (seen.has(t.surface)) continue;
    seen.add(t.surface);
    diff.push({ op: 'delete', text: t.surface, expected: '' });
  }
  let lastGroup: number | undefined;
  for (const t of model?.tokens ?? []) {
    if (t.group === lastGroup) continue;
    lastGroup = t.group;
    diff.push({ op: 'insert', text: '', expected: t.surface });
  }
  return diff;
}

/** The reference sentence of a lattice path, analysed once per problem. */
function pathAnswer(res: Resources, model: ProblemModel, words: readonly PathWord[], index: number): AnalysedAnswer {
  const text = sentenceOf(words.map((w) => w.surface));
  const hit = model.paths.get(text);
  if (hit) return hit;
  const raw = tokenize(text);
  const tokens = analyseTokens(raw, res);
  if (tokens.length === words.length) tokens.forEach((t, k) => (t.role = words[k]?.role));
  const analysed: AnalysedAnswer = { index, text, normalized: tokens.map((t) => t.norm).join(' '), tokens };
  if (model.paths.size >= MAX_CACHED_PATHS) model.paths.clear();
  model.paths.set(text, analysed);
  return analysed;
}

function sentenceOf(words: readonly string[]): string {
  const text = words.join(' ').replace(/\s+([,.?!])/g, '$1');
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.?!]$/.test(capital) ? capital : `${capital}.`;
}

/** An answer the lattice accepts as written: 5 stars, with the main model answer as another way to say it. */
function accepted(problem: TBankProblem, analysis: ProblemAnalysis, normalized: string, typed: string): TEvaluation {
  const exact = analysis.answers.find((a) => a.normalized === normalized && a.text.trim() === typed) ?? analysis.answers.find((a) => a.normalized === normalized);
  const answerIndex = exact?.index ?? -1;
  const isAlternative = answerIndex !== 0;
  return {
    rating: 5,
    modelAnswer: answerIndex >= 0 ? (problem.answers[answerIndex] ?? problem.answers[0] ?? '') : (problem.answers[0] ?? ''),
    feedback: buildFeedback({ problem, rating: 5, errors: [], isAlternative, answerIndex: Math.max(0, answerIndex), recall: 1 }),
    similarPhrases: similarPhrases(problem),
    errors: [],
    isAlternative,
    alternatives: problem.answers.filter((_, k) => k !== Math.max(0, answerIndex)),
    diff: [],
  };
}

function evaluateWith(res: Resources, analysis: ProblemModel, problem: TBankProblem, answer: string, raw: RawToken[], options: EvaluatorOptions): TEvaluation {
  const first = analysis.answers[0];
  const base = {
    modelAnswer: first?.text ?? '',
    similarPhrases: similarPhrases(problem),
    alternatives: problem.answers.slice(1),
  };
  const english = raw.filter((t) => !t.foreign);
  if (english.length === 0) {
    const noEnglish = raw.length === 0 ? 'empty' : 'japanese';
    return {
      ...base,
      rating: 1,
      errors: [],
      isAlternative: false,
      diff: noEnglishDiff(raw, first),
      feedback: buildFeedback({ problem, rating: 1, errors: [], isAlternative: false, answerIndex: 0, recall: 0, noEnglish }),
    };
  }

  const learner = correctLearnerTokens(analyseTokens(raw, res), analysis, res);
  const normalized = raw.map((t) => t.norm).join(' ');
  const global = globalSynonyms(res);
  const ctx: SynonymContext = {
    tables: [analysis.synonyms, global.table],
    wordnet: res.wordnet,
    own: { words: analysis.ownWords, tables: [analysis.synonyms] },
    relations: analysis.relations,
  };

  // Two accepted answers may normalise alike ("I've" / "I have"): prefer the one typed verbatim.
  const typed = typeof answer === 'string' ? answer.trim() : '';
  const exact = analysis.answers.find((a) => a.normalized === normalized && a.text.trim() === typed) ?? analysis.answers.find((a) => a.normalized === normalized);
  const patternCosts: number[] = [];
  // An accepted answer typed as it is needs no lattice search: its own alignment is the verdict.
  const paths = exact ? [] : closestPaths(analysis.graph, learner, res, MAX_PATHS, patternCosts);
  // A lattice path may accept "have my secretary to arrange" (have and get sharing a slot before
  // "to arrange"): that slip is found in the learner's own words, so no path accepts it outright.
  const extraTo = exact ? undefined : bareInfinitiveTo(learner, res.wordnet);
  const prepForTo = exact ? undefined : prepositionBeforeVerb(learner, res.wordnet);
  const modalForm = exact ? undefined : modalVerbForm(learner);
  if (!exact && paths[0]?.cost === 0 && extraTo === undefined && prepForTo === undefined && modalForm === undefined && particleBeforePronoun(learner) === undefined) return accepted(problem, analysis, normalized, typed);
  const candidates: Candidate[] = [];
  if (exact) {
    candidates.push({ answer: exact, tokens: exact.tokens, phraseSynonym: false });
  } else {
    const phrases = learnerPhrases(learner, [{ table: analysis.synonyms, phraseTokens: analysis.phraseTokens }, global]);
    const globalPhrases = phrases.length > 0 ? learnerPhrases(learner, [global]) : [];
    const closest = paths[0]?.cost ?? 0;
    const restructure = hasRestructuringMarks(learner);
    const marks = {
      dative: learner.some((t) => t.norm === 'to' || t.norm === 'for') || learner.some((t, k) => t.pos === 'VERB' && OBJECT_CASE[learner[k + 1]?.norm ?? ''] !== undefined),
      say: learner.some((t) => t.lemma === 'say'),
      regret: learner.some((t) => t.lemma === 'regret'),
      weather: learner.some((t) => WEATHER_FORMS.has(t.norm)),
    };
    for (const a of analysis.answers) {
      const pattern = analysis.answerPatterns[a.index];
      const far = a.index > 0 && pattern !== undefined && (patternCosts[pattern] ?? Infinity) > closest + ANSWER_COST_WINDOW;
      if (!far) candidates.push({ answer: a, tokens: a.tokens, phraseSynonym: false });
      candidates.push(...phraseVariants(a, phrases, res));
      if (restructure) candidates.push(...restructuredVariants(a, a.tokens, learner, res, 120 + a.index));
      // The clause restructurings (restructure.ts) on the other accepted answers too (decision 079):
      // the closest path and the first answer may be in another frame than the one the learner's
      // restructuring starts from ("The book is written in English, so it is difficult" where another
      // answer has because). Each is built only where the learner's sentence has its frame words.
      if (a.index > 0) candidates.push(...answerRestructurings(a, learner, res, 140 + a.index, phrases));
      // Decision 085's frames on every answer, each only where the learner has its words: the person a
      // thing goes to said with to / for after it (or before it), said I could for let me, regret for
      // wish I had, and the weather as a clause for "because of the heavy rain".
      if (a.index > 0 && marks.dative) candidates.push(...dativeVariants(a, a.tokens, learner, (t, k) => ({ ...t, group: -1 - (160 + a.index) * 100 - k, viaSynonym: true })));
      if (marks.say) candidates.push(...permissionVariants(a, a.tokens, learner, (t, k) => ({ ...t, group: -1 - (190 + a.index) * 100 - k, viaSynonym: true })));
      if (marks.regret) candidates.push(...regretVariants(a, a.tokens, learner, (t, k) => ({ ...t, group: -1 - (180 + a.index) * 100 - k, viaSynonym: true })));
      if (marks.weather) candidates.push(...weatherClauseVariants(a, a.tokens, learner, (t, k) => ({ ...t, group: -1 - (170 + a.index) * 100 - k, viaSynonym: true }), res));
    }
    const known = new Set(analysis.answers.map((a) => a.normalized));
    const cheapest = paths[0]?.cost ?? 0;
    paths.forEach((path, k) => {
      if (path.cost > cheapest + PATH_COST_WINDOW) return;
      const a = pathAnswer(res, analysis, path.words, problem.answers.length + k);
      if (!known.has(a.normalized)) candidates.push({ answer: a, tokens: a.tokens, phraseSynonym: false });
      if (k === 0) {
        // The other words of each path word's slot: a phrasal verb may match one of them.
        const alternatives = (j: number): readonly string[] => {
          const slot = a.tokens.length === path.words.length ? path.words[j]?.slot : undefined;
          return slot ? (slotLemmas(analysis).get(slot) ?? []) : [];
        };
        candidates.push(...phrasalVariants(a, a.tokens, learner, res, 50, alternatives), ...structuralVariants(a, a.tokens, learner, res, 70, phrases));
        if (restructure && !known.has(a.normalized)) candidates.push(...restructuredVariants(a, a.tokens, learner, res, 119));
        // The learner's phrase synonym on the closest path too: the path may combine the
        // accepted answers' parts in the learner's way ("even with" for "despite" + "the office").
        if (phrases.length > 0 && !known.has(a.normalized)) candidates.push(...phraseVariants(a, phrases, res));
      } else {
        // Frames on the other close paths: the path nearest in words may be in another frame
        // than the one a slot-by-slot combination put first ("Looking at the photo, ...").
        candidates.push(...frameCandidates(a, learner, res, 90 + k));
      }
      if (k > 0 && globalPhrases.length > 0 && !known.has(a.normalized)) {
        // On the other close paths only the curated global phrases, which hold in any sentence
        // one side fits ("they say" for "apparently"); a problem's own phrase pairs hold in its
        // answers' sentences, not in every combination of a lattice's slots.
        candidates.push(...phraseVariants(a, globalPhrases, res));
      }
    });
    const main = analysis.answers[0];
    if (main) candidates.push(...phrasalVariants(main, main.tokens, learner, res, 60), ...structuralVariants(main, main.tokens, learner, res, 80, phrases));
    // The passive with by on every accepted answer (decision 046): the answers may differ in an
    // optional phrase the closest path and the first answer both have ("for me").
    if (learner.some((t) => t.norm === 'by')) {
      for (const a of analysis.answers.slice(1)) {
        candidates.push(...agentPassiveVariants(a, a.tokens, learner, (t, k) => ({ ...t, group: -1 - (110 + a.index) * 100 - k, viaSynonym: true })));
      }
    }
  }

  // An answer far from every candidate (no candidate can reach a quarter of its content words):
  // every candidate's rating is then 1 with recall below UNRELATED_RECALL, so the verdict is the
  // unrelated one against the main answer whichever candidate the comparison below would pick, and
  // only the main answer's alignment is needed (for the diff). Decided from the words' relations
  // alone (recallCeiling), candidate by candidate, stopping at the first that could reach more.
  // The check reads only the relations of each candidate's content words (relationCells), not whole
  // relation matrices: most candidates of an answer that is far are never aligned.
  const mainCandidate = exact ? undefined : candidates.find((c) => c.answer.index === 0 && !c.phraseSynonym);
  if ((options.shortcuts ?? true) && mainCandidate) {
    let far = true;
    const memo: CeilingMemo = { best: new Map(), cells: learner.map((l) => keptCeilingCells(ctx, l)) };
    for (let k = 0; k < candidates.length && far; k++) {
      const tokens = (candidates[k] as Candidate).tokens;
      far = recallCeiling(learner, tokens, relationCells(learner, tokens, ctx), res.wordnet, analysis.japanese, memo) < FAR_RECALL;
    }
    if (far) {
      options.onShortcut?.();
      const alignment = align(learner, mainCandidate.answer, mainCandidate.tokens, ctx, mainCandidate.phraseSynonym);
      // The recall given is not read by the unrelated feedback; it is the one without errors.
      return unrelatedVerdict(problem, base.similarPhrases, mainCandidate, alignment, scoreAlignment(alignment, []).recall);
    }
  }

  let best: Graded | undefined;
  const firstNorms = analysis.answers[0]?.tokens.map((t) => t.norm) ?? [];
  let main: Graded | undefined;
  // (Decision 079: also an accepted answer whose before / after clauses the learner traded.)
  const swapped = exact ? undefined : (swappedAnswer(learner, analysis.answers) ?? (hasTimeConnector(learner) ? analysis.answers.find((a) => eventsReversed(a.tokens, learner))?.index : undefined));
  let swapGraded: Graded | undefined;
  for (const candidate of candidates) {
    const alignment = align(learner, candidate.answer, candidate.tokens, ctx, candidate.phraseSynonym);
    const classification = classify(alignment, { vocab: analysis.vocab, wordnet: res.wordnet, extraTo, prepForTo, modalForm, japanese: analysis.japanese, japaneseTime: analysis.japaneseTime });
    const score = scoreAlignment(alignment, classification.errors);
    const distance = alignment.pairs.filter((p) => p.rel !== 'exact').length + alignment.missing.length + alignment.extra.length;
    const graded: Graded = { candidate, alignment, classification, score, distance };
    if (!main && candidate.answer.index === 0 && !candidate.phraseSynonym) main = graded;
    if (swapped !== undefined && !swapGraded && candidate.answer.index === swapped && !candidate.phraseSynonym) swapGraded = graded;
    if (!best || better(graded, best, problem.answers.length, firstNorms)) best = graded;
  }
  // "It is not the process but the result" for "not the result but the process": an accepted answer
  // with two of its content words trading places says the reverse, however well another accepted
  // answer's order fits the words.
  if (swapGraded && best && !best.classification.errors.some((e) => e.meaning) && swapGraded.classification.errors.some((e) => e.meaning)) best = swapGraded;
  if (!best) {
    return { ...base, rating: 1, errors: [], isAlternative: false, diff: [], feedback: buildFeedback({ problem, rating: 1, errors: [], isAlternative: false, answerIndex: 0, recall: 0 }) };
  }
  // An unrelated sentence: naming "errors" against some answer would be noise, so show the main
  // model answer and say the meaning differs.
  const unrelated = best.score.rating === 1 && best.score.recall < UNRELATED_RECALL;
  if (unrelated) {
    const shown = main ?? best;
    return unrelatedVerdict(problem, base.similarPhrases, shown.candidate, shown.alignment, shown.score.recall);
  }

  const { classification, score, alignment } = best;
  const answerIndex = best.candidate.answer.index;
  const errors = classification.errors;
  const rating = score.rating;
  const isAlternative =
    errors.length === 0 && rating === 5 && (answerIndex > 0 || classification.usedSynonym || classification.validMove);
  const lowConfidence = rating < 5 && isUncovered(learner, errors);
  const feedback = buildFeedback({ problem, rating, errors, isAlternative, answerIndex, recall: score.recall, unrelated: false });
  return {
    rating,
    modelAnswer: problem.answers[answerIndex] ?? best.candidate.answer.text,
    feedback: lowConfidence ? `${feedback}\n${UNCERTAINTY_NOTE}` : feedback,
    lowConfidence,
    similarPhrases: base.similarPhrases,
    errors: publicErrors(errors),
    isAlternative,
    alternatives: problem.answers.filter((_, k) => k !== answerIndex),
    diff: buildDiff(alignment),
  };
}

/**
 * The verdict on a sentence unrelated to the prompt: 1 star, no errors named against an answer that
 * has (almost) nothing in common with it, the candidate's diff, "the meaning differs".
 */
function unrelatedVerdict(problem: TBankProblem, similar: string[], shown: Candidate, alignment: Alignment, recall: number): TEvaluation {
  const answerIndex = shown.answer.index;
  const feedback = buildFeedback({ problem, rating: 1, errors: [], isAlternative: false, answerIndex, recall, unrelated: true });
  return {
    rating: 1,
    modelAnswer: problem.answers[answerIndex] ?? shown.answer.text,
    feedback,
    lowConfidence: false,
    similarPhrases: similar,
    errors: [],
    isAlternative: false,
    alternatives: problem.answers.filter((_, k) => k !== answerIndex),
    diff: buildDiff(alignment),
  };
}

/**
 * The accepted answer the learner's words equal but for two content words (nouns, verbs, adjectives,
 * names) that traded places, if any.
 */
function swappedAnswer(learner: readonly Token[], answers: readonly AnalysedAnswer[]): number | undefined {
  for (const a of answers) {
    if (a.tokens.length !== learner.length) continue;
    const differ: number[] = [];
    for (let k = 0; k < learner.length && differ.length <= 2; k++) if (learner[k]?.norm !== a.tokens[k]?.norm) differ.push(k);
    const [x, y] = differ;
    if (differ.length !== 2 || x === undefined || y === undefined) continue;
    const lx = learner[x] as Token;
    const ly = learner[y] as Token;
    if (lx.norm === a.tokens[y]?.norm && ly.norm === a.tokens[x]?.norm && lx.cls === 'content' && ly.cls === 'content') return a.index;
  }
  return undefined;
}

/** Said with a fluent answer the accepted answers do not cover (issue #12). */
export const UNCERTAINTY_NOTE = '登録されている解答と表現が異なるため、自動採点の確度が低い可能性があります';

/** Differences that say "other words or another structure", which the lattice cannot judge. */
const STRUCTURAL = new Set(['extra-word', 'missing-word', 'word-order', 'word-choice', 'meaning']);

/**
 * Fluent English outside the lattice: every word is a known English word written correctly (no
 * spelling correction, no regularised form), no negation or opposite was found, and what differs
 * from the closest accepted sentence is other words or another structure, not a slip in a word the
 * accepted sentence has.
 */
function isUncovered(learner: readonly Token[], errors: readonly DraftError[]): boolean {
  if (learner.some((t) => t.foreign || !t.known || t.misspelt !== undefined || t.slip !== undefined)) return false;
  if (errors.some((e) => e.kind === 'negation' || e.kind === 'antonym' || e.kind === 'spelling' || e.certain)) return false;
  // A person swapped (he / she) is a clear meaning error, not another phrasing.
  if (errors.some((e) => e.kind === 'meaning' && e.words.length === 1 && e.expected.length === 1 && PERSON_WORDS.has(e.words[0]?.toLowerCase() ?? ''))) return false;
  const structural = errors.filter((e) => STRUCTURAL.has(e.kind));
  return structural.length > 0 && structural.length >= errors.length - 1;
}

const PERSON_WORDS = new Set(['i', 'me', 'my', 'we', 'us', 'our', 'you', 'your', 'he', 'him', 'his', 'she', 'her', 'they', 'them', 'their']);

/**
 * The cache key of a problem: the same for the bank's problem and for its database row, whose JSON
 * columns (jsonb) keep object keys in another order, so that what prepare() compiled from the bank
 * is what a request for the row finds.
 */
function problemKey(problem: TBankProblem): string {
  // The same problem arrives again and again with its keys in the same order: the plain JSON (fast,
  // native) finds the canonical key computed for it before.
  const plain = `${problem.id}\u0000${problem.japanese}\u0000${JSON.stringify([problem.answers, problem.synonyms, problem.extraAnswers ?? []])}`;
  let key = CANONICAL_KEYS.get(plain);
  if (key === undefined) {
    key = `${problem.id}\u0000${problem.japanese}\u0000${canonicalJson([problem.answers, problem.synonyms, problem.extraAnswers ?? []])}`;
    if (CANONICAL_KEYS.size >= 2 * MAX_CACHED_PROBLEMS) CANONICAL_KEYS.clear();
    CANONICAL_KEYS.set(plain, key);
  }
  return key;
}

/** problemKey by the problem's plain JSON. */
const CANONICAL_KEYS = new Map<string, string>();

/** JSON with object keys sorted at every depth. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export interface EvaluatorOptions {
  /**
   * Skip work that provably cannot change the verdict (default true): an answer far from every
   * candidate sentence is not classified against each. False grades everything in full; the tests
   * compare both on their corpora.
   */
  shortcuts?: boolean;
  /** Called each time a shortcut decides a verdict (tests and benchmarks count them). */
  onShortcut?: () => void;
  /** Grade the structure rewrites of decision 093 (structure.ts) where they may earn more (default true). */
  structure?: boolean;
}

/** Load the NLP resources (once per process) and return an evaluator with its own problem cache. */
export async function createEvaluator(options: EvaluatorOptions = {}): Promise<Evaluator> {
  const res = await loadResources();
  globalSynonyms(res);
  const cache = new Map<string, ProblemModel>();

  const analysisOf = (problem: TBankProblem): ProblemModel => {
    const key = problemKey(problem);
    const hit = cache.get(key);
    if (hit) return hit;
    const { graph, written, answerPatterns } = compileProblemLattice(problem, writtenLattice(problem));
    const words = new Set(graph.edges.map((e) => e.token).filter((t): t is string => t !== null));
    const analysed = analyseProblem(problem, res, words);
    const ownWords = new Set<string>();
    for (const a of analysed.answers) for (const t of a.tokens) ownWords.add(t.norm).add(t.lemma);
    for (const word of words) {
      ownWords.add(word);
      const lemma = analysed.vocab.get(word)?.lemma;
      if (lemma) ownWords.add(lemma);
    }
    const analysis: ProblemModel = { ...analysed, graph, written, answerPatterns, paths: new Map(), ownWords, relations: relationMemo() };
    deriveSlotSynonyms(analysis, res);
    // Content-word substitutions: pairs other problems' lattices alternate, lent where the Japanese
    // or several lattices agree, and WordNet's multi-word expressions (decision 092).
    addLexicalAlternations(analysis, problem, ownWords, res);
    // Insertion-order eviction: deterministic and good enough for a bank that fits anyway.
    if (cache.size >= MAX_CACHED_PROBLEMS) {
      const oldest = cache.keys().next();
      if (!oldest.done) cache.delete(oldest.value);
    }
    cache.set(key, analysis);
    return analysis;
  };

  const grade = (problem: TBankProblem, answer: string): GradedAnswer => {
    let normalizedAnswer: string | undefined;
    try {
      const analysis = analysisOf(problem);
      const raw = tokenize(typeof answer === 'string' ? answer : '');
      // normalizeAnswer(answer) exactly: the same tokens, taken before the grader analyses them.
      normalizedAnswer = raw.map((t) => t.norm).join(' ');
      const evaluation = evaluateWith(res, analysis, problem, answer, raw, options);
      // Decision 093: the sentence in another structure (clause order, neutral adjuncts, the answer's
      // frame, a grammar point's other construction) graded as rewritten, where that earns more.
      if (options.structure === false) return { evaluation, normalizedAnswer };
      return { evaluation: betterStructure(evaluation, problem, typeof answer === 'string' ? answer : '', (text) => evaluateWith(res, analysis, problem, text, tokenize(text), options)), normalizedAnswer };
    } catch {
      // Grading must never break the answer flow; a malformed problem yields a neutral 1 star.
      return { evaluation: neutralVerdict(problem), normalizedAnswer: normalizedAnswer ?? normalizeAnswer(answer) };
    }
  };

  return {
    async prepare(problems: readonly TBankProblem[] = allBankProblems()): Promise<void> {
      for (let k = 0; k < problems.length; k += PREPARE_BATCH) {
        for (const problem of problems.slice(k, k + PREPARE_BATCH)) {
          try {
            analysisOf(problem);
          } catch {
            // A malformed problem is graded (1 star) when it is answered; nothing to prepare.
          }
        }
        // A referenced yield: a script awaiting prepare() must not see its event loop run empty.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    },
    evaluate(problem: TBankProblem, answer: string): TEvaluation {
      return grade(problem, answer).evaluation;
    },
    grade,
  };
}

/** The best verdict among the answer's structure rewrites (structure.ts), or the verdict as it was. */
function betterStructure(evaluation: TEvaluation, problem: TBankProblem, answer: string, gradeText: (text: string) => TEvaluation): TEvaluation {
  if (!worthRewriting(evaluation.rating, evaluation.errors.length)) return evaluation;
  let best = evaluation;
  const namedExtra = new Set(evaluation.errors.filter((e) => e.kind === 'extra-word').flatMap((e) => e.words.join(' ').toLowerCase().split(/\s+/)));
  for (const rewrite of structureRewrites(answer, problem.answers)) {
    if (rewrite.dropped && namedExtra.has(rewrite.dropped)) continue;
    const graded = gradeText(rewrite.text);
    const anchors = new Set(rewrite.anchors);
    // A moved clause whose verdict still finds words out of order, or names the subordinator, has
    // other roles than the answer's clauses: the rewrite says something else.
    const named = anchors.size > 0 && graded.errors.some((e) => e.kind === 'word-order' || [...e.words, ...e.expected].some((w) => w.toLowerCase().split(/\s+/).some((x) => anchors.has(x))));
    if (graded.rating > best.rating && !named) best = graded;
    if (best.rating === 5) break;
  }
  return best;
}

/** The verdict of an answer the grader failed on (a malformed problem): a neutral 1 star. */
function neutralVerdict(problem: TBankProblem): TEvaluation {
  const answers = Array.isArray(problem?.answers) ? problem.answers : [];
  return {
    rating: 1,
    modelAnswer: answers[0] ?? '',
    feedback: '採点できませんでした。模範解答を確認しましょう。',
    similarPhrases: [],
    errors: [],
    isAlternative: false,
    alternatives: answers.slice(1),
    diff: [],
  };
}

