import type { Db } from '@shunkan/db';
import type { Logger } from '../session.js';
import type { PracticeServices } from '../domain/practice.js';
import { createDbEvaluationCache, type BuiltinEvaluator } from './ai/evaluate-answer.js';
import { createGeminiProvider, type GeminiProviderOptions } from './ai/gemini.js';
import { createEvaluator, type Evaluator } from '@shunkan/evaluator';

/** Loads the built-in evaluator's NLP resources once per process, on first use (or eagerly via warm()). */
export function createEvaluatorLoader(): () => Promise<Evaluator> {
  let loading: Promise<Evaluator> | null = null;
  return () => {
    loading ??= createEvaluator();
    return loading;
  };
}

const sharedLoader = createEvaluatorLoader();

/** The AI provider is chosen once: Gemini with a key, otherwise the built-in evaluator alone. */
export function createPracticeServices(options: { db: Db; log: Logger; gemini?: GeminiProviderOptions; grader?: BuiltinEvaluator }): PracticeServices {
  return {
    getEvaluator: sharedLoader,
    ...(options.grader ? { grader: options.grader } : {}),
    ai: options.gemini ? createGeminiProvider(options.gemini) : null,
    cache: createDbEvaluationCache(options.db),
    log: options.log,
  };
}
