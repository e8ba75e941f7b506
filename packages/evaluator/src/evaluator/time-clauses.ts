/**
 * Two events in time order said from the other end (decision 079): "I brushed my teeth before I went
 * to bed" is "I went to bed after I brushed my teeth" and "Before I went to bed, I brushed my teeth";
 * "He watched TV after finishing his homework" is "He finished his homework before watching TV".
 *
 * An accepted answer with a before / after clause (main clause M, time clause S, either order, S with
 * its own subject or reduced to -ing) is rewritten with the other connector: S becomes the main
 * clause and M the time clause, in the learner's order (the connector first or in the middle) and in
 * the learner's shape of the time clause (a full clause or -ing). Both clauses keep the answer's own
 * words, so another person, object or verb inside them is still a difference from the answer.
 *
 * Built only when the learner's connector is the other one and the learner's time clause has the
 * verb of the answer's main clause: "He watched TV before he finished his homework" for "He watched
 * TV after he finished his homework" (the same clause after before, the order of events reversed) gets
 * no variant and stays a meaning error.
 */
import type { Token } from './analyse';

type Copy = (t: Token, k: number) => Token;
type Word = (w: string, k: number) => Token;
type PastOf = (base: string) => string;

const OTHER: Readonly<Record<string, string>> = { before: 'after', after: 'before' };
const SUBJECT_PRONOUNS = new Set(['i', 'you', 'he', 'she', 'it', 'we', 'they']);
const DETERMINERS = new Set(['my', 'your', 'his', 'her', 'its', 'our', 'their', 'this', 'that', 'these', 'those']);

const isVerbal = (t: Token | undefined): boolean => t !== undefined && (t.cls === 'aux' || t.cls === 'modal' || (t.cls === 'content' && t.pos === 'VERB'));
const contentVerb = (t: Token | undefined): boolean => t !== undefined && t.cls === 'content' && t.pos === 'VERB';

/** The end of a subject (a pronoun, or a short noun phrase) starting at `from` and followed by a verb, or -1. */
function subjectEnd(ts: readonly Token[], from: number): number {
  const first = ts[from];
  if (!first) return -1;
  if (first.cls === 'pron' && SUBJECT_PRONOUNS.has(first.norm)) return isVerbal(ts[from + 1]) ? from + 1 : -1;
  let e = from;
  while (e < ts.length && e < from + 4 && (ts[e]?.cls === 'article' || DETERMINERS.has(ts[e]?.norm ?? '') || (ts[e]?.cls === 'content' && (ts[e]?.pos === 'NOUN' || ts[e]?.pos === 'PROPN' || ts[e]?.pos === 'ADJ')))) e++;
  return e > from && (ts[e - 1]?.pos === 'NOUN' || ts[e - 1]?.pos === 'PROPN') && isVerbal(ts[e]) ? e : -1;
}

/** A clause: its subject (empty when reduced to -ing), and the index of its first content verb. */
interface Clause {
  tokens: Token[];
  subject: Token[];
  verb: number;
}

function clauseOf(ts: Token[]): Clause | undefined {
  if (ts.length === 0) return undefined;
  if (contentVerb(ts[0]) && ts[0]?.forms.has('ing')) return { tokens: ts, subject: [], verb: 0 };
  const s = subjectEnd(ts, 0);
  if (s < 0) return undefined;
  const verb = ts.findIndex((t, j) => j >= s && contentVerb(t));
  if (verb < 0 || ts.slice(s, verb).some((t) => !isVerbal(t) && t.norm !== 'not')) return undefined;
  return { tokens: ts, subject: ts.slice(0, s), verb };
}

/**
 * The answer's main clause and before / after clause: "M before S", "Before S, M" (the main clause
 * starts at the first subject followed by a verb after the time clause's own verb).
 */
function split(tokens: readonly Token[], end: number): { conj: Token; main: Clause; time: Clause } | undefined {
  const k = tokens.findIndex((t) => OTHER[t.norm] !== undefined);
  const conj = tokens[k];
  if (!conj) return undefined;
  if (k === 0) {
    const own = tokens.findIndex((t, j) => j > 0 && contentVerb(t));
    if (own < 0) return undefined;
    for (let j = own + 1; j < end - 1; j++) {
      if (subjectEnd(tokens, j) < 0) continue;
      const time = clauseOf(tokens.slice(1, j));
      const main = clauseOf(tokens.slice(j, end));
      return time && main && main.subject.length > 0 ? { conj, main, time } : undefined;
    }
    return undefined;
  }
  const main = clauseOf(tokens.slice(0, k));
  const time = clauseOf(tokens.slice(k + 1, end));
  return main && time && main.subject.length > 0 ? { conj, main, time } : undefined;
}

/**
 * The answer's clauses the other way round, said with the learner's connector (decision 079). See the
 * module comment.
 */
export function timeConverse(tokens: readonly Token[], learner: readonly Token[], copy: Copy, word: Word, pastOf: PastOf): Token[][] {
  const l = learner.findIndex((t) => OTHER[t.norm] !== undefined);
  const mine = learner[l];
  if (!mine || !tokens.some((t) => t.norm === OTHER[mine.norm])) return [];
  const end = tokens.at(-1)?.pos === 'PUNCT' ? tokens.length - 1 : tokens.length;
  const parts = split(tokens, end);
  if (!parts || parts.conj.norm !== OTHER[mine.norm]) return [];
  const { main, time } = parts;
  const mainVerb = main.tokens[main.verb] as Token;
  const timeVerb = time.tokens[time.verb] as Token;
  if (mainVerb.lemma === timeVerb.lemma) return [];
  // The learner's time clause says the answer's main clause: its first verb is that clause's verb.
  const lEnd = learner.at(-1)?.pos === 'PUNCT' ? learner.length - 1 : learner.length;
  const theirs = learner.slice(l + 1, lEnd).find((t) => contentVerb(t));
  if (!theirs || theirs.lemma !== mainVerb.lemma) return [];
  const reduced = learner[l + 1]?.forms.has('ing') === true && contentVerb(learner[l + 1]);
  // Only a clause whose subject is the main clause's is reduced ("before watching TV", he being both).
  const same = (a: readonly Token[], b: readonly Token[]): boolean => a.length === b.length && a.every((t, k) => t.norm === b[k]?.norm);
  if (reduced && time.subject.length > 0 && !same(time.subject, main.subject)) return [];

  // The answer's main clause as the new time clause: as it is, reduced to the learner's -ing, or
  // (after after) with a past perfect said as a simple past, which after makes as clear.
  const newTimes: Token[][] = [];
  if (reduced) {
    newTimes.push([copy(learner[l + 1] as Token, 1), ...main.tokens.slice(main.verb + 1)]);
  } else {
    newTimes.push(main.tokens);
    const had = main.tokens.findIndex((t, j) => t.norm === 'had' && j === main.verb - 1 && main.tokens[j + 1]?.forms.has('pp'));
    if (mine.norm === 'after' && had >= 0 && !learner.slice(l + 1).some((t) => t.norm === 'had')) {
      const past = learner.find((t) => t.lemma === mainVerb.lemma && t.cls === 'content' && t.forms.has('past') && t.slip === undefined && t.misspelt === undefined);
      newTimes.push([...main.tokens.slice(0, had), past ? copy(past, 2) : word(pastOf(mainVerb.lemma), 2), ...main.tokens.slice(had + 2)]);
    }
  }
  // The answer's time clause as the new main clause: a reduced one takes the main clause's subject
  // and its verb in the main verb's form (the past or -s; another form gets no variant).
  let newMain: Token[];
  if (time.subject.length > 0) newMain = time.tokens;
  else {
    const aux = main.tokens.slice(main.subject.length, main.verb);
    let verb: Token;
    if (aux.length > 0) {
      if (!mainVerb.forms.has('base')) return [];
      verb = word(timeVerb.lemma, 3);
    } else if (mainVerb.forms.has('past') && !mainVerb.forms.has('base')) {
      const past = learner.find((t) => t.lemma === timeVerb.lemma && t.cls === 'content' && t.forms.has('past') && t.slip === undefined && t.misspelt === undefined);
      verb = past ? copy(past, 3) : word(pastOf(timeVerb.lemma), 3);
    } else if (mainVerb.forms.has('3sg')) {
      return [];
    } else verb = word(timeVerb.lemma, 3);
    newMain = [...main.subject.map((t, k) => copy(t, 4 + k)), ...aux, verb, ...time.tokens.slice(1)];
  }
  const conj = copy(mine, 0);
  const tail = tokens.slice(end);
  return newTimes.map((t) => (l === 0 ? [conj, ...t, ...newMain, ...tail] : [...newMain, conj, ...t, ...tail]));
}

/** Whether the learner's sentence has a before / after that timeConverse reads. */
export const hasTimeConnector = (learner: readonly Token[]): boolean => learner.some((t) => OTHER[t.norm] !== undefined);

/**
 * "He finished his homework after he watched TV" for "He watched TV after he finished his homework"
 * (decision 079): the two clauses traded places around the same before / after, so the events happen
 * the other way round. True when the learner's clause after the answer's connector has the verb of the
 * answer's main clause (and not the verb of its time clause).
 */
export function eventsReversed(ref: readonly Token[], learner: readonly Token[]): boolean {
  const l = learner.findIndex((t) => OTHER[t.norm] !== undefined);
  const mine = learner[l];
  if (!mine || learner.filter((t) => OTHER[t.norm] !== undefined).length !== 1) return false;
  const end = ref.at(-1)?.pos === 'PUNCT' ? ref.length - 1 : ref.length;
  const parts = split(ref, end);
  if (!parts || parts.conj.norm !== mine.norm) return false;
  const mainVerb = parts.main.tokens[parts.main.verb] as Token;
  const timeVerb = parts.time.tokens[parts.time.verb] as Token;
  if (mainVerb.lemma === timeVerb.lemma) return false;
  const theirs = learner.slice(l + 1).find((t) => contentVerb(t));
  // The learner's other clause has the time clause's verb.
  const other = (l === 0 ? learner.slice(learner.indexOf(theirs as Token) + 1) : learner.slice(0, l)).some((t) => contentVerb(t) && t.lemma === timeVerb.lemma);
  return theirs !== undefined && theirs.lemma === mainVerb.lemma && other;
}
