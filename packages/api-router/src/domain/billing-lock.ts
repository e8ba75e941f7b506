import { randomUUID } from 'node:crypto';
import { TEXT } from '@shunkan/config/texts';
import type { Db } from '@shunkan/db';
import { releaseBillingLock, tryTakeBillingLock } from '@shunkan/db/billing-locks';
import { AppError } from '../errors.js';

/**
 * One learner's billing writes run one after the other, and none holds a database session while the
 * payment provider answers (decision 074). Before, a write kept its transaction (and the learner's row
 * lock) open across the Stripe call: on PGlite (one session for the whole process) a Stripe that hung
 * stopped every other learner's request until Stripe's timeout, and on PostgreSQL it held a pooled
 * connection (decision 066). Now a write
 * 1. waits for this process's earlier writes of the same learner (a promise queue: no polling),
 * 2. takes the learner's lease in `billing_locks` (one statement; other instances' writes of the learner
 *    wait for it, polling every BILLING_LOCK_POLL_MS),
 * 3. takes one of BILLING_WRITES_AT_ONCE slots of this process,
 * 4. decides on the learner's row, calls the provider with no transaction open (with an idempotency key
 *    where a repeat could charge), and stores the outcome in a short transaction under the row lock,
 * 5. gives the lease up.
 * Waiting for steps 1-3 lasts at most BILLING_WRITE_WAIT_MS in all; then the write is refused with 503
 * 「ただいま混み合っています…」 and nothing is stored.
 */
export const BILLING_WRITES_AT_ONCE = 4;
export const BILLING_WRITE_WAIT_MS = 10_000;
/**
 * A lease outlives the longest write: real Stripe is given 20 s a try and three tries (stripe.ts), and a
 * write makes at most four calls. A lease left by a process that died frees the learner after this.
 */
export const BILLING_LOCK_TTL_MS = 5 * 60_000;
export const BILLING_LOCK_POLL_MS = 100;

type Gate = { running: number; waiting: Array<() => void> };
const gates = new WeakMap<Db, Gate>();
const queues = new WeakMap<Db, Map<string, Promise<void>>>();

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

/** Step 1: this process's writes of one learner, in arrival order. */
async function inLearnerQueue<T>(db: Db, userId: string, deadline: number, work: () => Promise<T>): Promise<T> {
  let learners = queues.get(db);
  if (!learners) queues.set(db, (learners = new Map()));
  const queue = learners;
  const before = queue.get(userId) ?? Promise.resolve();
  let done!: () => void;
  const mine = new Promise<void>((resolve) => (done = resolve));
  // The next write waits for this one, and this one for the one before, even if it gives up waiting.
  const tail = before.then(() => mine);
  queue.set(userId, tail);
  try {
    await until(before, deadline);
    return await work();
  } finally {
    // A write that gave up waiting lets the next one go only after the one it waited for.
    void before.then(done);
    void tail.then(() => {
      if (queue.get(userId) === tail) queue.delete(userId);
    });
  }
}

/** Step 2: the learner's lease, shared by every instance on the database. */
async function withLease<T>(db: Db, userId: string, deadline: number, work: () => Promise<T>): Promise<T> {
  const holder = randomUUID();
  while (!(await tryTakeBillingLock(db, userId, holder, BILLING_LOCK_TTL_MS))) {
    if (Date.now() + BILLING_LOCK_POLL_MS > deadline) throw busy();
    await new Promise((resolve) => setTimeout(resolve, BILLING_LOCK_POLL_MS));
  }
  try {
    return await work();
  } finally {
    // A failed release (the database went away) must not hide what the write answered; the lease then
    // expires by itself.
    await releaseBillingLock(db, userId, holder).catch(() => undefined);
  }
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
 * plain database: it opens only short transactions of its own and none across a provider call.
 */
export async function withBillingLock<T>(db: Db, userId: string, work: () => Promise<T>): Promise<T> {
  if (db.isTransaction) throw new Error('withBillingLock must not run inside a transaction');
  const deadline = Date.now() + BILLING_WRITE_WAIT_MS;
  return inLearnerQueue(db, userId, deadline, () => withLease(db, userId, deadline, () => withSlot(db, deadline, work)));
}
