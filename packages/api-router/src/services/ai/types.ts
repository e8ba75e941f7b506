import type { LevelKey } from '@shunkan/config/levels';
import type { TEvaluation } from '@shunkan/evaluator/types';
import type { TBankProblem } from '@shunkan/evaluator/bank';

/**
 * Why an AI call failed. The evaluation flow logs it and hands it to the UI as the fallback reason,
 * so it stays a small closed set rather than free text.
 * - `rejected`: the API refused the request itself (bad key, unknown model, invalid request: 4xx
 *   other than 408/429). Retrying will not help; it usually means a configuration problem.
 */
export type AiFailureReason = 'timeout' | 'rate-limited' | 'server-error' | 'invalid-response' | 'network' | 'rejected';

/** Short Japanese explanations of each failure reason, for the fallback notice shown to the learner. */
export const AI_FAILURE_MESSAGES_JA: Record<AiFailureReason, string> = {
  timeout: 'AI採点が時間内に応答しなかったため、標準の採点で評価しました。',
  'rate-limited': 'AI採点が混み合っているため、標準の採点で評価しました。',
  'server-error': 'AI採点サービスで一時的な障害が発生したため、標準の採点で評価しました。',
  'invalid-response': 'AI採点の結果を読み取れなかったため、標準の採点で評価しました。',
  network: 'AI採点サービスに接続できなかったため、標準の採点で評価しました。',
  rejected: 'AI採点が利用できない設定のため、標準の採点で評価しました。',
};

/** A typed failure of an AI provider; every provider error leaves the provider as one of these. */
export class AiProviderError extends Error {
  override readonly name = 'AiProviderError';
  readonly reason: AiFailureReason;
  /** The HTTP status when the API answered with an error. */
  readonly status: number | undefined;

  constructor(reason: AiFailureReason, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.reason = reason;
    this.status = options.status;
  }
}

export function isAiProviderError(error: unknown): error is AiProviderError {
  return error instanceof AiProviderError;
}

/** What the evaluation flow needs from an AI provider. */
export type AiEvaluator = {
  readonly name: 'gemini';
  evaluate(problem: TBankProblem, answer: string): Promise<TEvaluation>;
};

/** A generated problem before it gets an id (ids are assigned when stored). */
export type ProblemDraft = Omit<TBankProblem, 'id'>;

export type GenerateProblemsInput = {
  level: LevelKey;
  count: number;
  /** Japanese sentences that already exist; the provider must not return them again. */
  avoidJapanese: string[];
  /** A learner's custom scenario the problems should be set in (title and description, learner text). */
  scenario?: { title: string; description: string };
};

/** What problem generation needs from an AI provider. */
export type AiProblemGenerator = {
  readonly name: 'gemini';
  generateProblems(input: GenerateProblemsInput): Promise<ProblemDraft[]>;
};

/**
 * The form of a Japanese sentence used to detect duplicates: the same sentence with different
 * spacing or with/without the final 。 counts as the same problem.
 */
export function normalizeJapaneseForDedupe(text: string): string {
  return text.trim().replace(/[\s\u3000。]/g, '');
}
