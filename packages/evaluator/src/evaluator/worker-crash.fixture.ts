/** Test entry: the evaluator's worker, ending its thread (code 3) when sent the answer "crash the worker". */
import { parentPort } from 'node:worker_threads';
import { serveEvaluator } from './worker';

parentPort?.on('message', (request: { answer?: string }) => {
  if (request.answer === 'crash the worker') process.exit(3);
});
serveEvaluator();
