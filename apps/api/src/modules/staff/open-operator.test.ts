import { describe, expect, it } from 'vitest';
import { slugOf } from './open-operator.ts';

describe("a new operator's slug", () => {
  it('is its name in lower case without accents, words joined by hyphens', () => {
    expect(slugOf('Turistično društvo Bovec')).toBe('turisticno-drustvo-bovec');
    expect(slugOf('  Comune di Scanno – Pro Loco! ')).toBe('comune-di-scanno-pro-loco');
  });

  it('keeps whole words up to 60 characters, and names something even from symbols', () => {
    const long = slugOf('Consorzio '.repeat(10));
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith('-')).toBe(false);
    expect(slugOf('—')).toBe('operatore');
  });
});
