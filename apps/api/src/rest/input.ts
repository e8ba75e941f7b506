import { appRouter, type AppRouter } from '@shunkan/api-router';
import type { AnyProcedure, inferProcedureInput } from '@trpc/server';
import type { z } from 'zod';
import type { Caller } from './adapter.js';

/**
 * REST inputs typed from the procedures' own zod schemas (decision 012): the adapter builds the
 * procedure's input from the request in the spec's shape, and `inputFor` checks it against the very
 * `.input()` schema of the procedure it is for, which types it; no field is cast.
 */

type Record_ = AppRouter['_def']['record'];

/** 'billing.createPaymentIntent', 'admin.users.list', ...: every procedure of the router. */
export type ProcedurePath<R = Record_, Prefix extends string = ''> = {
  [K in keyof R & string]: R[K] extends AnyProcedure ? `${Prefix}${K}` : ProcedurePath<R[K], `${Prefix}${K}.`>;
}[keyof R & string];

type ProcedureAt<R, P extends string> = P extends `${infer Head}.${infer Tail}`
  ? Head extends keyof R
    ? ProcedureAt<R[Head], Tail>
    : never
  : P extends keyof R
    ? R[P]
    : never;

export type InputOf<P extends ProcedurePath> = ProcedureAt<Record_, P> extends infer Procedure extends AnyProcedure ? inferProcedureInput<Procedure> : never;

const procedures = (appRouter._def as unknown as { procedures: Record<string, { _def: { inputs: z.ZodType[] } } | undefined> }).procedures;

function schemaOf(path: string): z.ZodType {
  const schema = procedures[path]?._def.inputs[0];
  if (!schema) throw new Error(`REST adapter: procedure ${path} has no input schema`);
  return schema;
}

function isInputOf<P extends ProcedurePath>(path: P, value: unknown): value is InputOf<P> {
  return schemaOf(path).safeParse(value).success;
}

/**
 * A void-input procedure with the same access middleware, run when the input is refused so that the
 * answer is the one the procedure itself would give: no token 401, not an admin or not on the plan
 * 403, before a 400 for the input.
 */
function accessCheck(caller: Caller, path: string): Promise<unknown> {
  if (path.startsWith('admin.')) return caller.admin.whoami();
  if (path.startsWith('account.')) return caller.auth.me();
  if (path.startsWith('scenarios.')) return caller.scenarios.list();
  if (path.startsWith('practice.')) return caller.practice.today();
  return caller.learning.dailyGoal();
}

export async function inputFor<P extends ProcedurePath>(caller: Caller, path: P, value: unknown): Promise<InputOf<P>> {
  if (isInputOf(path, value)) return value;
  await accessCheck(caller, path);
  // Answers 400 with the Japanese message and the field errors (the one error path, errors.ts).
  throw schemaOf(path).safeParse(value).error;
}

/**
 * The input of a practice procedure, checked by the procedure alone (the hot paths: next problem and
 * evaluation). `inputFor` parses the input once to type it, and tRPC parses it again in the procedure;
 * here the procedure's own parse is the only one (decision 042). Same answers: tRPC runs a procedure's
 * middlewares in the order they are declared, and every `practice.*` procedure is subscribedProcedure
 * (the same access middleware as practice.today, which inputFor's access check calls) followed by its
 * `.input()` (input.test.ts checks this), so a refused input is answered only after the same checks
 * (no token 401, unverified or no plan 403), and the 400's body is the same (toHttpError takes the
 * ZodError out of tRPC's BAD_REQUEST). The type is the procedure's: the value is not cast anywhere
 * the procedure would not parse it first.
 */
export function practiceInput<P extends ProcedurePath & `practice.${string}`>(_path: P, value: unknown): InputOf<P> {
  return value as InputOf<P>;
}

/** A JSON object body or query string as a record of fields (anything else reads as no fields). */
export function fieldsOf(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : {};
}
