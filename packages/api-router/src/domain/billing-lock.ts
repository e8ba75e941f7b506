import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { TEXT } from '@shunkan/config/texts';
import type { Db } from '@shunkan/db';
import { releaseBillingLock, renewBillingLock, tryTakeBillingLock, waitForBillingLockRelease } from '@shunkan/db/billing-locks';
import { AppError } from '../errors.js';

/**
 * One learner's billing writes run one after the other, and none holds a database session while the
 * payment provider answers (decision 074). A write
 * 1. waits for this process's earlier writes of the same learner (a promise queue: no polling); a write
 *    sent again while the same write (same `intent`) is still queued or running waits for that one only
 *    and is then answered from the stored state (`settled`) when there is nothing left to do (decision 086),
 * 2. takes the learner's lease in `billing_locks` (one statement). Writes of the learner on other instances
 *    wait for it, woken by its release (a PostgreSQL notice, or this process's own release) and polling
 *    every BILLING_LOCK_POLL_MS for a lease that expired; once woken they too ask `settled` first,
 * 3. takes one of BILLING_WRITES_AT_ONCE slots of this process,
 * 4. decides on the learner's row, calls the provider with no transaction open (with an idempotency key
 *    where a repeat could charge), and stores the outcome in a short transaction under the row lock that
 *    first checks that the lease is still this write's (assertBillingLease: the fence),
 * 5. gives the lease up.
 * While the write works, its lease is renewed every BILLING_LOCK_RENEW_MS for BILLING_LOCK_TTL_MS: a write
 * whose process (or PGlite instance) died stops renewing, and the learner can write again within
 * BILLING_LOCK_TTL_MS instead of minutes (decision 086).
 * Waiting for steps 1-3 lasts at most BILLING_WRITE_WAIT_MS in all; then the write is refused with 503
 * 「ただいま混み合っています…」 and nothing is stored.
 */
export const BILLING_WRITES_AT_ONCE = 4;
export const BILLING_WRITE_WAIT_MS = 10_000;
/**
 * A lease lasts this long unless its holder renews it. Shorter than BILLING_WRITE_WAIT_MS, so a write that
 * arrives just after a holder died still gets through instead of being refused.
 */
export const BILLING_LOCK_TTL_MS = 6_000;
/** How often a working holder renews its lease: four renewals a lease, so a slow statement or two is absorbed. */
export const BILLING_LOCK_RENEW_MS = 1_500;
/** A waiter's poll for a lease that expired (a release is announced and wakes it at once). */
export const BILLING_LOCK_POLL_MS = 250;

/**
 * What a write does when it had to wait for another write of the learner: it reads the stored state and
 * either answers from it (`{ answer }`: the same write was just done, or the state refuses it; a thrown
 * AppError is the refusal) or returns undefined to go on and take the lease. Reads only.
 */
export type Settled<T> = () => Promise<{ answer: T } | undefined>;

export type BillingWriteOptions<T> = {
  /** Names the write (e.g. `upgrade:yearly`): the same learner's writes with the same intent are one write sent again. */
  intent?: string;
  settled?: Settled<T>;
};

type Lease = { userId: string; holder: string };
const leases = new AsyncLocalStorage<Lease>();

type Gate = { running: number; waiting: Array<() => void> };
const gates = new WeakMap<Db, Gate>();
type Entry = { intent: string | undefined; finished: Promise<void> };
type Learner = { tail: Promise<void>; entries: Entry[] };
const queues = new WeakMap<Db, Map<string, Learner>>();

function busy(): AppError {
  return new AppError('SERVICE_UNAVAILABLE', TEXT.serviceUnavailable);
}

/** Resolves when `promise` does, or rejects with 503 at `deadline` (the promise is left running). */
async function until<T>(promise: Promise<T>, deadline: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(busy()), Math.max(0, deadline - Date.now()));
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

type Outcome<T> = { answer: T } | undefined;

/** Step 1: this process's writes of one learner, in arrival order; a repeat of a queued write waits for it. */
async function inLearnerQueue<T>(db: Db, userId: string, deadline: number, options: BillingWriteOptions<T>, work: () => Promise<T>): Promise<T> {
  let found = queues.get(db);
  if (!found) queues.set(db, (found = new Map()));
  const learners = found;
  let learner = learners.get(userId);
  if (!learner) learners.set(userId, (learner = { tail: Promise.resolve(), entries: [] }));
  const { intent, settled } = options;
  if (intent !== undefined && settled) {
    const same = learner.entries.findLast((e) => e.intent === intent);
    if (same) {
      // The same write is already on its way: wait for it alone (not for a place at the end of the queue),
      // then answer from what it stored. Every repeat reads at once, side by side.
      await until(same.finished, deadline);
      const outcome: Outcome<T> = await settled();
      if (outcome) return outcome.answer;
    }
  }
  const queue = learner;
  const waits = queue.entries.length > 0;
  const before = queue.tail;
  let done!: () => void;
  const mine = new Promise<void>((resolve) => (done = resolve));
  const entry: Entry = { intent, finished: mine };
  queue.entries.push(entry);
  // The next write waits for this one, and this one for the one before, even if it gives up waiting.
  const tail = before.then(() => mine);
  queue.tail = tail;
  try {
    await until(before, deadline);
    if (waits && settled) {
      const outcome = await settled();
      if (outcome) return outcome.answer;
    }
    return await work();
  } finally {
    // A write that gave up waiting lets the next one go only after the one it waited for.
    void before.then(() => {
      queue.entries.splice(queue.entries.indexOf(entry), 1);
      done();
    });
    void tail.then(() => {
      if (queue.tail === tail && learners.get(userId) === queue) learners.delete(userId);
    });
  }
}

/** Step 2: the learner's lease, shared by every instance on the database, renewed while the write works. */
async function withLease<T>(db: Db, userId: string, deadline: number, settled: Settled<T> | undefined, work: () => Promise<T>): Promise<T> {
  const holder = randomUUID();
  while (!(await tryTakeBillingLock(db, userId, holder, BILLING_LOCK_TTL_MS))) {
    const left = deadline - Date.now();
    if (left <= 0) throw busy();
    const released = await waitForBillingLockRelease(db, userId, Math.min(BILLING_LOCK_POLL_MS, left));
    if (released && settled) {
      const outcome = await settled();
      if (outcome) return outcome.answer;
    }
  }
  let renewal: Promise<unknown> = Promise.resolve();
  const heartbeat = setInterval(() => {
    // One renewal at a time; a failed one (the database away) is retried at the next beat, and the store's
    // fence refuses the write if the lease was taken over meanwhile.
    renewal = renewal.then(() => renewBillingLock(db, userId, holder, BILLING_LOCK_TTL_MS)).catch(() => undefined);
  }, BILLING_LOCK_RENEW_MS);
  heartbeat.unref();
  try {
    return await leases.run({ userId, holder }, work);
  } finally {
    clearInterval(heartbeat);
    await renewal;
    // A failed release (the database went away) must not hide what the write answered; the lease then
    // expires by itself.
    await releaseBillingLock(db, userId, holder).catch(() => undefined);
  }
}

/**
 * The fence: inside the transaction that stores a billing write's outcome, checks (and extends) the
 * learner's lease of the running write. If another write took it over (this one's renewals stopped, e.g.
 * the database was away for longer than BILLING_LOCK_TTL_MS), the transaction stops with 503 and stores
 * nothing; what the provider was asked carries an idempotency key, so the retry does not charge again.
 * Outside withBillingLock it checks nothing (a caller without the lease serialises by the row lock alone).
 */
export async function assertBillingLease(trx: Db, userId: string): Promise<void> {
  const lease = leases.getStore();
  if (!lease || lease.userId !== userId) return;
  if (!(await renewBillingLock(trx, userId, lease.holder, BILLING_LOCK_TTL_MS))) throw busy();
}

/**
 * Step 3: at most BILLING_WRITES_AT_ONCE billing writes of this process wait on the provider at once
 * (decision 066 bounded them because each held a pooled connection; now each holds a request, a socket to
 * Stripe and a share of Stripe's account-wide rate limit). A freed slot passes straight to the first waiter.
 */
async function withSlot<T>(db: Db, deadline: number, work: () => Promise<T>): Promise<T> {
  let gate = gates.get(db);
  if (!gate) gates.set(db, (gate = { running: 0, waiting: [] }));
  const slots = gate;
  if (slots.running < BILLING_WRITES_AT_ONCE) slots.running++;
  else {
    await new Promise<void>((resolve, reject) => {
      const take = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        slots.waiting.splice(slots.waiting.indexOf(take), 1);
        reject(busy());
      }, Math.max(0, deadline - Date.now()));
      slots.waiting.push(take);
    });
  }
  try {
    return await work();
  } finally {
    const next = slots.waiting.shift();
    if (next) next();
    else slots.running--;
  }
}

/**
 * Runs one billing write of the learner with their writes serialised (steps 1-3 above). `work` gets the
 * plain database: it opens only short transactions of its own and none across a provider call, and each
 * transaction that stores an outcome calls assertBillingLease first.
 */
export async function withBillingLock<T>(db: Db, userId: string, work: () => Promise<T>, options: BillingWriteOptions<T> = {}): Promise<T> {
  if (db.isTransaction) throw new Error('withBillingLock must not run inside a transaction');
  const deadline = Date.now() + BILLING_WRITE_WAIT_MS;
  return inLearnerQueue(db, userId, deadline, options, () => withLease(db, userId, deadline, options.settled, () => withSlot(db, deadline, work)));
}
