/** A worker thread's entry that serves the evaluator (the server bundles its own: apps/api/src/evaluator-worker.ts). */
import { serveEvaluator } from './worker';

serveEvaluator();
