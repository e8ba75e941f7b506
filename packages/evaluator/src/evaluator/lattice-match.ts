/**
 * The evaluator's side of answer lattices (docs/decisions/007-answer-lattices.md): the lattice of a
 * problem (written for the bank, or generated from its accepted answers), and the paths of its
 * word graph closest to a learner's answer.
 *
 * Matching is a weighted alignment of the learner's tokens against the graph: a dynamic programme
 * over (graph node × learner position), nodes in topological order, so the cost is
 * O(edges × tokens) however many sentences the lattice accepts; sentences are never enumerated.
 * The closest path of every pattern becomes a reference sentence that the word aligner and the
 * error classifier grade in detail (align.ts, classify.ts); each of its words keeps the role of
 * its slot, so a wrong word in a meaning slot is named as a meaning error.
 */
import { distance } from 'fastest-levenshtein';
import type { TBankProblem } from '../bank/types';
import { compileLattice, type LatticeEdge, type LatticeGraph } from '../lattice/graph';
import { ZLattice, type EdgeRole, type TLattice } from '../lattice/types';
import type { Token } from './analyse';
import type { Resources } from './resources';

/** Characters of the pattern language: stripped from answers turned into patterns. */
const PATTERN_SYNTAX = /[[\](){}|]/g;

/** A plain sentence as a pattern of the lattice language. */
export function sentencePattern(sentence: string): string | undefined {
  const pattern = sentence.replace(PATTERN_SYNTAX, ' ').replace(/\s+/g, ' ').trim();
  return /[\p{L}\p{N}]/u.test(pattern) ? pattern : undefined;
}

/**
 * The lattice of a problem: the written one (when given) plus every accepted answer of the problem
 * and every sentence accepted on appeal as extra patterns, so that answers edited by an admin or
 * added later are accepted too. Problems without a written lattice (not yet written, AI-generated,
 * admin-added) get one generated from their answers: one engine for all.
 */
export function buildLattice(problem: TBankProblem, written: unknown): { lattice: TLattice; written: boolean } {
  const extra = [...problem.answers, ...(problem.extraAnswers ?? [])].map(sentencePattern).filter((p): p is string => p !== undefined);
  const parsed = written === undefined ? undefined : ZLattice.safeParse(written);
  if (parsed?.success) {
    return { lattice: { slots: parsed.data.slots, patterns: [...parsed.data.patterns, ...extra] }, written: true };
  }
  return { lattice: { slots: {}, patterns: extra.length > 0 ? extra : ['-'] }, written: false };
}

/** Compiles a problem's lattice; a written lattice that does not compile falls back to the answers. */
export function compileProblemLattice(problem: TBankProblem, written: unknown): { graph: LatticeGraph; written: boolean } {
  const built = buildLattice(problem, written);
  try {
    return { graph: compileLattice(built.lattice), written: built.written };
  } catch {
    return { graph: compileLattice(buildLattice(problem, undefined).lattice), written: false };
  }
}

/** Cost of each alignment step (in "words"). */
const COST = {
  /** Another form of the same word (went / go, apples / apple). */
  inflection: 0.35,
  /** A spelling slip of the word. */
  spelling: 0.45,
  /** A different word in the same place. */
  substitute: 1,
  /** A word of the path the learner left out. */
  missing: 1,
  /** A learner word that is on no path. */
  extra: 1,
} as const;

const stems = new Map<string, string>();
/** A crude stem to tell inflections apart from other words without tagging every edge. */
function stem(word: string, res: Resources): string {
  let s = stems.get(word);
  if (s === undefined) {
    s = stemUncached(word, res);
    if (stems.size > 100_000) stems.clear();
    stems.set(word, s);
  }
  return s;
}

function stemUncached(word: string, res: Resources): string {
  const irregular = res.irregularForms.get(word);
  if (irregular) return irregular;
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && word.endsWith('ing')) return word.slice(0, -3).replace(/(.)\1$/, '$1');
  if (word.length > 3 && word.endsWith('ed')) return word.slice(0, -2).replace(/(.)\1$/, '$1').replace(/i$/, 'y');
  if (word.length > 3 && word.endsWith('es')) return word.slice(0, -2);
  if (word.length > 2 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

function substitutionCost(edge: LatticeEdge, t: Token, res: Resources): number {
  const token = edge.token ?? '';
  // A word corrected from a misspelling matches, but is not the answer as written.
  if (t.misspelt !== undefined && t.norm === token) return COST.spelling;
  if (token === t.norm || edge.alts.includes(t.norm) || t.alts.includes(token)) return 0;
  if (t.lemma === token) return COST.inflection;
  const s = stem(token, res);
  if (s === t.lemma || s === stem(t.norm, res) || res.irregularForms.get(t.norm) === token) return COST.inflection;
  if (token.length >= 4 && t.norm.length >= 4 && distance(token, t.norm) <= (token.length >= 7 ? 2 : 1)) return COST.spelling;
  return COST.substitute;
}

export type PathWord = { surface: string; token: string; role: EdgeRole; slot: string };

export type LatticePath = {
  /** Total alignment cost: 0 when the lattice accepts the answer as written. */
  cost: number;
  words: PathWord[];
};

type Back = { node: number; i: number; edge: LatticeEdge | null };

/**
 * The closest path of every pattern (the nodes just before the graph's end), cheapest first.
 * `limit` caps how many are returned.
 */
export function closestPaths(graph: LatticeGraph, learner: readonly Token[], res: Resources, limit = 6): LatticePath[] {
  const n = learner.length;
  const width = n + 1;
  const cost = new Float64Array(graph.nodeCount * width).fill(Infinity);
  const back: (Back | undefined)[] = new Array<Back | undefined>(graph.nodeCount * width);
  cost[graph.start * width] = 0;
  const relax = (node: number, i: number, value: number, from: Back): void => {
    const k = node * width + i;
    // Ties keep the first way found: deterministic, and pattern order decides.
    if (value < (cost[k] ?? Infinity) - 1e-9) {
      cost[k] = value;
      back[k] = from;
    }
  };
  const subCache = new Map<LatticeEdge, Float64Array>();
  const subCost = (edge: LatticeEdge, i: number): number => {
    let row = subCache.get(edge);
    if (!row) {
      row = new Float64Array(n).fill(-1);
      subCache.set(edge, row);
    }
    let c = row[i] ?? -1;
    if (c < 0) {
      c = substitutionCost(edge, learner[i] as Token, res);
      row[i] = c;
    }
    return c;
  };
  for (let node = 0; node < graph.nodeCount; node++) {
    // Extra learner words stay at this node.
    for (let i = 0; i < n; i++) {
      const here = cost[node * width + i] ?? Infinity;
      if (here < Infinity) relax(node, i + 1, here + COST.extra, { node, i, edge: null });
    }
    for (const edge of graph.out[node] ?? []) {
      for (let i = 0; i <= n; i++) {
        const here = cost[node * width + i] ?? Infinity;
        if (here === Infinity) continue;
        if (edge.token === null) {
          relax(edge.to, i, here, { node, i, edge });
          continue;
        }
        if (i < n) relax(edge.to, i + 1, here + subCost(edge, i), { node, i, edge });
        relax(edge.to, i, here + COST.missing, { node, i, edge });
      }
    }
  }
  const ends = [...new Set((graph.edges ?? []).filter((e) => e.to === graph.end).map((e) => e.from))];
  const paths: LatticePath[] = [];
  const seen = new Set<string>();
  for (const endNode of ends) {
    const total = cost[endNode * width + n] ?? Infinity;
    if (total === Infinity) continue;
    const words: PathWord[] = [];
    let node = endNode;
    let i = n;
    for (let guard = 0; guard < graph.nodeCount * width + 1 && !(node === graph.start && i === 0); guard++) {
      const b = back[node * width + i];
      if (!b) break;
      if (b.edge && b.edge.token !== null) words.push({ surface: b.edge.surface, token: b.edge.token, role: b.edge.role, slot: b.edge.slot });
      node = b.node;
      i = b.i;
    }
    words.reverse();
    const key = words.map((w) => w.token).join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    paths.push({ cost: total, words });
  }
  paths.sort((a, b) => a.cost - b.cost);
  return paths.slice(0, limit);
}
