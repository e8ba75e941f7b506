import { z } from 'zod';
import { LEVEL_KEYS } from '@shunkan/config/levels';

/** One item of the bundled problem bank (data/<level>.json). */
export const ZBankProblem = z.object({
  /** `<level>-NNN`, e.g. `toeic-001`; stable forever (attempts reference it). */
  id: z.string().regex(/^(toeic|middle-school|high-school|basic-verbs)-\d{3}$/),
  level: z.enum(LEVEL_KEYS),
  /** The Japanese sentence shown to the learner. */
  japanese: z.string().min(2),
  /** 3-5 natural English answers a teacher would accept; the first is the main model answer. */
  answers: z.array(z.string().min(2)).min(3).max(5),
  /** The grammar point in Japanese, e.g. 現在完了（継続）. */
  grammarPoint: z.string().min(1),
  /** A short Japanese explanation of how to build the sentence. */
  explanation: z.string().min(5),
  /** Per-problem synonyms: a word of the answers mapped to words that may replace it. */
  synonyms: z.record(z.string(), z.array(z.string())),
  /** 2-3 related English phrases with Japanese glosses. */
  similarPhrases: z.array(z.object({ en: z.string().min(2), ja: z.string().min(1) })).min(2).max(3),
  /**
   * Sentences accepted later (appeals decided by an admin): not part of the bundled bank, layered
   * over it from the database; graded like accepted answers.
   */
  extraAnswers: z.array(z.string().min(1)).optional(),
});
export type TBankProblem = z.infer<typeof ZBankProblem>;
