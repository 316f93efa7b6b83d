/* How far a listing reads and counts past its page: the bounds its statements keep to (ADR 013). */

/** A listing counts at most this many tickets past the page asked for (DESIGN: bounded work per request). */
export const COUNT_AHEAD = 1000;

/**
 * A page of words by relevance reads and counts at most this many matches past the page, and ranks
 * the first this many (the most popular): each one read is a search document, far wider than an
 * index entry, and ranked; beyond a dozen pages a visitor refines the words instead (ADR 013).
 * Every page ranks the same ones, so paging through shows each match once: matches past them
 * follow in order of popularity.
 */
export const RELEVANCE_CANDIDATES = 200;
