/**
 * The built-in evaluator in a worker thread, so that grading runs beside the HTTP and database work
 * of the main thread instead of between it. The worker loads the resources and compiles the bank's
 * lattices itself; verdicts are the in-process evaluator's (same code, same caches per problem).
 */
import { parentPort, Worker } from 'node:worker_threads';
import type { TBankProblem } from '../bank/types';
import { createEvaluator, type GradedAnswer } from './index';
import type { TEvaluation } from './types';

type Request = { id: number; problem: TBankProblem; answer: string } | { id: number; prepare: true };
type Reply = { id: number; result?: TEvaluation; normalizedAnswer?: string; error?: string };
/**
 * Sent by a worker once its evaluator has loaded, then every `HEARTBEAT_MS` while its thread is free
 * between answers (and between `prepare`'s batches): silence with answers pending means it is stuck.
 */
type Alive = { alive: true };

const HEARTBEAT_MS = 200;

export interface WorkerEvaluator {
  evaluate(problem: TBankProblem, answer: string): Promise<TEvaluation>;
  /** `evaluate` with the answer's normalisation (the evaluator's `grade`). */
  grade(problem: TBankProblem, answer: string): Promise<GradedAnswer>;
  /** Resolves once the worker has compiled the bank's lattices. */
  prepare(): Promise<void>;
  close(): Promise<void>;
}

/** Error of the calls pending when the evaluator is closed on purpose (the server stopping). */
export class EvaluatorClosedError extends Error {
  constructor() {
    super('evaluator worker closed');
  }
}

/**
 * Error of the calls a worker held when it died (an exception in it, memory): the answer was not
 * graded, and the next one will be (a new worker has started). The API answers it 503 "try again"
 * (`code`, read by api-router errors.ts), not 500.
 */
export class EvaluatorUnavailableError extends Error {
  readonly code = 'EVALUATOR_UNAVAILABLE';
}

/** Options of `startEvaluatorWorker`. */
export interface EvaluatorWorkerOptions {
  /** Called when a worker died and was replaced (its pending answers failed). */
  onRestart?: (error: Error) => void;
  /**
   * Worker threads grading side by side (default 1). Each holds the evaluator's resources and the
   * compiled lattices (~250 MB measured); answers go to the worker with the fewest pending (decision 062).
   */
  size?: number;
  /**
   * A worker that holds answers and has sent nothing (no answer, no heartbeat) for this long is stuck
   * (a grader loop on some input): it is ended, the answers it held fail with `EvaluatorUnavailableError`
   * and a new worker takes its slot (default 10,000 ms; one answer takes at most ~150 ms, decision 045,
   * and `prepare` yields every few problems). Loading the evaluator's resources is not timed.
   */
  stuckAfterMs?: number;
}

/** The default of `EvaluatorWorkerOptions.stuckAfterMs`. */
export const EVALUATOR_STUCK_AFTER_MS = 10_000;

/**
 * Starts `size` workers running `serveEvaluator()` from the module at `url`. A worker that dies (an
 * exception in it, memory) fails the calls it held and is replaced at once, so the next answer is
 * graded again; the new worker compiles each problem when first asked (no second full preparation).
 */
export function startEvaluatorWorker(url: URL, options: EvaluatorWorkerOptions = {}): WorkerEvaluator {
  let next = 0;
  let closed = false;
  const size = Math.max(1, Math.floor(options.size ?? 1));

  /** One worker thread and the calls it holds (its replacement takes its slot). */
  type Slot = {
    worker: Worker;
    pending: Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>;
    /** The worker's evaluator has loaded (its first `Alive` message). */
    loaded: boolean;
    /** When the worker last sent anything. */
    heardAt: number;
    /** Ends the current worker's calls with `error` and replaces it. */
    fail: (error: Error) => void;
  };
  const stuckAfterMs = options.stuckAfterMs ?? EVALUATOR_STUCK_AFTER_MS;

  const spawn = (slot: Slot): Worker => {
    // A TypeScript entry (development, tests and benchmarks run through tsx): the worker registers
    // tsx itself before importing it (loader hooks of the main thread do not reach a worker here).
    const created = url.pathname.endsWith('.ts')
      ? new Worker(`import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); })`, { eval: true })
      : new Worker(url);
    created.unref();
    slot.loaded = false;
    created.on('message', (message: Reply | Alive) => {
      slot.heardAt = Date.now();
      if ('alive' in message) {
        slot.loaded = true;
        return;
      }
      const p = slot.pending.get(message.id);
      slot.pending.delete(message.id);
      p?.resolve(message);
    });
    let failed = false;
    const lost = (error: Error): void => {
      if (failed) return;
      failed = true;
      const held = [...slot.pending.values()];
      slot.pending.clear();
      const reason = closed ? new EvaluatorClosedError() : error;
      for (const p of held) p.reject(reason);
      if (closed) return;
      options.onRestart?.(error);
      slot.worker = spawn(slot);
    };
    slot.fail = (error) => {
      lost(error);
      void created.terminate();
    };
    created.on('error', (error) => lost(new EvaluatorUnavailableError(`evaluator worker failed: ${error.message}`, { cause: error })));
    created.on('exit', (code) => lost(new EvaluatorUnavailableError(`evaluator worker exited (${code})`)));
    return created;
  };
  const slots: Slot[] = [];
  for (let k = 0; k < size; k++) {
    const slot = { pending: new Map(), loaded: false, heardAt: Date.now() } as unknown as Slot;
    slot.worker = spawn(slot);
    slots.push(slot);
  }

  // The watchdog: a worker thread runs one answer at a time, so one that never returns holds every
  // answer sent to it (and, with one worker, all grading) until it is ended.
  const watchdog = setInterval(
    () => {
      const now = Date.now();
      for (const slot of slots) {
        if (!slot.loaded || slot.pending.size === 0 || now - slot.heardAt < stuckAfterMs) continue;
        slot.fail(new EvaluatorUnavailableError(`evaluator worker stuck: nothing heard for ${now - slot.heardAt} ms`));
      }
    },
    Math.max(50, Math.min(1_000, stuckAfterMs / 4)),
  );
  watchdog.unref();

  /** The least busy worker: the fewest answers pending (the first such, so one worker serves a trickle). */
  const pick = (): Slot => {
    let best = slots[0]!;
    for (const slot of slots) if (slot.pending.size < best.pending.size) best = slot;
    return best;
  };
  const call = (slot: Slot, request: Omit<Request, 'id'>): Promise<Reply> =>
    new Promise((resolve, reject) => {
      if (closed) return reject(new EvaluatorClosedError());
      const id = next++;
      slot.pending.set(id, { resolve, reject });
      slot.worker.postMessage({ ...request, id });
    });
  const grade = async (problem: TBankProblem, answer: string): Promise<GradedAnswer> => {
    const reply = await call(pick(), { problem, answer });
    if (!reply.result || reply.normalizedAnswer === undefined) throw new Error(reply.error ?? 'evaluator worker failed');
    return { evaluation: reply.result, normalizedAnswer: reply.normalizedAnswer };
  };
  return {
    async evaluate(problem, answer) {
      return (await grade(problem, answer)).evaluation;
    },
    grade,
    async prepare() {
      // Every worker compiles the bank's lattices (each grades any problem).
      const replies = await Promise.all(slots.map((slot) => call(slot, { prepare: true })));
      const failed = replies.find((reply) => reply.error);
      if (failed) throw new Error(failed.error);
    },
    async close() {
      closed = true;
      clearInterval(watchdog);
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}

/** The worker's side: grades what the main thread sends. */
export function serveEvaluator(): void {
  const port = parentPort;
  if (!port) throw new Error('serveEvaluator() runs in a worker thread');
  const evaluator = createEvaluator();
  // Heartbeats from the moment the evaluator has loaded (loading the resources is not timed): they stop
  // only when the thread is busy, so the main thread's watchdog sees a stuck answer (not a long queue).
  void evaluator.then(() => {
    port.postMessage({ alive: true } satisfies Alive);
    setInterval(() => port.postMessage({ alive: true } satisfies Alive), HEARTBEAT_MS).unref();
  });
  port.on('message', (request: Request) => {
    evaluator.then(
      async (ev) => {
        if ('prepare' in request) {
          await ev.prepare();
          port.postMessage({ id: request.id } satisfies Reply);
        } else {
          // A grader exception fails this answer only (an unhandled one would end the thread).
          let reply: Reply;
          try {
            const graded = ev.grade(request.problem, request.answer);
            reply = { id: request.id, result: graded.evaluation, normalizedAnswer: graded.normalizedAnswer };
          } catch (error) {
            reply = { id: request.id, error: String(error) };
          }
          port.postMessage(reply);
        }
      },
      (error: unknown) => port.postMessage({ id: request.id, error: String(error) } satisfies Reply),
    );
  });
}
