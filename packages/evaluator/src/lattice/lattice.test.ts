import { describe, expect, it } from 'vitest';
import { acceptsSentence, compileLattice, expandLattice } from './graph';
import { LatticeSyntaxError, parsePattern } from './parse';
import { tokenize } from '../evaluator/normalize';
import { slipsIn } from './slips';
import { ZLattice } from './types';

const lattice = ZLattice.parse({
  slots: { who: { role: 'who', alts: ['my (older|elder) brother'] } },
  patterns: ['{who} [what: works|is working] [where: at|in] a bank', 'a bank is where {who} works'],
});

describe('lattice language', () => {
  it('parses groups, options, roles and slots', () => {
    expect(parsePattern('[where: on|on top of] the (big) table')).toEqual([
      { kind: 'group', role: 'where', optional: false, options: [[{ kind: 'word', text: 'on' }], [{ kind: 'word', text: 'on' }, { kind: 'word', text: 'top' }, { kind: 'word', text: 'of' }]] },
      { kind: 'word', text: 'the' },
      { kind: 'group', role: undefined, optional: true, options: [[{ kind: 'word', text: 'big' }]] },
      { kind: 'word', text: 'table' },
    ]);
    expect(parsePattern('{subject} (when: tomorrow)')[1]).toMatchObject({ kind: 'group', role: 'when', optional: true });
  });

  it('refuses malformed patterns with the position', () => {
    for (const bad of ['[a|b', 'a b)', '[a|]', '()', '{Bad}', 'a ] b', '[a|b)']) expect(() => parsePattern(bad), bad).toThrow(LatticeSyntaxError);
  });

  it('compiles to a graph that accepts exactly its sentences, normalised like answers', () => {
    const graph = compileLattice(lattice);
    for (const s of ['My brother works at a bank.', 'my older brother is working in a bank', 'A bank is where my elder brother works.']) expect(acceptsSentence(graph, s), s).toBe(true);
    for (const s of ['My sister works at a bank.', 'My brother works at bank', 'My brother works at a bank today']) expect(acceptsSentence(graph, s), s).toBe(false);
    const sentences = expandLattice(graph).map((s) => s.tokens.join(' '));
    expect(sentences).toHaveLength(3 * 2 * 2 + 3);
    expect(new Set(sentences).size).toBe(sentences.length);
  });

  it('labels every edge with its slot and role', () => {
    const graph = compileLattice(lattice);
    const roleOf = (token: string) => graph.edges.find((e) => e.token === token)?.role;
    expect(roleOf('brother')).toBe('who');
    expect(roleOf('older')).toBe('who');
    expect(roleOf('at')).toBe('where');
    expect(roleOf('bank')).toBe('auto');
    expect(graph.slots.get('who')).toMatchObject({ named: true, role: 'who' });
    // Topological numbering: every edge goes forward.
    expect(graph.edges.every((e) => e.from < e.to)).toBe(true);
  });

  it('refuses unknown and self-referring slots', () => {
    expect(() => compileLattice(ZLattice.parse({ patterns: ['{nope} x'] }))).toThrow(/unknown slot/);
    expect(() => compileLattice(ZLattice.parse({ slots: { a: { role: 'what', alts: ['x {a}'] } }, patterns: ['{a}'] }))).toThrow(/itself/);
    expect(() => compileLattice(ZLattice.parse({ slots: { b: { role: 'who', alts: ['my brother'] } }, patterns: ["{b}'s car"] }))).toThrow(/possessive/);
  });
});

describe('slip patterns (sentences no lattice may accept)', () => {
  const norm = (s: string) => tokenize(s).map((t) => t.norm).join(' ');
  it('catch the learner slips a teacher names', () => {
    for (const s of [
      'When I arrived to the station, I saw him.',
      'My father let me to drive his car.',
      'The teacher made us to rewrite it.',
      'I forgot my bag on the train.',
      'I had forgotten my wallet at home.',
      'No sooner had I gotten home when it started to rain.',
      'Health is more important than anything.',
      'He works harder than anyone in the department.',
      'Yumi is taller than any other student else in her class.',
      'He is taller than any student in his class.',
      'I would prefer to stay home than go out.',
      'We enjoyed to swim in the sea.',
      'I look forward to see you.',
      'I hope you will are better soon.',
      'Did the test went well?',
      'The room has still not been cleaned yet.',
      'We discussed about the plan.',
      'She resembles to her mother.',
      'Please contact to us.',
      'I went to home early.',
    ]) expect(slipsIn(norm(s)).length, s).toBeGreaterThan(0);
  });
  it('leave the correct sentences they resemble alone', () => {
    for (const s of [
      'I paid a visit to my aunt.',
      'He made up his mind to retire.',
      'I left my bag on the train.',
      'I forgot to take my bag when I got off the train.',
      'Hardly had I gotten home when it started to rain.',
      'Health is more important than anything else.',
      'He works harder than any other person in the department.',
      'I would prefer to stay home rather than go out.',
      'We enjoyed swimming in the sea.',
      'I look forward to seeing you.',
      'I am used to getting up early.',
      'We will need more time.',
      'It turned out that that rumor was true.',
      'Most employees came in in spite of the snow.',
      'We were made to rewrite the report.',
      'I made it to the station on time.',
    ]) expect(slipsIn(norm(s)), s).toEqual([]);
  });
});
