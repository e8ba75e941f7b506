/**
 * Synonyms implied by the accepted answers themselves.
 *
 * When two accepted answers of one problem differ only in one or two slots ("repaired" / "fixed",
 * "close to" / "near"), the words in that slot are interchangeable for this problem: a learner who
 * combines the words of two accepted answers ("I got my computer fixed") wrote a valid answer.
 * Derived once per problem when its analysis is built, so grading stays a pure table look-up.
 */
import { align, type Alignment, type Pair } from './align';
import { addProblemSynonyms, globalSynonyms, isMainVerbHave, type ProblemAnalysis, type Token } from './analyse';
import { isSubordinatorSwap } from './classify';
import { NEGATORS, areAntonymWords } from './lexicon';
import type { Resources } from './resources';

/** Longest run of words on either side of a slot: longer differences are rephrasings, not slots. */
const MAX_SLOT_WORDS = 3;
/** Answers that differ in more places than this are different constructions. */
const MAX_SLOTS = 2;

/** Words that are not the same word in both answers ("make" / "making" differ too). */
function differs(p: Pair | undefined): boolean {
  return p === undefined || p.rel === 'replace' || p.rel === 'class' || p.rel === 'confusable' || p.rel === 'inflection';
}

const RELATIVE_PRONOUNS = new Set(['who', 'whom', 'which', 'that']);
/** Verbs taking an object and a bare infinitive (let him go, make him wait). */
const BARE_INFINITIVE_VERBS = new Set(['let', 'make', 'have', 'help', 'see', 'watch', 'hear', 'feel', 'notice']);

/** Word class for pairing: "have" as a main verb is a content verb, relative pronouns are one kind. */
function kindOf(t: Token, tokens: readonly Token[]): string {
  if (RELATIVE_PRONOUNS.has(t.norm)) return 'relative';
  return isMainVerbHave(tokens, t.index) ? 'content' : t.cls;
}

/** Words that carry meaning of their own (not pronouns, articles, auxiliaries). */
function carriesMeaning(side: readonly Token[]): boolean {
  return side.some((t) => t.cls === 'content' || t.cls === 'neg' || t.cls === 'modal');
}

/** Only pronouns, articles, determiners or auxiliaries: "it" against "we had" is a rebuilt sentence. */
function onlyGrammar(side: readonly Token[]): boolean {
  return side.every((t) => t.cls === 'pron' || t.cls === 'article' || t.cls === 'det' || t.cls === 'aux');
}

/**
 * Slot number of each differing word: the count of matched, in-order (anchor) words before it.
 * Anchors are monotone on both sides, so equal numbers mean the same place in both sentences.
 */
function slotsOn(tokens: readonly Token[], byIndex: readonly (Pair | undefined)[]): Map<number, number[]> {
  const slots = new Map<number, number[]>();
  let anchors = 0;
  tokens.forEach((_, k) => {
    const p = byIndex[k];
    if (!differs(p)) {
      if (p?.via === 'anchor') anchors += 1;
      return;
    }
    const list = slots.get(anchors);
    if (list) list.push(k);
    else slots.set(anchors, [k]);
  });
  return slots;
}

const contiguous = (xs: readonly number[]): boolean => xs.every((x, k) => k === 0 || x === (xs[k - 1] ?? 0) + 1);

/**
 * A slot pair that must not become a synonym: a negation against a non-negation, opposites, or
 * two words of different kinds (an active / passive pair leaves "we" against "be").
 */
function unsafe(l: readonly Token[], r: readonly Token[], lTokens: readonly Token[], rTokens: readonly Token[]): boolean {
  const [lw] = l;
  const [rw] = r;
  if (!lw || !rw) return true;
  if (l.length !== 1 || r.length !== 1) {
    // "train runs" / "trains run": the same words inflected to fit each answer's subject.
    const lemmas = (side: readonly Token[]): string => side.map((t) => t.lemma).sort().join(' ');
    if (lemmas(l) === lemmas(r)) return true;
    // "to go home" / "leave": the infinitive marker belongs to the verb before the slot.
    if ((lw.norm === 'to') !== (rw.norm === 'to')) return true;
    return (!carriesMeaning(l) && !carriesMeaning(r)) || onlyGrammar(l) || onlyGrammar(r);
  }
  if (NEGATORS.has(lw.norm) !== NEGATORS.has(rw.norm)) return true;
  // "Because I was tired, I went to bed early" / "I was tired, so I went ...": connectors of other
  // relations (cause, result) pair up only because the clauses changed places too (decision 050).
  if (isSubordinatorSwap(lw, rw)) return true;
  if (kindOf(lw, lTokens) !== kindOf(rw, rTokens)) return true;
  // be / do / have each build their own construction ("isn't working" / "doesn't work"): which
  // one goes with the form of the verb after it, it is not a free choice of word.
  if (lw.cls === 'aux' && rw.cls === 'aux' && lw.lemma !== rw.lemma) return true;
  // Two forms of one word, or words in different forms ("done" after have, "finish" after did):
  // the difference is grammar that goes with the rest of each answer, not a free choice.
  if (lw.lemma === rw.lemma || lw.plural !== rw.plural) return true;
  // let / make + object + bare verb against allow / get + object + to: the "to" goes with the verb,
  // so "let me to go" must not meet "allowed me to go" through a derived synonym (decision 016).
  if (BARE_INFINITIVE_VERBS.has(lw.lemma) !== BARE_INFINITIVE_VERBS.has(rw.lemma) && lw.pos === 'VERB' && rw.pos === 'VERB') return true;
  if (lw.forms.size > 0 && rw.forms.size > 0 && ![...lw.forms].some((f) => rw.forms.has(f))) return true;
  return areAntonymWords(lw, rw);
}

/** The word runs that differ between two aligned accepted answers, when they are clean slots. */
function slotPairs(a: Alignment): [Token[], Token[]][] {
  const diffL = a.learner.map((_, i) => i).filter((i) => differs(a.byL[i]));
  const diffR = a.ref.map((_, j) => j).filter((j) => differs(a.byR[j]));
  if (diffL.length === 0 || diffR.length === 0) return [];
  const pick = (tokens: readonly Token[], idx: readonly number[]): Token[] => idx.map((k) => tokens[k]).filter((t): t is Token => t !== undefined);
  // One word each: a slot even when the rest of the sentence was reordered around it.
  if (diffL.length === 1 && diffR.length === 1) return [[pick(a.learner, diffL), pick(a.ref, diffR)]];
  const slotsL = slotsOn(a.learner, a.byL);
  const slotsR = slotsOn(a.ref, a.byR);
  if (slotsL.size !== slotsR.size || slotsL.size > MAX_SLOTS) return [];
  const out: [Token[], Token[]][] = [];
  for (const [slot, ls] of slotsL) {
    const rs = slotsR.get(slot);
    if (!rs || !contiguous(ls) || !contiguous(rs) || ls.length > MAX_SLOT_WORDS || rs.length > MAX_SLOT_WORDS) return [];
    out.push([pick(a.learner, ls), pick(a.ref, rs)]);
  }
  // "no sooner ... than" / "hardly ... when": a second slot of grammar words only goes with the
  // first; the two slots are one construction, not two free choices (decision 016).
  if (out.length > 1 && out.some(([l, r]) => !carriesMeaning(l) && !carriesMeaning(r))) return [];
  // "look forward to meeting" / "cannot wait to meet": a slot holding two forms of one word is
  // governed by the other slot, so the other slot is no free choice either ("look forward to meet").
  const lemmas = (side: readonly Token[]): string => side.map((t) => t.lemma).join(' ');
  if (out.length > 1 && out.some(([l, r]) => lemmas(l) === lemmas(r))) return [];
  return out;
}

/** Derive and add the slot synonyms of a problem's accepted answers (mutates its analysis). */
export function deriveSlotSynonyms(analysis: ProblemAnalysis, res: Resources): string[][] {
  const ctx = { tables: [analysis.synonyms, globalSynonyms(res).table] };
  const groups: string[][] = [];
  const seen = new Set<string>();
  const { answers } = analysis;
  for (let x = 0; x < answers.length; x++) {
    for (let y = x + 1; y < answers.length; y++) {
      const ref = answers[x];
      const other = answers[y];
      if (!ref || !other) continue;
      for (const [l, r] of slotPairs(align(other.tokens, ref, ref.tokens, ctx, false))) {
        if (unsafe(l, r, other.tokens, ref.tokens)) continue;
        const members = [l, r].map((side) => side.map((t) => t.norm).join(' ')).sort();
        const key = members.join('\u0000');
        if (members[0] === members[1] || seen.has(key)) continue;
        seen.add(key);
        groups.push(members);
      }
    }
  }
  if (groups.length > 0) addProblemSynonyms(analysis, groups, res);
  return groups;
}
