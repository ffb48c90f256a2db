import { describe, expect, it } from 'vitest';
import { pgArray } from './pg-array.ts';

describe('pgArray', () => {
  it('quotes every value and escapes quotes and backslashes', () => {
    expect(pgArray(['a', 'b c', 'say "hi"', 'back\\slash', '', '{x,y}'])).toBe('{"a","b c","say \\"hi\\"","back\\\\slash","","{x,y}"}');
  });
  it('writes null and undefined as NULL and numbers as text', () => {
    expect(pgArray([null, undefined, 12.5, 0])).toBe('{NULL,NULL,"12.5","0"}');
    expect(pgArray(['NULL'])).toBe('{"NULL"}');
  });
  it('an empty list is an empty array', () => {
    expect(pgArray([])).toBe('{}');
  });
});
