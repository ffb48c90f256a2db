import { describe, expect, it } from 'vitest';
import { ariaSortOf, nextSort, parseSort, sortParam, type SortState } from './data-table-sort';

const ALLOWED = ['account_number', 'account_name', 'account_type'];
const FALLBACK: SortState = { key: 'account_number', direction: 'asc' };

describe('parseSort', () => {
  it('reads a field as ascending and a minus as descending', () => {
    expect(parseSort('account_name', ALLOWED, FALLBACK)).toEqual({ key: 'account_name', direction: 'asc' });
    expect(parseSort('-account_type', ALLOWED, FALLBACK)).toEqual({ key: 'account_type', direction: 'desc' });
    expect(parseSort(' -account_name ', ALLOWED, FALLBACK)).toEqual({ key: 'account_name', direction: 'desc' });
  });

  it('falls back when the parameter is missing, empty or names a field the screen does not offer', () => {
    for (const param of [null, undefined, '', '-', 'balance', '-balance', 'account_number,id', '--account_name']) {
      expect(parseSort(param, ALLOWED, FALLBACK)).toBe(FALLBACK);
    }
  });
});

describe('sortParam', () => {
  it('writes what parseSort reads', () => {
    expect(sortParam({ key: 'account_name', direction: 'asc' })).toBe('account_name');
    expect(sortParam({ key: 'account_name', direction: 'desc' })).toBe('-account_name');
    for (const key of ALLOWED) {
      for (const direction of ['asc', 'desc'] as const) {
        expect(parseSort(sortParam({ key, direction }), ALLOWED, FALLBACK)).toEqual({ key, direction });
      }
    }
  });
});

describe('nextSort', () => {
  it('turns the current column around and starts another ascending', () => {
    expect(nextSort({ key: 'account_name', direction: 'asc' }, 'account_name')).toEqual({ key: 'account_name', direction: 'desc' });
    expect(nextSort({ key: 'account_name', direction: 'desc' }, 'account_name')).toEqual({ key: 'account_name', direction: 'asc' });
    expect(nextSort({ key: 'account_name', direction: 'desc' }, 'account_type')).toEqual({ key: 'account_type', direction: 'asc' });
    expect(nextSort(null, 'account_type')).toEqual({ key: 'account_type', direction: 'asc' });
  });
});

describe('ariaSortOf', () => {
  it('names the direction of the sorted column only', () => {
    const sort: SortState = { key: 'account_name', direction: 'desc' };
    expect(ariaSortOf(sort, 'account_name')).toBe('descending');
    expect(ariaSortOf({ ...sort, direction: 'asc' }, 'account_name')).toBe('ascending');
    expect(ariaSortOf(sort, 'account_number')).toBe('none');
    expect(ariaSortOf(null, 'account_number')).toBe('none');
  });
});
