/**
 * Structure and optional material (decision 093): the learner's sentence said in another structure
 * than the accepted answers, brought back to theirs by a small set of general rewrites, each of
 * which keeps the sentence's meaning by construction:
 *
 * - **clause order**: an adverbial clause with its subordinator (if, when, because, after ...) moved
 *   from the end of the sentence to the front or back (the clause keeps its subordinator, so the roles
 *   of the two clauses never change); a wh-clause object fronted before its verb (`How it works, I
 *   don't know`); a fronted adverbial phrase marked off by a comma put at the end;
 * - **meaning-neutral adjuncts**: a closed class of words a teacher neither misses nor objects to,
 *   each only in the context where it adds nothing: a place word that repeats a demonstrative's
 *   pointing (`this bag right here`, `that one over there`), a resumptive `in it` closing a relative
 *   clause, an intensifier (`really`, `so`) before an adjective or adverb the answers do not grade
 *   (never after a negation: `not really` says something else), `back then` / `at that time` in a
 *   sentence the answers leave in the past without it;
 * - **the answer's own frame**: an opinion frame the accepted answer opens with (`I thought`, `I
 *   think`, `I feel`) that the learner leaves out, put back;
 * - **constructions keyed to grammar, not items**: a possessive pronoun said as `the one(s) you
 *   have`, `as soon as possible` said as `as soon as we can`, `I'd rather Y than X` said as `I don't
 *   want to X, I'd rather Y`, `not X but Y` said as `Y, (and) not X`.
 *
 * Every rewrite is graded by the ordinary grader; the best rewrite replaces the verdict only where it
 * earns more stars than the learner's sentence as typed. A rewrite never removes or adds a negation,
 * `only`, a number, a person or a content word, so a meaning error stays one: the rewrite of a wrong
 * sentence is as wrong as the sentence.
 */

/** A rewrite of the learner's sentence and the mechanism that made it (for tests and reports). */
export interface StructureRewrite {
  text: string;
  kind: 'clause-order' | 'adjunct' | 'frame' | 'construction';
  /**
   * Words whose place the rewrite changed (a moved clause's subordinator): a verdict on the rewrite
   * that names one of them (a word-order, extra or missing subordinator) means the clauses' roles do
   * not match the answer's, and the rewrite is not taken.
   */
  anchors: string[];
  /**
   * An intensifier the rewrite dropped: where the grader, which lets a fitting intensifier go free,
   * names it an extra word in the sentence as typed (`very like`, `very taller`), it does not fit and
   * the rewrite is not taken.
   */
  dropped?: string;
}

/** Rewrites graded per answer at most (each costs one grading). */
const MAX_REWRITES = 6;

const SUBORDINATORS: readonly (readonly string[])[] = [
  ['as', 'soon', 'as'],
  ['even', 'if'],
  ['even', 'though'],
  ['if'],
  ['when'],
  ['whenever'],
  ['because'],
  ['since'],
  ['after'],
  ['before'],
  ['although'],
  ['though'],
  ['while'],
  ['unless'],
  ['until'],
  ['once'],
];
const WH = new Set(['how', 'what', 'where', 'when', 'why', 'who', 'which', 'whether', 'whose']);
const NEGATORS = new Set(['not', "n't", 'never', 'no', 'hardly']);
const INTENSIFIERS = new Set(['really', 'so', 'truly', 'super', 'very']);
/** Verbs after which a fronted wh-clause is their object (`How it works, I don't know`). */
const CLAUSE_VERBS = new Set(['know', 'knew', 'understand', 'understood', 'remember', 'remembered', 'forget', 'forgot', 'care', 'cared', 'tell', 'say', 'see', 'wonder', 'wondered', 'sure', 'idea', 'decide', 'decided', 'explain', 'explained', 'ask', 'asked']);
const NEAR = new Set(['this', 'these']);
const FAR = new Set(['that', 'those']);
const PAST_TIME_ADJUNCTS: readonly (readonly string[])[] = [['back', 'then'], ['at', 'that', 'time'], ['at', 'the', 'time']];
const OPINION_VERBS = new Set(['think', 'thought', 'feel', 'felt', 'believe', 'believed', 'guess', 'guessed', 'suppose', 'supposed']);
const POSSESSIVE: Record<string, string> = { i: 'mine', you: 'yours', he: 'his', she: 'hers', we: 'ours', they: 'theirs' };
/** Words after which that is no relative pronoun (a complementizer, a demonstrative, a conjunction's part). */
const RELATIVE_BLOCKERS = new Set(['say', 'said', 'says', 'know', 'knew', 'hope', 'sure', 'so', 'is', 'was', 'are', 'were', 'of', 'in', 'at', 'on', 'to', 'for', 'with', 'and', 'but', 'than', 'like', 'all', 'be', 'told', 'tell', 'heard', 'hear', 'glad', 'happy', 'sorry', 'afraid', 'saw', 'see', 'means', 'mean', 'realized', 'found', 'learned']);
const COMPLEMENT_VERBS = new Set(['say', 'says', 'said', 'think', 'thinks', 'thought', 'know', 'knew', 'hope', 'hoped', 'believe', 'believed', 'feel', 'felt', 'sure', 'glad', 'afraid', 'realized', 'heard', 'told', 'promised']);
/** Degree words: where the answers grade a degree, the learner's intensifier is theirs to judge. */
const DEGREE = new Set(['slightly', 'little', 'bit', 'somewhat', 'extremely', 'quite', 'pretty', 'rather', 'fairly', 'too', 'enough', 'completely', 'totally', 'deeply', 'highly']);
const FUNCTION_WORDS = new Set(['i', 'you', 'he', 'she', 'we', 'they', 'it', 'this', 'that', 'these', 'those', 'the', 'a', 'an', 'my', 'your', 'his', 'her', 'our', 'their', 'there', 'what', 'that', 'if', 'when', 'because', 'and', 'but', 'to', 'far', 'as']);
const PERSON_PRONOUNS = new Set(['i', 'you', 'he', 'she', 'we', 'they']);

/** Words and sentence punctuation of a sentence, contractions kept whole (`don't`). */
function wordsOf(text: string): string[] {
  return text.replace(/[’‘]/g, "'").match(/[A-Za-z0-9]+(?:'[A-Za-z]+)?|[,.?!;:]/g) ?? [];
}

const isPunct = (w: string | undefined): boolean => w !== undefined && /^[,.?!;:]$/.test(w);

function sentence(words: readonly string[]): string {
  const kept = words.filter((w, k) => !(isPunct(w) && (k === 0 || isPunct(words[k - 1]))));
  while (kept.length > 0 && kept[0] !== undefined && isPunct(kept[0])) kept.shift();
  const text = kept.join(' ').replace(/\s+([,.?!;:])/g, '$1').replace(/,([.?!])/g, '$1');
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.?!]$/.test(capital) ? capital : `${capital}.`;
}

/** The first word lower-cased unless it is I (or I'm, I'd ...), so a clause can move inside a sentence. */
function lowerFirst(words: readonly string[]): string[] {
  const [head, ...rest] = words;
  if (head === undefined) return [];
  return [/^I('|$)/.test(head) ? head : head.toLowerCase(), ...rest];
}

function startsWith(words: readonly string[], at: number, seq: readonly string[]): boolean {
  return seq.every((s, k) => words[at + k]?.toLowerCase() === s);
}

function endPunct(words: readonly string[]): { body: string[]; end: string } {
  const last = words[words.length - 1];
  return last !== undefined && /^[.?!]$/.test(last) ? { body: words.slice(0, -1), end: last } : { body: [...words], end: '.' };
}

const lower = (words: readonly string[]): string[] => words.map((w) => w.toLowerCase());

const FINITE = new Set(['am', 'is', 'are', 'was', 'were', 'be', 'do', 'does', 'did', 'have', 'has', 'had', 'will', 'would', 'can', 'could', 'should', 'may', 'might', 'must', 'shall']);
const SUBJECTS = new Set(['i', 'you', 'he', 'she', 'we', 'they', 'it', 'there']);

/** Whether words read as a finite clause (a subject pronoun and a word after it, an auxiliary, a past form), not a phrase. */
function isClause(words: readonly string[]): boolean {
  const low = lower(words);
  return low.some((w, k) => (SUBJECTS.has(w) && k + 1 < low.length && !isPunct(low[k + 1])) || FINITE.has(w) || /^(i|you|he|she|we|they|it|there)'/.test(w) || /n't$/.test(w) || (/[a-z]{3,}ed$/.test(w) && k > 0));
}

/** Clause order: the adverbial clause moved, the fronted wh-object put after its verb, a fronted phrase put last. */
function clauseOrder(words: readonly string[]): { words: string[]; anchors: string[] }[] {
  const out: { words: string[]; anchors: string[] }[] = [];
  const { body, end } = endPunct(words);
  const low = lower(body);
  const comma = low.indexOf(',');
  const sub = SUBORDINATORS.find((s) => startsWith(low, 0, s));
  if (sub && comma > sub.length && comma < body.length - 2 && isClause(body.slice(sub.length, comma))) {
    // "If A, B." -> "B if A."
    out.push({ words: [...lowerFirst(body.slice(comma + 1)), ...lowerFirst(body.slice(0, comma)), end], anchors: [...sub] });
  } else if (!sub) {
    // "B if A." -> "If A, B.": the subordinator after the main clause's verb (from the third word on).
    for (let k = 2; k < body.length - 2; k++) {
      const s = SUBORDINATORS.find((seq) => startsWith(low, k, seq) && !(seq.length === 1 && seq[0] === 'as'));
      if (!s) continue;
      // "as soon as possible" is no clause; "even if" is found at even, not at if.
      if (s[0] === 'as' && (low[k + 3] === 'possible' || (PERSON_PRONOUNS.has(low[k + 3] ?? '') && k + 5 >= body.length))) continue;
      const main = body.slice(0, low[k - 1] === ',' ? k - 1 : k);
      const clause = body.slice(k);
      if (main.length >= 2 && clause.length >= s.length + 2 && isClause(clause.slice(s.length))) out.push({ words: [...lowerFirst(clause), ',', ...lowerFirst(main), end], anchors: [...s] });
      break;
    }
  }
  if (WH.has(low[0] ?? '') && comma > 1 && comma < body.length - 1) {
    // "How this machine works, I don't know." -> "I don't know how this machine works."
    const after = low.slice(comma + 1);
    const lastWord = after[after.length - 1] ?? '';
    if (CLAUSE_VERBS.has(lastWord)) out.push({ words: [...lowerFirst(body.slice(comma + 1)), ...lowerFirst(body.slice(0, comma)), end], anchors: [low[0] ?? ''] });
  }
  if (!sub && !WH.has(low[0] ?? '') && comma > 0 && comma <= 4) {
    // "Yesterday, we ..." / "At the meeting, she ..." -> the phrase at the end (no verb in it).
    const front = low.slice(0, comma);
    const verbish = front.some((w) => /(ed|ing)$/.test(w) && w.length > 4) || front.some((w) => ['is', 'are', 'was', 'were', 'do', 'does', 'did', 'have', 'has', 'had'].includes(w));
    if (!verbish && !['yes', 'no', 'well', 'oh', 'so', 'but', 'and', 'however', 'then'].includes(front[0] ?? '')) out.push({ words: [...lowerFirst(body.slice(comma + 1)), ...lowerFirst(body.slice(0, comma)), end], anchors: [] });
  }
  return out;
}

/** The closed class of adjuncts, each removed only where it adds nothing the answers say. */
function adjuncts(words: readonly string[], answerWords: ReadonlySet<string>): { words: string[]; dropped?: string }[] {
  const out: { words: string[]; dropped?: string }[] = [];
  let intensifier: string | undefined;
  const low = lower(words);
  const drop = (at: number, length: number): void => {
    out.push({ words: [...words.slice(0, at), ...words.slice(at + length)], dropped: intensifier });
    intensifier = undefined;
  };
  // A place word repeating a demonstrative's pointing: "this bag (right) here", "that one (over) there".
  if (!answerWords.has('here') && !answerWords.has('there')) {
    for (let k = 1; k < low.length; k++) {
      const w = low[k] ?? '';
      if (w !== 'here' && w !== 'there') continue;
      const start = low[k - 1] === 'right' || low[k - 1] === 'over' ? k - 1 : k;
      const demonstrative = low.slice(Math.max(0, start - 3), start).find((d) => NEAR.has(d) || FAR.has(d));
      if (!demonstrative) continue;
      if ((w === 'here' && !NEAR.has(demonstrative)) || (w === 'there' && !FAR.has(demonstrative))) continue;
      // "that is there" / "there is": there as a subject or after a verb stays.
      const prev = low[start - 1] ?? '';
      if (['is', 'are', 'was', 'were', 'be', 'put', 'go', 'went', 'live', 'lives'].includes(prev)) continue;
      drop(start, k - start + 1);
      break;
    }
  }
  // A resumptive "in it" closing a relative clause: "a city that has many temples in it".
  const last = low[low.length - 1] === '.' ? low.length - 1 : low.length;
  if (last >= 2 && low[last - 1] === 'it' && low[last - 2] === 'in' && !answerWords.has('it') && low.some((w) => w === 'that' || w === 'which')) drop(last - 2, 2);
  // An intensifier the answers do not grade, before a word and never after a negation.
  if (![...INTENSIFIERS, ...DEGREE].some((i) => answerWords.has(i))) {
    for (let k = 1; k < low.length - 1; k++) {
      const w = low[k] ?? '';
      if (!INTENSIFIERS.has(w) || isPunct(low[k + 1])) continue;
      // An intensifier stands before an adjective or adverb, never before a clause ("think so this").
      if (FUNCTION_WORDS.has(low[k + 1] ?? '') || COMPLEMENT_VERBS.has(low[k - 1] ?? '') || OPINION_VERBS.has(low[k - 1] ?? '')) continue;
      if (NEGATORS.has(low[k - 1] ?? '') || /n't$/.test(low[k - 1] ?? '')) continue;
      // "so ... that" is a construction, and so / very before much / many change the quantity said.
      if (w === 'so' && low.slice(k + 1).includes('that')) continue;
      if (['much', 'many', 'few', 'little'].includes(low[k + 1] ?? '')) continue;
      intensifier = w;
      drop(k, 1);
      break;
    }
  }
  // The complementizer that after a verb of saying or thinking, where the answers go without it.
  if (!answerWords.has('that')) {
    const at = low.findIndex((w, k) => w === 'that' && k > 0 && COMPLEMENT_VERBS.has(low[k - 1] ?? '') && isClause(low.slice(k + 1)));
    if (at > 0) drop(at, 1);
  }
  // "back then" / "at that time" where the answers leave the past without a time word.
  if (!answerWords.has('then') && !answerWords.has('time')) {
    for (const adjunct of PAST_TIME_ADJUNCTS) {
      const at = low.findIndex((_, k) => startsWith(low, k, adjunct));
      if (at > 0) {
        drop(at, adjunct.length);
        break;
      }
    }
  }
  return out;
}

/** The opinion frame the accepted answer opens with, put before a learner sentence that has none. */
function frames(words: readonly string[], answers: readonly string[][]): string[][] {
  const low = lower(words);
  if (low.some((w) => OPINION_VERBS.has(w))) return [];
  const out: string[][] = [];
  for (const answer of answers) {
    const a = lower(answer);
    if (!PERSON_PRONOUNS.has(a[0] ?? '') || !OPINION_VERBS.has(a[1] ?? '')) continue;
    const frame = answer.slice(0, a[2] === 'that' ? 3 : 2);
    // The frame opens a clause that starts as the learner's sentence does ("I thought the book was"
    // for "The book was"), never a verb's object ("I found the way").
    const rest = a.slice(frame.length);
    if (rest[0] !== low[0] || !isClause(rest.slice(1))) continue;
    const text = [...frame, ...lowerFirst(words)];
    if (!out.some((o) => o.join(' ') === text.join(' '))) out.push(text);
  }
  return out;
}

/** Constructions of a grammar point said another way: possessives, as soon as, would rather, not X but Y. */
function constructions(words: readonly string[], answerWords: ReadonlySet<string>): string[][] {
  const out: string[][] = [];
  const low = lower(words);
  // The relative pronoun the answers use: "a town that has" for "a town which has" (that after a
  // verb of saying or thinking is a complementizer and stays).
  for (let k = 1; k < low.length - 1; k++) {
    const w = low[k] ?? '';
    if (w !== 'that' && w !== 'which' && w !== 'who') continue;
    const prev = low[k - 1] ?? '';
    if (isPunct(prev) || RELATIVE_BLOCKERS.has(prev) || OPINION_VERBS.has(prev)) continue;
    // Only that is turned into the answers' which or who: which for a person or who for a thing
    // is a slip of its own, and stays one.
    if (w !== 'that') break;
    for (const other of ['which', 'who']) {
      if (answerWords.has(other) && !low.includes(other)) out.push([...words.slice(0, k), other, ...words.slice(k + 1)]);
    }
    break;
  }
  // too ... to and so ... that ... can't, both ways, where the subject is a person said by a pronoun
  // ("She was too tired to walk" = "She was so tired that she couldn't walk").
  const subject = low[0] ?? '';
  const be = low[1] ?? '';
  if (PERSON_PRONOUNS.has(subject) && ['am', 'is', 'are', 'was', 'were'].includes(be)) {
    const past = be === 'was' || be === 'were';
    const too = low.indexOf('too');
    if (too === 2 && low[4] === 'to' && low.length > 5) {
      const pronoun = subject === 'i' ? 'I' : subject;
      out.push([...words.slice(0, 2), 'so', words[3] ?? '', 'that', pronoun, past ? "couldn't" : "can't", ...words.slice(5)]);
    }
    if (low[2] === 'so' && low[4] === 'that' && low[5] === subject && ["can't", 'cannot', "couldn't", 'cant', 'couldnt'].includes(low[6] ?? '') && low.length > 7) {
      out.push([...words.slice(0, 2), 'too', words[3] ?? '', 'to', ...words.slice(7)]);
    }
  }
  // "the one(s) you have" -> "yours"
  for (let k = 0; k + 3 < low.length; k++) {
    if (low[k] !== 'the' || (low[k + 1] !== 'one' && low[k + 1] !== 'ones')) continue;
    const person = low[k + 2] ?? '';
    const verb = low[k + 3] ?? '';
    const possessive = POSSESSIVE[person];
    if (possessive && ['have', 'has', 'own', 'owns', 'had'].includes(verb)) {
      out.push([...words.slice(0, k), possessive, ...words.slice(k + 4)]);
      break;
    }
  }
  // "as soon as we can" -> "as soon as possible"
  for (let k = 0; k + 4 < low.length; k++) {
    if (startsWith(low, k, ['as', 'soon', 'as']) && PERSON_PRONOUNS.has(low[k + 3] ?? '') && (low[k + 4] === 'can' || low[k + 4] === 'could')) {
      out.push([...words.slice(0, k + 3), 'possible', ...words.slice(k + 5)]);
      break;
    }
  }
  // "I don't want to X(,|.|and) I'd rather Y" -> "I'd rather Y than X"
  const rather = low.findIndex((w, k) => (w === "i'd" || w === 'id' || w === 'i') && (low[k + 1] === 'rather' || (low[k + 1] === 'would' && low[k + 2] === 'rather')));
  const want = low.findIndex((w, k) => (w === "don't" || w === 'dont' || w === 'do') && startsWith(low, k + 1, w === 'do' ? ['not', 'want', 'to'] : ['want', 'to']));
  if (rather > 0 && want >= 0 && want < rather) {
    const xStart = want + (low[want] === 'do' ? 4 : 3);
    let xEnd = rather;
    while (xEnd > xStart && (isPunct(low[xEnd - 1]) || low[xEnd - 1] === 'and' || low[xEnd - 1] === 'so')) xEnd--;
    const yStart = rather + (low[rather + 1] === 'would' ? 3 : 2);
    const { body } = endPunct(words.slice(yStart));
    if (xEnd > xStart && body.length > 0 && !body.some((w) => isPunct(w))) out.push(["I'd", 'rather', ...body, 'than', ...words.slice(xStart, xEnd), '.']);
  }
  // "I'd rather not X. I'd like to (I want to) Y" -> "I'd rather Y than X"
  const ratherNot = low.findIndex((w, k) => (w === "i'd" || w === 'id') && low[k + 1] === 'rather' && low[k + 2] === 'not');
  if (ratherNot >= 0) {
    const like = low.findIndex((w, k) => k > ratherNot + 3 && (w === "i'd" || w === 'id' || w === 'i') && ((low[k + 1] === 'like' && low[k + 2] === 'to') || (low[k + 1] === 'want' && low[k + 2] === 'to') || (low[k + 1] === 'would' && low[k + 2] === 'like' && low[k + 3] === 'to')));
    if (like > 0) {
      let xEnd = like;
      while (xEnd > ratherNot + 3 && (isPunct(low[xEnd - 1]) || low[xEnd - 1] === 'and' || low[xEnd - 1] === 'so')) xEnd--;
      const yStart = like + (low[like + 1] === 'would' ? 4 : 3);
      const { body } = endPunct(words.slice(yStart));
      if (xEnd > ratherNot + 3 && body.length > 0 && !body.some((w) => isPunct(w))) out.push(["I'd", 'rather', ...body, 'than', ...words.slice(ratherNot + 3, xEnd), '.']);
    }
  }
  // "The man was talking on the phone when he came in" -> "Talking on the phone, the man came in":
  // the progressive's -ing phrase as the participle clause of the other event, one subject for both.
  const prog = low.findIndex((w, k) => (w === 'was' || w === 'were') && /[a-z]{2,}ing$/.test(low[k + 1] ?? '') && k > 0);
  if (prog > 0) {
    const subjectWords = words.slice(0, prog);
    const when = low.findIndex((w, k) => k > prog + 2 && (w === 'when' || w === 'as' || w === 'while') && ['he', 'she', 'they', 'i', 'we', 'you', 'it'].includes(low[k + 1] ?? ''));
    // The pronoun must be the subject: the same pronoun, or one the answers use for the subject noun
    // (a learner's "she" where the answers say "he" is another person, and no rewrite hides it).
    const pronoun = low[when + 1] ?? '';
    if (when > 0 && subjectWords.length <= 3 && (prog > 1 ? answerWords.has(pronoun) : low[0] === pronoun)) {
      const { body } = endPunct(words.slice(when + 2));
      if (body.length > 0 && !body.some((w) => isPunct(w))) out.push([words[prog + 1] ?? '', ...words.slice(prog + 2, when).filter((w) => !isPunct(w)), ',', ...lowerFirst(subjectWords), ...body, '.']);
    }
  }
  // "Y, (and) not (just / only) X" -> "not X but Y" is left to the grader's swap check; "Y, not X"
  // said as one clause is rewritten where both sides are noun phrases after is / are.
  const copula = low.findIndex((w) => w === 'is' || w === 'are' || w === 'was' || w === 'were');
  if (copula > 0) {
    const rest = low.slice(copula + 1);
    const notAt = rest.findIndex((w, k) => w === 'not' && k > 0 && (rest[k - 1] === ',' || rest[k - 1] === 'and'));
    if (notAt > 1 && rest[0] !== 'not') {
      const yEnd = copula + 1 + notAt - 1 - (rest[notAt - 2] === ',' && rest[notAt - 1] === 'and' ? 1 : 0);
      const y = words.slice(copula + 1, yEnd);
      const xFrom = copula + 1 + notAt + 1 + (rest[notAt + 1] === 'just' || rest[notAt + 1] === 'only' ? 1 : 0);
      const { body: x, end } = endPunct(words.slice(xFrom));
      const cleanY = y.filter((w) => !isPunct(w));
      // "not just X" says "not only X"; where Y opens with X's preposition ("problems for the whole
      // world ... for one country") the words before it are the head both sides share.
      const only = rest[notAt + 1] === 'just' || rest[notAt + 1] === 'only' ? ['only'] : [];
      const shared = x[0] !== undefined ? lower(cleanY).indexOf(x[0].toLowerCase()) : -1;
      const head = shared > 0 ? cleanY.slice(0, shared) : [];
      const tail = shared > 0 ? cleanY.slice(shared) : cleanY;
      if (cleanY.length > 0 && x.length > 0 && !x.some((w) => isPunct(w))) out.push([...words.slice(0, copula + 1), ...head, 'not', ...only, ...x, 'but', ...tail, end]);
    }
  }
  return out;
}

/**
 * The rewrites of a learner's sentence, most specific first, each different from the sentence and
 * from the others. `answers` are the problem's accepted answers: adjuncts they say themselves are
 * theirs to grade, and the frame put back is theirs.
 */
export function structureRewrites(answer: string, answers: readonly string[]): StructureRewrite[] {
  const words = wordsOf(answer);
  if (words.length < 3 || words.length > 40) return [];
  const answerWordLists = answers.map(wordsOf);
  const answerWords = new Set(answerWordLists.flatMap((a) => lower(a)));
  const seen = new Set([lower(words).filter((w) => !isPunct(w)).join(' ')]);
  const out: StructureRewrite[] = [];
  const add = (list: string[][], kind: StructureRewrite['kind'], anchors: string[] = [], dropped?: string): void => {
    for (const rewrite of list) {
      const key = lower(rewrite).filter((w) => !isPunct(w)).join(' ');
      if (seen.has(key) || out.length >= MAX_REWRITES) continue;
      seen.add(key);
      out.push(dropped ? { text: sentence(rewrite), kind, anchors, dropped } : { text: sentence(rewrite), kind, anchors });
    }
  };
  const addAdjuncts = (list: { words: string[]; dropped?: string }[], anchors: string[] = []): void => {
    for (const a of list) add([a.words], 'adjunct', anchors, a.dropped);
  };
  const built = constructions(words, answerWords);
  const moved = clauseOrder(words);
  add(built, 'construction');
  for (const m of moved) add([m.words], 'clause-order', m.anchors);
  addAdjuncts(adjuncts(words, answerWords));
  add(frames(words, answerWordLists), 'frame');
  // Two mechanisms at once (an adjunct in a clause that also moved, a construction with an adjunct).
  for (const m of moved) addAdjuncts(adjuncts(m.words, answerWords), m.anchors);
  for (const b of built) addAdjuncts(adjuncts(b, answerWords));
  return out;
}

/** Whether a verdict may be improved by a rewrite: graded below 5 against some answer, not unrelated. */
export function worthRewriting(rating: number, errorCount: number): boolean {
  return rating < 5 && errorCount > 0;
}
