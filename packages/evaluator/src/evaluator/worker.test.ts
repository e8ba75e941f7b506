/**
 * The evaluator in a worker thread grades exactly as in process: the same verdicts for learner-like
 * and unrelated answers, after preparing the lattices of the problems it is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allBankProblems } from '../bank/index';
import { learnerVariants } from '../../eval/learner-variants';
import type { TBankProblem } from '../bank/types';
import { createEvaluator, normalizeAnswer, type Evaluator } from './index';
import { EvaluatorClosedError, EvaluatorUnavailableError, startEvaluatorWorker, type WorkerEvaluator } from './worker';

describe('evaluator worker', () => {
  let worker: WorkerEvaluator;
  let local: Evaluator;

  beforeAll(async () => {
    worker = startEvaluatorWorker(new URL('./worker-entry.ts', import.meta.url));
    local = await createEvaluator();
  }, 120_000);
  afterAll(async () => {
    await worker.close();
  });

  it('returns the in-process verdicts', async () => {
    const problems = allBankProblems().filter((_, k) => k % 97 === 0);
    for (const problem of problems) {
      for (const answer of [problem.answers[0] ?? '', (problem.answers[0] ?? '').replace(/\b(the|a)\b/, ''), 'I think this is a good answer.', '']) {
        expect(await worker.evaluate(problem, answer)).toEqual(local.evaluate(problem, answer));
      }
    }
  }, 120_000);

  it("grades with the answer's normalisation, normalizeAnswer's, in process and in the worker", async () => {
    const problems = allBankProblems().filter((_, k) => k % 131 === 0);
    const odd = ['', '   ', '日本語だけ', "I'VE   never, ever  been there!!", 'colour 12 twenty-one', 'Ｆｕｌｌ－ｗｉｄｔｈ “quotes”', 'x'.repeat(600)];
    for (const [k, problem] of problems.entries()) {
      const other = problems[(k + 1) % problems.length]?.answers[0] ?? '';
      for (const answer of [...learnerVariants(problem.answers[0] ?? '', other), ...odd]) {
        const graded = local.grade(problem, answer);
        expect(graded.normalizedAnswer).toBe(normalizeAnswer(answer));
        expect(graded.evaluation).toEqual(local.evaluate(problem, answer));
        expect(await worker.grade(problem, answer)).toEqual(graded);
      }
    }
    // A problem the grader cannot use: the neutral verdict, and still the answer's normalisation.
    const broken = { ...problems[0]!, answers: null } as unknown as TBankProblem;
    expect(local.grade(broken, "I'm here")).toEqual({ evaluation: expect.objectContaining({ rating: 1 }), normalizedAnswer: normalizeAnswer("I'm here") });
  }, 120_000);

  it('grades answers sent at once, each with its own verdict', async () => {
    const [p, q] = allBankProblems();
    if (!p || !q) throw new Error('bank is empty');
    const [a, b] = await Promise.all([worker.evaluate(p, p.answers[0] ?? ''), worker.evaluate(q, 'I think this is a good answer.')]);
    expect(a.rating).toBe(5);
    expect(b).toEqual(local.evaluate(q, 'I think this is a good answer.'));
  }, 60_000);
});

describe('evaluator worker that dies', () => {
  it('fails the answers it held and is replaced: the next answer is graded', async () => {
    const restarts: Error[] = [];
    const dying = startEvaluatorWorker(new URL('./worker-crash.fixture.ts', import.meta.url), { onRestart: (error) => restarts.push(error) });
    try {
      const [p] = allBankProblems();
      if (!p) throw new Error('bank is empty');
      expect((await dying.evaluate(p, p.answers[0] ?? '')).rating).toBe(5);
      const lost = dying.evaluate(p, 'crash the worker');
      await expect(lost).rejects.toThrow('evaluator worker exited (3)');
      await expect(lost).rejects.toBeInstanceOf(EvaluatorUnavailableError);
      expect(restarts).toHaveLength(1);
      expect((await dying.evaluate(p, p.answers[0] ?? '')).rating).toBe(5);
    } finally {
      await dying.close();
    }
    await expect(dying.evaluate(allBankProblems()[0]!, 'I like it.')).rejects.toBeInstanceOf(EvaluatorClosedError);
  }, 120_000);
});

describe('evaluator worker that hangs (decision 066)', () => {
  it('is ended once it has answered nothing for stuckAfterMs: the answers it held fail, the next answer is graded', async () => {
    const restarts: Error[] = [];
    const hanging = startEvaluatorWorker(new URL('./worker-hang.fixture.ts', import.meta.url), { stuckAfterMs: 1_000, onRestart: (error) => restarts.push(error) });
    try {
      const [p] = allBankProblems();
      if (!p) throw new Error('bank is empty');
      // Loading the resources is not timed (the first answer waits for it, however long it takes).
      expect((await hanging.evaluate(p, p.answers[0] ?? '')).rating).toBe(5);
      // Before: both waited for ever (no deadline); every later answer queued behind them.
      const started = Date.now();
      const stuck = hanging.evaluate(p, 'hang the worker');
      const behind = hanging.evaluate(p, p.answers[0] ?? '');
      await expect(stuck).rejects.toBeInstanceOf(EvaluatorUnavailableError);
      await expect(behind).rejects.toThrow(/evaluator worker stuck/);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(restarts).toHaveLength(1);
      expect((await hanging.evaluate(p, p.answers[0] ?? '')).rating).toBe(5);
      expect(restarts).toHaveLength(1);
    } finally {
      await hanging.close();
    }
  }, 120_000);
});

describe('evaluator workers side by side (decision 062)', () => {
  it('grade answers sent at once with the in-process verdicts, and prepare every worker', async () => {
    const pool = startEvaluatorWorker(new URL('./worker-entry.ts', import.meta.url), { size: 2 });
    try {
      const local = await createEvaluator();
      const problems = allBankProblems().filter((_, k) => k % 113 === 0);
      await pool.prepare();
      const answers = problems.flatMap((problem) => [problem.answers[0] ?? '', 'I think this is a good answer.'].map((answer) => ({ problem, answer })));
      const graded = await Promise.all(answers.map(({ problem, answer }) => pool.evaluate(problem, answer)));
      expect(graded).toEqual(answers.map(({ problem, answer }) => local.evaluate(problem, answer)));
    } finally {
      await pool.close();
    }
  }, 180_000);

  it('a worker that dies fails only the answers it held; the other goes on and the dead one is replaced', async () => {
    const restarts: Error[] = [];
    const pool = startEvaluatorWorker(new URL('./worker-crash.fixture.ts', import.meta.url), { size: 2, onRestart: (error) => restarts.push(error) });
    try {
      const [p] = allBankProblems();
      if (!p) throw new Error('bank is empty');
      // Sent at once: the first goes to the first worker (none busy), the second to the other.
      const lost = pool.evaluate(p, 'crash the worker');
      const kept = pool.evaluate(p, p.answers[0] ?? '');
      await expect(lost).rejects.toBeInstanceOf(EvaluatorUnavailableError);
      expect((await kept).rating).toBe(5);
      expect(restarts).toHaveLength(1);
      const again = await Promise.all([pool.evaluate(p, p.answers[0] ?? ''), pool.evaluate(p, p.answers[0] ?? '')]);
      expect(again.map((e) => e.rating)).toEqual([5, 5]);
    } finally {
      await pool.close();
    }
  }, 180_000);
});
