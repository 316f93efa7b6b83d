import { describe, expect, it } from 'vitest';
import { findUnstorableText, isStorableText } from './text.ts';

describe('isStorableText', () => {
  it('accepts every language of the site, emoji included', () => {
    for (const text of ['Funghi a Borgotaro', 'Čebelarstvo ž š', 'Flußwandern', 'Señal 🍄🎣']) {
      expect(isStorableText(text)).toBe(true);
    }
  });

  it('refuses a NUL byte', () => {
    expect(isStorableText('aaaa\u0000aaaa')).toBe(false);
  });

  it('refuses a high or a low surrogate standing alone, anywhere in the text', () => {
    expect(isStorableText('hello \ud800')).toBe(false);
    expect(isStorableText('\udc00 hello')).toBe(false);
    expect(isStorableText('a\ud83d\ud83db')).toBe(false);
  });
});

describe('findUnstorableText', () => {
  it('names the first value or key that cannot be stored', () => {
    expect(findUnstorableText({ guests: [{ full_name: 'Ada Rossi' }, { full_name: 'x\u0000' }] })).toBe(
      'guests.1.full_name',
    );
    expect(findUnstorableText({ 'bad\ud800': 1 })).toBe('bad\ud800');
    expect(findUnstorableText({ page: 2, ok: true, name: 'Ada' })).toBeNull();
  });
});
