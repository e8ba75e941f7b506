import { createHash } from 'node:crypto';
import { parse, protocol, type PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import type { PGliteDialectConfig } from 'kysely';
import pg from 'pg';

/**
 * Prepared statements reused by SQL text (decision 028). Kysely sends every statement unnamed, so the
 * database parses, analyses and plans the same text on every request: for the next-problem statement
 * on PGlite that was 0.9 ms of planning against 0.2 ms of execution (EXPLAIN ANALYZE), all of it on the
 * API's own thread. A statement prepared once under a name is only bound and executed afterwards, and
 * PostgreSQL's plan cache may keep a generic plan for it (plan_cache_mode auto: after five custom
 * plans, the generic one when it is not costlier). DDL and transaction control never go through here,
 * and a statement whose tables changed shape is re-prepared (see `isStalePlan`).
 */

/** Statements worth preparing: data reads and writes, not DDL, transaction control or SET. */
export function isPreparable(text: string): boolean {
  return /^\s*(select|insert|update|delete|with)\b/i.test(text);
}

/** "cached plan must not change result type": a prepared statement outlived a change of its tables. */
function isStalePlan(error: unknown): boolean {
  return (error as { code?: string })?.code === '0A000';
}

/** At most this many texts are prepared (texts with variable `in (...)` lists vary without bound). */
export const MAX_PREPARED = 500;

type Message = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
/**
 * A statement prepared in PGlite's session: its name, its parameter types and the description of its
 * result rows (null when it returns none), both from the Describe of the statement at preparation.
 */
type Prepared = { name: string; paramTypes: number[]; rowDescription: Message | null };

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Bind (unnamed portal, every parameter and result in text format), Execute (all rows) and Sync, as ONE
 * buffer: the frontend messages of PostgreSQL's protocol 3.0
 * (https://www.postgresql.org/docs/current/protocol-message-formats.html), byte for byte what
 * pg-protocol's `serialize.bind/execute/sync` produce and `concat` joined, except that the parameter
 * format codes are given as "0 codes" (all text) instead of one 0 per parameter, which the protocol
 * defines as the same. pg-protocol's writer allocates and copies an ArrayBuffer per message and per
 * growth (then the join): 17-22 µs per statement on this machine, against ~1-2 µs here; it ran on the
 * API's thread for every statement (decision 042).
 *
 * No Describe of the portal: its RowDescription (column names and types, decoded field by field on
 * every run) is the one the Describe of the statement gave at preparation, since a prepared
 * statement's result columns cannot change (a change of its tables' shape fails it with 0A000 and it
 * is prepared again, `isStalePlan`); the formats differ only in that the statement's says 0 (text)
 * for every column, which is what this Bind asks for.
 */
export function bindAndExecute(statement: string, values: readonly (string | null)[]): Uint8Array {
  const statementLength = Buffer.byteLength(statement);
  let length = 1 + 4 + 1 + statementLength + 1 + 2 + 2 + 2; // Bind up to its parameter count; result codes at the end
  const lengths: number[] = [];
  for (const value of values) {
    const bytes = value === null ? 0 : Buffer.byteLength(value);
    lengths.push(bytes);
    length += 4 + bytes;
  }
  const bindLength = length;
  length += EXECUTE_SYNC.length;
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  out[at++] = 0x42; // 'B'
  out.writeInt32BE(bindLength - 1, at);
  at += 4;
  out[at++] = 0; // unnamed portal
  at += out.write(statement, at);
  out[at++] = 0;
  out.writeInt16BE(0, at); // no parameter format codes: all text
  at += 2;
  out.writeInt16BE(values.length, at);
  at += 2;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (value === null) {
      out.writeInt32BE(-1, at);
      at += 4;
    } else {
      out.writeInt32BE(lengths[i]!, at);
      at += 4;
      at += out.write(value, at);
    }
  }
  out.writeInt16BE(0, at); // no result format codes: all text
  at += 2;
  out.set(EXECUTE_SYNC, at);
  return out;
}

/** Execute of the unnamed portal (no row limit) and Sync: the same for every statement. */
const EXECUTE_SYNC = Uint8Array.from([
  0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0, // 'E', length 9, unnamed portal, no row limit
  0x53, 0, 0, 0, 4, // 'S', length 4
]);

/** What Kysely's PGliteDialect is given: an object with PGlite's query, transaction and close. */
export type DialectPGlite = Extract<PGliteDialectConfig['pglite'], { query: unknown }>;

/**
 * The PGlite instance as Kysely's PGliteDialect sees it, running statements through named prepared
 * statements of PGlite's one session. PGlite's own `query` sends Parse, Describe, Bind, Describe,
 * Execute and Sync as six separate calls into WebAssembly; a prepared statement costs one call (Bind,
 * Describe, Execute, Sync). Locking is PGlite's: a statement outside a transaction holds the
 * transaction and query mutexes, one inside holds the query mutex (the transaction holds the other).
 */
export function preparedPGlite(pglite: PGlite, options: { maxPrepared?: number } = {}): DialectPGlite {
  const max = options.maxPrepared ?? MAX_PREPARED;
  // Insertion order is use order (re-inserted on each use): the first entry is the least recently used.
  const statements = new Map<string, Prepared>();
  let next = 0;
  const { serialize } = protocol;

  function values(params: readonly unknown[], types: number[]): (string | null)[] {
    // As PGlite's `query` serialises parameters: by the type the server inferred for each.
    return params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = pglite.serializers[types[i] ?? 0];
      return serializer ? serializer(param) : String(param);
    });
  }

  async function prepare(text: string): Promise<Prepared> {
    const parts: Uint8Array[] = [];
    if (statements.size >= max) {
      const [oldText, old] = statements.entries().next().value as [string, Prepared];
      statements.delete(oldText);
      parts.push(serialize.close({ type: 'S', name: old.name }));
    }
    const name = `k${next++}`;
    parts.push(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync());
    const messages = await pglite.execProtocolStream(concat(parts), { syncToFs: false });
    const prepared = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((m) => m.name === 'rowDescription') ?? null,
    };
    statements.set(text, prepared);
    return prepared;
  }

  async function execute(text: string, params: readonly unknown[], retried = false): Promise<Results<unknown>> {
    let prepared = statements.get(text);
    try {
      if (prepared) {
        statements.delete(text);
        statements.set(text, prepared);
      } else {
        prepared = await prepare(text);
      }
      const message = bindAndExecute(prepared.name, values(params, prepared.paramTypes));
      const messages = await pglite.execProtocolStream(message, { syncToFs: false });
      // The rows are described by the statement's description from its preparation (see bindAndExecute).
      if (prepared.rowDescription) messages.unshift(prepared.rowDescription);
      return parse.parseResults(messages, pglite.parsers, { rowMode: 'object' })[0] as Results<unknown>;
    } catch (error) {
      if (prepared && isStalePlan(error) && !retried) {
        statements.delete(text);
        await pglite.execProtocolStream(concat([serialize.close({ type: 'S', name: prepared.name }), serialize.sync()]), { syncToFs: false });
        return execute(text, params, true);
      }
      // As PGlite's `query` reports a failed statement.
      Object.assign(error as object, { query: text, params });
      throw error;
    }
  }

  const run = async (text: string, params: readonly unknown[], inTransaction: boolean): Promise<Results<unknown>> => {
    const result = await pglite.runExclusive(() => execute(text, params));
    if (!inTransaction) await pglite.syncToFs();
    return result;
  };

  return {
    get closed() {
      return pglite.closed;
    },
    get ready() {
      return pglite.ready;
    },
    get waitReady() {
      return pglite.waitReady;
    },
    close: () => pglite.close(),
    query: async <T>(text: string, params: unknown[] = [], queryOptions?: Parameters<PGlite['query']>[2]) => {
      if (!isPreparable(text)) return pglite.query<T>(text, params, queryOptions);
      // As PGlite's `query`: fails once the database is closing or closed, waits while it starts.
      await pglite._checkReady();
      return (await pglite._runExclusiveTransaction(() => run(text, params, false))) as Results<T>;
    },
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
      pglite.transaction((tx) =>
        callback({
          ...tx,
          get closed() {
            return tx.closed;
          },
          rollback: () => tx.rollback(),
          query: async <R>(text: string, params: unknown[] = [], queryOptions?: Parameters<PGlite['query']>[2]) => {
            if (!isPreparable(text)) return tx.query<R>(text, params, queryOptions);
            if (tx.closed) throw new Error('Transaction is closed');
            return (await run(text, params, true)) as Results<R>;
          },
        }),
      ),
  };
}

/**
 * Names for the node-postgres side: the same text always gets the same name (node-postgres refuses
 * one name for two texts), at most MAX_PREPARED texts get one. node-postgres prepares a named query
 * on each pooled connection the first time it runs there and only binds and executes it afterwards.
 */
const names = new Map<string, string>();

export function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known) return known;
  if (names.size >= MAX_PREPARED || !isPreparable(text)) return undefined;
  const name = `k${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  names.set(text, name);
  return name;
}

type QueryArgs = Parameters<pg.Client['query']>;

/** A node-postgres client that sends Kysely's `query(text, values)` as a named prepared statement. */
export class PreparingClient extends pg.Client {
  /** Statements of this connection that outlived a change of their tables' shape: sent unnamed. */
  readonly #stale = new Set<string>();

  override query(...args: unknown[]): never {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
      const name = statementName(text);
      if (name && !this.#stale.has(name)) return this.#named(name, text, values) as never;
    }
    return (super.query as (...a: unknown[]) => never)(...(args as QueryArgs));
  }

  async #named(name: string, text: string, values: unknown[]): Promise<pg.QueryResult> {
    try {
      return await super.query({ name, text, values });
    } catch (error) {
      // DDL at run time changed the result of a statement prepared on this connection: from now on it
      // goes unnamed here (node-postgres would keep sending the stale one), and once more now.
      if (!isStalePlan(error)) throw error;
      this.#stale.add(name);
      return super.query(text, values);
    }
  }
}
