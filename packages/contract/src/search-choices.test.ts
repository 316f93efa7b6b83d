import { describe, expect, it } from 'vitest';
import { isEmptySearch } from './search-choices.ts';

describe('a search with nothing in it', () => {
  it('is one whose every field is empty, blank or "any"', () => {
    expect(isEmptySearch(['', '  ', 'any'])).toBe(true);
    expect(isEmptySearch([])).toBe(true);
  });

  it('is not one with words alone, a place alone or a day alone', () => {
    expect(isEmptySearch(['porcini', 'any', ''])).toBe(false);
    expect(isEmptySearch(['', 'SI', ''])).toBe(false);
    expect(isEmptySearch(['', 'any', '2027-07-10'])).toBe(false);
  });
});
