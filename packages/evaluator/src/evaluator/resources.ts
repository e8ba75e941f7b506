/**
 * The NLP resources the evaluator needs, loaded once per process.
 *
 * Loading takes a few hundred milliseconds (wink model + hunspell dictionary), so it happens in
 * `createEvaluator()` and is shared by every evaluator created afterwards.
 */
import type { ItsHelpers, WinkMethods } from 'wink-nlp';
import type NSpell from 'nspell';
import { wordNet, type WordNet } from './wordnet';

export interface IrregularVerb {
  past: readonly string[];
  participle: readonly string[];
}

export interface Resources {
  nlp: WinkMethods;
  its: ItsHelpers;
  spell: NSpell;
  /** Base form → past / participle forms. */
  irregular: ReadonlyMap<string, IrregularVerb>;
  /** Any past or participle form of an irregular verb → its base form. */
  irregularForms: ReadonlyMap<string, string>;
  wordnet: WordNet;
}

let loading: Promise<Resources> | undefined;

async function load(): Promise<Resources> {
  const [winkModule, modelModule, nspellModule, dictionaryModule, verbsModule] = await Promise.all([
    import('wink-nlp'),
    import('wink-eng-lite-web-model'),
    import('nspell'),
    import('dictionary-en'),
    import('english-verbs-irregular/dist/verbs.json', { with: { type: 'json' } }),
  ]);
  // Only the POS tagger is needed: lemmas are computed on demand, NER/sentiment would cost time.
  const nlp = winkModule.default(modelModule.default, ['pos']);
  const dictionary = dictionaryModule.default;
  const spell = nspellModule.default({ aff: Buffer.from(dictionary.aff), dic: Buffer.from(dictionary.dic) });

  const irregular = new Map<string, IrregularVerb>();
  const irregularForms = new Map<string, string>();
  const verbs = verbsModule.default as Record<string, string[][]>;
  for (const [base, variants] of Object.entries(verbs)) {
    const past = new Set<string>();
    const participle = new Set<string>();
    for (const [p, pp] of variants) {
      if (p) past.add(p);
      if (pp) participle.add(pp);
    }
    // "be" lists was/were; the table is otherwise one irregular pair per variant.
    irregular.set(base, { past: [...past], participle: [...participle] });
    for (const form of [...past, ...participle]) {
      if (form !== base && !irregularForms.has(form)) irregularForms.set(form, base);
    }
  }
  return { nlp, its: nlp.its, spell, irregular, irregularForms, wordnet: wordNet() };
}

/** Load (once) and return the shared resources. A failed load is retried on the next call. */
export function loadResources(): Promise<Resources> {
  if (!loading) {
    loading = load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  }
  return loading;
}
