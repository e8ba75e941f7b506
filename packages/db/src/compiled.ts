import { createQueryId, type Compilable, type CompiledQuery, type QueryResult, type RootOperationNode } from 'kysely';
import type { Db } from './index.js';
import { CACHED_TABLES, WriteWatch } from './read-cache.js';

/**
 * Statements of a fixed shape built and compiled ONCE (decision 037). Kysely builds an immutable
 * operation tree (every `.where` clones and freezes), runs the plugins over it and compiles it to SQL
 * on every call: for the two statements of an evaluation that was more of the API thread than the
 * statements' own execution on PGlite. A statement whose shape does not depend on its values is built
 * here with placeholders instead of values; each call only puts the values in the placeholders' places
 * of the compiled parameter list and executes the same SQL text (which prepared.ts then binds to the
 * statement prepared for it).
 *
 * Plugins see the statement once, when it is compiled: the read cache's WriteWatch would not see its
 * writes afterwards, so a statement that writes a cached table is refused here.
 */

const SLOT = Symbol('compiled-once slot');
type Slot = { readonly [SLOT]: string };

function isSlot(value: unknown): value is Slot {
  return typeof value === 'object' && value !== null && SLOT in value;
}

type Template = { sql: string; query: RootOperationNode; parameters: readonly unknown[] };

/** Where the value of each named input goes: `param(name)` stands for it while the statement is built. */
export type Param<P> = <K extends keyof P & string>(name: K) => P[K];

export type CompiledOnce<P, O> = (db: Db, values: P) => Promise<QueryResult<O>>;

/**
 * `build` makes the statement from a database handle and `param`; it runs once, at the first call.
 * Every value that varies must come through `param` (a value written in `build` is a constant).
 */
export function compileOnce<P extends Record<string, unknown>, O>(build: (db: Db, param: Param<P>) => Compilable<O>): CompiledOnce<P, O> {
  let template: Template | undefined;
  const param = ((name: string) => ({ [SLOT]: name }) satisfies Slot) as unknown as Param<P>;
  return async (db, values) => {
    template ??= compileTemplate(build(db, param).compile());
    const parameters = template.parameters.map((p) => (isSlot(p) ? values[p[SLOT]] : p));
    const compiled: CompiledQuery<O> = { sql: template.sql, query: template.query, parameters, queryId: createQueryId() };
    return db.executeQuery(compiled);
  };
}

function compileTemplate(compiled: CompiledQuery): Template {
  const watch = new WriteWatch(CACHED_TABLES);
  watch.transformQuery({ node: compiled.query, queryId: createQueryId() });
  if (watch.writes > 0) throw new Error(`a statement compiled once must not write a cached table (${CACHED_TABLES.join(', ')})`);
  return { sql: compiled.sql, query: compiled.query, parameters: compiled.parameters };
}
