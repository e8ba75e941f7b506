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
export function buildLattice(problem: TBankProblem, written: unknown): { lattice: TLattice; written: boolean; answerPatterns: (number | undefined)[] } {
  const answerSentences = problem.answers.map(sentencePattern);
  const extra = [...answerSentences, ...(problem.extraAnswers ?? []).map(sentencePattern)].filter((p): p is string => p !== undefined);
  const parsed = written === undefined ? undefined : ZLattice.safeParse(written);
  const offset = parsed?.success ? parsed.data.patterns.length : 0;
  let k = offset;
  const answerPatterns = answerSentences.map((p) => (p === undefined ? undefined : k++));
  if (parsed?.success) {
    return { lattice: { slots: parsed.data.slots, patterns: [...parsed.data.patterns, ...extra] }, written: true, answerPatterns };
  }
  return { lattice: { slots: {}, patterns: extra.length > 0 ? extra : ['-'] }, written: false, answerPatterns };
}

/**
 * Compiles a problem's lattice; a written lattice that does not compile falls back to the answers.
 * `answerPatterns`: the pattern index of each accepted answer (see closestPaths' patternCosts).
 */
export function compileProblemLattice(
  problem: TBankProblem,
  written: unknown,
): { graph: LatticeGraph; written: boolean; answerPatterns: (number | undefined)[] } {
  const built = buildLattice(problem, written);
  try {
    return { graph: compileLattice(built.lattice), written: built.written, answerPatterns: built.answerPatterns };
  } catch {
    const fallback = buildLattice(problem, undefined);
    return { graph: compileLattice(fallback.lattice), written: false, answerPatterns: fallback.answerPatterns };
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
  /** A learner preposition, particle or article that is on no path. */
  extraFunction: 0.95,
} as const;
const FUNCTION_EXTRAS = new Set(['prep', 'part', 'article']);

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

/**
 * Per graph (computed once): the nodes just before the end, and for every node its outgoing edges
 * as edge indices with the id of each edge's word (token and alternative readings), so that the
 * substitution cost of a word is computed once per learner position however many edges carry it.
 */
type GraphIndex = { ends: number[]; outEdges: Int32Array[]; wordOf: Int32Array; words: number };
const graphIndex = new WeakMap<LatticeGraph, GraphIndex>();

function indexOf(graph: LatticeGraph): GraphIndex {
  let hit = graphIndex.get(graph);
  if (!hit) {
    const edgeIndex = new Map(graph.edges.map((e, k) => [e, k]));
    const wordIds = new Map<string, number>();
    const wordOf = new Int32Array(graph.edges.length).fill(-1);
    graph.edges.forEach((edge, k) => {
      if (edge.token === null) return;
      const key = edge.alts.length === 0 ? edge.token : `${edge.token}|${edge.alts.join('|')}`;
      let id = wordIds.get(key);
      if (id === undefined) {
        id = wordIds.size;
        wordIds.set(key, id);
      }
      wordOf[k] = id;
    });
    hit = {
      ends: [...new Set(graph.edges.filter((e) => e.to === graph.end).map((e) => e.from))],
      outEdges: Array.from({ length: graph.nodeCount }, (_, node) => Int32Array.from(graph.out[node] ?? [], (e) => edgeIndex.get(e) as number)),
      wordOf,
      words: wordIds.size,
    };
    graphIndex.set(graph, hit);
  }
  return hit;
}

/**
 * closestPaths' tables, kept between calls (it is synchronous and never re-entered) and grown when
 * a lattice needs more: a fresh set per answer was most of the grader's garbage.
 */
let SCRATCH = { cost: new Float64Array(0), backNode: new Int32Array(0), backI: new Int32Array(0), backEdge: new Int32Array(0), subCache: new Float64Array(0) };

function scratch(size: number, subs: number): typeof SCRATCH {
  if (SCRATCH.cost.length < size) {
    const grown = Math.max(size, 2 * SCRATCH.cost.length);
    SCRATCH = { ...SCRATCH, cost: new Float64Array(grown), backNode: new Int32Array(grown), backI: new Int32Array(grown), backEdge: new Int32Array(grown) };
  }
  if (SCRATCH.subCache.length < subs) SCRATCH = { ...SCRATCH, subCache: new Float64Array(Math.max(subs, 2 * SCRATCH.subCache.length)) };
  return SCRATCH;
}

/**
 * The closest path of every pattern (the nodes just before the graph's end), cheapest first.
 * `limit` caps how many are returned; `patternCosts`, when given, receives the cost of the closest
 * path of every pattern, in pattern order.
 */
export function closestPaths(graph: LatticeGraph, learner: readonly Token[], res: Resources, limit = 6, patternCosts?: number[]): LatticePath[] {
  const n = learner.length;
  const width = n + 1;
  const size = graph.nodeCount * width;
  const { ends, outEdges, wordOf, words } = indexOf(graph);
  const { cost, backNode, backI, backEdge, subCache } = scratch(size, words * n);
  cost.fill(Infinity, 0, size);
  // Back pointers in flat arrays (no object per cell): previous node, previous position, edge (-1:
  // extra word). backI is read only where backNode was set.
  backNode.fill(-1, 0, size);
  backEdge.fill(-1, 0, size);
  cost[graph.start * width] = 0;
  const relax = (node: number, i: number, value: number, fromNode: number, fromI: number, edge: number): void => {
    const k = node * width + i;
    // Ties keep the first way found: deterministic, and pattern order decides.
    if (value < (cost[k] as number) - 1e-9) {
      cost[k] = value;
      backNode[k] = fromNode;
      backI[k] = fromI;
      backEdge[k] = edge;
    }
  };
  // Substitution costs depend on the edge's word only: many edges share a word (-1: not computed).
  subCache.fill(-1, 0, words * n);
  const subCost = (edge: LatticeEdge, e: number, i: number): number => {
    const at = (wordOf[e] as number) * n + i;
    let c = subCache[at] as number;
    if (c < 0) {
      c = substitutionCost(edge, learner[i] as Token, res);
      subCache[at] = c;
    }
    return c;
  };
  // A learner's added preposition or article ("enter in") is likelier than another content word
  // in the same place: of two paths equally far, the one keeping the learner's content words wins.
  const extraCost = Array.from(learner, (t) => (FUNCTION_EXTRAS.has(t.cls) ? COST.extraFunction : COST.extra));
  for (let node = 0; node < graph.nodeCount; node++) {
    const base = node * width;
    // Extra learner words stay at this node.
    for (let i = 0; i < n; i++) {
      const here = cost[base + i] as number;
      if (here < Infinity) relax(node, i + 1, here + (extraCost[i] as number), node, i, -1);
    }
    for (const e of outEdges[node] as Int32Array) {
      const edge = graph.edges[e] as LatticeEdge;
      for (let i = 0; i <= n; i++) {
        const here = cost[base + i] as number;
        if (here === Infinity) continue;
        if (edge.token === null) {
          relax(edge.to, i, here, node, i, e);
          continue;
        }
        if (i < n) relax(edge.to, i + 1, here + subCost(edge, e, i), node, i, e);
        relax(edge.to, i, here + COST.missing, node, i, e);
      }
    }
  }
  if (patternCosts) for (const endNode of ends) patternCosts.push(cost[endNode * width + n] ?? Infinity);
  const paths: LatticePath[] = [];
  const seen = new Set<string>();
  for (const endNode of ends) {
    const total = cost[endNode * width + n] ?? Infinity;
    if (total === Infinity) continue;
    const words: PathWord[] = [];
    let node = endNode;
    let i = n;
    for (let guard = 0; guard < size + 1 && !(node === graph.start && i === 0); guard++) {
      const k = node * width + i;
      const fromNode = backNode[k] as number;
      if (fromNode < 0) break;
      const edge = graph.edges[backEdge[k] as number];
      if (edge && edge.token !== null) words.push({ surface: edge.surface, token: edge.token, role: edge.role, slot: edge.slot });
      node = fromNode;
      i = backI[k] as number;
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
