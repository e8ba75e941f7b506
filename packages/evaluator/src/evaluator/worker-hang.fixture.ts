/** Test entry: the evaluator's worker, looping for ever (a stuck grader) when sent the answer "hang the worker". */
import { parentPort } from 'node:worker_threads';
import { serveEvaluator } from './worker';

parentPort?.on('message', (request: { answer?: string }) => {
  if (request.answer !== 'hang the worker') return;
  for (;;) {
    // Never returns: the thread answers nothing more.
  }
});
serveEvaluator();
