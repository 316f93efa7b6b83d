import { describe, expect, it } from 'vitest';
import { getSearchPath } from './search-link.ts';

describe('the search page address of a quick search', () => {
  it('carries the words, the country and the day given', () => {
    expect(getSearchPath({ q: ' rafting Soča ', country: 'SI', start_date: '2027-07-10' })).toBe(
      '/search?q=rafting+So%C4%8Da&country=SI&start_date=2027-07-10',
    );
  });

  it('leaves out any place and what was not given', () => {
    expect(getSearchPath({ q: 'porcini', country: 'any', start_date: '' })).toBe('/search?q=porcini');
    expect(getSearchPath({ q: '', country: 'any', start_date: '' })).toBe('/search');
  });
});
