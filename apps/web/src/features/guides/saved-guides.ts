import type { Guide } from '@sentiero/contract/guides';
import type { Language } from '@sentiero/contract/languages';

/**
 * The guides a Sentiero+ member has opened, kept in this browser's local storage so that they
 * read with no network (the service worker keeps the app's files, never API answers). One entry
 * per member, so another member logging in on the phone never reads them; they go when the member
 * logs out, and when the server says the member no longer has Sentiero+.
 */

/** Bumped when the stored shape changes: an older copy is ignored, and replaced on the next visit. */
export const SAVED_GUIDES_VERSION = 1;
// Seven guides in five languages would be 35; a reader uses one or two languages.
const MAX_SAVED_GUIDES = 20;

export type SavedGuide = { savedAt: string; guide: Guide };
type SavedGuides = { version: number; guides: Record<string, SavedGuide> };

export const savedGuidesKey = (userId: number) => `sentiero.guides.v${SAVED_GUIDES_VERSION}.${userId}`;
const entryKey = (language: Language, slug: string) => `${language}/${slug}`;

function readSaved(storage: Storage, userId: number): SavedGuides | null {
  try {
    const saved = JSON.parse(storage.getItem(savedGuidesKey(userId)) ?? 'null') as SavedGuides | null;
    if (saved?.version !== SAVED_GUIDES_VERSION || typeof saved.guides !== 'object') return null;
    return saved;
  } catch {
    return null;
  }
}

/**
 * Keeps a whole guide (never a sample: it would read the same online) for offline reading; the
 * oldest go first when there are too many. A full or refused storage is not an error.
 */
export function saveGuide(
  storage: Storage,
  userId: number,
  language: Language,
  guide: Guide,
  now = new Date(),
) {
  if (!guide.full) return;
  const guides = { ...readSaved(storage, userId)?.guides };
  guides[entryKey(language, guide.slug)] = { savedAt: now.toISOString(), guide };
  const kept = Object.entries(guides)
    .sort(([, a], [, b]) => b.savedAt.localeCompare(a.savedAt))
    .slice(0, MAX_SAVED_GUIDES);
  try {
    storage.setItem(
      savedGuidesKey(userId),
      JSON.stringify({
        version: SAVED_GUIDES_VERSION,
        guides: Object.fromEntries(kept),
      } satisfies SavedGuides),
    );
  } catch {
    // Quota exceeded or storage disabled: the guide still reads online.
  }
}

/** The copy of a guide this member opened in this language, or null. */
export function findSavedGuide(
  storage: Storage,
  userId: number,
  language: Language,
  slug: string,
): SavedGuide | null {
  return readSaved(storage, userId)?.guides[entryKey(language, slug)] ?? null;
}

/** Removes every guide kept for one member; a storage that refuses is not an error. */
export function forgetSavedGuides(storage: Storage, userId: number) {
  try {
    storage.removeItem(savedGuidesKey(userId));
  } catch {
    // Storage disabled: nothing was saved.
  }
}
