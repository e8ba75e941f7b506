/**
 * A lattice compiled into a word graph: a DAG whose paths from `start` to `end` are the accepted
 * sentences, each edge one normalised token (or an epsilon), labelled with the slot it fills and
 * the role of that slot. Nodes are numbered in topological order (every edge goes from a lower to
 * a higher node), so dynamic programmes over the graph can walk nodes in index order.
 *
 * Words are normalised with the learner's tokenizer (`tokenize`), so "can't" in a pattern is the
 * two tokens "can not", "six hundred" is "600" and British spellings are American.
 */
import { tokenize } from '../evaluator/normalize';
import { parsePattern, type PatternNode } from './parse';
import type { EdgeRole, TLattice } from './types';

export type LatticeEdge = {
  from: number;
  to: number;
  /** Normalised token; null for an epsilon edge. */
  token: string | null;
  /** Other readings of an ambiguous contraction ('s = is / has). */
  alts: readonly string[];
  /** The word as written in the pattern (for display). */
  surface: string;
  /** Slot id: a named slot's name, `g<N>` for an inline group, `w<N>` for a bare word. */
  slot: string;
  role: EdgeRole;
};

export type SlotInfo = { id: string; role: EdgeRole; named: boolean };

export type LatticeGraph = {
  nodeCount: number;
  start: number;
  end: number;
  edges: LatticeEdge[];
  /** Outgoing edges per node. */
  out: LatticeEdge[][];
  slots: Map<string, SlotInfo>;
};

export class LatticeCompileError extends Error {}

/** Compiles a (validated) lattice. Throws LatticeSyntaxError / LatticeCompileError. */
export function compileLattice(lattice: TLattice): LatticeGraph {
  const edges: LatticeEdge[] = [];
  const slots = new Map<string, SlotInfo>();
  let nodeCount = 1;
  let groupCount = 0;
  let wordCount = 0;
  const newNode = () => nodeCount++;
  const parsedSlots = new Map<string, PatternNode[][]>();
  for (const [name, slot] of Object.entries(lattice.slots)) parsedSlots.set(name, slot.alts.map((a) => parsePattern(a)));

  const addWords = (texts: string[], from: number, slot: string | undefined, role: EdgeRole): number => {
    let cur = from;
    for (const t of tokenize(texts.join(' '))) {
      const id = slot ?? `w${wordCount++}`;
      if (!slots.has(id)) slots.set(id, { id, role, named: false });
      const next = newNode();
      edges.push({ from: cur, to: next, token: t.norm, alts: t.alts, surface: t.display, slot: id, role });
      cur = next;
    }
    return cur;
  };

  const buildGroup = (options: PatternNode[][], optional: boolean, from: number, slot: string, role: EdgeRole, stack: string[]): number => {
    const ends = options.map((option) => buildSeq(option, from, slot, role, stack));
    const end = newNode();
    for (const e of ends) edges.push({ from: e, to: end, token: null, alts: [], surface: '', slot, role });
    if (optional) edges.push({ from, to: end, token: null, alts: [], surface: '', slot, role });
    return end;
  };

  const buildSeq = (seq: PatternNode[], from: number, slot: string | undefined, role: EdgeRole, stack: string[]): number => {
    let cur = from;
    let words: string[] = [];
    const flush = () => {
      if (words.length > 0) cur = addWords(words, cur, slot, role);
      words = [];
    };
    for (const [k, node] of seq.entries()) {
      if (node.kind === 'word') {
        // "{name}'s" would compile to the word "s" after the slot, which no typed "brother's" matches.
        if (node.text.startsWith("'") && k > 0 && seq[k - 1]?.kind !== 'word') {
          throw new LatticeCompileError(`"${node.text}" after a slot or group is a word of its own: write the possessive inside the alternatives ("my brother's")`);
        }
        words.push(node.text);
        continue;
      }
      flush();
      if (node.kind === 'group') {
        const id = `g${groupCount++}`;
        const groupRole = node.role ?? role;
        slots.set(id, { id, role: groupRole, named: false });
        cur = buildGroup(node.options, node.optional, cur, id, groupRole, stack);
      } else {
        const def = lattice.slots[node.name];
        const options = parsedSlots.get(node.name);
        if (!def || !options) throw new LatticeCompileError(`unknown slot {${node.name}}`);
        if (stack.includes(node.name)) throw new LatticeCompileError(`slot {${node.name}} refers to itself`);
        slots.set(node.name, { id: node.name, role: def.role, named: true });
        cur = buildGroup(options, false, cur, node.name, def.role, [...stack, node.name]);
      }
    }
    flush();
    return cur;
  };

  const ends = lattice.patterns.map((p) => buildSeq(parsePattern(p), 0, undefined, 'auto', []));
  const end = newNode();
  for (const e of ends) edges.push({ from: e, to: end, token: null, alts: [], surface: '', slot: '', role: 'auto' });

  const out: LatticeEdge[][] = Array.from({ length: nodeCount }, () => []);
  for (const e of edges) (out[e.from] as LatticeEdge[]).push(e);
  return { nodeCount, start: 0, end, edges, out, slots };
}

const tokenMatches = (edge: LatticeEdge, norm: string, alts: readonly string[]) =>
  edge.token === norm || edge.alts.includes(norm) || (edge.token !== null && alts.includes(edge.token));

/** Whether the graph accepts the sentence exactly (after normalisation). */
export function acceptsSentence(graph: LatticeGraph, sentence: string): boolean {
  const tokens = tokenize(sentence);
  let states = new Set<number>([graph.start]);
  const close = (set: Set<number>) => {
    // Nodes are topologically ordered: one ascending pass closes over epsilons.
    const sorted = [...set].sort((a, b) => a - b);
    const result = new Set(sorted);
    for (let n = sorted[0] ?? 0; n < graph.nodeCount; n++) {
      if (!result.has(n)) continue;
      for (const e of graph.out[n] ?? []) if (e.token === null) result.add(e.to);
    }
    return result;
  };
  states = close(states);
  for (const t of tokens) {
    const next = new Set<number>();
    for (const n of states) for (const e of graph.out[n] ?? []) if (e.token !== null && tokenMatches(e, t.norm, t.alts)) next.add(e.to);
    if (next.size === 0) return false;
    states = close(next);
  }
  return states.has(graph.end);
}

export type ExpandedSentence = { tokens: string[]; surface: string };

/**
 * Enumerates distinct accepted sentences (by normalised tokens), up to `limit`, depth first in
 * pattern order. `budget` bounds the walk on graphs whose paths repeat the same sentence often.
 */
export function expandLattice(graph: LatticeGraph, limit = 5000, budget = 500_000): ExpandedSentence[] {
  const found = new Map<string, ExpandedSentence>();
  const tokens: string[] = [];
  const surfaces: string[] = [];
  let steps = 0;
  const walk = (node: number) => {
    if (found.size >= limit || steps++ > budget) return;
    if (node === graph.end) {
      const key = tokens.join(' ');
      if (!found.has(key)) found.set(key, { tokens: [...tokens], surface: sentenceCase(surfaces) });
      return;
    }
    for (const e of graph.out[node] ?? []) {
      if (e.token === null) {
        walk(e.to);
      } else {
        tokens.push(e.token);
        surfaces.push(e.surface);
        walk(e.to);
        tokens.pop();
        surfaces.pop();
      }
      if (found.size >= limit) return;
    }
  };
  walk(graph.start);
  return [...found.values()];
}

function sentenceCase(words: readonly string[]): string {
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
