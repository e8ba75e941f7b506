/**
 * Accepted sentences rewritten into another clause structure the learner chose that says the same
 * thing (decision 076): clefts ("It was Ken who broke the vase", "Ken was the one who ...", "The one
 * who broke the vase was Ken", "Who was it that ...?"), "X is where S", "How come S?" and "What made
 * you ...?" for "Why ...?", a subject relative clause said as a second clause ("I have a friend. He
 * lives in London."), the active for a passive with by, raising ("She seems to be angry" for "It seems
 * that she is angry", "He claimed to have finished it" for "He said he had finished it"), "before
 * going" for "before he went", a reporting clause moved to the other end ("..., I think"), "The
 * reason ... is that" / "That's why" / "That's because" for because and so, "Strangely, ..." for "It is
 * strange that ...", and two clauses the other way round with it and its noun trading places.
 *
 * Each variant keeps the answer's own words for everything the learner's frame does not say, and takes
 * only the frame words from the learner (it, be, who, how come, ...): a person, time, polarity or
 * object changed inside the restructured sentence is still a difference from the answer's word, and a
 * slip inside it is still named. Each is built only when the learner's sentence has the frame's
 * trigger words, which are checked first.
 */
import type { Token } from './analyse';
import { AUX_FORMS } from './lexicon';

/** Copies a learner or answer token into a variant (k numbers it within the variant). */
type Copy = (t: Token, k: number) => Token;
/** A fresh token for a word the variant needs ("be", "have"). */
type Word = (w: string, k: number) => Token;
/** The simple past of a verb's base ("break" → "broke"). */
export type PastOf = (base: string) => string;

const isBe = (t: Token | undefined): boolean => t !== undefined && AUX_FORMS[t.norm]?.lemma === 'be';
const isAux = (t: Token | undefined): boolean => t !== undefined && (t.cls === 'aux' || t.cls === 'modal');
const endOf = (ts: readonly Token[]): number => (ts.at(-1)?.pos === 'PUNCT' ? ts.length - 1 : ts.length);
const CASE_SWAP: Readonly<Record<string, string>> = { i: 'me', he: 'him', she: 'her', we: 'us', they: 'them', me: 'i', him: 'he', her: 'she', us: 'we', them: 'they' };
const SUBJECT_PRONOUNS = new Set(['i', 'you', 'he', 'she', 'it', 'we', 'they']);
const THIRD_SINGULAR = new Set(['he', 'she', 'it']);
const POSSESSIVES = new Set(['my', 'your', 'his', 'her', 'its', 'our', 'their']);
/** Relative words that open the clause of a cleft. */
const CLEFT_RELATIVES = new Set(['who', 'that', 'which', 'whom', 'where']);
/** Time words that stand alone as an adverbial ("It was yesterday that ..."). */
const TIME_WORDS = new Set(['yesterday', 'today', 'tomorrow', 'tonight', 'now', 'then']);
/** Head nouns of "the one who ...", "the person (that) ...", "the place where ..." (one is normalised to 1). */
const CLEFT_HEADS = new Set(['one', '1', 'ones', 'person', 'people', 'thing', 'things', 'man', 'woman', 'boy', 'girl', 'guy', 'place']);

/** The heads of an answer's own cleft ("the one who", "the person (that)"); man or woman say more. */
const NEUTRAL_HEADS = new Set(['one', '1', 'ones', 'person', 'people', 'thing', 'things']);

/** The clause is in the past (a past auxiliary or a past verb that is not also a base). */
const clausePast = (ts: readonly Token[]): boolean => ts.some((t) => AUX_FORMS[t.norm]?.time === 'past' || (t.cls === 'content' && t.pos === 'VERB' && t.forms.has('past') && !t.forms.has('base')));

/**
 * The cleft's be, agreeing with its subject (plural or not) and in the clause's time (the learner's
 * own time where `past` is undefined): the learner's be where it is that form, else that form, so that
 * "It were Tom who ..." or "It is in the library that I found it" is still a slip.
 */
function beWord(mine: Token, plural: boolean, past: boolean | undefined, copy: Copy, word: Word, k: number): Token {
  const isPast = past ?? AUX_FORMS[mine.norm]?.time === 'past';
  const want = isPast ? (plural ? 'were' : 'was') : plural ? 'are' : mine.norm === 'am' ? 'am' : 'is';
  return mine.norm === want ? copy(mine, k) : word(want, k);
}

/** Words of a short noun phrase (a subject or an object). */
const npWord = (t: Token | undefined): boolean =>
  t !== undefined && (t.cls === 'det' || t.cls === 'article' || (t.cls === 'pron' && POSSESSIVES.has(t.norm)) || (t.cls === 'content' && t.pos !== 'VERB' && t.pos !== 'ADV'));

/** The end of the noun phrase (a pronoun, or determiners, adjectives and nouns) starting at `from`. */
function phraseEnd(ts: readonly Token[], from: number, end: number, max = 5): number {
  const first = ts[from];
  if (!first) return from;
  if (first.cls === 'pron' && !POSSESSIVES.has(first.norm)) return from + 1;
  let e = from;
  // A name the tagger reads as a verb ("Ken") stands alone at the start of a phrase.
  if (first.cls === 'content' && first.pos === 'VERB' && first.surface[0] !== first.surface[0]?.toLowerCase()) return from + 1;
  while (e < end && e < from + max && npWord(ts[e])) e++;
  return e;
}

/** A capitalised word inside the sentence: a name, whatever the tagger made of it ("Mary" as an adjective). */
const name = (t: Token): boolean => t.index > 0 && t.surface !== t.surface.toLowerCase();

const sameSeq = (a: readonly Token[], at: number, b: readonly Token[]): boolean => b.every((t, k) => a[at + k]?.norm === t.norm);

/**
 * The answer's span [s, e) that the learner's cleft puts in focus: the focus words themselves (or a
 * pronoun in the other case), else the one stretch of the answer whose content words the learner's
 * clause does not have ("It was Mike who broke it" for "Ken broke it": Ken, so Mike stays a
 * difference from Ken). A preposition before the span is taken in too where `place` (where-clauses).
 */
function focusSpan(answer: readonly Token[], end: number, focus: readonly Token[], clause: readonly Token[]): [number, number, boolean] | undefined {
  if (focus.length === 0) return undefined;
  for (let s = 0; s + focus.length <= end; s++) if (sameSeq(answer, s, focus)) return [s, s + focus.length, false];
  if (focus.length === 1) {
    const other = CASE_SWAP[focus[0]?.norm ?? ''];
    const s = other ? answer.findIndex((t, j) => j < end && t.norm === other && t.cls === 'pron') : -1;
    if (s >= 0) return [s, s + 1, true];
  }
  const said = new Set(clause.flatMap((t) => [t.norm, t.lemma]));
  const out = (t: Token): boolean => !said.has(t.norm) && !said.has(t.lemma);
  let s = -1;
  let e = -1;
  for (let j = 0; j < end; j++) {
    const t = answer[j] as Token;
    if (!out(t) || t.cls !== 'content') continue;
    if (s < 0) s = j;
    else if (answer.slice(e, j).some((x) => x.cls === 'content' || isAux(x))) return undefined;
    e = j + 1;
  }
  if (s < 0) return undefined;
  // Determiners and a preposition before the stretch belong to it ("in the lobby").
  while (s > 0 && out(answer[s - 1] as Token) && (answer[s - 1]?.cls === 'article' || answer[s - 1]?.cls === 'det' || answer[s - 1]?.cls === 'prep' || POSSESSIVES.has(answer[s - 1]?.norm ?? ''))) s--;
  if (answer.slice(s, e).some((t) => isAux(t) || t.norm === 'that')) return undefined;
  return [s, e, false];
}

/** The clause after a cleft's relative word has its own subject ("that I met", "that Ken broke"). */
const ownSubject = (t: Token | undefined): boolean => t !== undefined && ((t.cls === 'pron' && SUBJECT_PRONOUNS.has(t.norm)) || t.cls === 'det' || t.cls === 'article' || name(t));

/**
 * An answer that is itself a cleft said plainly: "Mary told me the news" for "It was Mary who told me
 * the news", "Tom was the one who ..." or "The person who ... was Tom" (the focus before the clause's
 * verb), "I met her in Kyoto" for "It was in Kyoto that I met her" (the focus after the clause).
 */
function plainOf(tokens: readonly Token[]): Token[] | undefined {
  const end = endOf(tokens);
  const tail = tokens.slice(end);
  const join = (focus: readonly Token[], rel: number, from: number, to: number): Token[] | undefined => {
    const after = tokens[from];
    if (focus.length === 0 || !after || to <= from) return undefined;
    if (focus.some((t) => isAux(t) || t.norm === 'time' || t.forms.has('ing') || (!name(t) && (t.pos === 'ADJ' || (t.pos === 'VERB' && t.forms.has('pp')))))) return undefined;
    const object = rel < 0 || ownSubject(after);
    if (!object) return [...focus, ...tokens.slice(from, to), ...tail];
    // A place or time goes after the clause; an object after the clause's verb ("I met Tom at the
    // station"), or after its stranded preposition ("I looked after the man").
    const adverbial = focus[0]?.cls === 'prep' || focus.every((t) => t.pos === 'ADV' || t.pos === 'NOUN' && TIME_WORDS.has(t.norm));
    let v = tokens.findIndex((t, j) => j > from && j < to && t.cls === 'content' && t.pos === 'VERB' && t.forms.size > 0);
    if (adverbial || v < 0) return [...tokens.slice(from, to), ...focus, ...tail];
    if (tokens[v + 1]?.cls === 'prep' && !npWord(tokens[v + 2])) v++;
    return [...tokens.slice(from, v + 1), ...focus, ...tokens.slice(v + 1, to), ...tail];
  };
  const relAt = (j: number): number => (CLEFT_RELATIVES.has(tokens[j]?.norm ?? '') && tokens[j]?.norm !== 'where' ? j : -1);
  // it + be + focus + relative + clause.
  if (tokens[0]?.norm === 'it' && isBe(tokens[1])) {
    const r = tokens.findIndex((t, j) => j > 2 && j <= 8 && relAt(j) === j && tokens[j - 1]?.cls !== 'prep');
    return r > 2 ? join(tokens.slice(2, r), r, r + 1, end) : undefined;
  }
  // focus + be + the one / person + (relative) + clause.
  const b = tokens.findIndex((t, j) => j >= 1 && j <= 5 && isBe(t) && tokens[j + 1]?.norm === 'the' && NEUTRAL_HEADS.has(tokens[j + 2]?.norm ?? ''));
  if (b > 0 && tokens.slice(0, b).every((t) => !isAux(t))) {
    const r = relAt(b + 3);
    return join(tokens.slice(0, b), r, r < 0 ? b + 3 : r + 1, end);
  }
  // the one / person + (relative) + clause + be + focus.
  if (tokens[0]?.norm === 'the' && NEUTRAL_HEADS.has(tokens[1]?.norm ?? '')) {
    const r = relAt(2);
    const be = tokens.findLastIndex((t, j) => j > 3 && j < end - 1 && isBe(t));
    return be > 0 ? join(tokens.slice(be + 1, end), r, r < 0 ? 2 : r + 1, be) : undefined;
  }
  return undefined;
}

/**
 * The learner's cleft frames on the answer, and on the answer said plainly where it is a cleft itself
 * (with the plain sentence as a variant of its own: "Mary told me the news").
 */
function clefts(tokens: readonly Token[], learner: readonly Token[], copy: Copy, word: Word): Token[][] {
  const plain = plainOf(tokens);
  if (!plain) return cleftFrames(tokens, learner, copy, word);
  return [plain, ...cleftFrames(plain, learner, copy, word)];
}

/**
 * Clefts: "It was Ken who broke the vase" (it + be + focus + who / that + the rest), "Ken was the one
 * who broke the vase" (focus + be + the one / person / thing + who + the rest), "The person I met was
 * Tom" (the + head + the rest + be + focus), and with where: "Osaka is where my grandfather was born",
 * "Kyoto is the place where I met her" (the focus's preposition is left out). The focus and the rest
 * are the answer's; it, be, the head noun and the relative word are the learner's.
 */
function cleftFrames(tokens: readonly Token[], learner: readonly Token[], copy: Copy, word: Word): Token[][] {
  const out: Token[][] = [];
  const end = endOf(tokens);
  const lEnd = endOf(learner);
  const tail = tokens.slice(end);
  const build = (focusFrom: readonly Token[], clause: readonly Token[], frame: (focus: Token[], rest: Token[]) => Token[], place: boolean): void => {
    const span = focusSpan(tokens, end, focusFrom, clause);
    if (!span) return;
    const [start, e, recased] = span;
    let s = start;
    let focus = recased ? [copy(focusFrom[0] as Token, 1)] : tokens.slice(s, e);
    if (place) {
      // The place said without its preposition: "Osaka is where ..." for "... in Osaka".
      if (tokens[s]?.cls === 'prep') focus = focus.slice(1);
      else if (tokens[s - 1]?.cls === 'prep') s--;
      else return;
    } else if (focus[0]?.cls === 'prep' && focusFrom[0]?.cls !== 'prep') return;
    if (focus.length === 0 || (s === 0 && e >= end)) return;
    // A sentence adverb is no cleft's focus ("It is clearly that ..." for "Clearly, ...").
    if (focus.every((t) => t.pos === 'ADV') && focus.some((t) => t.norm.endsWith('ly'))) return;
    out.push([...frame(focus, [...tokens.slice(0, s), ...tokens.slice(e, end)]), ...tail]);
  };
  // it + be (+ not) + focus + relative + clause.
  if (learner[0]?.norm === 'it' && isBe(learner[1]) && tokens[0]?.norm !== 'it') {
    const from = learner[2]?.norm === 'not' ? 3 : 2;
    const r = learner.findIndex((t, j) => j > from && j <= from + 6 && CLEFT_RELATIVES.has(t.norm) && learner[j - 1]?.cls !== 'prep');
    if (r > from) {
      const rel = learner[r] as Token;
      // it + is / was in the clause's time; that (not which) before a place or time.
      // which for a person where the answer says who (decision 085: "It was the manager which
      // opposed it" is the relative's word-choice slip, as after a noun): the answer's who stands there.
      const relWord = (focus: readonly Token[]): Token =>
        rel.norm === 'which' && (focus[0]?.cls === 'prep' || focus.every((t) => t.pos === 'ADV' || TIME_WORDS.has(t.norm))) ? word('that', 4) : rel.norm === 'which' && tokens.some((t) => t.norm === 'who') ? word('who', 4) : copy(rel, 4);
      build(learner.slice(from, r), learner.slice(r + 1, lEnd), (focus, rest) => [copy(learner[0] as Token, 2), beWord(learner[1] as Token, false, clausePast(rest), copy, word, 3), ...focus, relWord(focus), ...rest], rel.norm === 'where');
    }
  }
  // focus + be + the + head (+ relative) + clause.
  const b = learner.findIndex((t, j) => j >= 1 && j <= 5 && isBe(t) && learner[j + 1]?.norm === 'the' && CLEFT_HEADS.has(learner[j + 2]?.norm ?? ''));
  if (b > 0 && learner.slice(0, b).every((t) => !isAux(t))) {
    const rel = CLEFT_RELATIVES.has(learner[b + 3]?.norm ?? '') ? [learner[b + 3] as Token] : [];
    const frame = learner.slice(b, b + 3 + rel.length);
    build(learner.slice(0, b), learner.slice(b + 3 + rel.length, lEnd), (focus, rest) => [...focus, beWord(frame[0] as Token, pluralPhrase(focus), clausePast(rest), copy, word, 5), ...frame.slice(1).map((t, k) => copy(t, 6 + k)), ...rest], rel[0]?.norm === 'where' || learner[b + 2]?.norm === 'place');
  }
  // the + head (+ relative) + clause + be + focus.
  if (learner[0]?.norm === 'the' && CLEFT_HEADS.has(learner[1]?.norm ?? '') && !(tokens[0]?.norm === 'the' && tokens[1]?.norm === learner[1]?.norm)) {
    const rel = CLEFT_RELATIVES.has(learner[2]?.norm ?? '') ? 1 : 0;
    const bes = learner.map((t, j) => (j > 2 + rel && j < lEnd - 1 && isBe(t) ? j : -1)).filter((j) => j > 0);
    const be = bes.find((j) => focusSpan(tokens, end, learner.slice(j + 1, lEnd), [])?.[2] === false) ?? bes.at(-1);
    if (be !== undefined) {
      const head = learner.slice(0, 2 + rel).map((t, k) => copy(t, 10 + k));
      build(learner.slice(be + 1, lEnd), learner.slice(2 + rel, be), (focus, rest) => [...head, ...rest, beWord(learner[be] as Token, learner[1]?.norm === 'ones' || learner[1]?.norm === 'people' || learner[1]?.norm === 'things', clausePast(rest), copy, word, 14), ...focus], learner[2]?.norm === 'where' || learner[1]?.norm === 'place');
    }
  }
  // this / that + be + the + noun + where / that + clause: "This is the town where I was born" for "I
  // was born in this town" (the answer's noun after the learner's the; its preposition left out).
  if ((learner[0]?.norm === 'this' || learner[0]?.norm === 'that') && isBe(learner[1]) && learner[2]?.norm === 'the' && tokens[0]?.norm !== learner[0]?.norm) {
    const r = learner.findIndex((t, j) => j >= 4 && j <= 6 && (t.norm === 'where' || t.norm === 'that' || t.norm === 'which'));
    const noun = learner[r - 1];
    const n = noun ? tokens.findIndex((t, j) => j < end && t.lemma === noun.lemma && (tokens[j - 1]?.norm === 'this' || tokens[j - 1]?.norm === 'that')) : -1;
    const prep = learner[r]?.norm === 'where' ? n - 2 : n - 1;
    if (r > 0 && n > 1 && (learner[r]?.norm !== 'where' || tokens[prep]?.cls === 'prep')) {
      const frame = learner.slice(0, 3).map((t, k) => copy(t, 17 + k));
      out.push([...frame, ...learner.slice(3, r - 1).map((t, k) => copy(t, 20 + k)), tokens[n] as Token, copy(learner[r] as Token, 24), ...tokens.slice(0, prep), ...tokens.slice(n + 1, end), ...tail]);
    }
  }
  // focus + be + where + clause: "Osaka is where my grandfather was born". The place's be may be present
  // before a past clause, but not past before a present one ("Osaka was where my aunt lives" is a
  // tense slip; decision 077).
  const w = learner.findIndex((t, j) => j >= 1 && j <= 5 && t.norm === 'where' && isBe(learner[j - 1]));
  if (w > 1 && learner.slice(0, w - 1).every(npWord)) {
    build(learner.slice(0, w - 1), learner.slice(w + 1, lEnd), (focus, rest) => [...focus, beWord(learner[w - 1] as Token, pluralPhrase(focus), clausePast(rest) === false ? false : undefined, copy, word, 15), copy(learner[w] as Token, 16), ...rest], true);
  }
  // "All I need is a rest" for "I need a rest" / "What I need is a rest": all + the answer's opening
  // words + be + the rest.
  if (learner[0]?.norm === 'all' && SUBJECT_PRONOUNS.has(learner[1]?.norm ?? '') && tokens[0]?.norm !== 'all') {
    const k = learner.findIndex((t, j) => j >= 2 && isBe(t));
    const from = tokens[0]?.norm === 'what' ? 1 : 0;
    if (k > 0 && from === 1 && tokens[k]?.norm === learner[k]?.norm) out.push([copy(learner[0], 25), ...tokens.slice(1)]);
    else if (k > 0 && from === 0 && k - 1 < end - 1 && learner.slice(1, k).every((t, j) => t.lemma === tokens[j]?.lemma)) {
      out.push([copy(learner[0], 25), ...tokens.slice(0, k - 1), copy(learner[k] as Token, 26), ...tokens.slice(k - 1)]);
    }
  }
  return out;
}

/**
 * The answer's question after its wh-word said as a statement: "Why are you so tired" → "you are so
 * tired", "Why did you leave early" → "you left early" (the learner's past of the answer's verb; none
 * when the learner has no such form, so a tense slip is not hidden), "Why don't you come" → "you do
 * not come". From is the index of the auxiliary.
 */
function statement(tokens: readonly Token[], from: number, end: number, learner: readonly Token[], copy: Copy, word: Word, pastOf: PastOf): Token[] | undefined {
  const aux = tokens[from];
  if (!aux || !isAux(aux)) return undefined;
  const not = tokens[from + 1]?.norm === 'not' ? 1 : 0;
  const s = from + 1 + not;
  const subjectEnd = phraseEnd(tokens, s, end);
  if (subjectEnd === s) return undefined;
  const subject = tokens.slice(s, subjectEnd);
  const lemma = AUX_FORMS[aux.norm]?.lemma;
  if (lemma === 'do' && !not) {
    const verb = tokens[subjectEnd];
    if (!verb || verb.cls !== 'content' || !verb.forms.has('base')) return undefined;
    // The learner's verb in the auxiliary's time and person (did → past, does → -s, do → base).
    // A present is made here, so that "How come he get up" is still a slip; a past is the
    // learner's, where it is a past of the answer's verb and not a regularised one ("leaved").
    if (AUX_FORMS[aux.norm]?.time !== 'past') return [...subject, word(aux.norm === 'does' ? thirdPersonOf(verb.lemma) : verb.lemma, 20), ...tokens.slice(subjectEnd + 1, end)];
    const mine = learner.find((t) => t.lemma === verb.lemma && t.cls === 'content' && t.forms.has('past') && t.slip === undefined && t.misspelt === undefined);
    return [...subject, mine ? copy(mine, 20) : word(pastOf(verb.lemma), 20), ...tokens.slice(subjectEnd + 1, end)];
  }
  return [...subject, aux, ...tokens.slice(from + 1, from + 1 + not), ...tokens.slice(subjectEnd, end)];
}

/**
 * "How come you left early?" / "What made you leave early?" for "Why did you leave early?", and "Who
 * was it that painted this?" / "Where was it that you met her?" for "Who painted this?" / "Where did
 * you meet her?". The learner's how come, what made, be, it and that are used.
 */
function questions(tokens: readonly Token[], learner: readonly Token[], copy: Copy, word: Word, pastOf: PastOf): Token[][] {
  const out: Token[][] = [];
  const end = endOf(tokens);
  const tail = tokens.slice(end);
  const first = tokens[0];
  if (!first) return out;
  if (first.norm === 'why' && learner[0]?.norm === 'how' && learner[1]?.norm === 'come') {
    const rest = statement(tokens, 1, end, learner, copy, word, pastOf);
    if (rest) out.push([copy(learner[0], 21), copy(learner[1], 22), ...rest, ...tail]);
  }
  // What made you + the answer's verb (did → made, do / does → makes).
  if (first.norm === 'why' && learner[0]?.norm === 'what' && learner[1]?.lemma === 'make' && AUX_FORMS[tokens[1]?.norm ?? '']?.lemma === 'do' && tokens[2]?.norm !== 'not') {
    const subjectEnd = phraseEnd(tokens, 2, end);
    const verb = tokens[subjectEnd];
    if (subjectEnd > 2 && verb?.cls === 'content' && verb.forms.has('base')) {
      const made = AUX_FORMS[tokens[1]?.norm ?? '']?.time === 'past' ? 'made' : 'makes';
      const make = learner[1].norm === made ? copy(learner[1], 23) : word(made, 23);
      const subject = tokens.slice(2, subjectEnd).map((t, k) => (subjectEnd === 3 && CASE_SWAP[t.norm] && t.cls === 'pron' ? word(CASE_SWAP[t.norm] as string, 24 + k) : t));
      out.push([copy(learner[0], 22), make, ...subject, ...tokens.slice(subjectEnd, end), ...tail]);
    }
  }
  // wh + be + it + that / who + the question as a statement.
  if (first.cls === 'wh' && learner[0]?.norm === first.norm && isBe(learner[1]) && learner[2]?.norm === 'it' && (learner[3]?.norm === 'that' || learner[3]?.norm === 'who') && tokens[1]?.norm !== 'was') {
    const frame = learner.slice(0, 4).map((t, k) => copy(t, 25 + k));
    // "Who painted this?": the wh-word is the subject.
    const rest = tokens[1]?.cls === 'content' && tokens[1]?.pos === 'VERB' ? tokens.slice(1, end) : statement(tokens, 1, end, learner, copy, word, pastOf);
    if (rest) out.push([...frame, ...rest, ...tail]);
  }
  return out;
}

/**
 * "I have a friend. He lives in London." / "..., and she lives in London" for "I have a friend who
 * lives in London": a subject relative clause said as a clause of its own with a pronoun (the
 * learner's pronoun and and), where the learner has the relative clause's verb after the pronoun.
 */
function splitRelative(tokens: readonly Token[], learner: readonly Token[], copy: Copy): Token[][] {
  const out: Token[][] = [];
  // (The tagger may read the clause's verb as a noun: "who lives" as lives / life.)
  const r = tokens.findIndex((t, j) => j >= 2 && (t.norm === 'who' || t.norm === 'which' || t.norm === 'that') && tokens[j - 1]?.pos === 'NOUN' && (isAux(tokens[j + 1]) || tokens[j + 1]?.cls === 'content'));
  if (r < 0) return out;
  const verb = tokens[r + 1] as Token;
  const p = learner.findIndex((t, j) => j >= 2 && SUBJECT_PRONOUNS.has(t.norm) && t.norm !== 'i' && t.norm !== 'you' && (learner[j + 1]?.norm === verb.norm || (learner[j + 1]?.lemma === verb.lemma && learner[j + 1]?.pos === 'VERB')));
  if (p < 0 || learner.slice(0, p).some((t) => t.norm === tokens[r]?.norm)) return out;
  const and = learner[p - 1]?.norm === 'and' ? [copy(learner[p - 1] as Token, 30)] : [];
  out.push([...tokens.slice(0, r), ...and, copy(learner[p] as Token, 31), ...tokens.slice(r + 1)]);
  return out;
}

/**
 * "The teacher praised Emi" for "Emi was praised by the teacher": the passive with by said in the
 * active. The agent and the object are the answer's (a pronoun in the other case); the verb is the
 * learner's form of the answer's verb where it is in the passive's time, and agrees with the agent.
 */
function activeForPassive(tokens: readonly Token[], learner: readonly Token[], copy: Copy, word: Word, pastOf: PastOf): Token[][] {
  const end = endOf(tokens);
  const by = tokens.findIndex((t, j) => j >= 3 && t.norm === 'by' && tokens[j - 1]?.forms.has('pp') === true && tokens[j - 1]?.cls === 'content');
  if (by < 0 || learner.some((t) => t.norm === 'by')) return [];
  const pp = tokens[by - 1] as Token;
  // The learner's sentence has the agent before the verb and the object after it: "Emi praised the
  // teacher" (the roles traded) gets no variant.
  const be = tokens[by - 2];
  if (!be || !isBe(be) || AUX_FORMS[be.norm]?.time === 'none') return [];
  const object = tokens.slice(0, by - 2);
  if (object.length === 0 || object.length > 5 || !object.every((t) => npWord(t) || (t.cls === 'pron' && object.length === 1))) return [];
  const agentEnd = phraseEnd(tokens, by + 1, end);
  if (agentEnd === by + 1) return [];
  const agent = tokens.slice(by + 1, agentEnd);
  const past = AUX_FORMS[be.norm]?.time === 'past';
  const at = learner.findIndex((t) => t.lemma === pp.lemma && t.cls === 'content' && t.forms.size > 0);
  const mine = learner[at];
  // A past verb is the learner's form where it is a past ("broke" for "was broken"); a present one
  // agrees with the agent, made here, so that "Many people reads it" is still an agreement slip.
  const verb = past ? (mine?.forms.has('past') && mine.slip === undefined && mine.misspelt === undefined ? copy(mine, 33) : word(pastOf(pp.lemma), 33)) : word(pluralPhrase(agent) ? pp.lemma : thirdPersonOf(pp.lemma), 33);
  const head = (ts: readonly Token[]): string[] => {
    const h = ts.at(-1) as Token;
    return [h.norm, CASE_SWAP[h.norm] ?? h.norm];
  };
  const before = new Set(learner.slice(0, Math.max(at, 0)).map((t) => t.norm));
  if (!mine || !verb || !head(agent).some((n) => before.has(n)) || head(object).some((n) => before.has(n))) return [];
  const recase = (ts: readonly Token[], k: number): Token[] => (ts.length === 1 && ts[0]?.cls === 'pron' && CASE_SWAP[ts[0].norm] ? [word(CASE_SWAP[ts[0].norm] as string, k)] : [...ts]);
  return [[...recase(agent, 32), verb, ...recase(object, 34), ...tokens.slice(agentEnd)]];
}

/**
 * "Who was the window broken by?" / "By whom was the window broken?" for "Who broke the window?"
 * (decision 079): a question about the doer said in the passive, with by stranded at the end or
 * fronted with whom. The answer's object becomes the subject, its verb the participle (the learner's
 * participle of that verb where it is one, else the right one, so "was the window broke by" is
 * still a verb-form slip), be in the verb's time and agreeing with the object.
 */
function passiveQuestion(tokens: readonly Token[], learner: readonly Token[], copy: Copy, word: Word, participleOf: PastOf): Token[][] {
  const end = endOf(tokens);
  const fronted = learner[0]?.norm === 'by' && (learner[1]?.norm === 'whom' || learner[1]?.norm === 'who');
  const stranded = (learner[0]?.norm === 'who' || learner[0]?.norm === 'whom') && learner.slice(2, endOf(learner)).at(-1)?.norm === 'by';
  const verb = tokens[1];
  if ((!fronted && !stranded) || tokens[0]?.norm !== 'who' || !verb || verb.cls !== 'content' || verb.pos !== 'VERB') return [];
  const past = verb.forms.has('past') && !verb.forms.has('base');
  if (!past && !verb.forms.has('3sg')) return [];
  const objectEnd = phraseEnd(tokens, 2, end);
  if (objectEnd === 2) return [];
  const object = tokens.slice(2, objectEnd).map((t, k) => (objectEnd === 3 && t.cls === 'pron' && CASE_SWAP[t.norm] ? word(CASE_SWAP[t.norm] as string, 40 + k) : t));
  const plural = pluralPhrase(object);
  const beNorm = past ? (plural ? 'were' : 'was') : plural ? 'are' : 'is';
  const myBe = learner.find((t) => isBe(t));
  const be = myBe?.norm === beNorm ? copy(myBe, 44) : word(beNorm, 44);
  const mine = learner.find((t) => t.lemma === verb.lemma && t.cls === 'content' && t.forms.has('pp') && t.slip === undefined && t.misspelt === undefined);
  const pp = mine ? copy(mine, 45) : word(participleOf(verb.lemma), 45);
  const rest = tokens.slice(objectEnd, end);
  const tail = tokens.slice(end);
  if (fronted) return [[copy(learner[0] as Token, 46), copy(learner[1] as Token, 47), be, ...object, pp, ...rest, ...tail]];
  return [[copy(learner[0] as Token, 46), be, ...object, pp, ...rest, copy(learner[endOf(learner) - 1] as Token, 47), ...tail]];
}

/** Plural nouns without -s and determiners of more than one. */
const PLURAL_WORDS = new Set(['people', 'children', 'men', 'women', 'police', 'many', 'several', 'both', 'these', 'those', 'few', 'i', 'you', 'we', 'they']);
const pluralPhrase = (ts: readonly Token[]): boolean => ts.some((t) => t.plural || PLURAL_WORDS.has(t.norm)) || ts.some((t) => t.norm === 'and');
/** The third person singular present of a verb's base. */
function thirdPersonOf(base: string): string {
  if (base === 'have') return 'has';
  if (base === 'be') return 'is';
  if (/(s|x|z|ch|sh|o)$/.test(base)) return `${base}es`;
  if (/[^aeiou]y$/.test(base)) return `${base.slice(0, -1)}ies`;
  return `${base}s`;
}

/** Verbs that take either a that-clause or a to-infinitive with the same subject. */
const TO_VERBS = new Set(['claim', 'pretend', 'hope', 'expect', 'promise', 'decide', 'agree', 'plan']);
/** Raising: "It seems that she is" / "She seems to be"; "It is said that he is" / "He is said to be". */
const RAISING_VERBS = new Set(['seem', 'appear']);
const RAISING_PARTICIPLES = new Set(['said', 'believed', 'thought', 'known', 'reported', 'rumored', 'rumoured', 'expected', 'supposed']);
const RAISING_ADJECTIVES = new Set(['likely', 'unlikely', 'certain', 'sure', 'bound']);

/**
 * The that-clause's verb phrase as a to-infinitive: "is angry" → "be angry", "had finished" → "have
 * finished", "will come" → "come", "lives" → "live"; a past verb after a present main verb ("It seems
 * he lost") → "have lost" with the learner's participle of the answer's verb.
 */
function infinitive(tokens: readonly Token[], v: number, end: number, mainPast: boolean, learner: readonly Token[], copy: Copy, word: Word): Token[] | undefined {
  const f = tokens[v];
  if (!f) return undefined;
  const rest = (from: number): Token[] => tokens.slice(from, end);
  const time = AUX_FORMS[f.norm]?.time;
  if (f.norm === 'will' || (f.norm === 'would' && mainPast)) return tokens[v + 1]?.forms.has('base') ? rest(v + 1) : undefined;
  if (isBe(f) && time !== 'none') return time === 'past' && !mainPast ? [word('have', 40), word('been', 41), ...rest(v + 1)] : [word('be', 40), ...rest(v + 1)];
  if (AUX_FORMS[f.norm]?.lemma === 'have' && tokens[v + 1]?.forms.has('pp')) return [word('have', 40), ...rest(v + 1)];
  if (f.cls !== 'content' || f.pos !== 'VERB') return undefined;
  if (f.forms.has('past') && !f.forms.has('base') && !mainPast) {
    const pp = learner.find((t) => t.lemma === f.lemma && t.forms.has('pp') && t.slip === undefined && t.misspelt === undefined);
    return pp ? [word('have', 40), copy(pp, 41), ...rest(v + 1)] : undefined;
  }
  return [word(f.lemma, 40), ...rest(v + 1)];
}

/**
 * "She seems to be angry" for "It seems (that) she is angry", "He is said to be rich" for "It is said
 * that he is rich", "He is likely to win" for "It is likely that he will win", and "He claimed to have
 * finished the work" for "He said (that) he had finished the work" (say → claim, and verbs that take
 * either: hope, promise, decide, ...). The learner's seem / be + said / claim and to are used when they
 * are in the answer's time.
 */
function raising(tokens: readonly Token[], learner: readonly Token[], copy: Copy, word: Word): Token[][] {
  const out: Token[][] = [];
  const to = learner.findIndex((t, j) => j >= 2 && t.norm === 'to');
  if (to < 0) return out;
  const end = endOf(tokens);
  const tail = tokens.slice(end);
  const samePast = (a: Token | undefined, b: Token | undefined): boolean => a !== undefined && b !== undefined && a.forms.has('past') === b.forms.has('past') && (a.forms.has('3sg') || isBe(a)) === (b.forms.has('3sg') || isBe(b));
  // It + seem / be said / be likely (+ that) + subject + verb.
  if (tokens[0]?.norm === 'it') {
    const verbal = RAISING_VERBS.has(tokens[1]?.lemma ?? '');
    const passive = isBe(tokens[1]) && (RAISING_PARTICIPLES.has(tokens[2]?.norm ?? '') || RAISING_ADJECTIVES.has(tokens[2]?.norm ?? ''));
    const frameLength = verbal ? 1 : passive ? 2 : 0;
    const lFrame = learner.slice(to - frameLength, to);
    if (frameLength > 0 && lFrame.length === frameLength && lFrame.every((t, k) => (k === 0 ? t.lemma === tokens[1]?.lemma : t.norm === tokens[1 + k]?.norm)) && samePast(lFrame[0], tokens[1])) {
      const s = tokens[1 + frameLength]?.norm === 'that' ? 2 + frameLength : 1 + frameLength;
      const subjectEnd = phraseEnd(tokens, s, end);
      const mainPast = tokens[1]?.forms.has('past') === true || AUX_FORMS[tokens[1]?.norm ?? '']?.time === 'past';
      const inf = subjectEnd > s ? infinitive(tokens, subjectEnd, end, mainPast, learner, copy, word) : undefined;
      if (inf) out.push([...tokens.slice(s, subjectEnd), ...lFrame.map((t, k) => copy(t, 42 + k)), copy(learner[to] as Token, 44), ...inf, ...tail]);
    }
  }
  // Subject + say / claim / hope ... (+ that) + the same subject + verb.
  const claim = learner[to - 1];
  if (claim && TO_VERBS.has(claim.lemma)) {
    const v = tokens.findIndex((t, j) => j >= 1 && j <= 5 && t.cls === 'content' && t.pos === 'VERB' && (t.lemma === claim.lemma || (t.lemma === 'say' && claim.lemma === 'claim')));
    const verb = tokens[v];
    if (v > 0 && verb && verb.forms.has('past') === claim.forms.has('past')) {
      const s = tokens[v + 1]?.norm === 'that' ? v + 2 : v + 1;
      const subject = tokens.slice(0, v);
      const inner = tokens[s];
      const same = inner !== undefined && (subject.map((t) => t.norm).join(' ') === inner.norm || (subject.length === 1 && subject[0]?.norm === inner.norm) || (inner.cls === 'pron' && subject.length > 1 && THIRD_SINGULAR.has(inner.norm) !== subject.some((t) => t.plural)));
      const inf = same && inner.cls === 'pron' ? infinitive(tokens, s + 1, end, verb.forms.has('past') && !verb.forms.has('base'), learner, copy, word) : undefined;
      if (inf) out.push([...subject, copy(claim, 45), copy(learner[to] as Token, 46), ...inf, ...tail]);
    }
  }
  return out;
}

/**
 * "He washed the dishes before going to bed" for "... before he went to bed": a time clause whose
 * subject is the main clause's said with the learner's -ing of its verb ("after having eaten" for
 * "after he had eaten", "while reading" for "while he was reading").
 */
function reducedTimeClause(tokens: readonly Token[], learner: readonly Token[], copy: Copy): Token[][] {
  const out: Token[][] = [];
  const l = learner.findIndex((t) => (t.norm === 'before' || t.norm === 'after' || t.norm === 'while' || t.norm === 'since'));
  if (l < 0) return out;
  const ing = learner[l + 1];
  if (!ing || !ing.forms.has('ing')) return out;
  const c = tokens.findIndex((t) => t.norm === learner[l]?.norm);
  const subject = tokens[c + 1];
  if (c < 0 || !subject || subject.cls !== 'pron' || !SUBJECT_PRONOUNS.has(subject.norm)) return out;
  // The clause's subject is the main clause's (the same pronoun elsewhere as a subject).
  if (!tokens.some((t, j) => j !== c + 1 && t.norm === subject.norm)) return out;
  let v = c + 2;
  if ((isBe(tokens[v]) && tokens[v + 1]?.forms.has('ing')) || (AUX_FORMS[tokens[v]?.norm ?? '']?.lemma === 'have' && tokens[v + 1]?.forms.has('pp') && ing.norm !== 'having')) v++;
  const verb = tokens[v];
  if (ing.norm === 'having' && AUX_FORMS[tokens[v]?.norm ?? '']?.lemma === 'have' && tokens[v + 1]?.forms.has('pp')) {
    out.push([...tokens.slice(0, c + 1), copy(ing, 50), ...tokens.slice(v + 1)]);
    return out;
  }
  if (!verb || verb.cls !== 'content' || verb.lemma !== ing.lemma) return out;
  out.push([...tokens.slice(0, c + 1), copy(ing, 50), ...tokens.slice(v + 1)]);
  return out;
}

/** Reporting clauses that may stand at either end ("I think", "I'm sure", "she said"). */
const REPORT_VERBS = new Set(['think', 'believe', 'guess', 'suppose', 'say', 'hope', 'expect', 'imagine', 'bet', 'reckon', 'feel']);
const REPORT_ADJECTIVES = new Set(['sure', 'afraid', 'certain']);

/** The length of the reporting clause at `from` (pronoun + verb, or pronoun + be + sure / afraid), or 0. */
function reportAt(ts: readonly Token[], from: number): number {
  if (ts[from]?.cls !== 'pron' || !SUBJECT_PRONOUNS.has(ts[from]?.norm ?? '')) return 0;
  if (REPORT_VERBS.has(ts[from + 1]?.lemma ?? '') && ts[from + 1]?.cls === 'content') return 2;
  if (isBe(ts[from + 1]) && REPORT_ADJECTIVES.has(ts[from + 2]?.norm ?? '')) return 3;
  return 0;
}

/**
 * "He is telling the truth, I think" for "I think he is telling the truth" (and the other way round):
 * the reporting clause moved to the other end, the answer's own words (so "I thought" is still a
 * tense difference). Built when the learner's sentence ends (starts) with a reporting clause the
 * answer starts (ends) with.
 */
function movedReport(tokens: readonly Token[], learner: readonly Token[]): Token[][] {
  const end = endOf(tokens);
  const lEnd = endOf(learner);
  const tail = tokens.slice(end);
  const matches = (a: number, b: number, n: number): boolean => tokens.slice(a, a + n).every((t, k) => t.lemma === learner[b + k]?.lemma);
  for (const n of [2, 3]) {
    if (lEnd > n + 2 && reportAt(learner, lEnd - n) === n && reportAt(tokens, 0) === n && matches(0, lEnd - n, n)) {
      const that = tokens[n]?.norm === 'that' ? 1 : 0;
      return [[...tokens.slice(n + that, end), ...tokens.slice(0, n), ...tail]];
    }
    if (end > n + 2 && reportAt(tokens, end - n) === n && reportAt(learner, 0) === n && matches(end - n, 0, n)) {
      return [[...tokens.slice(end - n, end), ...tokens.slice(0, end - n), ...tail]];
    }
  }
  return [];
}

/**
 * The answer's cause and result: "R because C", "C, so R", or "Because C, R" (split where the learner's
 * result clause starts).
 */
function causeAndResult(tokens: readonly Token[], end: number, resultStart: string | undefined): { cause: Token[]; result: Token[] } | undefined {
  const b = tokens.findIndex((t, j) => j >= 2 && t.norm === 'because' && tokens[j + 1]?.norm !== 'of');
  if (b > 0) return { cause: tokens.slice(b + 1, end), result: tokens.slice(0, b) };
  const so = tokens.findIndex((t, j) => j >= 2 && t.norm === 'so' && (tokens[j + 1]?.cls === 'pron' || tokens[j + 1]?.cls === 'article' || tokens[j + 1]?.cls === 'det'));
  if (so > 0) return { cause: tokens.slice(0, so), result: tokens.slice(so + 1, end) };
  if (tokens[0]?.norm === 'because' && resultStart !== undefined) {
    const r = tokens.findIndex((t, j) => j >= 3 && j < end - 1 && t.norm === resultStart && (t.cls === 'pron' || t.cls === 'article' || t.cls === 'det'));
    if (r > 0) return { cause: tokens.slice(1, r), result: tokens.slice(r, end) };
  }
  return undefined;
}

/**
 * "The reason (why) I was late is that the train was delayed", "The train was delayed. That's why I
 * was late" and "I was late. That's because the train was delayed" for "I was late because the train
 * was delayed" (or "The train was delayed, so I was late"): the answer's cause and result clauses in
 * the learner's frame (the reason, that's why, that's because: the learner's words).
 */
function reasonFrames(tokens: readonly Token[], learner: readonly Token[], copy: Copy): Token[][] {
  const out: Token[][] = [];
  const end = endOf(tokens);
  const tail = tokens.slice(end);
  if (learner[0]?.norm === 'the' && learner[1]?.norm === 'reason') {
    const rel = learner[2]?.norm === 'why' || learner[2]?.norm === 'that' ? 1 : 0;
    const k = learner.findLastIndex((t, j) => j > 3 && isBe(t) && (learner[j + 1]?.norm === 'that' || learner[j + 1]?.norm === 'because'));
    const parts = k > 0 ? causeAndResult(tokens, end, learner[2 + rel]?.norm) : undefined;
    if (parts && parts.cause.length > 0 && parts.result.length > 0) {
      out.push([...learner.slice(0, 2 + rel).map((t, n) => copy(t, 60 + n)), ...parts.result, copy(learner[k] as Token, 63), copy(learner[k + 1] as Token, 64), ...parts.cause, ...tail]);
    }
  }
  const w = learner.findIndex((t, j) => j >= 2 && (t.norm === 'why' || t.norm === 'because') && isBe(learner[j - 1]) && (learner[j - 2]?.norm === 'that' || learner[j - 2]?.norm === 'this' || learner[j - 2]?.norm === 'which'));
  if (w > 0) {
    const parts = causeAndResult(tokens, end, learner[w + 1]?.norm);
    const frame = learner.slice(w - 2, w + 1).map((t, n) => copy(t, 65 + n));
    if (parts && parts.cause.length > 0 && parts.result.length > 0) {
      out.push(learner[w]?.norm === 'why' ? [...parts.cause, ...frame, ...parts.result, ...tail] : [...parts.result, ...frame, ...parts.cause, ...tail]);
    }
  }
  return out;
}

/** Subordinators whose clause may stand before or after the main clause. */
const CLAUSE_CONNECTORS = new Set(['if', 'when', 'because', 'before', 'after', 'although', 'though', 'since', 'once', 'until', 'unless', 'while', 'as']);

/**
 * A pronoun and its noun trading places when two clauses trade places: the variant's first clause
 * has it where the second has a noun phrase the learner's first clause names ("If I see it again, I
 * will have seen the movie" read the learner's way round: "I will have seen the movie five times if I
 * see it again"). The noun phrase goes where it was, and it where the noun phrase was.
 */
function swapReferent(first: readonly Token[], second: readonly Token[], learnerFirst: readonly Token[]): [Token[], Token[]] | undefined {
  const i = first.findIndex((t) => t.norm === 'it' && t.cls === 'pron');
  if (i < 0) return undefined;
  const said = new Set(learnerFirst.map((t) => t.norm));
  const h = second.findIndex((t, j) => t.pos === 'NOUN' && said.has(t.norm) && (second[j - 1]?.cls === 'article' || second[j - 1]?.cls === 'det' || POSSESSIVES.has(second[j - 1]?.norm ?? '') || second[j - 1]?.pos === 'ADJ') && !second[j + 1]?.plural && second[j + 1]?.pos !== 'NOUN');
  if (h < 0 || second[h]?.plural) return undefined;
  let s = h;
  while (s > 0 && (second[s - 1]?.cls === 'article' || second[s - 1]?.cls === 'det' || POSSESSIVES.has(second[s - 1]?.norm ?? '') || second[s - 1]?.pos === 'ADJ')) s--;
  const np = second.slice(s, h + 1);
  return [[...first.slice(0, i), ...np, ...first.slice(i + 1)], [...second.slice(0, s), first[i] as Token, ...second.slice(h + 1)]];
}

/**
 * Two clauses the other way round with a pronoun and its noun trading places: "I will have seen the
 * movie five times if I see it again" for "If I see the movie again, I will have seen it five times"
 * (the subordinate clause moved), and "The book is written in English, so it is difficult" for "The
 * book is difficult because it is written in English" (cause and result with so). Built only where the
 * learner's sentence has the connector between two clauses and names the noun in its first clause.
 */
function clausesTurned(tokens: readonly Token[], learner: readonly Token[], copy: Copy): Token[][] {
  const out: Token[][] = [];
  const end = endOf(tokens);
  const tail = tokens.slice(end);
  const lEnd = endOf(learner);
  const c = learner.findIndex((t, j) => j >= 2 && j < lEnd - 2 && (CLAUSE_CONNECTORS.has(t.norm) || t.norm === 'so'));
  if (c < 0 || !learner.some((t) => t.norm === 'it')) return out;
  const conn = learner[c] as Token;
  const learnerFirst = learner.slice(0, c);
  if (conn.norm === 'so') {
    const parts = causeAndResult(tokens, end, learner[c + 1]?.norm);
    const swapped = parts ? swapReferent(parts.cause, parts.result, learnerFirst) : undefined;
    if (swapped) out.push([...swapped[0], copy(conn, 80), ...swapped[1], ...tail]);
    return out;
  }
  let first: Token[] | undefined;
  let second: Token[] | undefined;
  if (tokens[0]?.norm === conn.norm) {
    // "If X, Y" read as "Y if X": Y starts where the learner's sentence starts.
    const j = tokens.findIndex((t, q) => q >= 3 && q < end - 1 && t.norm === learner[0]?.norm);
    if (j > 0) [first, second] = [tokens.slice(j, end), [tokens[0], ...tokens.slice(1, j)]];
  } else {
    const k = tokens.findIndex((t, q) => q >= 2 && q < end - 2 && t.norm === conn.norm);
    if (k > 0 && learner[0]?.norm !== tokens[0]?.norm) [first, second] = [[tokens[k] as Token, ...tokens.slice(k + 1, end)], tokens.slice(0, k)];
  }
  if (!first || !second) return out;
  const swapped = swapReferent(first, second, learnerFirst);
  if (swapped) out.push([...swapped[0], ...swapped[1], ...tail]);
  return out;
}

/** The adverb of an adjective: strange → strangely, lucky → luckily, probable → probably. */
function adverbOf(adjective: string): string {
  if (/[^aeiou]y$/.test(adjective)) return `${adjective.slice(0, -1)}ily`;
  if (/[^aeiou]le$/.test(adjective)) return `${adjective.slice(0, -1)}y`;
  return `${adjective}ly`;
}

/**
 * "Strangely, she does not know" for "It is strange that she does not know", and the other way round:
 * the comment said as a sentence adverb made from the answer's adjective (luckily, clearly, obviously,
 * fortunately, ...). The learner's adverb must be the answer's adjective's, so "Luckily" for "It is
 * strange that" gets no variant.
 */
function commentAdverb(tokens: readonly Token[], learner: readonly Token[], copy: Copy): Token[][] {
  const end = endOf(tokens);
  const tail = tokens.slice(end);
  const l0 = learner[0];
  if (l0 && l0.norm.endsWith('ly') && tokens[0]?.norm === 'it' && isBe(tokens[1]) && tokens[2]?.pos === 'ADJ' && tokens[3]?.norm === 'that' && adverbOf(tokens[2].norm) === l0.norm) {
    return [[copy(l0, 70), ...tokens.slice(4, end), ...tail]];
  }
  const t0 = tokens[0];
  if (t0 && t0.norm.endsWith('ly') && learner[0]?.norm === 'it' && isBe(learner[1]) && learner[3]?.norm === 'that' && adverbOf(learner[2]?.norm ?? '') === t0.norm) {
    return [[...learner.slice(0, 4).map((t, k) => copy(t, 71 + k)), ...tokens.slice(1, end), ...tail]];
  }
  return [];
}

/** Words whose presence in the learner's sentence can start one of the restructurings. */
const TRIGGERS = new Set(['it', 'the', 'all', 'this', 'that', 'reason', 'because', 'why', 'how', 'what', 'where', 'to', 'by', 'before', 'after', 'while', 'since', 'he', 'she', 'they', 'think', 'believe', 'guess', 'suppose', 'said', 'says', 'sure', 'afraid', 'hope', 'expect', 'imagine', 'certain', 'feel', 'reckon', 'bet', 'say']);

/** Every restructured variant of one accepted sentence for the learner's sentence. */
export function restructureVariants(tokens: readonly Token[], learner: readonly Token[], copy: Copy, word: Word, pastOf: PastOf, participleOf: PastOf = pastOf): Token[][] {
  if (tokens.length < 2 || !(tokens[0]?.norm === 'it' || learner[0]?.norm.endsWith('ly') || learner.some((t) => TRIGGERS.has(t.norm) || t.cls === 'wh'))) return [];
  return [
    ...clefts(tokens, learner, copy, word),
    ...questions(tokens, learner, copy, word, pastOf),
    ...splitRelative(tokens, learner, copy),
    ...activeForPassive(tokens, learner, copy, word, pastOf),
    ...passiveQuestion(tokens, learner, copy, word, participleOf),
    ...raising(tokens, learner, copy, word),
    ...reducedTimeClause(tokens, learner, copy),
    ...movedReport(tokens, learner),
    ...reasonFrames(tokens, learner, copy),
    ...commentAdverb(tokens, learner, copy),
    ...clausesTurned(tokens, learner, copy),
  ];
}
