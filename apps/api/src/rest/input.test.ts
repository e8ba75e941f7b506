import { appRouter } from '@shunkan/api-router';
import { subscribedProcedure } from '@shunkan/api-router/trpc';
import { describe, expect, it } from 'vitest';

type Middleware = { _type?: string };
type Def = { middlewares: Middleware[] };
const procedures = (appRouter._def as unknown as { procedures: Record<string, { _def: Def }> }).procedures;

describe('practiceInput (input checked by the procedure alone)', () => {
  it('every practice.* procedure runs subscribedProcedure’s access middleware, then its input parse, as inputFor’s order', () => {
    const access = (subscribedProcedure as unknown as { _def: Def })._def.middlewares;
    const paths = Object.keys(procedures).filter((p) => p.startsWith('practice.'));
    expect(paths).toEqual(expect.arrayContaining(['practice.nextProblem', 'practice.evaluate', 'practice.today']));
    for (const path of paths) {
      const { middlewares } = procedures[path]!._def;
      expect(middlewares.slice(0, access.length), path).toEqual(access);
      expect(middlewares[access.length]?._type, path).toBe('input');
      // Nothing but the output parse and the resolver after it: no other check between the door and the procedure.
      expect(middlewares.slice(access.length + 1).every((m) => m._type === 'output' || m._type === undefined), path).toBe(true);
    }
  });
});
