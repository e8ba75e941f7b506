import { z } from 'zod';

/** Named error kinds; the Japanese label is what the learner sees (and what statistics group by). */
export const ERROR_KINDS = {
  article: '冠詞',
  plural: '単数・複数',
  /** The -s of a verb and its do-support, missing or added (She walk, I drinks, Does you, He have a car). */
  agreement: '三単現',
  /** Every other subject–verb agreement: be and the perfect have (We was, If I was you, The items has been). */
  'subject-verb': '主語と動詞の一致',
  tense: '時制',
  'verb-form': '動詞の形',
  preposition: '前置詞',
  'word-order': '語順',
  'missing-word': '語の不足',
  'extra-word': '不要な語',
  spelling: 'スペル',
  'word-choice': '語の選択',
  /** A negation added or dropped: the answer says the opposite of the prompt. */
  negation: '意味の取り違え（否定）',
  /** A word replaced by its opposite (allowed / prohibited, start / stop). */
  antonym: '意味の取り違え（反対語）',
  /** A word that carries meaning (person, thing, place, time, number, action) replaced by another. */
  meaning: '意味の取り違え',
} as const;
export type ErrorKind = keyof typeof ERROR_KINDS;

export const ZEvaluationError = z.object({
  kind: z.enum(Object.keys(ERROR_KINDS) as [ErrorKind, ...ErrorKind[]]),
  /** Japanese label, ERROR_KINDS[kind]. */
  label: z.string(),
  /** The learner's words concerned (may be empty for a missing word). */
  words: z.array(z.string()),
  /** What the model answer has instead (may be empty for an extra word). */
  expected: z.array(z.string()),
  /** One Japanese sentence naming the fix, using the learner's actual words. */
  message: z.string(),
});
export type TEvaluationError = z.infer<typeof ZEvaluationError>;

/** Word-level diff of the learner's answer against the model answer, for display. */
export const ZDiffToken = z.object({
  op: z.enum(['equal', 'insert', 'delete', 'replace']),
  /** The learner's word(s) (empty for insert). */
  text: z.string(),
  /** The model answer's word(s) (empty for delete). */
  expected: z.string(),
});
export type TDiffToken = z.infer<typeof ZDiffToken>;

export const ZEvaluation = z.object({
  rating: z.number().int().min(1).max(5),
  /** The closest accepted answer (or, for an exact match, the accepted answer matched). */
  modelAnswer: z.string(),
  /** Japanese feedback: what was right, what to fix, the grammar point. */
  feedback: z.string(),
  /** Related phrases, each "English（日本語）". */
  similarPhrases: z.array(z.string()),
  errors: z.array(ZEvaluationError),
  /** True when the answer matches an accepted answer other than the first one (別解). */
  isAlternative: z.boolean(),
  /** The other accepted phrasings, shown with 別解 / for learning. */
  alternatives: z.array(z.string()),
  diff: z.array(ZDiffToken),
  /**
   * Fluent English (every word known, no spelling slip) that the accepted answers do not cover:
   * the grade may be wrong, the feedback says so and the appeal is offered. Absent on old verdicts.
   */
  lowConfidence: z.boolean().optional(),
});
export type TEvaluation = z.infer<typeof ZEvaluation>;
