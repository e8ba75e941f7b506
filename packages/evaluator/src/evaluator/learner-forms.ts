/**
 * Checks read in the learner's own words, whatever answer or lattice path they are graded against
 * (decision 040): a lattice that combines its answers slot by slot may accept a form no single
 * answer allows ("Will the bus comes soon?" where one answer says "Will the bus come" and another
 * "The bus comes").
 */
import type { Token } from './analyse';
import { MODALS } from './lexicon';

/** Words that may stand between a fronted modal and its verb: the question's subject. */
const SUBJECT_WORDS = new Set(['article', 'det', 'pron']);

/**
 * "Will the bus comes", "He can swims", "She will went": after a modal the verb takes its base
 * form. Returns the index of the first verb after a modal (right after it, or after the subject of
 * a question the modal opens, or after not) that is a third-person -s or a past (or participle) form
 * and not a base form; undefined when there is none.
 */
export function modalVerbForm(learner: readonly Token[]): number | undefined {
  for (let m = 0; m < learner.length - 1; m++) {
    const modal = learner[m] as Token;
    // "I have will finished": the modal after an auxiliary is a word-order slip; the verb fits the answer.
    if (!MODALS.has(modal.norm) || modal.cls !== 'modal' || learner[m - 1]?.cls === 'aux') continue;
    let k = m + 1;
    if (learner[k]?.norm === 'not') k++;
    if (m === 0 || learner[m - 1]?.cls === 'wh') {
      // A question: the subject (a pronoun, or a short noun phrase) comes first.
      const start = k;
      while (k < learner.length && k <= start + 3 && (SUBJECT_WORDS.has(learner[k]?.cls ?? '') || (learner[k]?.pos === 'NOUN' || learner[k]?.pos === 'PROPN' || learner[k]?.pos === 'ADJ'))) {
        const t = learner[k] as Token;
        k++;
        if (t.cls === 'pron' || t.pos === 'NOUN' || t.pos === 'PROPN') break;
      }
      if (learner[k]?.norm === 'not') k++;
    }
    const verb = learner[k];
    if (!verb || verb.cls !== 'content' || verb.pos === 'NOUN' || verb.forms.has('base') || verb.forms.has('ing')) continue;
    if (verb.forms.has('3sg') || verb.forms.has('past')) return k;
  }
  return undefined;
}
