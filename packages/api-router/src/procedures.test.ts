import { describe, expect, it } from 'vitest';
import { listProcedures, uncheckedStrings } from './procedures.js';

describe('every procedure input takes text through the shared ZText schema', () => {
  it('lists the router\'s procedures', () => {
    const paths = listProcedures().map((p) => p.path);
    expect(paths).toContain('practice.evaluate');
    expect(paths).toContain('admin.users.list');
    expect(paths.length).toBeGreaterThan(50);
  });

  it('has no string field without the NUL / lone-surrogate check', () => {
    const offenders = listProcedures().flatMap((p) => (p.input ? uncheckedStrings(p.input).map((at) => `${p.path}${at}`) : []));
    expect(offenders).toEqual([]);
  });
});
