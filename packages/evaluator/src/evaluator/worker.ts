/**
 * The built-in evaluator in a worker thread, so that grading runs beside the HTTP and database work
 * of the main thread instead of between it. The worker loads the resources and compiles the bank's
 * lattices itself; verdicts are the in-process evaluator's (same code, same caches per problem).
 */
import { parentPort, Worker } from 'node:worker_threads';
import type { TBankProblem } from '../bank/types';
import { createEvaluator } from './index';
import type { TEvaluation } from './types';

type Request = { id: number; problem: TBankProblem; answer: string } | { id: number; prepare: true };
type Reply = { id: number; result?: TEvaluation; error?: string };

export interface WorkerEvaluator {
  evaluate(problem: TBankProblem, answer: string): Promise<TEvaluation>;
  /** Resolves once the worker has compiled the bank's lattices. */
  prepare(): Promise<void>;
  close(): Promise<void>;
}

/** Starts a worker running `serveEvaluator()` from the module at `url`. */
export function startEvaluatorWorker(url: URL): WorkerEvaluator {
  // A TypeScript entry (development, tests and benchmarks run through tsx): the worker registers
  // tsx itself before importing it (loader hooks of the main thread do not reach a worker here).
  const worker = url.pathname.endsWith('.ts')
    ? new Worker(`import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); })`, { eval: true })
    : new Worker(url);
  worker.unref();
  let next = 0;
  const pending = new Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>();
  worker.on('message', (reply: Reply) => {
    const p = pending.get(reply.id);
    pending.delete(reply.id);
    p?.resolve(reply);
  });
  const fail = (error: Error): void => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`evaluator worker exited (${code})`)));
  const call = (request: Omit<Request, 'id'>): Promise<Reply> =>
    new Promise((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  return {
    async evaluate(problem, answer) {
      const reply = await call({ problem, answer });
      if (!reply.result) throw new Error(reply.error ?? 'evaluator worker failed');
      return reply.result;
    },
    async prepare() {
      const reply = await call({ prepare: true });
      if (reply.error) throw new Error(reply.error);
    },
    async close() {
      await worker.terminate();
    },
  };
}

/** The worker's side: grades what the main thread sends. */
export function serveEvaluator(): void {
  const port = parentPort;
  if (!port) throw new Error('serveEvaluator() runs in a worker thread');
  const evaluator = createEvaluator();
  port.on('message', (request: Request) => {
    evaluator.then(
      async (ev) => {
        if ('prepare' in request) {
          await ev.prepare();
          port.postMessage({ id: request.id } satisfies Reply);
        } else {
          port.postMessage({ id: request.id, result: ev.evaluate(request.problem, request.answer) } satisfies Reply);
        }
      },
      (error: unknown) => port.postMessage({ id: request.id, error: String(error) } satisfies Reply),
    );
  });
}
