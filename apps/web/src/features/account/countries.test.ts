import { describe, expect, it } from 'vitest';
import { listCountryOptions } from './countries.ts';

describe('country choices', () => {
  it('offers Italy, Switzerland, Spain and Slovenia first, named in the reader’s language', () => {
    expect(listCountryOptions('it').slice(0, 4)).toEqual([
      { code: 'IT', name: 'Italia' },
      { code: 'CH', name: 'Svizzera' },
      { code: 'ES', name: 'Spagna' },
      { code: 'SI', name: 'Slovenia' },
    ]);
    expect(
      listCountryOptions('de')
        .slice(0, 4)
        .map((option) => option.name),
    ).toEqual(['Italien', 'Schweiz', 'Spanien', 'Slowenien']);
  });

  it('lists every other country once, in alphabetical order', () => {
    const options = listCountryOptions('en');
    const codes = options.map((option) => option.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toHaveLength(249);
    const rest = options.slice(4).map((option) => option.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    expect(rest).toContain('Germany');
  });
});
