import { describe, expect, it } from 'vitest';
import { isWhollyDifferent, type DiffToken } from './diff-overlap';

const equal = (text: string): DiffToken => ({ op: 'equal', text, expected: text });
const replace = (text: string, expected: string): DiffToken => ({ op: 'replace', text, expected });
const insert = (expected: string): DiffToken => ({ op: 'insert', text: '', expected });
const remove = (text: string): DiffToken => ({ op: 'delete', text, expected: '' });

describe('isWhollyDifferent', () => {
  it('holds for an unrelated sentence: nothing kept', () => {
    expect(isWhollyDifferent([replace('banana elephant purple', 'I go to'), replace('quickly', 'school'), insert('every day')])).toBe(true);
  });

  it('holds when a stray common word is all that matches', () => {
    expect(isWhollyDifferent([replace('The cat', 'I'), equal('is'), replace('sleeping on the sofa', 'a student at this school')])).toBe(true);
  });

  it('does not hold for a near miss: a word wrong, missing or extra', () => {
    expect(isWhollyDifferent([equal('I'), replace('goes', 'go'), equal('to school every day')])).toBe(false);
    expect(isWhollyDifferent([equal('I go to school every'), insert('day')])).toBe(false);
    expect(isWhollyDifferent([equal('I go to'), remove('the'), equal('school')])).toBe(false);
  });

  it('does not hold for an empty comparison (no English to compare)', () => {
    expect(isWhollyDifferent([])).toBe(false);
  });
});
