/**
 * Content-word substitutions judged from the whole bank (decision 092).
 *
 * Every lattice of the bank is a teacher's statement of which words are interchangeable in one
 * sentence: `[discussed|talked about]`, `[university|college]`, `[venue|place|location]`. Taken
 * together the 840 lattices are some 13,000 such judgements over the everyday language the bank
 * uses. This module mines them once (every alternative group of every pattern and slot, whatever
 * the part of speech, one to three words a member) and lends a pair to another problem when the
 * lending is safe, decided from resources that cover the language rather than lists of items:
 *
 * - **the Japanese sentence as the anchor**: the pair was written for a problem whose Japanese
 *   shares a word with this problem's Japanese (a run of two kanji or katakana, 大学 / 会場 / チーム,
 *   or a single kanji rare in the bank's Japanese, 海 / 怒): both English words then translate
 *   a word this sentence has, as in the problem they came from;
 * - **several authors agree**: lattices of two or more other problems pair the words;
 * - **WordNet relates them**: the two single words are WordNet synonyms or near-synonyms (a sense
 *   of one is the commonest sense of the other) or derived one from the other.
 *
 * A CONTRAST guard keeps meaning errors what they are, however the pair was found: antonyms,
 * numbers, other forms of one word (went / go is tense, not vocabulary), function words only, and
 * sisters under one kind (co-hyponyms: brother / sister, lunch / dinner, temple / castle) unless
 * the anchor is a whole Japanese word both problems share (大学 for university / college).
 *
 * The pairs a problem gets are added to its own synonym table (analyse.ts `addProblemSynonyms`),
 * where the aligner and the phrase variants read them like the curated synonyms.
 */
import { allBankProblems, LATTICE_DATA } from '../bank/index';
import { parsePattern, type PatternNode } from '../lattice/index';
import { addProblemSynonyms, analyseTokens, type ProblemAnalysis, type Token } from './analyse';
import { tokenize } from './normalize';
import { ANTONYMS, TIME_NOUNS } from './lexicon';
import type { Resources } from './resources';

/** Longest member taken from a lattice group, in words. */
const MAX_MEMBER_WORDS = 3;
/** A single kanji anchors only if at most this share of the bank's Japanese sentences has it. */
const RARE_KANJI_SHARE = 0.0075;
/** Independent problems whose lattices must pair two words for them to hold without an anchor. */
const MIN_AGREEING = 2;

interface Mined {
  /** Pair key `a\u0000b` (a < b) → ids of the problems whose lattices pair them. */
  pairs: Map<string, Set<string>>;
  /** Problem id → its Japanese sentence's anchors (shared words looked for). */
  anchors: Map<string, Anchors>;
  /** Kanji → share of the bank's Japanese sentences that contain it. */
  kanjiShare: Map<string, number>;
}

interface Anchors {
  /** Runs of two kanji or katakana (bigrams of each run). */
  words: Set<string>;
  /** A kanji before kana: the stem of a verb or adjective (来る → 来, 怒らない → 怒). */
  stems: Set<string>;
  /** Single kanji. */
  kanji: Set<string>;
}

const KANJI = /\p{Script=Han}/u;
const KATAKANA = /[\p{Script=Katakana}ー]/u;
const HIRAGANA = /\p{Script=Hiragana}/u;

function anchorsOf(japanese: string): Anchors {
  const words = new Set<string>();
  const kanji = new Set<string>();
  const stems = new Set<string>();
  const chars = [...japanese];
  chars.forEach((c, k) => {
    if (KANJI.test(c)) kanji.add(c);
    const next = chars[k + 1];
    if (next === undefined) return;
    if (KANJI.test(c) && HIRAGANA.test(next)) stems.add(c);
    if ((KANJI.test(c) && KANJI.test(next)) || (KATAKANA.test(c) && KATAKANA.test(next))) words.add(c + next);
  });
  return { words, kanji, stems };
}

/** A group option that is plain words only ("talked about"), or undefined. */
function plainWords(seq: readonly PatternNode[]): string | undefined {
  const words: string[] = [];
  for (const n of seq) {
    if (n.kind !== 'word') return undefined;
    words.push(n.text.toLowerCase());
  }
  return words.length > 0 && words.length <= MAX_MEMBER_WORDS ? words.join(' ') : undefined;
}

let mined: Mined | undefined;

function mine(): Mined {
  if (mined) return mined;
  const pairs = new Map<string, Set<string>>();
  const visit = (nodes: readonly PatternNode[], id: string): void => {
    for (const n of nodes) {
      if (n.kind !== 'group') continue;
      for (const option of n.options) visit(option, id);
      // An optional part is one alternative against nothing, not words against words.
      if (n.optional || n.options.length < 2) continue;
      const members = [...new Set(n.options.map(plainWords).filter((m): m is string => m !== undefined))];
      for (const a of members) {
        for (const b of members) {
          if (a >= b) continue;
          const key = `${a}\u0000${b}`;
          let ids = pairs.get(key);
          if (!ids) pairs.set(key, (ids = new Set()));
          ids.add(id);
        }
      }
    }
  };
  for (const lattices of Object.values(LATTICE_DATA)) {
    for (const [id, lattice] of Object.entries(lattices as Record<string, { patterns?: unknown; slots?: Record<string, { alts?: unknown }> }>)) {
      const texts: unknown[] = [...(Array.isArray(lattice.patterns) ? lattice.patterns : []), ...Object.values(lattice.slots ?? {}).flatMap((s) => (Array.isArray(s.alts) ? s.alts : []))];
      for (const text of texts) {
        if (typeof text !== 'string') continue;
        try {
          visit(parsePattern(text), id);
        } catch {
          // A pattern the lattice check rejects teaches nothing here.
        }
      }
    }
  }
  const anchors = new Map<string, Anchors>();
  const kanjiCount = new Map<string, number>();
  const problems = allBankProblems();
  for (const p of problems) {
    const a = anchorsOf(p.japanese);
    anchors.set(p.id, a);
    for (const c of a.kanji) kanjiCount.set(c, (kanjiCount.get(c) ?? 0) + 1);
  }
  const kanjiShare = new Map([...kanjiCount].map(([c, n]) => [c, n / Math.max(1, problems.length)]));
  mined = { pairs, anchors, kanjiShare };
  return mined;
}

/** How the Japanese of a source problem and of this one meet: a shared word, a rare kanji, or not. */
function anchorStrength(source: Anchors, here: Anchors, kanjiShare: ReadonlyMap<string, number>, verbal: boolean): 'word' | 'kanji' | undefined {
  // A verb pair translates a verb: the two sentences must share a verb stem (来る / 来た), not only
  // a noun (電車 in both does not make "comes" and "leaves" one word).
  if (verbal) {
    for (const c of source.stems) if (here.stems.has(c)) return 'word';
    return undefined;
  }
  for (const w of source.words) if (here.words.has(w)) return 'word';
  for (const c of source.kanji) if (here.kanji.has(c) && (kanjiShare.get(c) ?? 0) <= RARE_KANJI_SHARE) return 'kanji';
  return undefined;
}

/** Times said by a word of their own (yesterday, tonight): another time is another meaning. */
const TIME_WORDS = new Set([...TIME_NOUNS, 'yesterday', 'today', 'tomorrow', 'tonight', 'now', 'then', 'last', 'next', 'soon', 'later', 'early', 'late', 'before', 'after', 'always', 'often', 'sometimes', 'never', 'usually']);
/** Words of comparison and degree. */
const DEGREE_WORDS = new Set(['many', 'few', 'little', 'numerous', 'plenty', 'tons', 'several', 'some', 'any', 'all', 'every', 'each', 'no', 'none', 'both', 'either', 'neither', 'more', 'most', 'less', 'least', 'better', 'best', 'worse', 'worst', 'as', 'than', 'much', 'far', 'way', 'lot', 'lots', 'even', 'still', 'very', 'so', 'too', 'really', 'quite', 'pretty', 'rather', 'extremely', 'terribly', 'further', 'farther', 'enough', 'additional', 'extra']);

/** A comparative or superlative of an adjective or adverb WordNet knows (faster, biggest, earlier). */
function comparativeForm(t: Token, res: Resources): boolean {
  const m = /^(.{2,}?)(?:er|est)$/.exec(t.norm);
  if (!m) return false;
  const stem = m[1] as string;
  const stems = [stem, `${stem}e`, stem.endsWith('i') ? `${stem.slice(0, -1)}y` : stem, /(.)\1$/.test(stem) ? stem.slice(0, -1) : stem];
  return stems.some((w) => res.wordnet.knowsAs(w, 'a') || res.wordnet.knowsAs(w, 'r'));
}

/** The regular comparative and superlative spellings of a word (hard: harder, hardest). */
function comparativesOf(word: string): string[] {
  const stem = word.endsWith('e') ? word.slice(0, -1) : /[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}i` : /^[^aeiou]*[aeiou][bdgmnpt]$/.test(word) ? word + word.slice(-1) : word;
  return [`${stem}er`, `${stem}est`];
}

const NUMBER_WORDS = new Set(['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'twenty', 'thirty', 'hundred', 'thousand', 'first', 'second', 'third', 'half', 'once', 'twice']);

const memberMemo = new Map<string, Token[]>();
function memberTokens(member: string, res: Resources): Token[] {
  let hit = memberMemo.get(member);
  if (!hit) {
    hit = analyseTokens(tokenize(member), res);
    memberMemo.set(member, hit);
  }
  return hit;
}

/** The evaluator's own opposites (lexicon.ts), both ways. */
const OPPOSITES = new Set(ANTONYMS.flatMap(([x, y]) => [`${x}|${y}`, `${y}|${x}`]));

/**
 * The lemmas a word out of context may have: the tagger's, the word itself, an irregular form's
 * base and the regular endings taken off ("leaves" is leaf to the tagger, and leave).
 */
function lemmaReadings(t: Token, res: Resources): string[] {
  const n = t.norm;
  const out = new Set([t.lemma, n, res.irregularForms.get(n) ?? n]);
  for (const [end, put] of [['ies', 'y'], ['es', ''], ['s', ''], ['ied', 'y'], ['ed', ''], ['ed', 'e'], ['d', ''], ['ing', ''], ['ing', 'e']] as const) {
    if (n.length > end.length + 2 && n.endsWith(end)) out.add(n.slice(0, -end.length) + put);
  }
  return [...out].filter((w) => res.wordnet.knows(w));
}

const contentOf = (tokens: readonly Token[]): Token[] => tokens.filter((t) => t.cls === 'content');

/**
 * The contrast guard: pairs that are never lent (another number, another form of one word, an
 * antonym, no content word), and whether the pair is two sisters under one kind (lent only with a
 * whole shared Japanese word).
 */
function contrast(a: readonly Token[], b: readonly Token[], res: Resources): 'never' | 'sisters' | undefined {
  const ca = contentOf(a);
  const cb = contentOf(b);
  if (ca.length === 0 || cb.length === 0) return 'never';
  if ([...ca, ...cb].some((t) => /\d/.test(t.norm) || NUMBER_WORDS.has(t.norm))) return 'never';
  // went / go, book / books, is / was: grammar, graded by its own rules.
  if (ca.some((x) => cb.some((y) => x.lemma === y.lemma))) return 'never';
  const wn = res.wordnet;
  for (const x of ca) {
    for (const y of cb) {
      for (const lx of lemmaReadings(x, res)) for (const ly of lemmaReadings(y, res)) if (wn.antonyms(lx, ly) || OPPOSITES.has(`${lx}|${ly}`)) return 'never';
    }
  }
  // Times, comparisons and degrees have the grader's own rules (a time for a time is a meaning
  // error, "more good" a form slip): "last night" / "yesterday", "faster than" / "as fast as",
  // "far" / "way" / "much" (before better) are lent nowhere.
  if ([...a, ...b].some((t) => TIME_WORDS.has(t.norm) || DEGREE_WORDS.has(t.norm) || comparativeForm(t, res))) return 'never';
  if (ca.length === 1 && cb.length === 1) {
    const x = ca[0] as Token;
    const y = cb[0] as Token;
    if (wn.coHyponyms(x.lemma, y.lemma) && !wn.synonyms(x.lemma, y.lemma)) return 'sisters';
    // Two people (teacher / doctor, mother / aunt) are other people whatever WordNet's tree says.
    if (x.pos === 'NOUN' && y.pos === 'NOUN' && wn.isPerson(x.lemma) && wn.isPerson(y.lemma) && !wn.synonyms(x.lemma, y.lemma)) return 'sisters';
  }
  return undefined;
}

export interface LentPair {
  members: [string, string];
  /** Why the pair holds here. */
  by: 'anchor' | 'agreement';
}

interface PairInfo {
  a: string;
  b: string;
  ids: ReadonlySet<string>;
  guard: 'never' | 'sisters' | undefined;
  /** Both sides' content is a verb (the most context-bound substitutions: ask / tell, see / visit). */
  verbal: boolean;
}

let byWord: Map<string, string[]> | undefined;
const infoMemo = new Map<string, PairInfo>();

/** Mined pair keys by each word of their members. */
function pairsByWord(pairs: ReadonlyMap<string, ReadonlySet<string>>): Map<string, string[]> {
  if (byWord) return byWord;
  byWord = new Map();
  // Each pair under the longest word of each member: a member is the problem's own only if all its
  // words are, and the longest is the least common of them.
  const longest = (m: string): string => m.split(' ').reduce((x, y) => (y.length > x.length ? y : x), '');
  for (const key of pairs.keys()) {
    for (const w of new Set(key.split('\u0000').map(longest))) {
      const list = byWord.get(w);
      if (!list) byWord.set(w, [key]);
      else list.push(key);
    }
  }
  return byWord;
}

function pairInfo(key: string, ids: ReadonlySet<string>, res: Resources): PairInfo {
  let info = infoMemo.get(key);
  if (!info) {
    const [a = '', b = ''] = key.split('\u0000');
    const ta = memberTokens(a, res);
    const tb = memberTokens(b, res);
    let guard = contrast(ta, tb, res);
    const ca = contentOf(ta);
    const cb = contentOf(tb);
    // One word against one word of another kind (a verb for a noun: "swimming" / "the pool",
    // "reserve" / "book") is another construction, not a word choice.
    if (guard === undefined && ca.length === 1 && cb.length === 1 && (ca[0]?.pos === 'VERB') !== (cb[0]?.pos === 'VERB')) guard = 'never';
    // Out of context a tagger reads "runs" as a noun: a side is verbal if any of its content words
    // is a verb to WordNet in one of its readings.
    const verbish = (ts: readonly Token[]): boolean => ts.some((t) => t.pos === 'VERB' || lemmaReadings(t, res).some((w) => res.wordnet.knowsAs(w, 'v')));
    const verbal = verbish(ca) && verbish(cb);
    info = { a, b, ids, guard, verbal };
    infoMemo.set(key, info);
  }
  return info;
}

/**
 * The mined pairs lent to a problem: those with a member whose words are all words of the problem
 * (its answers and lattice, `ownWords`), mined from other problems, past the contrast guard, and
 * held by an anchor or (nouns, adjectives, adverbs) by several problems' agreement.
 */
export function lentPairs(problem: { id?: string; japanese: string }, ownWords: ReadonlySet<string>, res: Resources): LentPair[] {
  const { pairs, anchors, kanjiShare } = mine();
  const index = pairsByWord(pairs);
  const here = anchorsOf(problem.japanese);
  const out: LentPair[] = [];
  const ownMember = (m: string): boolean => m.split(' ').every((w) => ownWords.has(w));
  const keys = new Set<string>();
  for (const w of ownWords) for (const key of index.get(w) ?? []) keys.add(key);
  for (const key of [...keys].sort()) {
    const ids = pairs.get(key);
    if (!ids) continue;
    const info = pairInfo(key, ids, res);
    // Verbs are the most context-bound: a lattice may take "comes" / "leaves" for a timetable's
    // 来る, "said" / "told me" in its own frame; lent elsewhere they hid meaning errors and slips
    // ("who tells me everything", "said me to") on the sets. Verb pairs are not lent (WordNet's
    // phrasal verbs below are their general source).
    if (info.guard === 'never' || info.verbal || (!ownMember(info.a) && !ownMember(info.b))) continue;
    // A word whose comparative the problem has ("hard" where the answer says "harder") keeps the
    // comparison the grader's: lent, "difficult" would meet "harder" through its lemma.
    if ([info.a, info.b].some((m) => !m.includes(' ') && comparativesOf(m).some((c) => ownWords.has(c)))) continue;
    // A noun the answers have in both numbers ("a meeting" / "meetings"): which of them a learner's
    // bare noun is graded against is a tie the grader breaks by how it reads that noun, and a lent
    // synonym changes the reading (set 5: "We have meeting" named plural, not article). Not lent.
    if ([info.a, info.b].some((m) => !m.includes(' ') && ownWords.has(m) && (ownWords.has(`${m}s`) || ownWords.has(`${m}es`)))) continue;
    const sources = [...ids].filter((id) => id !== problem.id);
    if (sources.length === 0) continue;
    let anchor: 'word' | 'kanji' | undefined;
    for (const id of sources) {
      const source = anchors.get(id);
      const strength = source ? anchorStrength(source, here, kanjiShare, info.verbal) : undefined;
      if (strength === 'word' || (strength === 'kanji' && anchor === undefined)) anchor = strength;
      if (anchor === 'word') break;
    }
    if (info.guard === 'sisters') {
      if (anchor === 'word') out.push({ members: [info.a, info.b], by: 'anchor' });
      continue;
    }
    if (anchor) out.push({ members: [info.a, info.b], by: 'anchor' });
    else if (sources.length >= MIN_AGREEING) out.push({ members: [info.a, info.b], by: 'agreement' });
  }
  return out;
}

/**
 * A regular or irregular form of `base` like the form `like` has; `afterAux`: the answer's verb
 * follows have or be, so a form that may be the past or the participle is the participle. A form
 * that stays ambiguous (a bare "set" that may be the base or the past) gives nothing: a wrong guess
 * would accept the learner's slip ("was establish" for "was set up").
 */
function inflectLike(base: string, like: Token, res: Resources, afterAux: boolean): string | undefined {
  const irregular = res.irregular.get(base);
  // One short vowel before one consonant doubles it: get / getting, stop / stopped.
  const doubled = /^[^aeiou]*[aeiou][bdglmnprt]$/.test(base) ? base + base.slice(-1) : base;
  const regular = base.endsWith('e') ? `${base}d` : /[^aeiou]y$/.test(base) ? `${base.slice(0, -1)}ied` : `${doubled}ed`;
  const { forms } = like;
  if (afterAux && forms.has('pp')) return irregular?.participle[0] ?? regular;
  const of = (f: string): string | undefined => {
    if (f === 'ing') return base.endsWith('ie') ? `${base.slice(0, -2)}ying` : base.endsWith('e') && !base.endsWith('ee') ? `${base.slice(0, -1)}ing` : `${doubled}ing`;
    if (f === '3sg') return /(?:s|sh|ch|x|z|o)$/.test(base) ? `${base}es` : /[^aeiou]y$/.test(base) ? `${base.slice(0, -1)}ies` : `${base}s`;
    if (f === 'past') return irregular?.past[0] ?? regular;
    if (f === 'pp') return irregular?.participle[0] ?? regular;
    return f === 'base' ? base : undefined;
  };
  const readings = (['base', '3sg', 'past', 'pp', 'ing'] as const).filter((f) => forms.has(f));
  if (readings.length === 0) return like.norm === like.lemma ? base : undefined;
  // Every reading of the answer's form must give the same form of the other verb ("discussed":
  // talked either way; "spoiled": went or gone, so nothing).
  const made = new Set(readings.map(of));
  return made.size === 1 ? [...made][0] : undefined;
}

/** Forms of have and be (and get) a participle follows. */
const AUXILIARIES = new Set(['have', 'has', 'had', 'having', "'ve", 'be', 'is', 'are', 'was', 'were', 'been', 'being', "'s", "'re", "'m", 'am', 'get', 'got', 'gets', 'gotten']);

/** Parts of speech a run of the answer's words is looked up as in WordNet. */
function runPos(run: readonly Token[]): ('v' | 'r' | 'n' | 'a')[] {
  const head = run[0] as Token;
  if (run.length === 1) {
    // A verb for a phrasal verb, an adverb for an adverbial phrase; WordNet's compound nouns
    // ("get together" for meeting) are other constructions in a sentence.
    const pos = head.pos === 'VERB' ? 'v' : head.pos === 'ADV' ? 'r' : undefined;
    return pos ? [pos] : [];
  }
  // "talk about", "come in" (a verb and its particle); "by chance", "at once" (an adverbial).
  if (head.pos === 'VERB') return ['v'];
  if (head.cls === 'prep') return ['r'];
  return [];
}

/**
 * WordNet's multi-word expressions for the answer's words and the answer's multi-word expressions
 * for single words, in the sense both are mostly used in: "discussed" / "talked about", "enter" /
 * "come in", "by chance" / "accidentally". The member put in takes the form of the answer's verb.
 * WordNet's single-word synonyms are the aligner's own (align.ts `wordNetSynonyms`).
 */
export function wordNetPhrasePairs(analysis: Pick<ProblemAnalysis, 'answers'>, res: Resources): [string, string][] {
  const out: [string, string][] = [];
  const seen = new Set<string>();
  for (const answer of analysis.answers) {
    const tokens = answer.tokens;
    for (let k = 0; k < tokens.length; k++) {
      for (let n = 1; n <= MAX_MEMBER_WORDS && k + n <= tokens.length; n++) {
        const run = tokens.slice(k, k + n);
        const head = run[0] as Token;
        if (head.cls !== 'content' && !(n > 1 && head.cls === 'prep')) continue;
        const lemmaRun = run.map((t, i) => (i === 0 ? t.lemma : t.norm)).join(' ');
        for (const pos of runPos(run)) {
          const others = res.wordnet.commonSenseWords(lemmaRun, pos);
          for (const word of others) {
            const words = word.split(' ');
            // "let go" beside "let go of" (release): the shorter drops the particle its object needs.
            if (others.some((o) => o !== word && o.startsWith(`${word} `))) continue;
            if (n === 1 && words.length === 1) continue;
            if (!/^[a-z][a-z ]*$/.test(word) || words.includes(head.lemma)) continue;
            const afterAux = AUXILIARIES.has(tokens[k - 1]?.norm ?? '') || (tokens[k - 1]?.pos === 'ADV' && AUXILIARIES.has(tokens[k - 2]?.norm ?? ''));
            const first = pos === 'v' ? inflectLike(words[0] as string, head, res, afterAux) : words[0];
            if (first === undefined) continue;
            const member = [first, ...words.slice(1)].join(' ');
            const surface = run.map((t) => t.norm).join(' ');
            // The member's verb must read as the same forms as the answer's ("went" is only a past,
            // "spoiled" a past or a participle: "has went bad" would meet "has spoiled").
            const memberHead = memberTokens(member, res)[0];
            const sameForms = (x: ReadonlySet<string>, y: ReadonlySet<string>): boolean => x.size === y.size && [...x].every((f) => y.has(f));
            if (pos === 'v' && (!memberHead || !sameForms(memberHead.forms, head.forms))) continue;
            // A phrase whose preposition takes the object ("looking for") for a single verb: the verb
            // may take another object ("searching my keys" is searching them, not for them).
            if (n > 1 && words.length === 1 && run[n - 1]?.cls === 'prep') continue;
            // The answer's verb has its preposition after it ("searching for"): a member with its own
            // ("looking for") would double it, and the pair would let the verb alone meet the phrase.
            if (n === 1 && words.length > 1 && tokens[k + 1]?.cls === 'prep' && tokens[k + 1]?.norm === words[words.length - 1]) continue;
            if (contrast(run, memberTokens(member, res), res) === 'never') continue;
            const key = `${surface}\u0000${member}`;
            if (seen.has(key)) continue;
            seen.add(key);
            out.push([surface, member]);
          }
        }
      }
    }
  }
  return out;
}

/** Add the lent pairs and WordNet's phrase pairs to a problem's own synonym table (mutates its analysis). */
export function addLexicalAlternations(analysis: ProblemAnalysis, problem: { id?: string; japanese: string }, ownWords: ReadonlySet<string>, res: Resources): LentPair[] {
  const lent = lentPairs(problem, ownWords, res);
  const groups: string[][] = [...lent.map((p) => p.members), ...wordNetPhrasePairs(analysis, res)];
  if (groups.length > 0) addProblemSynonyms(analysis, groups, res);
  return lent;
}
