import { describe, expect, it } from 'vitest';
import { LANGUAGES, type LocalizedText } from '../languages.ts';
import { findAreaProblems, findMissingAreaTexts } from './area-texts.ts';

const all = (text: string) =>
  Object.fromEntries(LANGUAGES.map((language) => [language, text])) as LocalizedText;

describe("an area's texts", () => {
  const complete = {
    name: all('Val Taro'),
    summary: all('Boschi'),
    description: all('Castagni'),
    rules: all('Regole'),
    limits: null,
  };

  it('misses nothing when every expected text is written, limits or not', () => {
    expect(findMissingAreaTexts(complete)).toEqual({});
  });

  it('names, per language, the texts left empty, and the limits only where the area has some', () => {
    const missing = findMissingAreaTexts({
      ...complete,
      summary: { ...all('Boschi'), de: ' ' },
      limits: { it: '3 kg al giorno', en: '3 kg a day' },
    });
    expect(missing).toEqual({
      es: ['limits'],
      de: ['summary', 'limits'],
      sl: ['limits'],
    });
  });

  it('cannot do without its name in Italian and English', () => {
    expect(findAreaProblems(complete)).toEqual([]);
    expect(findAreaProblems({ ...complete, name: { ...all('X'), it: '', en: '' } })).toEqual([
      'name.it',
      'name.en',
    ]);
    expect(findAreaProblems({ ...complete, name: { ...all('X'), de: '' } })).toEqual([]);
  });
});
