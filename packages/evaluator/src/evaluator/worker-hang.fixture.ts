/** Test entry: the evaluator's worker, looping for ever (a stuck grader) when sent the answer "hang the worker". */
import { BroadcastChannel, parentPort } from 'node:worker_threads';
import { serveEvaluator } from './worker';

/**
 * Told 'hung' once the thread holds the answer (delivered even though the thread then spins): a test
 * waits for that, not for a fixed pause, before it sends the answers meant to queue behind it.
 */
export const WORKER_HUNG_CHANNEL = 'shunkan-evaluator-worker-hung';

parentPort?.on('message', (request: { answer?: string }) => {
  if (request.answer !== 'hang the worker') return;
  new BroadcastChannel(WORKER_HUNG_CHANNEL).postMessage('hung');
  for (;;) {
    // Never returns: the thread answers nothing more.
  }
});
serveEvaluator();
