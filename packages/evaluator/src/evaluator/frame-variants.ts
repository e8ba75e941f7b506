/**
 * Accepted sentences rewritten into a frame the learner chose that says the same thing (decision
 * 040): suggestions (let's / how about -ing / why don't we / shall we), opinions (do you think /
 * in your opinion), requests (could you / would you mind -ing), a time clause and a participle
 * ("When I woke up" / "On waking up"), an expectation (should be / I expect ... is) and the passive
 * with a modal said in the active with a generic agent ("the event will be held" / "we will hold
 * the event"). Each is built only when the learner's sentence has the frame's words, and uses the
 * learner's own frame words, so that a slip inside the frame is still graded.
 */
import { regularBases, type Token } from './analyse';
import { AUX_FORMS } from './lexicon';

/** Copies a learner token into a variant (k numbers it within the variant). */
type Copy = (t: Token, k: number) => Token;
/** A fresh token for a word the variant needs ("not"). */
type Word = (w: string, k: number) => Token;

const norms = (ts: readonly Token[], from: number, n: number): string => ts.slice(from, from + n).map((t) => t.norm).join(' ');
const isVerb = (t: Token | undefined): t is Token => t !== undefined && t.pos === 'VERB' && t.cls === 'content';

/** Suggestion frames followed by the verb's base form (let's is analysed as "let us"). */
const BARE_SUGGESTIONS: readonly string[] = ['let us', 'how about we', 'what about we', 'why do not we', 'shall we'];
/** The suggestion frame a sentence opens with and its length in words, or 0. */
function bareSuggestion(ts: readonly Token[]): number {
  for (const frame of BARE_SUGGESTIONS) {
    const n = frame.split(' ').length;
    if (norms(ts, 0, n) === frame && isVerb(ts[n])) return n;
  }
  return 0;
}

/**
 * "How about eating out tonight?", "Why don't we eat out?", "Shall we eat out?" for "Let's eat out
 * tonight": the answer's suggestion frame + verb said in the learner's frame, with the learner's verb
 * (the same verb, -ing after how / what about).
 */
function suggestion(tokens: readonly Token[], learner: readonly Token[], copy: Copy): Token[][] {
  const fa = bareSuggestion(tokens);
  const verb = tokens[fa];
  if (fa === 0 || !verb) return [];
  const lead = learner[0]?.norm;
  if ((lead === 'how' || lead === 'what') && learner[1]?.norm === 'about' && learner[2]?.forms.has('ing')) {
    const ing = learner[2];
    if (!isVerb(ing) || ing.lemma !== verb.lemma) return [];
    return [[copy(learner[0] as Token, 0), copy(learner[1] as Token, 1), copy(ing, 2), ...tokens.slice(fa + 1)]];
  }
  const fl = bareSuggestion(learner);
  if (fl === 0 || learner[fl]?.lemma !== verb.lemma || norms(learner, 0, fl) === norms(tokens, 0, fa)) return [];
  return [[...learner.slice(0, fl).map((t, k) => copy(t, k)), ...tokens.slice(fa)]];
}

/**
 * "In your opinion, who would be suitable ...?" for "Who do you think would be suitable ...?": the
 * question word after in your opinion, without do you think.
 */
function opinion(tokens: readonly Token[], learner: readonly Token[], copy: Copy): Token[][] {
  if (norms(learner, 0, 3) !== 'in your opinion' || tokens[0]?.cls !== 'wh' || norms(tokens, 1, 3) !== 'do you think') return [];
  return [[...learner.slice(0, 3).map((t, k) => copy(t, k)), tokens[0], ...tokens.slice(4)]];
}

/** The request modals a "would you mind" frame stands for. */
const REQUEST_MODALS = new Set(['could', 'can', 'would', 'will']);

/** "Would you mind calling me back?" for "Could you call me back?": the learner's frame and -ing. */
function mindRequest(tokens: readonly Token[], learner: readonly Token[], copy: Copy): Token[][] {
  const at = learner.findIndex((t, k) => t.norm === 'would' && learner[k + 1]?.norm === 'you' && learner[k + 2]?.norm === 'mind');
  const ing = learner[at + 3];
  if (at < 0 || !isVerb(ing) || !ing.forms.has('ing')) return [];
  const m = tokens.findIndex((t, j) => REQUEST_MODALS.has(t.norm) && tokens[j + 1]?.norm === 'you');
  if (m < 0) return [];
  let v = m + 2;
  if (tokens[v]?.norm === 'please') v++;
  if (tokens[v]?.lemma !== ing.lemma) return [];
  const frame = learner.slice(at, at + 4).map((t, k) => copy(t, k));
  return [[...tokens.slice(0, m), ...frame, ...tokens.slice(v + 1)]];
}

/** Modals that are the past of another (could / can), for the main clause's time. */
const PAST_MODALS = new Set(['could', 'would']);
/** Subordinators a participle clause says with its subject left to the main clause. */
const TIME_SUBORDINATORS = new Set(['when', 'after', 'while']);

/**
 * "On waking up, I found myself ..." / "Waking up, ..." for "When I woke up, I found myself ...",
 * and "When I saw the picture, I ..." for "Seeing the picture, I ...": a time clause with the main
 * clause's subject said as a participle clause, or the other way round, with the learner's verb (the
 * answer's verb in another form).
 */
function participleClause(tokens: readonly Token[], learner: readonly Token[], copy: Copy): Token[][] {
  const out: Token[][] = [];
  // Time clause in the answer, participle in the learner's sentence.
  const on = learner[0]?.norm === 'on' || learner[0]?.norm === 'upon' ? 1 : 0;
  const ing = learner[on];
  if (TIME_SUBORDINATORS.has(tokens[0]?.norm ?? '') && tokens[1]?.cls === 'pron' && isVerb(tokens[2]) && isVerb(ing) && ing.forms.has('ing') && ing.lemma === tokens[2].lemma) {
    out.push([...learner.slice(0, on + 1).map((t, k) => copy(t, k)), ...tokens.slice(3)]);
  }
  // Participle in the answer, time clause in the learner's sentence.
  const first = tokens[0]?.norm === 'on' || tokens[0]?.norm === 'upon' ? 1 : 0;
  const participle = tokens[first];
  const verb = learner[2];
  // The tagger may read a sentence-initial -ing word as a noun ("Hearing the news"): its regular stem decides.
  const ingOf = (t: Token | undefined, lemma: string): boolean => t !== undefined && t.norm.endsWith('ing') && (t.lemma === lemma || regularBases(t.norm).includes(lemma));
  // The participle has no tense of its own: the time clause takes the main clause's.
  const past = (t: Token): boolean => (t.forms.has('past') && !t.forms.has('base')) || AUX_FORMS[t.norm]?.time === 'past' || PAST_MODALS.has(t.norm);
  const mainPast = tokens.slice(first + 1).some((t) => (t.cls === 'aux' || t.cls === 'modal' || isVerb(t)) && past(t));
  if (TIME_SUBORDINATORS.has(learner[0]?.norm ?? '') && learner[1]?.cls === 'pron' && isVerb(verb) && ingOf(participle, verb.lemma) && past(verb) === mainPast) {
    out.push([...learner.slice(0, 3).map((t, k) => copy(t, 10 + k)), ...tokens.slice(first + 1)]);
  }
  return out;
}

/** Verbs of expecting that say what should (of expectation) says: "I expect she's in a meeting". */
const EXPECT_VERBS = new Set(['expect', 'suppose', 'guess']);

/**
 * "I expect she's in a meeting now" for "She should be in a meeting now": should (or ought to) + be
 * of expectation said as I expect / suppose / guess (that) + the subject + a present be.
 */
function expectation(tokens: readonly Token[], learner: readonly Token[], copy: Copy): Token[][] {
  if (learner[0]?.norm !== 'i' || !EXPECT_VERBS.has(learner[1]?.lemma ?? '')) return [];
  const start = learner[2]?.norm === 'that' ? 3 : 2;
  const m = tokens.findIndex((t) => t.norm === 'should' || t.norm === 'ought');
  if (m < 1) return [];
  const be = tokens[m]?.norm === 'ought' && tokens[m + 1]?.norm === 'to' ? m + 2 : m + 1;
  if (tokens[be]?.norm !== 'be') return [];
  const subject = tokens.slice(0, m);
  if (norms(learner, start, subject.length) !== subject.map((t) => t.norm).join(' ')) return [];
  const verb = learner[start + subject.length];
  if (!verb || AUX_FORMS[verb.norm]?.lemma !== 'be' || AUX_FORMS[verb.norm]?.time !== 'present') return [];
  return [[...learner.slice(0, start).map((t, k) => copy(t, k)), ...subject, copy(verb, 5), ...tokens.slice(be + 1)]];
}

/** Agents that name nobody in particular (as in index.ts's genericAgentVariants). */
const GENERIC_AGENTS = new Set(['they', 'someone', 'somebody', 'people', 'we']);
const OBJECT_CASE: Readonly<Record<string, string>> = { i: 'me', he: 'him', she: 'her', we: 'us', they: 'them' };

/**
 * "Weather permitting, we will hold the event outdoors" for "Weather permitting, the event will be
 * held outdoors": a passive with a modal (will / can / should be + participle) said in the active
 * with a generic agent, the words before the subject kept. The learner's agent, modal and verb (the
 * participle's verb in the base form) are used; a pronoun subject goes to the object case.
 */
function modalPassiveActive(tokens: readonly Token[], learner: readonly Token[], copy: Copy, word: Word): Token[][] {
  const m = tokens.findIndex((t, j) => t.cls === 'modal' && tokens[j + 1]?.norm === 'be' && (tokens[j + 2]?.forms.has('pp') ?? false));
  if (m < 1) return [];
  let s = m;
  while (s > 0 && (tokens[s - 1]?.cls === 'article' || tokens[s - 1]?.cls === 'det' || tokens[s - 1]?.cls === 'pron' || (tokens[s - 1]?.cls === 'content' && (tokens[s - 1]?.pos === 'NOUN' || tokens[s - 1]?.pos === 'ADJ' || tokens[s - 1]?.pos === 'PROPN')))) {
    s--;
    if (tokens[s]?.cls === 'article' || tokens[s]?.cls === 'det' || tokens[s]?.cls === 'pron') break;
  }
  const p = s;
  const agent = learner[p];
  const modal = learner[p + 1];
  const verb = learner[p + 2];
  const pp = tokens[m + 2] as Token;
  if (!agent || !modal || !GENERIC_AGENTS.has(agent.norm) || modal.norm !== tokens[m]?.norm || !isVerb(verb) || verb.lemma !== pp.lemma || !verb.forms.has('base')) return [];
  if (norms(learner, 0, p) !== norms(tokens, 0, p) || tokens.some((t) => t.norm === 'by')) return [];
  const object = tokens.slice(s, m).map((t, k) => {
    const other = t.cls === 'pron' ? OBJECT_CASE[t.norm] : undefined;
    return other ? word(other, 20 + k) : t;
  });
  return [[...tokens.slice(0, s), copy(agent, 0), copy(modal, 1), copy(verb, 2), ...object, ...tokens.slice(m + 3)]];
}

/**
 * "The parts need replacing" for "The parts need to be replaced" (decision 057): need + -ing says
 * the passive after need to / must / have to. Built when the learner wrote need + the -ing of the
 * answer's participle's verb; the learner's -ing word is used (a real -ing form only), need agrees
 * with the answer's subject.
 */
function needsDoing(tokens: readonly Token[], learner: readonly Token[], copy: Copy, word: Word): Token[][] {
  const i = learner.findIndex((t, k) => t.lemma === 'need' && learner[k + 1]?.forms.has('ing') === true && learner[k + 1]?.pos === 'VERB');
  if (i < 0) return [];
  const ing = learner[i + 1] as Token;
  if (ing.misspelt !== undefined || ing.slip !== undefined) return [];
  // need to / must / have to / has to + be + the participle of the learner's verb.
  for (let j = 1; j < tokens.length; j++) {
    const t = tokens[j] as Token;
    const span = t.norm === 'must' ? 1 : (t.lemma === 'need' || t.norm === 'have' || t.norm === 'has') && tokens[j + 1]?.norm === 'to' ? 2 : 0;
    if (span === 0 || tokens[j + span]?.norm !== 'be' || tokens[j + span + 1]?.lemma !== ing.lemma || !tokens[j + span + 1]?.forms.has('pp')) continue;
    // need agrees with the answer's subject: needs after a singular noun or he / she / it.
    const subject = tokens[j - 1] as Token;
    const third = t.norm === 'has' || t.norm === 'needs' || (t.norm === 'must' && ((subject.cls === 'content' && !subject.plural) || ['he', 'she', 'it'].includes(subject.norm)));
    const need = t.norm === 'need' || t.norm === 'needs' ? t : word(third ? 'needs' : 'need', 0);
    return [[...tokens.slice(0, j), need, copy(ing, 1), ...tokens.slice(j + span + 2)]];
  }
  return [];
}

/** Degree words a learner puts before the adjective of a cause ("very important, so ..."). */
const DEGREE_WORDS = new Set(['very', 'really', 'so', 'extremely', 'truly', 'incredibly', 'quite', 'too']);
/** Conjunctions of cause that open or join a clause. */
const CAUSE_CONJUNCTIONS = new Set(['because', 'since', 'as']);
const isAdjective = (t: Token | undefined): boolean => t !== undefined && t.cls === 'content' && (t.pos === 'ADJ' || t.pos === 'ADV');

/**
 * Cause and result said with other connectors (decision 046): "The book was really interesting,
 * so I finished it" and "Because the book was so interesting, I finished it" (or "I finished it
 * because the book was so interesting") for "The book was so interesting that I finished it", and
 * "It was so important a meeting that" for "such an important meeting that". Built only when the
 * learner's sentence has the connector; the learner's connector and degree word are used.
 */
function causeResult(tokens: readonly Token[], learner: readonly Token[], copy: Copy): Token[][] {
  const out: Token[][] = [];
  // such + article + adjective(s) + noun + that -> so + adjective(s) + article + noun + that.
  const such = tokens.findIndex((t, j) => t.norm === 'such' && tokens[j + 1]?.cls === 'article');
  if (such > 0) {
    let n = such + 2;
    while (isAdjective(tokens[n])) n++;
    const noun = tokens[n];
    const so = learner.findIndex((t, j) => t.norm === 'so' && isAdjective(learner[j + 1]));
    if (n > such + 2 && noun?.pos === 'NOUN' && tokens[n + 1]?.norm === 'that' && so >= 0) {
      out.push([...tokens.slice(0, such), copy(learner[so] as Token, 30), ...tokens.slice(such + 2, n), tokens[such + 1] as Token, ...tokens.slice(n)]);
    }
  }
  // so + adjective (phrase) + that + the result clause.
  // "so busy (that) he did not have time": the that may be left out before the result's subject
  // (decision 050).
  const s = tokens.findIndex((t, j) => t.norm === 'so' && j > 0 && isAdjective(tokens[j + 1]) && (tokens[j + 2]?.norm === 'that' || tokens[j + 2]?.cls === 'pron' || (isAdjective(tokens[j + 2]) && tokens[j + 3]?.norm === 'that')));
  if (s < 0) return out;
  const bare = tokens[s + 2]?.cls === 'pron';
  const that = tokens[s + 2]?.norm === 'that' || bare ? s + 2 : s + 3;
  const pre = tokens.slice(0, s);
  const adjective = tokens.slice(s + 1, that);
  const last = tokens.at(-1)?.pos === 'PUNCT' ? tokens.length - 1 : tokens.length;
  const result = tokens.slice(bare ? that : that + 1, last);
  const end = tokens.slice(last);
  if (result.length < 2) return out;
  const at = learner.findIndex((t) => t.norm === adjective.at(-1)?.norm);
  const degreeAt = at - adjective.length;
  const degree = at >= 0 && DEGREE_WORDS.has(learner[degreeAt]?.norm ?? '') ? [copy(learner[degreeAt] as Token, 31)] : [];
  // "..., so I finished it": so right after the adjective and before a clause.
  const linker = learner[at + 1];
  if (at >= 0 && linker?.norm === 'so' && !isAdjective(learner[at + 2])) out.push([...pre, ...degree, ...adjective, copy(linker, 32), ...result, ...end]);
  // "Because the book was so interesting, I finished it".
  const opener = learner[0];
  if (opener && CAUSE_CONJUNCTIONS.has(opener.norm)) out.push([copy(opener, 33), ...pre, ...degree, ...adjective, ...result, ...end]);
  // "I finished it because the book was so interesting".
  const inner = learner.findIndex((t, j) => j > 1 && CAUSE_CONJUNCTIONS.has(t.norm));
  if (inner > 1 && at > inner) out.push([...result, copy(learner[inner] as Token, 34), ...pre, ...degree, ...adjective, ...end]);
  return out;
}

const isBe = (t: Token | undefined): boolean => t !== undefined && AUX_FORMS[t.norm]?.lemma === 'be';

/**
 * The pseudo-cleft and the thing named first (decision 046): "What we are looking for is someone
 * with experience" for "We are looking for someone with experience" (the answer's opening words
 * as a what-clause), and "Coffee is something (that) my father doesn't drink" / "Coffee is what my
 * father doesn't drink" for "My father does not drink coffee" (the object said first). Built only
 * when the learner's sentence has the frame; the learner's what, be and something are used.
 */
function pseudoCleft(tokens: readonly Token[], learner: readonly Token[], copy: Copy): Token[][] {
  const out: Token[][] = [];
  if (learner[0]?.norm === 'what' && tokens[0]?.norm !== 'what') {
    const k = learner.findIndex((t, j) => j >= 3 && isBe(t));
    const m = k - 1;
    if (k > 0 && m < tokens.length - 1 && learner.slice(1, k).every((t, j) => t.lemma === tokens[j]?.lemma)) {
      out.push([copy(learner[0] as Token, 60), ...tokens.slice(0, m), copy(learner[k] as Token, 61), ...tokens.slice(m)]);
    }
  }
  const k = learner.findIndex((t, j) => j >= 1 && j <= 4 && isBe(t) && (learner[j + 1]?.norm === 'something' || learner[j + 1]?.norm === 'what'));
  if (k > 0) {
    const np = learner.slice(0, k).map((t) => t.norm).join(' ');
    const j = tokens.findIndex((_, q) => q > 1 && norms(tokens, q, k) === np);
    if (j > 1) {
      const that = learner[k + 2]?.norm === 'that' ? [copy(learner[k + 2] as Token, 64)] : [];
      const last = tokens.at(-1)?.pos === 'PUNCT' ? tokens.length - 1 : tokens.length;
      out.push([...tokens.slice(j, j + k), copy(learner[k] as Token, 62), copy(learner[k + 1] as Token, 63), ...that, ...tokens.slice(0, j), ...tokens.slice(j + k, last), ...tokens.slice(last)]);
    }
  }
  return out;
}

/**
 * "Between the bank and the hospital is the post office" for "The post office is between the bank
 * and the hospital" (decision 046): the place phrase fronted and the subject after be. Built when
 * the learner's sentence opens with the answer's preposition after be.
 */
function locativeInversion(tokens: readonly Token[], learner: readonly Token[], copy: Copy): Token[][] {
  const b = tokens.findIndex((t, j) => j >= 1 && j <= 4 && isBe(t) && tokens[j + 1]?.cls === 'prep');
  if (b < 0 || learner[0]?.cls !== 'prep' || learner[0]?.norm !== tokens[b + 1]?.norm || tokens.slice(0, b).some((t) => t.cls === 'aux' || t.cls === 'modal' || t.pos === 'VERB')) return [];
  const be = learner.findIndex((t, j) => j >= 2 && isBe(t));
  if (be < 0) return [];
  const last = tokens.at(-1)?.pos === 'PUNCT' ? tokens.length - 1 : tokens.length;
  return [[...tokens.slice(b + 1, last), copy(learner[be] as Token, 70), ...tokens.slice(0, b), ...tokens.slice(last)]];
}

/** Adverbs of frequency that make a simple past a past habit. */
const HABIT_ADVERBS = new Set(['often', 'always', 'usually', 'sometimes', 'frequently']);
/** Phrases that place a habit in the past ("in the old days", "back then"). */
const PAST_PHRASES: readonly string[] = ['in the past', 'in the old days', 'back then', 'long ago', 'a long time ago', 'in those days', 'years ago', 'when i was young', 'when i was a child', 'when i was little'];

/**
 * "I often swam in this river (in the past)" / "In the old days, I often swam in this river" for
 * "I would often swim in this river" or "I used to swim in this river" (decision 046): a past habit
 * said with the simple past and a frequency adverb or a phrase of past time. Built when the
 * learner's sentence has the answer's verb in the past and such an adverb or phrase; the learner's
 * verb, adverb and phrase are used.
 */
function pastHabit(tokens: readonly Token[], learner: readonly Token[], copy: Copy): Token[][] {
  let m = tokens.findIndex((t, j) => (t.norm === 'would' && (isVerb(tokens[j + 1]) || isVerb(tokens[j + 2]))) || (t.norm === 'used' && tokens[j + 1]?.norm === 'to'));
  if (m < 1) return [];
  const marker = tokens[m]?.norm === 'used' ? 2 : 1;
  let v = m + marker;
  const adverbs: Token[] = [];
  while (tokens[v] && HABIT_ADVERBS.has(tokens[v]?.norm ?? '')) adverbs.push(tokens[v++] as Token);
  if (tokens[m - 1] && HABIT_ADVERBS.has(tokens[m - 1]?.norm ?? '')) adverbs.push(tokens[--m] as Token);
  const verb = tokens[v];
  if (!isVerb(verb) || !verb.forms.has('base')) return [];
  // The tagger may read a past form as a noun ("swam"): its verb forms decide.
  const mine = learner.find((t) => t.cls === 'content' && t.lemma === verb.lemma && t.forms.has('past') && !t.forms.has('base'));
  if (!mine) return [];
  const frequency = learner.find((t) => HABIT_ADVERBS.has(t.norm));
  const text = learner.map((t) => t.norm).join(' ');
  const phrase = PAST_PHRASES.find((x) => text.startsWith(`${x} `) || text.endsWith(` ${x}`));
  if (!frequency && !phrase) return [];
  const n = phrase ? phrase.split(' ').length : 0;
  const front = phrase !== undefined && text.startsWith(`${phrase} `);
  const phraseTokens = phrase ? (front ? learner.slice(0, n) : learner.slice(learner.length - n)).map((t, k) => copy(t, 80 + k)) : [];
  const last = tokens.at(-1)?.pos === 'PUNCT' ? tokens.length - 1 : tokens.length;
  const core = [...tokens.slice(0, m), ...(frequency ? [copy(frequency, 78)] : []), copy(mine, 79), ...tokens.slice(v + 1, last)];
  return [[...(front ? phraseTokens : []), ...core, ...(front ? [] : phraseTokens), ...tokens.slice(last)]];
}

/**
 * "It ended up costing more than I expected" for "It cost more than I expected" (decision 046): end
 * up + -ing says what happened in the end, the same event as the past verb. Built when the learner's
 * sentence has ended up + the -ing of a past verb of the answer; the learner's words are used.
 */
function endedUp(tokens: readonly Token[], learner: readonly Token[], copy: Copy): Token[][] {
  const e = learner.findIndex((t, k) => t.norm === 'ended' && learner[k + 1]?.norm === 'up' && learner[k + 2]?.forms.has('ing') === true);
  const ing = learner[e + 2];
  if (e < 1 || !ing) return [];
  // The tagger may read the verb after a noun as a noun ("The repair cost"): its verb forms decide.
  const v = tokens.findIndex((t) => t.cls === 'content' && t.lemma === ing.lemma && t.forms.has('past'));
  if (v < 1 || tokens.slice(0, v).some((t) => t.cls === 'aux' || t.cls === 'modal')) return [];
  return [[...tokens.slice(0, v), copy(learner[e] as Token, 90), copy(learner[e + 1] as Token, 91), copy(ing, 92), ...tokens.slice(v + 1)]];
}

/**
 * "This is this store's most expensive bag" / "Japan's highest mountain" for "the most expensive bag
 * in this store" / "the highest mountain in Japan" (decision 050): the place or group of a
 * superlative said as its possessive, which takes the article's place. Built when the learner's
 * sentence has the place's 's; the learner's possessive (and its determiner) are used.
 */
function possessiveSuperlative(tokens: readonly Token[], learner: readonly Token[], copy: Copy): Token[][] {
  const t = tokens.findIndex((x, k) => x.norm === 'the' && (tokens[k + 1]?.norm === 'most' || /est$/.test(tokens[k + 1]?.norm ?? '')));
  if (t < 0) return [];
  const n = tokens.findIndex((x, k) => k > t + 2 && k <= t + 6 && (x.norm === 'in' || x.norm === 'of'));
  if (n < 0) return [];
  const det = tokens[n + 1]?.cls === 'article' || tokens[n + 1]?.cls === 'det' ? 1 : 0;
  const place = tokens[n + 1 + det];
  if (!place || place.cls !== 'content') return [];
  const p = learner.findIndex((x) => x.norm === `${place.norm}'s` || x.norm === `${place.lemma}'s`);
  if (p < 0) return [];
  const before = learner[p - 1];
  const own = before && (before.cls === 'article' || before.cls === 'det') ? [copy(before, 94)] : [];
  return [[...tokens.slice(0, t), ...own, copy(learner[p] as Token, 95), ...tokens.slice(t + 1, n), ...tokens.slice(n + 2 + det)]];
}

/** Whether a clause's verb is in the past (its first auxiliary or verb). */
function pastClause(ts: readonly Token[]): boolean {
  const v = ts.find((t) => t.cls === 'aux' || t.cls === 'modal' || isVerb(t));
  if (!v) return false;
  const aux = AUX_FORMS[v.norm];
  if (aux) return aux.time === 'past';
  return v.forms.has('past') && !v.forms.has('base');
}

/** Prepositions of place a where-cleft takes the place of. */
const WHERE_PREPOSITIONS = new Set(['in', 'at']);

/**
 * "Tokyo is where my sister lives" / "This town was where I was born" for "My sister lives in Tokyo"
 * (decision 073): the place of a clause's last in / at phrase fronted as the subject of be + where.
 * Built when the learner's sentence has be + where after a short noun phrase. The be is the learner's
 * where it has the clause's time, else the clause's (so "Tokyo was where my sister lives" keeps its
 * tense slip).
 */
function whereCleft(tokens: readonly Token[], learner: readonly Token[], copy: Copy, word: Word): Token[][] {
  const b = learner.findIndex((t, j) => j >= 1 && j <= 4 && isBe(t) && learner[j + 1]?.norm === 'where');
  if (b < 0) return [];
  const last = tokens.at(-1)?.pos === 'PUNCT' ? tokens.length - 1 : tokens.length;
  const p = tokens.findLastIndex((t, j) => j >= 2 && j < last - 1 && WHERE_PREPOSITIONS.has(t.norm));
  if (p < 0) return [];
  const place = tokens.slice(p + 1, last);
  const clause = tokens.slice(0, p);
  // (The tagger may read the clause's verb as a noun: "my sister lives".)
  if (place.length > 4 || clause.length < 2 || !place.every((t) => t.cls === 'det' || t.cls === 'article' || (t.cls === 'content' && (t.pos === 'NOUN' || t.pos === 'PROPN' || t.pos === 'ADJ')))) return [];
  const be = pastClause(clause) ? 'was' : 'is';
  const mine = learner[b] as Token;
  return [[...place, mine.norm === be ? copy(mine, 100) : word(be, 100), copy(learner[b + 1] as Token, 101), ...clause, ...tokens.slice(last)]];
}

/** Wh-words that open a cleft question ("Who was it that ..."). */
const CLEFT_WH = new Set(['who', 'what', 'where', 'when', 'why']);

/**
 * "Who was it that drew this picture?" for "Who drew this picture?" (decision 073): a question
 * word's cleft. Built when the learner opens with the answer's question word, be, it and that / who;
 * be takes the answer's time (the learner's be where it agrees).
 */
function cleftQuestion(tokens: readonly Token[], learner: readonly Token[], copy: Copy, word: Word): Token[][] {
  const wh = learner[0];
  if (!wh || !CLEFT_WH.has(wh.norm) || tokens[0]?.norm !== wh.norm || !isBe(learner[1]) || learner[2]?.norm !== 'it') return [];
  const that = learner[3];
  if (!that || (that.norm !== 'that' && that.norm !== 'who')) return [];
  if (isBe(tokens[1]) && tokens[2]?.norm === 'it') return [];
  const rest = tokens.slice(1);
  // "Where did you buy it?" → "Where was it that you bought it?": do-support leaves with the cleft.
  const doAux = AUX_FORMS[rest[0]?.norm ?? '']?.lemma === 'do' && rest[0]?.cls === 'aux';
  if (doAux) return [];
  const be = pastClause(rest) ? 'was' : 'is';
  const mine = learner[1] as Token;
  return [[wh, mine.norm === be ? copy(mine, 102) : word(be, 102), copy(learner[2] as Token, 103), copy(that, 104), ...rest]];
}

/**
 * The restructurings of decision 073 (where-cleft, cleft question), built on every accepted answer:
 * each needs its marks in the learner's sentence, so it costs nothing where they are absent.
 */
export function cleftVariants(tokens: readonly Token[], learner: readonly Token[], copy: Copy, word: Word): Token[][] {
  return [...whereCleft(tokens, learner, copy, word), ...cleftQuestion(tokens, learner, copy, word)];
}

/** Every frame variant of one accepted sentence for the learner's sentence. */
export function frameVariants(tokens: readonly Token[], learner: readonly Token[], copy: Copy, word: Word): Token[][] {
  return [
    ...suggestion(tokens, learner, copy),
    ...opinion(tokens, learner, copy),
    ...mindRequest(tokens, learner, copy),
    ...participleClause(tokens, learner, copy),
    ...expectation(tokens, learner, copy),
    ...modalPassiveActive(tokens, learner, copy, word),
    ...needsDoing(tokens, learner, copy, word),
    ...causeResult(tokens, learner, copy),
    ...pseudoCleft(tokens, learner, copy),
    ...locativeInversion(tokens, learner, copy),
    ...pastHabit(tokens, learner, copy),
    ...endedUp(tokens, learner, copy),
    ...possessiveSuperlative(tokens, learner, copy),
  ];
}

/** Subject pronouns and their object case, both ways, for clauses whose subject and object trade places. */
const CASE_SWAP: Readonly<Record<string, string>> = { i: 'me', he: 'him', she: 'her', we: 'us', they: 'them', me: 'i', him: 'he', her: 'she', us: 'we', them: 'they' };
const SUBJECT_PRONOUNS = new Set(['i', 'you', 'he', 'she', 'it', 'we', 'they']);
/** Words of a short noun phrase (the two sides of a comparison). */
const npWord = (t: Token | undefined): boolean =>
  t !== undefined && (t.cls === 'det' || t.cls === 'article' || t.cls === 'pron' || (t.cls === 'content' && t.pos !== 'VERB' && t.pos !== 'ADV' && t.pos !== 'ADJ'));

/** A comparison "X be (more) ADJ-er than Y": be's index, the comparative's words, than's index. */
interface Comparison {
  be: number;
  /** The adjective (or adverb) compared, the last word before than. */
  adjective: Token;
  than: number;
  /** "not as ADJ as" instead of a comparative. */
  notAs: boolean;
}

/** Words that say where a thing pointed at stands (over there, right here). */
const POINTED_PLACE = new Set(['over', 'there', 'here', 'right']);

function comparison(ts: readonly Token[]): Comparison | undefined {
  const be = ts.findIndex((t, j) => j >= 1 && j <= 5 && isBe(t));
  // The subject may end with where the thing is ("That room over there is bigger", decision 090).
  if (be < 0 || !ts.slice(0, be).every((t, j) => npWord(t) || (j > 0 && POINTED_PLACE.has(t.norm)))) return undefined;
  const at = be + 1;
  if (ts[at]?.norm === 'not' && ts[at + 1]?.norm === 'as' && isAdjective(ts[at + 2]) && ts[at + 3]?.norm === 'as') {
    return { be, adjective: ts[at + 2] as Token, than: at + 3, notAs: true };
  }
  const more = ts[at]?.norm === 'more' || ts[at]?.norm === 'less' ? 1 : 0;
  const adjective = ts[at + more];
  if (adjective === undefined || ts[at + more + 1]?.norm !== 'than' || !isAdjective(adjective)) return undefined;
  // A one-word comparative: an -er form (or better / worse) of its lemma.
  if (!more && (adjective.norm === adjective.lemma || !/(er|better|worse)$/.test(adjective.norm))) return undefined;
  return { be, adjective, than: at + more + 1, notAs: false };
}

/**
 * "That room is bigger than this one" for "This room is smaller than that one" (and for "This room
 * is not as big as that one"): a comparison turned round, its two sides trading places and the
 * comparative its opposite (or, after not as ... as, the same adjective's comparative). Built only
 * when the learner's sentence has both sides swapped (its subject shares a word with the answer's
 * second side that the answer's subject lacks, and the other way round) and a comparative that
 * `relation` calls the opposite (or the same word for not as); the learner's be, comparative and
 * than are used, and a pronoun takes the other case. The same sides with the opposite comparative
 * and the sides swapped with the same one get no variant: both are meaning errors.
 */
function converseComparative(tokens: readonly Token[], learner: readonly Token[], copy: Copy, opposite: (a: Token, b: Token) => boolean): Token[][] {
  const a = comparison(tokens);
  const l = comparison(learner);
  if (!a || !l || l.notAs) return [];
  const aSubject = tokens.slice(0, a.be);
  const aObject = tokens.slice(a.than + 1);
  const lSubject = learner.slice(0, l.be);
  const lObject = learner.slice(l.than + 1);
  if (aObject.length === 0 || aObject.length > 5 || !aObject.every(npWord) || lObject.length === 0) return [];
  const has = (ts: readonly Token[], t: Token): boolean => ts.some((x) => x.norm === t.norm || CASE_SWAP[x.norm] === t.norm);
  const swapped = lSubject.some((t) => has(aObject, t) && !has(aSubject, t)) && lObject.some((t) => has(aSubject, t) && !has(aObject, t));
  if (!swapped) return [];
  const related = a.notAs ? l.adjective.lemma === a.adjective.lemma : opposite(l.adjective, a.adjective);
  const aBe = AUX_FORMS[tokens[a.be]?.norm ?? ''];
  const lBe = AUX_FORMS[learner[l.be]?.norm ?? ''];
  if (!related || !aBe || !lBe || aBe.time !== lBe.time) return [];
  const recase = (side: readonly Token[], k: number): Token[] =>
    side.map((t, n) => {
      const other = side.length === 1 && t.cls === 'pron' ? CASE_SWAP[t.norm] : undefined;
      return other ? copy({ ...t, norm: other, lemma: other, surface: other, display: other === 'i' ? 'I' : other }, k + n) : t;
    });
  const comparative = learner.slice(l.be + 1, l.than).map((t, k) => copy(t, 101 + k));
  const out = [[...recase(aObject, 110), copy(learner[l.be] as Token, 100), ...comparative, copy(learner[l.than] as Token, 105), ...recase(aSubject, 120)]];
  // Decision 090: "that one" as the subject stands for the thing the answer named first: "That room
  // is bigger than this meeting room" for "This meeting room is smaller than that one".
  const head = [...aSubject].reverse().find((t) => t.cls === 'content' && t.pos === 'NOUN');
  const one = aObject.findIndex((t) => t.norm === 'one' || t.norm === '1');
  if (head && one >= 0 && aObject.length <= 3) {
    const object = aObject.map((t, k) => (k === one ? copy({ ...head }, 130) : t));
    out.push([...recase(object, 110), copy(learner[l.be] as Token, 100), ...comparative, copy(learner[l.than] as Token, 105), ...recase(aSubject, 120)]);
  }
  return out;
}

/** A clause's cause connector (because / since / as), by position. */
const isCause = (t: Token | undefined): boolean => t !== undefined && CAUSE_CONJUNCTIONS.has(t.norm);

/** Cause and result clauses of a sentence "A, so B", "B because A" or "Because A, B" (`next`: the result's first word in another sentence, to find where a fronted cause ends). */
function causeAndResult(ts: readonly Token[], next?: string): { cause: Token[]; result: Token[]; form: 'so' | 'after' | 'front' } | undefined {
  if (isCause(ts[0])) {
    if (next === undefined) return undefined;
    const p = ts.findIndex((t, j) => j >= 3 && t.norm === next);
    return p < 0 ? undefined : { cause: ts.slice(1, p), result: ts.slice(p), form: 'front' };
  }
  const so = ts.findIndex((t, j) => j >= 2 && t.norm === 'so' && !isAdjective(ts[j + 1]) && ts[j + 1]?.norm !== 'that' && ts[j + 1]?.norm !== 'much' && ts[j + 1]?.norm !== 'many');
  if (so > 0) return { cause: ts.slice(0, so), result: ts.slice(so + 1), form: 'so' };
  const k = ts.findIndex((t, j) => j >= 2 && isCause(t) && t.norm !== 'as');
  if (k > 0) return { cause: ts.slice(k + 1), result: ts.slice(0, k), form: 'after' };
  return undefined;
}

/**
 * Cause and result said with another connector or a participle (decision 052): "Since it's cold,
 * put on your jacket" / "Put on your jacket because it's cold" for "It's cold, so put on your
 * jacket" (and each of the three for the others), and "Having studied all night, she was tired" /
 * "Feeling sick, he stayed home" / "Being busy, I ..." for "Because she had studied all night, she
 * was tired": the answer's own cause clause stays the cause (a learner who swaps them is still
 * graded against the answer's order). Built when the learner's sentence has another connector form
 * than the answer's, or opens with a participle of the cause clause's verb whose subject the result
 * clause repeats; the learner's connector and participle are used.
 */
function causeClause(tokens: readonly Token[], learner: readonly Token[], copy: Copy): Token[][] {
  const mine = causeAndResult(learner, undefined);
  const first = learner[0];
  const participle = first !== undefined && first.forms.has('ing') && first.norm.endsWith('ing') && first.cls !== 'prep';
  if (!mine && !isCause(first) && !participle) return [];
  // The answer's clauses; a fronted cause ends where the learner's result (or the cause's subject again) starts.
  let a = causeAndResult(tokens, mine?.result[0]?.norm);
  if (!a && isCause(tokens[0]) && tokens[1]?.cls === 'pron') a = causeAndResult(tokens, tokens[1].norm);
  if (!a || a.cause.length < 2 || a.result.length < 2) return [];
  const out: Token[][] = [];
  if (mine && mine.form !== a.form) {
    const c = mine.form === 'so' ? learner[learner.indexOf(mine.result[0] as Token) - 1] : learner[learner.indexOf(mine.cause[0] as Token) - 1];
    if (c) {
      const conn = copy(c, 130);
      if (mine.form === 'so') out.push([...a.cause, conn, ...a.result]);
      else out.push([...a.result, conn, ...a.cause]);
    }
  } else if (isCause(first) && a.form !== 'front') {
    out.push([copy(first as Token, 130), ...a.cause, ...a.result]);
  }
  if (participle && first && a.cause[0]?.cls === 'pron' && a.cause[0]?.norm === a.result[0]?.norm) {
    // The cause clause's verb: its auxiliaries, then the verb the participle names.
    const cause = a.cause;
    let v = 1;
    while (v < cause.length && (cause[v]?.cls === 'aux' || cause[v]?.cls === 'neg' || cause[v]?.norm === 'not') && !(first.norm === 'being' && isBe(cause[v]))) v++;
    const verb = cause[v];
    const auxiliaries = cause.slice(1, v);
    if (verb && !auxiliaries.some((t) => t.norm === 'not')) {
      if (first.norm === 'having' && isVerb(learner[1]) && learner[1].forms.has('pp') && (verb.lemma === learner[1].lemma || (verb.norm === 'been' && isVerb(cause[v + 1]) && cause[v + 1]?.lemma === learner[1].lemma))) {
        const rest = verb.norm === 'been' ? v + 2 : v + 1;
        out.push([copy(first, 131), copy(learner[1] as Token, 132), ...cause.slice(rest), ...a.result]);
      } else if (first.norm === 'being' && isBe(verb)) {
        out.push([copy(first, 131), ...cause.slice(v + 1), ...a.result]);
      } else if (first.norm !== 'having' && first.norm !== 'being' && verb.lemma === first.lemma && isVerb(verb) && auxiliaries.length === 0) {
        out.push([copy(first, 131), ...cause.slice(v + 1), ...a.result]);
      }
    }
  }
  return out;
}

/**
 * "It's time you went to bed" / "It's time we left" for "It's time to go to bed": it is time + the
 * past (subjunctive) of the infinitive's verb, with its subject, says what it is time to + the verb
 * says (decision 052). Built when the learner's sentence has time + (that +) a subject pronoun + the
 * past of the answer's verb; the learner's words are used, so a base form after the pronoun gets no
 * variant.
 */
function timeYouDid(tokens: readonly Token[], learner: readonly Token[], copy: Copy): Token[][] {
  const t = tokens.findIndex((x, j) => x.norm === 'time' && tokens[j + 1]?.norm === 'to' && isVerb(tokens[j + 2]));
  const l = learner.findIndex((x) => x.norm === 'time');
  if (t < 1 || l < 1 || !isBe(tokens[t - 1])) return [];
  const that = learner[l + 1]?.norm === 'that' ? 1 : 0;
  const subject = learner[l + 1 + that];
  const verb = learner[l + 2 + that];
  const answerVerb = tokens[t + 2] as Token;
  if (!subject || !SUBJECT_PRONOUNS.has(subject.norm) || !verb || verb.lemma !== answerVerb.lemma || !verb.forms.has('past') || verb.forms.has('base')) return [];
  const words = learner.slice(l + 1, l + 3 + that).map((x, k) => copy(x, 140 + k));
  return [[...tokens.slice(0, t + 1), ...words, ...tokens.slice(t + 3)]];
}

/** The frame variants that need to know which words are opposites. */
export function relationVariants(tokens: readonly Token[], learner: readonly Token[], copy: Copy, opposite: (a: Token, b: Token) => boolean): Token[][] {
  return [...converseComparative(tokens, learner, copy, opposite), ...causeClause(tokens, learner, copy), ...timeYouDid(tokens, learner, copy)];
}
