/**
 * Noun synonyms mined from the bank's own lattices: two single nouns that lattice authors wrote as
 * alternatives of one slot ("[dinner|supper]", "[bike|bicycle]", "[boss|manager|supervisor]") in
 * at least MIN_PROBLEMS different problems are taken as synonyms for every problem, so a family of
 * problems gets the coverage its best-written member has. Only nouns, only where several authors
 * agreed, and never units of time or amount ("minute" / "second" are alternatives in "wait a
 * minute" but not in "thirty minutes").
 */
import { LATTICE_DATA } from '../bank/index';

/** Problems whose lattices must pair two words before they count as synonyms everywhere. */
const MIN_PROBLEMS = 3;
/** Words that are alternatives in set phrases only ("just a second / minute"). */
const UNITS = new Set(['second', 'seconds', 'minute', 'minutes', 'moment', 'moments', 'hour', 'hours', 'day', 'days', 'week', 'weeks', 'month', 'months', 'year', 'years', 'bit', 'one', 'ones']);
const GROUP = /\[(?:[a-z]+:\s*)?([a-z]+(?:\s*\|\s*[a-z]+)+)\]/g;

let mined: [string, string][] | undefined;

/** Word pairs (alphabetical) written as alternatives of one slot in MIN_PROBLEMS problems or more. */
export function minedAlternativePairs(): readonly [string, string][] {
  if (mined) return mined;
  const problems = new Map<string, Set<string>>();
  for (const lattices of Object.values(LATTICE_DATA)) {
    for (const [id, lattice] of Object.entries(lattices as Record<string, unknown>)) {
      for (const m of JSON.stringify(lattice).matchAll(GROUP)) {
        const words = (m[1] ?? '').split('|').map((w) => w.trim());
        for (const a of words) {
          for (const b of words) {
            if (a >= b || UNITS.has(a) || UNITS.has(b)) continue;
            // Another number of the same word is grammar, not a synonym.
            if (b === `${a}s` || a === `${b}s` || b === `${a}es` || a === `${b}es`) continue;
            const key = `${a}|${b}`;
            let seen = problems.get(key);
            if (!seen) problems.set(key, (seen = new Set()));
            seen.add(id);
          }
        }
      }
    }
  }
  mined = [...problems].filter(([, ids]) => ids.size >= MIN_PROBLEMS).map(([key]) => key.split('|') as [string, string]);
  return mined;
}
