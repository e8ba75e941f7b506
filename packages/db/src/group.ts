/**
 * Statements run in groups (decision 054). Each statement costs a fixed price whatever it does: on
 * PGlite ~0.15-0.2 ms of the API's own thread (the call into WebAssembly, the protocol, the commit),
 * on PostgreSQL a round trip and, for a write, a WAL flush during which the rows it wrote stay locked.
 * A `StatementGroup` runs a lone call at once, as before; the calls that arrive while one of its
 * statements is in flight wait for it and then run together as ONE statement (`many`), so the price
 * is paid once per group. Each caller gets its own result only once the group's statement is done
 * (for a write: committed). When a group's statement fails, its calls run one by one (`one`), so that
 * one bad call fails alone; unless the failure is the database's (`failTogether`: a connection lost, the
 * server shutting down), when every call of the group fails with it (decision 060): a write whose
 * connection was cut may have committed all the same, and running it again would store it twice.
 *
 * On PGlite a statement is never in flight when the next request comes: it runs in WebAssembly on
 * this thread, start to finish, within the turn of the event loop that called it, so the requests
 * that arrive together (read from their sockets, or their grades back from the grader's worker, in
 * one turn) each paid the whole price (decision 071: no group ever formed under the HTTP bench). A
 * handle marked by `gatherStatements` therefore waits for the end of the current turn
 * (`setImmediate`) before its group's first statement: every call made in that turn joins it.
 */
export type GroupStats = {
  groups: number;
  grouped: number;
  /** Groups whose statement failed and whose calls then ran one by one. */
  fallbacks: number;
  /** Groups whose statement failed for a reason that failed all their calls (failTogether). */
  failedTogether: number;
};

type Pending<I, O> = { input: I; resolve: (output: O) => void; reject: (error: unknown) => void };

export class StatementGroup<I, O> {
  readonly #one: (input: I) => Promise<O>;
  readonly #many: (inputs: I[]) => Promise<O[]>;
  readonly #max: number;
  readonly #stats: GroupStats;
  readonly #failTogether: (error: unknown) => boolean;
  readonly #gather: boolean;
  #queue: Pending<I, O>[] = [];
  #running = false;

  constructor(options: {
    one: (input: I) => Promise<O>;
    many: (inputs: I[]) => Promise<O[]>;
    max: number;
    stats: GroupStats;
    /** A failure of the group's statement that fails every call of the group, none run again alone. */
    failTogether?: (error: unknown) => boolean;
    /**
     * The first call waits for the end of the event loop's current turn, and the calls made meanwhile
     * run with it (a database whose statements run on this thread: see `gatherStatements`).
     */
    gather?: boolean;
  }) {
    this.#one = options.one;
    this.#gather = options.gather ?? false;
    this.#failTogether = options.failTogether ?? (() => false);
    this.#many = options.many;
    this.#max = options.max;
    this.#stats = options.stats;
  }

  run(input: I): Promise<O> {
    if (!this.#running) {
      this.#running = true;
      if (this.#gather) {
        const queued = new Promise<O>((resolve, reject) => this.#queue.push({ input, resolve, reject }));
        setImmediate(() => this.#drain());
        return queued;
      }
      return this.#one(input).finally(() => this.#drain());
    }
    return new Promise((resolve, reject) => this.#queue.push({ input, resolve, reject }));
  }

  #drain(): void {
    const group = this.#queue.splice(0, this.#max);
    if (group.length === 0) {
      this.#running = false;
      return;
    }
    void this.#runGroup(group).finally(() => this.#drain());
  }

  async #runGroup(group: Pending<I, O>[]): Promise<void> {
    if (group.length > 1) {
      let outputs: O[] | undefined;
      try {
        outputs = await this.#many(group.map((p) => p.input));
      } catch (error) {
        if (this.#failTogether(error)) {
          this.#stats.failedTogether++;
          for (const p of group) p.reject(error);
          return;
        }
        // One by one below: only the calls that fail alone fail.
        this.#stats.fallbacks++;
      }
      if (outputs) {
        this.#stats.groups++;
        this.#stats.grouped += group.length;
        group.forEach((p, k) => p.resolve(outputs[k] as O));
        return;
      }
    }
    await Promise.all(group.map((p) => this.#one(p.input).then(p.resolve, p.reject)));
  }
}

const GATHERING = new WeakSet<object>();

/**
 * Marks a database handle whose statements run on this thread (PGlite): its statement groups gather
 * the calls of one turn of the event loop before running (see StatementGroup's `gather`).
 */
export function gatherStatements(db: object): void {
  GATHERING.add(db);
}

/** Whether a handle's statement groups gather the calls of a turn (`gatherStatements`). */
export function gathersStatements(db: object): boolean {
  return GATHERING.has(db);
}

/** One StatementGroup per database handle (a handle's statements share its connection or pool). */
export function groupPerDatabase<D extends object, I, O>(make: (db: D) => StatementGroup<I, O>): (db: D) => StatementGroup<I, O> {
  const groups = new WeakMap<D, StatementGroup<I, O>>();
  return (db) => {
    let group = groups.get(db);
    if (!group) {
      group = make(db);
      groups.set(db, group);
    }
    return group;
  };
}
