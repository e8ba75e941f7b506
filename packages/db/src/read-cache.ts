import type { DatabaseConnection, Driver, KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/**
 * A read cache for the embedded database (decision 022). PGlite runs inside the API process, on the
 * thread that serves HTTP, and costs 0.15-0.3 ms of that thread per statement even for a primary-key
 * read; it is also owned by this one process (no other instance, no psql can write to its directory
 * while the API runs). So rows that every request reads and few requests write (a learner's
 * subscription, the plan catalogue) can be kept in memory, provided every write is seen:
 *
 * - WriteWatch, a Kysely plugin, sees every statement built by Kysely (query builder or `sql`
 *   template, in or out of a transaction) and bumps the generation of each watched table it writes:
 *   INSERT / UPDATE / DELETE / MERGE nodes anywhere in the tree (data-modifying CTEs included), and
 *   raw SQL fragments that name a watched table next to a writing keyword. It bumps before the
 *   statement runs and again when its result arrives.
 * - A cached value is stored with the generation read BEFORE its query was sent, and used only while
 *   the generation is unchanged: a write that ran between that read and the store, or any time after,
 *   makes it a miss. PGlite has one connection behind a mutex and a transaction holds it, so a read
 *   sent after a bump never sees the state before that write.
 *
 * On a PostgreSQL server (decision 032) other instances and tools write unseen by this plugin, so there
 * the cache also needs the server's word: migration 0017 announces every statement that writes a cached
 * table (NOTIFY at commit), read-cache-listener.ts bumps the table's generation on each notice and
 * bypasses the cache while it is not listening; this plugin still makes this process's own writes count
 * at once, and `watchCommits` bumps again when a transaction that wrote a cached table commits (a read on
 * another connection during that transaction saw the rows before it).
 */
export class WriteWatch implements KyselyPlugin {
  readonly #tables: ReadonlySet<string>;
  readonly #pattern: RegExp;
  readonly #generations = new Map<string, number>();
  readonly #pending = new WeakMap<object, string[]>();
  /**
   * What a `sql` fragment's text says, by its fragments array: a tagged template passes the same frozen
   * array on every call of one call site, so a statement's text is scanned once, not on every request
   * (the next-problem statement is ~4 KB of SQL). Texts built at run time (`sql.raw`) are new arrays: scanned each time.
   */
  readonly #rawScans = new WeakMap<readonly string[], { writes: boolean; named: string[] }>();
  #writes = 0;

  constructor(tables: readonly string[]) {
    this.#tables = new Set(tables);
    this.#pattern = new RegExp(`\\b(${tables.join('|')})\\b`, 'i');
  }

  /** A number that changes whenever one of these tables may have been written. */
  generation(tables: readonly string[]): number {
    let sum = 0;
    for (const table of tables) sum += this.#generations.get(table) ?? 0;
    return sum;
  }

  /** Counts the statements that wrote a watched table (a transaction compares it at its start and end). */
  get writes(): number {
    return this.#writes;
  }

  /** Every watched table, or these: values read from them before now are stale. */
  invalidate(tables: readonly string[] = [...this.#tables]): void {
    this.#bump(tables.filter((table) => this.#tables.has(table)));
  }

  #bump(tables: readonly string[]): void {
    for (const table of tables) this.#generations.set(table, (this.#generations.get(table) ?? 0) + 1);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const written = new Set<string>();
    this.#collect(args.node, false, written);
    if (written.size > 0) {
      const tables = [...written];
      this.#writes++;
      this.#bump(tables);
      this.#pending.set(args.queryId, tables);
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const tables = this.#pending.get(args.queryId);
    if (tables) {
      this.#pending.delete(args.queryId);
      this.#bump(tables);
    }
    return args.result;
  }

  /** Watched tables a statement writes. `writing`: inside a write node (its raw fragments count). */
  #collect(node: unknown, writing: boolean, into: Set<string>): void {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) this.#collect(item, writing, into);
      return;
    }
    const kind = (node as OperationNode).kind as string | undefined;
    // Parameter values (strings, dates, JSON documents) are never SQL: nothing below them to look at.
    if (kind === 'ValueNode' || kind === 'PrimitiveValueListNode') return;
    let inWrite = writing;
    if (kind === 'InsertQueryNode' || kind === 'UpdateQueryNode' || kind === 'DeleteQueryNode' || kind === 'MergeQueryNode') {
      inWrite = true;
    } else if (kind === 'TableNode' && writing) {
      const name = (node as { table: { identifier: { name: string } } }).table.identifier.name;
      if (this.#tables.has(name)) into.add(name);
      return;
    } else if (kind === 'RawNode') {
      const fragments = (node as { sqlFragments: readonly string[] }).sqlFragments;
      let scan = this.#rawScans.get(fragments);
      if (!scan) {
        const text = fragments.join(' ');
        scan = {
          writes: /\b(insert|update|delete|merge|truncate|alter|drop|copy)\b/i.test(text),
          named: [...text.matchAll(new RegExp(this.#pattern.source, 'gi'))].map((match) => match[1]!.toLowerCase()),
        };
        this.#rawScans.set(fragments, scan);
      }
      // A `sql` statement (or fragment) that writes: every watched table it names counts as written.
      if (writing || scan.writes) for (const table of scan.named) into.add(table);
    }
    for (const value of Object.values(node)) {
      if (value !== null && typeof value === 'object') this.#collect(value, inWrite, into);
    }
  }
}

/** Values read through `read`, kept while the tables they come from are unwritten (see WriteWatch). */
export class ReadCache {
  readonly #watch: WriteWatch;
  readonly #entries = new Map<string, { generation: number; value: unknown }>();
  readonly #maxEntries: number;

  constructor(watch: WriteWatch, options: { maxEntries?: number } = {}) {
    this.#watch = watch;
    this.#maxEntries = options.maxEntries ?? 20_000;
  }

  #bypass = false;

  /**
   * While set, every read goes to the database and nothing is kept (a PostgreSQL server's notices may be
   * missed: the listening connection is down). Either way what is held is dropped: notices may have
   * been missed before the loss was seen, and reads started before now must not be stored.
   */
  setBypass(bypass: boolean): void {
    this.#bypass = bypass;
    this.#entries.clear();
    this.#watch.invalidate();
  }

  get bypassed(): boolean {
    return this.#bypass;
  }

  async get<T>(key: string, tables: readonly string[], read: () => Promise<T>): Promise<T> {
    if (this.#bypass) return read();
    const generation = this.#watch.generation(tables);
    const entry = this.#entries.get(key);
    if (entry && entry.generation === generation) return entry.value as T;
    const value = await read();
    // Shared by every later caller: frozen, so that a caller changing it fails loudly instead of
    // changing what the next request reads.
    if (value !== null && typeof value === 'object') Object.freeze(value);
    if (this.#entries.size >= this.#maxEntries) this.#entries.clear();
    this.#entries.set(key, { generation, value });
    return value;
  }
}

/** Tables whose rows the cache may keep (every write to them is watched). */
export const CACHED_TABLES = ['subscriptions', 'plans'] as const;

const caches = new WeakMap<object, ReadCache>();

/** Attaches a read cache to a database instance (createDatabase does it). */
export function attachReadCache(db: object, cache: ReadCache): void {
  caches.set(db, cache);
}

/**
 * Reads through the cache attached to `db`, or straight from the database when there is none (a
 * transaction reads its own writes, never a cached value; a handle made with `readCache: false`).
 */
export function cachedRead<T>(db: object, key: string, tables: readonly string[], read: () => Promise<T>): Promise<T> {
  const cache = caches.get(db);
  return cache ? cache.get(key, tables, read) : read();
}

/**
 * Wraps a Kysely driver so that a transaction which wrote a watched table bumps the generations again
 * when it commits or rolls back. Needed with a connection pool: a read on another connection between
 * the write and the commit sees the rows as they were and would be stored under the generation of
 * after the write. (PGlite has one connection, held by the transaction: no read can run meanwhile.)
 */
export function watchCommits<D extends Driver>(driver: D, watch: WriteWatch): D {
  const started = new WeakMap<DatabaseConnection, number>();
  const begin = driver.beginTransaction.bind(driver);
  const commit = driver.commitTransaction.bind(driver);
  const rollback = driver.rollbackTransaction.bind(driver);
  const end = (connection: DatabaseConnection) => {
    const writesAtStart = started.get(connection);
    started.delete(connection);
    // Any watched write since this transaction began (possibly another connection's: a harmless extra miss).
    if (writesAtStart === undefined || writesAtStart !== watch.writes) watch.invalidate();
  };
  driver.beginTransaction = async (connection, settings) => {
    started.set(connection, watch.writes);
    await begin(connection, settings);
  };
  driver.commitTransaction = async (connection) => {
    try {
      await commit(connection);
    } finally {
      end(connection);
    }
  };
  driver.rollbackTransaction = async (connection) => {
    try {
      await rollback(connection);
    } finally {
      end(connection);
    }
  };
  return driver;
}
