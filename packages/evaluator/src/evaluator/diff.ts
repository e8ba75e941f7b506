/**
 * Word-level diff of the learner's answer against the model answer, built from the alignment so
 * that it agrees with the named errors (a synonym or a validly moved adverbial shows as equal).
 */
import type { Token } from './analyse';
import type { Alignment, Pair } from './align';
import type { TDiffToken } from './types';

interface Piece {
  op: TDiffToken['op'];
  l?: Token;
  r: Token[];
}

function pairOp(p: Pair, l: Token): TDiffToken['op'] {
  if (l.misspelt) return 'replace';
  return p.rel === 'exact' || p.rel === 'synonym' ? 'equal' : 'replace';
}

/** Merge pieces from one contraction or one number phrase back into the words the writer typed. */
function mergeGroups(pieces: Piece[], learnerGroupSize: Map<number, number>, refGroupSize: Map<number, number>): TDiffToken[] {
  const out: TDiffToken[] = [];
  for (let k = 0; k < pieces.length; ) {
    const piece = pieces[k];
    if (!piece) break;
    const l = piece.l;
    // Equal run over a whole learner group ("I'm" = "I am").
    if (piece.op === 'equal' && l) {
      const size = learnerGroupSize.get(l.group) ?? 1;
      const run = pieces.slice(k, k + size);
      if (size > 1 && run.length === size && run.every((p) => p.op === 'equal' && p.l?.group === l.group)) {
        const refs = run.flatMap((p) => p.r);
        out.push({ op: 'equal', text: l.surface, expected: refText(refs, refGroupSize) });
        k += size;
        continue;
      }
    }
    // Delete run over a whole learner group (an extra "don't").
    if (piece.op === 'delete' && l) {
      const size = learnerGroupSize.get(l.group) ?? 1;
      const run = pieces.slice(k, k + size);
      if (size > 1 && run.length === size && run.every((p) => p.op === 'delete' && p.l?.group === l.group)) {
        out.push({ op: 'delete', text: l.surface, expected: '' });
        k += size;
        continue;
      }
    }
    // Insert run over a whole reference group (a missing "I'm").
    if (piece.op === 'insert' && piece.r[0]) {
      const g = piece.r[0].group;
      const size = refGroupSize.get(g) ?? 1;
      const run = pieces.slice(k, k + size);
      if (size > 1 && run.length === size && run.every((p) => p.op === 'insert' && p.r.length === 1 && p.r[0]?.group === g)) {
        out.push({ op: 'insert', text: '', expected: refText(run.flatMap((p) => p.r), refGroupSize) });
        k += size;
        continue;
      }
    }
    out.push({ op: piece.op, text: l ? (l.misspelt ?? l.display) : '', expected: refText(piece.r, refGroupSize) });
    k += 1;
  }
  return out;
}

/** Reference words as shown: a whole contraction by its surface, otherwise the parts. */
function refText(tokens: readonly Token[], refGroupSize: Map<number, number>): string {
  if (tokens.length === 0) return '';
  const first = tokens[0];
  if (first && tokens.length > 1 && tokens.every((t) => t.group === first.group) && (refGroupSize.get(first.group) ?? 1) === tokens.length) {
    return first.surface;
  }
  return tokens.map((t) => t.display).join(' ');
}

export function buildDiff(a: Alignment): TDiffToken[] {
  const { learner, ref } = a;
  const validL = new Set(a.moves.filter((b) => b.valid).flatMap((b) => b.l));
  const validR = new Set(a.moves.filter((b) => b.valid).flatMap((b) => b.r));
  const pieces: Piece[] = [];
  const emittedR = new Set<number>();

  const emitInsertsBefore = (limit: number, upTo: number): void => {
    // Reference words before `limit` that nobody covers (missing, or the target of an invalid move).
    for (let j = upTo; j < limit; j++) {
      if (emittedR.has(j)) continue;
      const p = a.byR[j];
      const coveredHere = p && (p.via === 'anchor' || p.via === 'gap');
      if (coveredHere) continue;
      emittedR.add(j);
      if (validR.has(j)) continue;
      const r = ref[j];
      if (r) pieces.push({ op: 'insert', r: [r] });
    }
  };

  let nextR = 0;
  for (let i = 0; i < learner.length; i++) {
    const l = learner[i];
    if (!l) continue;
    const p = a.byL[i];
    if (p && (p.via === 'anchor' || p.via === 'gap')) {
      emitInsertsBefore(p.r, nextR);
      const rs = [p.r, ...(p.rMore ?? [])];
      rs.forEach((j) => emittedR.add(j));
      pieces.push({ op: pairOp(p, l), l, r: rs.map((j) => ref[j]).filter((t): t is Token => t !== undefined) });
      nextR = Math.max(nextR, Math.max(...rs) + 1);
      continue;
    }
    if (p && p.via === 'move' && validL.has(i)) {
      const r = ref[p.r];
      pieces.push({ op: pairOp(p, l), l, r: r ? [r] : [] });
      continue;
    }
    // Extra word, or a word in the wrong place (it will be inserted where it belongs).
    pieces.push({ op: 'delete', l, r: [] });
  }
  emitInsertsBefore(ref.length, 0);

  const learnerGroupSize = new Map<number, number>();
  for (const t of learner) learnerGroupSize.set(t.group, (learnerGroupSize.get(t.group) ?? 0) + 1);
  const refGroupSize = new Map<number, number>();
  for (const t of ref) refGroupSize.set(t.group, (refGroupSize.get(t.group) ?? 0) + 1);
  return mergeGroups(pieces, learnerGroupSize, refGroupSize);
}
