import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../test/memory-storage.ts';
import {
  findSavedGuide,
  forgetSavedGuides,
  SAVED_GUIDES_VERSION,
  savedGuidesKey,
  saveGuide,
} from './saved-guides.ts';
import { testGuide } from './test-guide.ts';

const AT = new Date('2026-10-12T06:30:00Z');

describe('guides kept on the phone for offline reading', () => {
  it('keeps a whole guide per member and language, with the time it was saved', () => {
    const phone = new MemoryStorage();
    saveGuide(phone, 7, 'it', testGuide({ full: true }), AT);
    expect(findSavedGuide(phone, 7, 'it', 'death-cap')).toEqual({
      savedAt: AT.toISOString(),
      guide: testGuide({ full: true }),
    });
    expect(findSavedGuide(phone, 7, 'en', 'death-cap')).toBeNull();
    expect(findSavedGuide(phone, 8, 'it', 'death-cap')).toBeNull();
  });

  it('never keeps a sample: it reads the same online', () => {
    const phone = new MemoryStorage();
    saveGuide(phone, 7, 'it', testGuide({ full: false }), AT);
    expect(phone.length).toBe(0);
  });

  it('forgets one member’s guides, and only theirs', () => {
    const phone = new MemoryStorage();
    saveGuide(phone, 7, 'it', testGuide({ full: true }), AT);
    saveGuide(phone, 8, 'it', testGuide({ full: true }), AT);
    forgetSavedGuides(phone, 7);
    expect(findSavedGuide(phone, 7, 'it', 'death-cap')).toBeNull();
    expect(findSavedGuide(phone, 8, 'it', 'death-cap')).not.toBeNull();
  });

  it('keeps the twenty most recently opened, dropping the oldest', () => {
    const phone = new MemoryStorage();
    for (let index = 0; index < 22; index++)
      saveGuide(
        phone,
        7,
        'it',
        testGuide({ full: true, slug: `guide-${index}` }),
        new Date(AT.getTime() + index * 1000),
      );
    expect(findSavedGuide(phone, 7, 'it', 'guide-0')).toBeNull();
    expect(findSavedGuide(phone, 7, 'it', 'guide-1')).toBeNull();
    expect(findSavedGuide(phone, 7, 'it', 'guide-21')).not.toBeNull();
  });

  it('ignores a copy written in another shape, and a storage that refuses to write', () => {
    const phone = new MemoryStorage();
    phone.setItem(savedGuidesKey(7), JSON.stringify({ version: SAVED_GUIDES_VERSION + 1, guides: {} }));
    expect(findSavedGuide(phone, 7, 'it', 'death-cap')).toBeNull();
    phone.setItem(savedGuidesKey(7), '{not json');
    expect(findSavedGuide(phone, 7, 'it', 'death-cap')).toBeNull();
    const full = Object.assign(new MemoryStorage(), {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    });
    expect(() => saveGuide(full, 7, 'it', testGuide({ full: true }), AT)).not.toThrow();
  });
});
