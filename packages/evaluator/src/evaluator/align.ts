/**
 * Word alignment between the learner's answer and one accepted answer.
 *
 * 1. A monotone alignment (weighted LCS) pairs words that are the same, synonyms, inflections of
 *    one lemma, or function words of one class (a/the, in/at).
 * 2. Words left over on both sides that match strongly are moves; contiguous moves form blocks.
 *    A time adverbial or clause moved between the sentence edges is a valid alternative order.
 * 3. What is still left between two anchors is paired by position (word choice) or reported as
 *    missing / extra.
 */
import { distance } from 'fastest-levenshtein';
import { isMainVerbHave, isTransposition, sameRegularStem, type AnalysedAnswer, type SynonymTable, type Token } from './analyse';
import type { WnPos, WordNet } from './wordnet';
import {
  CONFUSABLES,
  MOVABLE_ADVERBS,
  MOVABLE_PHRASE_STARTS,
  NOT_SYNONYMS,
  SPLIT_CONFUSIONS,
  TIME_NOUNS,
  type WordClass,
} from './lexicon';

export type Relation =
  /** Same word (after normalisation and spelling correction). */
  | 'exact'
  /** A synonym in the same inflection. */
  | 'synonym'
  /** Same lemma (or synonym lemma) in another inflection: went / go, apple / apples. */
  | 'inflection'
  /** Function words of one class: a / the, in / at, he / she. */
  | 'class'
  /** A real word mixed up with a similar one: then / than, form / from. */
  | 'confusable'
  /** "its" for "it's": one learner word standing for two reference words. */
  | 'split'
  /** Different words in the same slot. */
  | 'replace';

export interface Pair {
  l: number;
  r: number;
  rel: Relation;
  /** How the pair was found: monotone anchor, moved block, or positional pairing in a gap. */
  via: 'anchor' | 'move' | 'gap';
  /** A synonym (per-problem or global) made the match. */
  synonym: boolean;
  /** Further reference words covered by the same learner word ('split'). */
  rMore?: number[];
}

export interface MoveBlock {
  l: number[];
  r: number[];
  /** A movable adverbial moved between sentence edges: a valid order, not an error. */
  valid: boolean;
}

export interface Alignment {
  answer: AnalysedAnswer;
  ref: Token[];
  learner: Token[];
  pairs: Pair[];
  /** Pair of each learner / reference word, if any. */
  byL: (Pair | undefined)[];
  byR: (Pair | undefined)[];
  /** Reference words nobody wrote. */
  missing: number[];
  /** Learner words with no counterpart. */
  extra: number[];
  moves: MoveBlock[];
  /** The gap (number of anchors before it) each learner / reference word falls in. */
  gapL: number[];
  gapR: number[];
  /** The accepted answer was rewritten with a phrase synonym the learner used. */
  phraseSynonym: boolean;
}

export interface SynonymContext {
  tables: readonly SynonymTable[];
  /**
   * Words (norms and lemmas) of the problem's own accepted sentences and lattice, and the tables of
   * the problem itself (its synonyms and those its answers imply). A learner word the problem uses
   * is read as that word: it is a synonym of another word only through the problem's own tables,
   * never through the global table or WordNet ("let me to drive" is not "allowed me to drive",
   * "arrived to" is not "got to"; decision 016).
   */
  own?: { words: ReadonlySet<string>; tables: readonly SynonymTable[] };
  /** Lexical database for synonyms beyond the tables (content words only). */
  wordnet?: WordNet;
  /**
   * relate()'s results kept across graded answers of one problem (its ProblemModel holds it): the
   * tables above are the problem's, so a relation depends only on the two words' keys. Without it
   * the memo lasts one graded answer.
   */
  relations?: RelationMemo;
}

/** relate() results by learner word (learnerKey), then by reference word (refKey), per problem. */
export type RelationMemo = { generation: number; byLearner: Map<string, ByRef> };

/**
 * A learner word's relations to reference words that need a participle (followsHave) and not, apart;
 * then its far-check cells (recallCeiling's value of the pair, by refCellKey).
 */
type ByRef = [Map<string, Relate>, Map<string, Relate>, Map<string, number>?];

/** A new, empty RelationMemo (one per problem model). */
export function relationMemo(): RelationMemo {
  return { generation: relationGeneration, byLearner: new Map() };
}

/**
 * The bound on relations kept across answers in all problems' memos together: past it every memo is
 * emptied (lazily, by generation) and fills again from the answers that follow. ~100 bytes each.
 */
const MAX_KEPT_RELATIONS = 400_000;
let relationGeneration = 0;
let keptRelations = 0;

/** WordNet part of speech of a wink tag, for content words. */
export function wnPos(t: Token): WnPos | undefined {
  switch (t.pos) {
    case 'NOUN':
      return 'n';
    case 'VERB':
      return 'v';
    case 'ADJ':
      return 'a';
    case 'ADV':
      return 'r';
    default:
      return undefined;
  }
}

/** Content words WordNet calls synonyms (part of speech of either word, common senses). */
export function wordNetSynonyms(l: Token, r: Token, wordnet: WordNet | undefined): boolean {
  if (!wordnet || l.cls !== 'content' || r.cls !== 'content' || l.foreign || r.foreign || /^\d/.test(l.norm) || /^\d/.test(r.norm)) return false;
  if (l.lemma.length < 3 || r.lemma.length < 3) return false;
  if (NOT_SYNONYMS.has(`${l.lemma}|${r.lemma}`)) return false;
  const posL = wnPos(l);
  const posR = wnPos(r);
  if (!posL || !posR) return false;
  // A noun only stands for a noun; a participle may be tagged as adjective on one side only
  // ("forbidden" / "prohibited").
  if ((posL === 'n') !== (posR === 'n')) return false;
  // In a slot marked as carrying meaning (who, what, where, ...) a rarer sense of one word is not
  // enough ("visit" shares only a rare sense with "call"): the two must share a common sense.
  if (r.pos === 'VERB' && l.pos === 'VERB') {
    return [...new Set([posR, posL])].some((pos) => wordnet.closeSynonyms(l.lemma, r.lemma, pos));
  }
  const synonyms = [...new Set([posR, posL])].some((pos) => wordnet.synonyms(l.lemma, r.lemma, pos) || (pos === 'a' && wordnet.synonyms(l.norm, r.norm, pos)));
  // Two adjectives that share only a sense of a marked position ("hungry" / "thirsty" both mean
  // "eager for" after be): not synonyms for what the sentence says (decision 050).
  return synonyms && !(l.pos === 'ADJ' && r.pos === 'ADJ' && wordnet.onlyMarkedSense(l.lemma, r.lemma));
}

/**
 * The learner's verb, an irregular form of one verb that is also the base form of another ("lay":
 * lie's past, lay's base; "found": find's past, found's base), shares a common sense with the
 * answer's verb when read as that other verb's base form.
 */
export function baseReadingSynonym(l: Token, r: Token, wordnet: WordNet | undefined): boolean {
  if (!wordnet || l.pos !== 'VERB' || r.pos !== 'VERB' || l.norm === l.lemma || l.slip || l.foreign || r.foreign) return false;
  if (l.cls !== 'content' || r.cls !== 'content' || l.norm.length < 3 || r.lemma.length < 3 || l.norm === r.lemma) return false;
  return wordnet.closeSynonyms(l.norm, r.lemma, 'v');
}

const FUNCTION_CLASSES: ReadonlySet<WordClass> = new Set(['article', 'det', 'prep', 'pron', 'aux', 'modal', 'conj', 'part', 'wh']);

/** Synonym groups of a token, per table set: tokens of accepted answers are graded many times. */
const groupCache = new WeakMap<Token, { tables: readonly SynonymTable[]; direct: number[]; all: number[] }>();

function sameTables(a: readonly SynonymTable[], b: readonly SynonymTable[]): boolean {
  return a.length === b.length && a.every((t, k) => t === b[k]);
}

function groupsOf(t: Token, useLemma: boolean, ctx: SynonymContext): number[] {
  let hit = groupCache.get(t);
  if (!hit || !sameTables(hit.tables, ctx.tables)) {
    hit = { tables: ctx.tables, direct: groupsOfUncached(t, false, ctx), all: groupsOfUncached(t, true, ctx) };
    groupCache.set(t, hit);
  }
  return useLemma ? hit.all : hit.direct;
}

function groupsOfUncached(t: Token, useLemma: boolean, ctx: SynonymContext): number[] {
  const out: number[] = [];
  for (const table of ctx.tables) {
    for (const g of table.words.get(t.norm) ?? []) out.push(g);
    if (useLemma) {
      for (const g of table.words.get(t.lemma) ?? []) out.push(g);
      for (const g of table.lemmas.get(t.lemma) ?? []) out.push(g);
    }
  }
  return out;
}

function intersects(a: readonly number[], b: readonly number[]): boolean {
  return a.some((x) => b.includes(x));
}

/** Do two words carry the same inflection (tense / person / number)? */
function sameInflection(l: Token, r: Token): boolean {
  if (l.plural !== r.plural) return false;
  if (l.forms.size === 0 || r.forms.size === 0) return true;
  for (const f of l.forms) if (r.forms.has(f)) return true;
  return false;
}

/** CONFUSABLES both ways: word → the words it is confused with (no key string built per relate()). */
const CONFUSABLE_WITH = new Map<string, Set<string>>();
const addConfusable = (x: string, y: string): void => {
  const set = CONFUSABLE_WITH.get(x) ?? new Set<string>();
  CONFUSABLE_WITH.set(x, set.add(y));
};
for (const [a, b] of CONFUSABLES) {
  addConfusable(a, b);
  addConfusable(b, a);
}

export interface Relate {
  rel: Relation | undefined;
  synonym: boolean;
  score: number;
}

const NONE: Relate = { rel: undefined, synonym: false, score: 0 };

/**
 * How a learner word relates to a reference word, with an alignment weight. `needsParticiple`:
 * the reference word follows have, so a synonym reached through its lemma must be a participle
 * too ("has went" is not "has left" even though go and leave are synonyms here).
 */
function relate(l: Token, r: Token, ctx: SynonymContext, needsParticiple = false): Relate {
  // Only the learner's own contraction is ambiguous: "she's" may be "she has", but a learner who
  // writes "she has happy" does not get the answer's "she's" read as "has".
  if (l.norm === r.norm || l.alts.includes(r.norm)) {
    // Content words weigh more so the alignment keeps them and lets articles move instead.
    return { rel: 'exact', synonym: false, score: r.content ? 1.2 : 1 };
  }
  if (l.foreign || r.foreign) return NONE;
  if (ctx.own && l.lemma !== r.lemma && !sameRegularStem(l.norm, r.norm) && (ctx.own.words.has(l.norm) || ctx.own.words.has(l.lemma))) {
    ctx = { tables: ctx.own.tables };
  }
  // "one big dog" for "a big dog" says the same thing.
  if (l.norm === '1' && (r.norm === 'a' || r.norm === 'an')) return { rel: 'synonym', synonym: true, score: 0.9 };
  if (l.lemma === r.lemma && l.lemma.length > 0 && !/^\d/.test(l.lemma) && !(l.cls === 'article' || r.cls === 'article')) {
    return { rel: 'inflection', synonym: false, score: 0.8 };
  }
  const lDirect = groupsOf(l, false, ctx);
  const rDirect = groupsOf(r, false, ctx);
  // A regularised form ("buyed", "childs") is never a clean synonym of anything.
  if (intersects(lDirect, rDirect) && !l.slip) {
    return needsParticiple && !l.forms.has('pp') ? { rel: 'inflection', synonym: true, score: 0.75 } : { rel: 'synonym', synonym: true, score: 0.95 };
  }
  const rAll = groupsOf(r, true, ctx);
  const shared = groupsOf(l, true, ctx).filter((g) => rAll.includes(g));
  if (shared.length > 0) {
    // Reached through a lemma, a word is another inflection of a group member: when the other
    // word is a member as written ("read" of finished / read), the learner's "finish" is the
    // wrong form of "finished", however its own forms compare with the ambiguous "read".
    const oneSideAsWritten = shared.every((g) => lDirect.includes(g) !== rDirect.includes(g));
    const sameForm = !oneSideAsWritten && sameInflection(l, r) && !l.slip && !(needsParticiple && !l.forms.has('pp'));
    return sameForm ? { rel: 'synonym', synonym: true, score: 0.95 } : { rel: 'inflection', synonym: true, score: 0.75 };
  }
  if (wordNetSynonyms(l, r, ctx.wordnet)) {
    const sameForm = sameInflection(l, r) && !l.slip && !(needsParticiple && !l.forms.has('pp'));
    return sameForm ? { rel: 'synonym', synonym: true, score: 0.9 } : { rel: 'inflection', synonym: true, score: 0.7 };
  }
  // "Please lay the table" for "set the table": "lay" is also the past of "lie", so its lemma is
  // lie; read as the base form of its own verb (where the answer has a base form) it is a synonym.
  if (baseReadingSynonym(l, r, ctx.wordnet)) {
    return r.forms.has('base') && !(needsParticiple && !l.forms.has('pp')) ? { rel: 'synonym', synonym: true, score: 0.9 } : { rel: 'inflection', synonym: true, score: 0.7 };
  }
  // "have went" for "have been (to)": the learner's go is the been of the perfect.
  if (l.lemma === 'go' && r.norm === 'been' && needsParticiple) return { rel: 'inflection', synonym: false, score: 0.75 };
  if (
    CONFUSABLE_WITH.get(l.norm)?.has(r.norm) === true ||
    (l.norm.length >= 3 && !/^\d/.test(l.norm) && isTransposition(l.norm, r.norm)) ||
    // A real word one letter away from a long reference word ("meting" / "meeting") is a typo.
    (Math.min(l.norm.length, r.norm.length) >= 5 && Math.abs(l.norm.length - r.norm.length) <= 1 && distance(l.norm, r.norm) === 1)
  ) {
    return { rel: 'confusable', synonym: false, score: 0.5 };
  }
  if (FUNCTION_CLASSES.has(l.cls) && FUNCTION_CLASSES.has(r.cls)) {
    if (l.cls === r.cls) return { rel: 'class', synonym: false, score: 0.4 };
    const pair = new Set([l.cls, r.cls]);
    if (
      (pair.has('article') && pair.has('det')) ||
      (pair.has('aux') && pair.has('modal')) ||
      (pair.has('prep') && pair.has('part')) ||
      // "her" is both a possessive and an object pronoun.
      (pair.has('det') && pair.has('pron')) ||
      // "when" for "if" and the like: both open a clause.
      (pair.has('wh') && pair.has('conj'))
    ) {
      return { rel: 'class', synonym: false, score: 0.3 };
    }
  }
  return NONE;
}

/**
 * The fields of a reference word that relate() reads, as a key: one answer is compared with several
 * accepted sentences and lattice paths that share most of their words, so relate() runs once per
 * learner word and distinct reference word. relate() must read no other field of the reference
 * word (add it here if it does): eval/fingerprint.ts checks that verdicts stay the same.
 */
const refKeys = new WeakMap<Token, string>();

function refKey(r: Token): string {
  let key = refKeys.get(r);
  if (key === undefined) {
    key = `${r.norm}\u0000${r.lemma}\u0000${r.cls}\u0000${r.pos}\u0000${r.content ? 1 : 0}${r.foreign ? 1 : 0}${r.plural ? 1 : 0}\u0000${[...r.forms].join(',')}`;
    refKeys.set(r, key);
  }
  return key;
}

/**
 * The fields of a learner word that relate() reads (its own and through groupsOf, wordNetSynonyms,
 * baseReadingSynonym, sameInflection, splitsInto), and recallCeiling's cell (keepsContent,
 * mayBeTranslationWord / Choice: `known` besides), as a key: the same words recur in the answers to
 * one problem, so relate() runs once per distinct pair of keys while the problem's memo holds them.
 * relate() must read no other field of a learner word (add it here if it does): eval/fingerprint.ts
 * checks that verdicts stay the same.
 */
const learnerKeys = new WeakMap<Token, string>();

function learnerKey(l: Token): string {
  let key = learnerKeys.get(l);
  if (key === undefined) {
    key = `${l.norm}\u0000${l.alts.join(',')}\u0000${l.lemma}\u0000${l.cls}\u0000${l.pos}\u0000${l.foreign ? 1 : 0}${l.plural ? 1 : 0}${l.known ? 1 : 0}${l.slip ?? ''}\u0000${[...l.forms].join(',')}`;
    learnerKeys.set(l, key);
  }
  return key;
}

/**
 * relate() per synonym context (one per graded answer), learner word and reference word: the
 * results for reference words that need a participle (followsHave) and those that do not, apart.
 * A context with a RelationMemo (the problem's) uses it instead.
 */
const relateMemo = new WeakMap<SynonymContext, WeakMap<Token, ByRef>>();

/**
 * "lets" where the answer has "let us" (Let's): the learner's word stands for both reference words
 * and is paired with them as a split in the gap, not as an inflection of "let" with "us" missing.
 */
function splitsInto(l: Token, ref: readonly Token[], j: number): boolean {
  const split = SPLIT_CONFUSIONS[l.norm];
  return split !== undefined && ref[j]?.norm !== l.norm && ref[j]?.norm === split[0] && ref[j + 1]?.norm === split[1];
}

/**
 * What a learner word's relation to the reference word at j depends on besides the learner word: the
 * word itself (refKey), whether it follows have or a passive be (followsHave) and the next word (a
 * split such as "its" for "it is", splitsInto). Two reference words with the same key relate alike to
 * every learner word of one graded answer (the far check's memo across candidates, decision 071).
 */
export function refCellKey(ref: readonly Token[], j: number): string {
  return `${refKey(ref[j] as Token)}\u0001${followsHave(ref, j) ? 1 : 0}\u0001${ref[j + 1]?.norm ?? ''}`;
}

/**
 * Is the reference word at j a participle after have or a passive be ("has left", "have you ever
 * been", "was broken")? A synonym in its place must be a participle too ("was broke" is not "was
 * smashed").
 */
function followsHave(ref: readonly Token[], j: number): boolean {
  if (!ref[j]?.forms.has('pp')) return false;
  for (let k = j - 1; k >= 0 && k >= j - 3; k--) {
    const t = ref[k];
    if (!t) break;
    if ((t.lemma === 'have' || t.lemma === 'be') && (t.cls === 'aux' || t.pos === 'AUX')) return true;
    if (t.cls !== 'pron' && !MOVABLE_ADVERBS.has(t.norm) && t.norm !== 'ever' && t.norm !== 'never' && t.norm !== 'not' && t.norm !== 'already' && t.norm !== 'just') return false;
  }
  return false;
}

/** Weighted LCS; ties prefer matching, then skipping the learner's word. Deterministic. */
function monotoneAlign(scores: Relate[][], n: number, m: number): [number, number][] {
  const w = m + 1;
  const dp = new Float64Array((n + 1) * w);
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const s = scores[i - 1]?.[j - 1]?.score ?? 0;
      let best = Math.max(dp[(i - 1) * w + j] ?? 0, dp[i * w + j - 1] ?? 0);
      if (s > 0) best = Math.max(best, (dp[(i - 1) * w + j - 1] ?? 0) + s);
      dp[i * w + j] = best;
    }
  }
  const pairs: [number, number][] = [];
  let i = n;
  let j = m;
  const eps = 1e-9;
  while (i > 0 && j > 0) {
    const here = dp[i * w + j] ?? 0;
    const s = scores[i - 1]?.[j - 1]?.score ?? 0;
    if (s > 0 && Math.abs(here - ((dp[(i - 1) * w + j - 1] ?? 0) + s)) < eps) {
      pairs.push([i - 1, j - 1]);
      i -= 1;
      j -= 1;
    } else if (Math.abs(here - (dp[(i - 1) * w + j] ?? 0)) < eps) {
      i -= 1;
    } else {
      j -= 1;
    }
  }
  return pairs.reverse();
}

function isStrong(r: Relate): boolean {
  return r.rel === 'exact' || r.rel === 'synonym' || r.rel === 'inflection';
}

/** Is this run of reference words an adverbial that may stand at either edge of the sentence? */
function isMovableAdverbial(tokens: readonly Token[]): boolean {
  const first = tokens[0];
  if (!first) return false;
  if (tokens.length === 1) return MOVABLE_ADVERBS.has(first.norm);
  if (MOVABLE_ADVERBS.has(first.norm) && tokens.length <= 2) return true;
  if (!MOVABLE_PHRASE_STARTS.has(first.norm)) return false;
  // Clauses ("when I was a child", "if it rains") can always be fronted.
  if (first.cls === 'conj' || first.cls === 'wh') return true;
  if (['because', 'although', 'though', 'until', 'while', 'before', 'after', 'since', 'once'].includes(first.norm) && tokens.length >= 3) return true;
  // Phrases ("last week", "in the morning", "at 3 pm") only when they are about time.
  return tokens.some((t) => TIME_NOUNS.has(t.norm) || /^\d/.test(t.norm) || MOVABLE_ADVERBS.has(t.norm));
}

/**
 * Does the verb at k open the predicate of a subject just before it ("Today is cold", "Tomorrow
 * will be sunny")? Not an imperative ("Tomorrow, don't be late", "Today let's eat out") nor a
 * question whose own subject follows ("Tomorrow, will you come?").
 */
function opensPredicate(ref: readonly Token[], k: number): boolean {
  const t = ref[k];
  const next = ref[k + 1];
  if (!t || t.lemma === 'do' || next === undefined || next.cls === 'pron' || next.cls === 'article' || next.cls === 'det') return false;
  return t.cls === 'aux' || t.cls === 'modal' || (t.pos === 'VERB' && !t.forms.has('base'));
}

/** The reference words outside a block at one edge: the other part of a two-part sentence. */
function complementOf(ref: readonly Token[], rs: number, re: number): Token[] {
  return rs === 0 ? ref.slice(re + 1) : ref.slice(0, rs);
}

/** "did not you" (from "didn't you") or "did you not": where "not" stands in a negative question. */
function negativeQuestionAt(tokens: readonly Token[], k: number): { aux: string; subject: string; notFirst: boolean } | undefined {
  if (tokens[k]?.norm !== 'not') return undefined;
  const before = tokens[k - 1];
  const after = tokens[k + 1];
  const auxLike = (t: Token | undefined): t is Token => t !== undefined && (t.cls === 'aux' || t.cls === 'modal');
  // Only the contraction puts "not" before the subject: "Why did not you come" is not English.
  if (auxLike(before) && after?.cls === 'pron' && before.group === tokens[k]?.group) return { aux: before.norm, subject: after.norm, notFirst: true };
  const aux = tokens[k - 2];
  if (auxLike(aux) && before?.cls === 'pron') return { aux: aux.norm, subject: before.norm, notFirst: false };
  return undefined;
}

/** A one-word move that is only "didn't you" vs "did you not": the same question. */
function isNegativeQuestionSwap(learner: readonly Token[], ref: readonly Token[], b: MoveBlock): boolean {
  const [i] = b.l;
  const [j] = b.r;
  if (b.l.length !== 1 || i === undefined || j === undefined) return false;
  for (const li of [i - 1, i, i + 1]) {
    const l = negativeQuestionAt(learner, li);
    if (!l) continue;
    for (const rj of [j - 1, j, j + 1]) {
      const r = negativeQuestionAt(ref, rj);
      if (r && r.notFirst !== l.notFirst && r.aux === l.aux && r.subject === l.subject) return true;
    }
  }
  return false;
}

function findMoves(learner: readonly Token[], ref: readonly Token[], scores: Relate[][], freeL: Set<number>, freeR: Set<number>): MoveBlock[] {
  const blocks: MoveBlock[] = [];
  for (;;) {
    let best: { i: number; j: number; len: number } | undefined;
    for (const i of [...freeL].sort((a, b) => a - b)) {
      for (const j of [...freeR].sort((a, b) => a - b)) {
        let len = 0;
        while (freeL.has(i + len) && freeR.has(j + len) && isStrong(scores[i + len]?.[j + len] ?? NONE)) len += 1;
        if (len > 0 && (!best || len > best.len)) best = { i, j, len };
      }
    }
    if (!best) break;
    const l: number[] = [];
    const r: number[] = [];
    for (let k = 0; k < best.len; k++) {
      l.push(best.i + k);
      r.push(best.j + k);
      freeL.delete(best.i + k);
      freeR.delete(best.j + k);
    }
    blocks.push({ l, r, valid: false });
  }
  for (const b of blocks) {
    const ls = b.l[0] ?? 0;
    const le = b.l.at(-1) ?? 0;
    const rs = b.r[0] ?? 0;
    const re = b.r.at(-1) ?? 0;
    const edgeSwap = (ls === 0 && re === ref.length - 1) || (le === learner.length - 1 && rs === 0);
    // Either part of a two-part sentence may be the adverbial clause that moved: "I would accept
    // the offer if I were you" swaps the main clause and the if-clause.
    const movable = isMovableAdverbial(b.r.map((k) => ref[k]).filter((t): t is Token => t !== undefined)) || (blocks.length === 1 && isMovableAdverbial(complementOf(ref, rs, re)));
    // "Today is cold" moved to "Is cold today": the time word was the subject, not an adverbial;
    // moved to the end it leaves the verb without one (decision 057).
    const subjectMoved = rs === 0 && b.r.length === 1 && opensPredicate(ref, 1);
    b.valid = (edgeSwap && movable && !subjectMoved) || isNegativeQuestionSwap(learner, ref, b);
  }
  return blocks;
}

/**
 * How each learner word relates to each reference word (learner × reference): the only relations
 * align() pairs words by, outside the positional pairing of gaps ('replace') and splits ("its" for
 * "it is").
 */
export function relationScores(learner: readonly Token[], ref: readonly Token[], ctx: SynonymContext): Relate[][] {
  const m = ref.length;
  const afterHave = new Array<boolean>(m);
  const keys = new Array<string>(m);
  for (let j = 0; j < m; j++) {
    afterHave[j] = followsHave(ref, j);
    keys[j] = refKey(ref[j] as Token);
  }
  const out = new Array<Relate[]>(learner.length);
  for (let i = 0; i < learner.length; i++) {
    const l = learner[i] as Token;
    const byR = byRefOf(ctx, l);
    const row = new Array<Relate>(m);
    for (let j = 0; j < m; j++) row[j] = memoRelate(byR, l, ref, j, keys[j] as string, afterHave[j] as boolean, ctx);
    out[i] = row;
  }
  return out;
}

/**
 * The cells of relationScores(learner, ref, ctx) one at a time, each computed when first read (same
 * values, same memo): for a caller that reads a few cells only (the far check reads the reference's
 * content words, and each column only until a learner word relates to it).
 */
export function relationCells(learner: readonly Token[], ref: readonly Token[], ctx: SynonymContext): (i: number, j: number) => Relate {
  const keys = new Array<string | undefined>(ref.length);
  const afterHave = new Array<boolean>(ref.length);
  return (i, j) => {
    let key = keys[j];
    if (key === undefined) {
      key = refKey(ref[j] as Token);
      keys[j] = key;
      afterHave[j] = followsHave(ref, j);
    }
    const l = learner[i] as Token;
    return memoRelate(byRefOf(ctx, l), l, ref, j, key, afterHave[j] as boolean, ctx);
  };
}

function byRefOf(ctx: SynonymContext, l: Token): ByRef {
  const kept = ctx.relations;
  if (kept) {
    if (kept.generation !== relationGeneration) {
      kept.byLearner.clear();
      kept.generation = relationGeneration;
    }
    const key = learnerKey(l);
    let byR = kept.byLearner.get(key);
    if (!byR) {
      byR = [new Map(), new Map()];
      kept.byLearner.set(key, byR);
    }
    return byR;
  }
  let memo = relateMemo.get(ctx);
  if (!memo) {
    memo = new WeakMap();
    relateMemo.set(ctx, memo);
  }
  let byR = memo.get(l);
  if (!byR) {
    byR = [new Map(), new Map()];
    memo.set(l, byR);
  }
  return byR;
}

/**
 * recallCeiling's cells of learner word `l` kept across the answers to the problem (by refCellKey), or
 * undefined when the context keeps nothing across answers (its CeilingMemo then serves one answer).
 */
export function keptCeilingCells(ctx: SynonymContext, l: Token): Map<string, number> | undefined {
  if (!ctx.relations) return undefined;
  const byR = byRefOf(ctx, l);
  return (byR[2] ??= new Map());
}

/** Counts a value kept in a RelationMemo towards MAX_KEPT_RELATIONS. */
export function countKept(): void {
  if (++keptRelations > MAX_KEPT_RELATIONS) {
    keptRelations = 0;
    relationGeneration += 1;
  }
}

/** One cell of relationScores: relate(l, ref[j]) through the memo (`key`: refKey(ref[j])). */
function memoRelate(byR: ByRef, l: Token, ref: readonly Token[], j: number, key: string, needsParticiple: boolean, ctx: SynonymContext): Relate {
  if (splitsInto(l, ref, j)) return NONE;
  const map = needsParticiple ? byR[1] : byR[0];
  let rel = map.get(key);
  if (!rel) {
    rel = relate(l, ref[j] as Token, ctx, needsParticiple);
    map.set(key, rel);
    if (ctx.relations) countKept();
  }
  return rel;
}

/**
 * Align the learner's words to one accepted answer. `scores`: relationScores(learner, ref, ctx),
 * when the caller has it already.
 */
export function align(learner: Token[], answer: AnalysedAnswer, ref: Token[], ctx: SynonymContext, phraseSynonym: boolean, scores: Relate[][] = relationScores(learner, ref, ctx)): Alignment {
  const n = learner.length;
  const m = ref.length;
  const anchors = monotoneAlign(scores, n, m);

  const pairs: Pair[] = [];
  const byL: (Pair | undefined)[] = new Array<Pair | undefined>(n).fill(undefined);
  const byR: (Pair | undefined)[] = new Array<Pair | undefined>(m).fill(undefined);
  const addPair = (p: Pair): void => {
    pairs.push(p);
    byL[p.l] = p;
    byR[p.r] = p;
    for (const extraR of p.rMore ?? []) byR[extraR] = p;
  };
  for (const [l, r] of anchors) {
    const rel = scores[l]?.[r];
    if (rel?.rel) addPair({ l, r, rel: rel.rel, via: 'anchor', synonym: rel.synonym });
  }

  // Gap index of every word: how many anchors precede it (anchors are monotone on both sides).
  const gapL = new Array<number>(n).fill(0);
  const gapR = new Array<number>(m).fill(0);
  {
    let g = 0;
    for (let i = 0; i < n; i++) {
      if (byL[i]) g += 1;
      gapL[i] = byL[i] ? g - 1 : g;
    }
    g = 0;
    for (let j = 0; j < m; j++) {
      if (byR[j]) g += 1;
      gapR[j] = byR[j] ? g - 1 : g;
    }
  }

  const freeL = new Set<number>();
  const freeR = new Set<number>();
  for (let i = 0; i < n; i++) if (!byL[i]) freeL.add(i);
  for (let j = 0; j < m; j++) if (!byR[j]) freeR.add(j);
  const moves = findMoves(learner, ref, scores, freeL, freeR);
  for (const b of moves) {
    b.l.forEach((l, k) => {
      const r = b.r[k] ?? 0;
      const rel = scores[l]?.[r];
      if (rel?.rel) addPair({ l, r, rel: rel.rel, via: 'move', synonym: rel.synonym });
    });
  }

  // Pair what is left inside each gap.
  const gaps = new Map<number, { ls: number[]; rs: number[] }>();
  const gapEntry = (g: number): { ls: number[]; rs: number[] } => {
    let e = gaps.get(g);
    if (!e) {
      e = { ls: [], rs: [] };
      gaps.set(g, e);
    }
    return e;
  };
  for (const i of [...freeL].sort((a, b) => a - b)) gapEntry(gapL[i] ?? 0).ls.push(i);
  for (const j of [...freeR].sort((a, b) => a - b)) gapEntry(gapR[j] ?? 0).rs.push(j);
  for (const g of [...gaps.keys()].sort((a, b) => a - b)) {
    const { ls, rs } = gapEntry(g);
    const used = new Set<number>();
    // "its" for "it is": one learner word standing for two reference words.
    for (const i of ls) {
      const split = SPLIT_CONFUSIONS[learner[i]?.norm ?? ''];
      if (!split) continue;
      for (let k = 0; k + 1 < rs.length; k++) {
        const a = rs[k] ?? -1;
        const b = rs[k + 1] ?? -1;
        if (b === a + 1 && !used.has(a) && ref[a]?.norm === split[0] && ref[b]?.norm === split[1]) {
          addPair({ l: i, r: a, rel: 'split', via: 'gap', synonym: false, rMore: [b] });
          used.add(a);
          used.add(b);
          break;
        }
      }
    }
    // Same slot, different word: a content word (or a Japanese word) in place of a content word.
    let lastR = -1;
    for (const i of ls) {
      const l = learner[i];
      if (!l || byL[i]) continue;
      // "have" as the main verb ("I have milk") is a verb slot like any other.
      const slot = (j: number): boolean => ref[j]?.cls === 'content' || isMainVerbHave(ref, j);
      const target = rs.find((j) => j > lastR && !used.has(j) && slot(j) && (l.cls === 'content' || l.foreign || !l.known));
      if (target === undefined) continue;
      addPair({ l: i, r: target, rel: 'replace', via: 'gap', synonym: false });
      used.add(target);
      lastR = target;
    }
  }

  pairs.sort((a, b) => a.l - b.l || a.r - b.r);
  const missing: number[] = [];
  const extra: number[] = [];
  for (let j = 0; j < m; j++) if (!byR[j]) missing.push(j);
  for (let i = 0; i < n; i++) if (!byL[i]) extra.push(i);
  return { answer, ref, learner, pairs, byL, byR, missing, extra, moves, gapL, gapR, phraseSynonym };
}
