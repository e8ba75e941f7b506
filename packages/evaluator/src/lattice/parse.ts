/**
 * Parser of the lattice pattern language (docs/decisions/007-answer-lattices.md):
 *
 *   word          a word (punctuation and case are normalised later, like a learner's answer)
 *   (a b)         optional part
 *   [a|b c|d]     alternatives, each a sequence; may nest
 *   [where: on|onto]  alternatives carrying a role (who, what, where, when, polarity, quantity,
 *                 modality, form); also `(when: tomorrow)`
 *   {name}        a named slot defined in the lattice's `slots`
 */
import { LATTICE_ROLES, type LatticeRole } from './types';

export type PatternNode =
  | { kind: 'word'; text: string }
  | { kind: 'group'; role?: LatticeRole; options: PatternNode[][]; optional: boolean }
  | { kind: 'slot'; name: string };

export class LatticeSyntaxError extends Error {
  constructor(
    message: string,
    readonly pattern: string,
    readonly at: number,
  ) {
    super(`${message} at ${at} in "${pattern}"`);
  }
}

const ROLE_RE = new RegExp(`^(${LATTICE_ROLES.join('|')}):`);

type Lexeme = { type: 'open' | 'close' | 'bar'; char: string; at: number } | { type: 'word'; text: string; at: number } | { type: 'slot'; name: string; at: number } | { type: 'role'; role: LatticeRole; at: number };

function lex(pattern: string): Lexeme[] {
  const out: Lexeme[] = [];
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i] as string;
    if (/\s/.test(c)) {
      i += 1;
    } else if (c === '(' || c === '[') {
      out.push({ type: 'open', char: c, at: i });
      i += 1;
      const rest = pattern.slice(i).trimStart();
      const role = ROLE_RE.exec(rest);
      if (role) {
        out.push({ type: 'role', role: role[1] as LatticeRole, at: i });
        i = pattern.length - rest.length + role[0].length;
      }
    } else if (c === ')' || c === ']') {
      out.push({ type: 'close', char: c, at: i });
      i += 1;
    } else if (c === '|') {
      out.push({ type: 'bar', char: c, at: i });
      i += 1;
    } else if (c === '{') {
      const end = pattern.indexOf('}', i);
      if (end < 0) throw new LatticeSyntaxError('unclosed {', pattern, i);
      const name = pattern.slice(i + 1, end).trim();
      if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new LatticeSyntaxError(`bad slot name "${name}"`, pattern, i);
      out.push({ type: 'slot', name, at: i });
      i = end + 1;
    } else {
      let j = i;
      while (j < pattern.length && !/[\s()[\]|{}]/.test(pattern[j] as string)) j += 1;
      out.push({ type: 'word', text: pattern.slice(i, j), at: i });
      i = j;
    }
  }
  return out;
}

/** Parses one pattern into a sequence of nodes. Throws LatticeSyntaxError with the position. */
export function parsePattern(pattern: string): PatternNode[] {
  const lexemes = lex(pattern);
  let k = 0;

  const parseSeq = (closers: string): PatternNode[] => {
    const seq: PatternNode[] = [];
    while (k < lexemes.length) {
      const l = lexemes[k] as Lexeme;
      if (l.type === 'bar' || l.type === 'close') {
        if (!closers.includes(l.type === 'bar' ? '|' : l.char)) throw new LatticeSyntaxError(`unexpected "${l.type === 'bar' ? '|' : l.char}"`, pattern, l.at);
        return seq;
      }
      k += 1;
      if (l.type === 'word') seq.push({ kind: 'word', text: l.text });
      else if (l.type === 'slot') seq.push({ kind: 'slot', name: l.name });
      else if (l.type === 'role') throw new LatticeSyntaxError('a role must follow ( or [', pattern, l.at);
      else {
        const optional = l.char === '(';
        const close = optional ? ')' : ']';
        let role: LatticeRole | undefined;
        const next = lexemes[k];
        if (next?.type === 'role') {
          role = next.role;
          k += 1;
        }
        const options: PatternNode[][] = [];
        for (;;) {
          options.push(parseSeq(`${close}|`));
          const end = lexemes[k];
          if (!end) throw new LatticeSyntaxError(`unclosed ${l.char}`, pattern, l.at);
          k += 1;
          if (end.type === 'close') {
            if (end.char !== close) throw new LatticeSyntaxError(`"${end.char}" closes "${l.char}"`, pattern, end.at);
            break;
          }
        }
        if (options.some((o) => o.length === 0)) throw new LatticeSyntaxError('empty alternative (use ( ) for an optional part)', pattern, l.at);
        seq.push({ kind: 'group', role, options, optional });
      }
    }
    if (closers !== '') throw new LatticeSyntaxError('unclosed group', pattern, pattern.length);
    return seq;
  };

  const seq = parseSeq('');
  if (seq.length === 0) throw new LatticeSyntaxError('empty pattern', pattern, 0);
  return seq;
}
