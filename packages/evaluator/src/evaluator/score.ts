/**
 * Rating: content-word recall, function-word agreement and a cost per named error, mapped to 1-5.
 *
 * Calibration targets (kept as tests): exact / alternative = 5; one small slip (article, spelling,
 * plural) = 4; one grammar error (tense, agreement) = 3-4; several errors or a missing key content
 * word = 2-3; mostly unrelated = 1.
 */
import { countKept, refCellKey, type Alignment, type Relate } from './align';
import type { Token } from './analyse';
import { isRecalled, keepsContent, mayBeTranslationChoice, mayBeTranslationWord, presentProgressive, type DraftError } from './classify';
import type { JapaneseChoices } from './translations';
import { SPLIT_CONFUSIONS } from './lexicon';
import type { WordNet } from './wordnet';

export interface Score {
  /** Continuous score on the star scale, used to pick the closest accepted answer. */
  value: number;
  rating: number;
  /** Share of the reference's content words the learner produced (any inflection). */
  recall: number;
  /** Share of function words that agree exactly. */
  functionAgreement: number;
  /** Share of the learner's content words that match the reference. */
  precision: number;
}

/** Each error after the first costs a little more: several slips are worse than their sum. */
const EXTRA_ERROR_COST = 0.4;
const FUNCTION_DISAGREEMENT_COST = 0.5;

/** Below this content recall the rating is 1 star, whatever else the alignment has. */
export const ONE_STAR_RECALL = 0.25;

/**
 * An upper bound of scoreAlignment(...).recall for every alignment align() can make of these words
 * (`relation(i, j)`: relationScores(learner, ref, ctx)[i][j], read only for the reference's content
 * words) and every error list classify() can name for it,
 * computed without aligning or classifying. A reference content word counts only through its pair
 * (scoreAlignment): fully if the pair is recalled (a relation of `scores` other than 'class', or a
 * split "its" / "it is") or an error on it keeps the content (keepsContent), half for 'class' or
 * another translation of the sentence's Japanese word (halfContent, decision 049). A pair made in a
 * gap ('replace') recalls nothing without such an error. So a word counts here as fully recalled if
 * some learner word relates to it that way, half if only 'class' or a translation does, and not at
 * all otherwise. With no content word the recall is the function-word agreement: bounded by 1.
 */
export function recallCeiling(
  learner: readonly Token[],
  ref: readonly Token[],
  relation: (i: number, j: number) => Relate,
  wordnet: WordNet | undefined,
  japanese?: JapaneseChoices,
  memo?: CeilingMemo,
): number {
  let refContent = 0;
  let ceiling = 0;
  const translation = memo ? (memo.translation ??= learner.map((l) => mayBeTranslationWord(l, japanese))) : learner.map((l) => mayBeTranslationWord(l, japanese));
  for (let j = 0; j < ref.length; j++) {
    const r = ref[j] as Token;
    if (r.norm === 'please' || !r.content) continue;
    refContent += 1;
    const key = memo ? refCellKey(ref, j) : undefined;
    let best = key === undefined ? undefined : memo?.best.get(key);
    if (best === undefined) {
      best = 0;
      for (let i = 0; i < learner.length && best < 1; i++) {
        const l = learner[i] as Token;
        // The pair's value, kept across the answers to the problem when the memo has the problem's cells.
        const cells = key === undefined ? undefined : memo?.cells?.[i];
        let value = cells?.get(key as string);
        if (value === undefined) {
          const rel = relation(i, j).rel;
          if (rel !== undefined && rel !== 'class') value = 1;
          else {
            const split = SPLIT_CONFUSIONS[l.norm];
            if ((split !== undefined && split.includes(r.norm)) || keepsContent(l, r, wordnet)) value = 1;
            else if (rel === 'class' || (translation[i] === true && mayBeTranslationChoice(l, r, japanese))) value = 0.5;
            else value = 0;
          }
          if (cells) {
            cells.set(key as string, value);
            countKept();
          }
        }
        if (value > best) best = value;
      }
      if (key !== undefined) memo?.best.set(key, best);
    }
    ceiling += best;
  }
  return refContent === 0 ? 1 : ceiling / refContent;
}

/**
 * recallCeiling's memo for the candidates of ONE graded answer (same learner words, same problem): a
 * reference word's best relation by its refCellKey, and the learner words that may be translation
 * choices. The candidates share most of their words, so each is related to the learner's words once.
 */
export type CeilingMemo = {
  best: Map<string, number>;
  translation?: boolean[];
  /**
   * Per learner word, its cells kept across the answers to the problem (align.ts keptCeilingCells):
   * a pair's value depends only on the two words' keys, so the words the learners of a problem share
   * are related once. Each value stored counts towards the memos' bound (countKept).
   */
  cells?: (Map<string, number> | undefined)[];
};

/**
 * The "now" words the Japanese leaves open (classify's free extras, issue #12): added at either end of a
 * correct answer ("I have a cold right now") they are no error, so they do not count as unmatched words
 * either (decision 077); the precision cap would otherwise take a short answer to 2 stars.
 */
const NOW_EXTRAS: readonly (readonly string[])[] = [['right', 'now'], ['at', 'the', 'moment'], ['currently']];

function freeNowWords(a: Alignment): Set<number> {
  const free = new Set<number>();
  const extra = new Set(a.extra);
  const { learner } = a;
  for (const phrase of NOW_EXTRAS) {
    for (const i of a.extra) {
      if (!phrase.every((w, k) => learner[i + k]?.norm === w && extra.has(i + k))) continue;
      if (phrase.length > 1 && i > 0 && i + phrase.length < learner.length) continue;
      phrase.forEach((_, k) => free.add(i + k));
    }
  }
  return free;
}

export function scoreAlignment(a: Alignment, errors: readonly DraftError[]): Score {
  const { learner, ref } = a;
  let refContent = 0;
  let recalled = 0;
  let refFunction = 0;
  let functionMatched = 0;
  ref.forEach((r, j) => {
    const p = a.byR[j];
    // "please" is politeness, not meaning: its absence is named (classify) but does not cut recall.
    if (r.norm === 'please') return;
    // "now" (or "right now") left out where both sentences are in the present progressive: the
    // tense says it (decision 085; classify names nothing for it either).
    if (p === undefined && (r.norm === 'now' || (r.norm === 'right' && ref[j + 1]?.norm === 'now' && a.byR[j + 1] === undefined)) && presentProgressive(ref) && presentProgressive(learner)) return;
    if (r.content) {
      refContent += 1;
      // A broader noun for the answer's (decision 040) keeps what is talked about.
      if (isRecalled(p) || (p !== undefined && errors.some((e) => e.keepsContent === true && e.order === p.l))) recalled += 1;
      // A question word or negation swapped within its class keeps half the meaning, and so does
      // another translation of the Japanese word (decision 049).
      else if (p?.rel === 'class' || (p !== undefined && errors.some((e) => e.halfContent === true && e.order === p.l))) recalled += 0.5;
    } else {
      refFunction += 1;
      if (p && (p.rel === 'exact' || p.rel === 'synonym')) functionMatched += 1;
    }
  });
  let learnerContent = 0;
  let learnerContentMatched = 0;
  let learnerFunction = 0;
  const freeNow = a.extra.length > 0 ? freeNowWords(a) : undefined;
  learner.forEach((l, i) => {
    const p = a.byL[i];
    if (freeNow?.has(i)) return;
    if (l.content || l.foreign || !l.known) {
      learnerContent += 1;
      if (isRecalled(p) || errors.some((e) => e.keepsContent === true && e.order === i)) learnerContentMatched += 1;
      else if (errors.some((e) => e.halfContent === true && e.order === i)) learnerContentMatched += 0.5;
    } else {
      learnerFunction += 1;
    }
  });

  const functionAgreement = Math.max(refFunction, learnerFunction) === 0 ? 1 : functionMatched / Math.max(refFunction, learnerFunction);
  const recall = refContent === 0 ? functionAgreement : recalled / refContent;
  const precision = learnerContent === 0 ? (learner.length > 0 ? 1 : 0) : learnerContentMatched / learnerContent;

  const penalties = errors.reduce((sum, e) => sum + e.penalty, 0) + EXTRA_ERROR_COST * Math.max(0, errors.length - 1);
  const value = 5 - penalties - FUNCTION_DISAGREEMENT_COST * (1 - functionAgreement);

  let rating = value >= 4.5 ? 5 : value >= 3.5 ? 4 : value >= 2.5 ? 3 : value >= 1.5 ? 2 : 1;
  if (errors.length > 0) rating = Math.min(rating, 4);
  // An answer that says something else (negation flipped, an opposite word) is wrong however
  // close its words are.
  if (errors.some((e) => e.meaning)) rating = Math.min(rating, 2);
  // Recall caps: an answer missing most of the meaning cannot score well however few errors
  // were named for it.
  if (recall < ONE_STAR_RECALL) rating = 1;
  else if (recall < 0.5) rating = Math.min(rating, 2);
  else if (recall < 0.75) rating = Math.min(rating, 3);
  // Precision cap: the right words buried in an unrelated sentence.
  if (precision < 0.5) rating = Math.min(rating, 2);
  if (learner.length === 0) rating = 1;
  return { value, rating: Math.max(1, Math.min(5, rating)), recall, functionAgreement, precision };
}
