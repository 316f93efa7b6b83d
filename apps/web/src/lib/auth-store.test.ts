import type { User } from '@sentiero/contract/accounts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../test/memory-storage.ts';

/** The browser's sessionStorage, for a test that runs in Node. */

let store: typeof import('./auth-store.ts');
const hiker: User = {
  id: 1,
  firstname: 'Giulia',
  lastname: 'Rossi',
  email: 'giulia@example.it',
  phone: null,
  country: 'IT',
  fiscal_code: null,
  language: 'it',
  newsletter: 'unsubscribed',
  preferences: { activities: ['mushrooms'], regions: [9] },
  two_factor: false,
  is_premium: false,
  created_at: '2025-05-01T08:00:00.000Z',
};
/** What version 1 stored: a string id and the names only. */
const oldHiker = { id: 'u1', firstname: 'Giulia', lastname: 'Rossi', email: 'giulia@example.it' };

beforeAll(async () => {
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  store = await import('./auth-store.ts');
});
afterEach(() => {
  store.useAuthStore.getState().logout();
  vi.restoreAllMocks();
});

const stored = () => JSON.parse(sessionStorage.getItem('auth-storage') ?? 'null');

describe('auth store (SPEC sections 3 and 4)', () => {
  it('keeps the signed-in user in session storage under auth-storage, with a version', () => {
    store.useAuthStore.getState().setUser(hiker);
    expect(store.useAuthStore.getState()).toMatchObject({ user: hiker, isLoggedIn: true });
    expect(stored()).toEqual({
      state: { user: hiker, isLoggedIn: true, isPremium: false, referral: null },
      version: store.AUTH_STORAGE_VERSION,
    });
  });

  it('clears the user when the user fetch fails', () => {
    store.useAuthStore.getState().setUser(hiker);
    store.useAuthStore.getState().clearUser();
    expect(store.useAuthStore.getState()).toMatchObject({ user: null, isLoggedIn: false });
  });

  it('clears the user and the stored session on logout', () => {
    store.useAuthStore.getState().setUser(hiker);
    store.useAuthStore.getState().logout();
    expect(store.useAuthStore.getState().isLoggedIn).toBe(false);
    expect(sessionStorage.getItem('auth-storage')).toBeNull();
  });

  it('migrates a session stored by an older version', async () => {
    sessionStorage.setItem(
      'auth-storage',
      JSON.stringify({ state: { user: hiker, isLoggedIn: true }, version: 0 }),
    );
    await store.useAuthStore.persist.rehydrate();
    expect(store.useAuthStore.getState()).toMatchObject({ user: hiker, isLoggedIn: true, referral: null });
  });

  it('signs out a version 1 session, whose user predates the contract, and keeps the referral', async () => {
    sessionStorage.setItem(
      'auth-storage',
      JSON.stringify({
        state: { user: oldHiker, isLoggedIn: true, isPremium: true, referral: 'trail-friends' },
        version: 1,
      }),
    );
    await store.useAuthStore.persist.rehydrate();
    expect(store.useAuthStore.getState()).toMatchObject({
      user: null,
      isLoggedIn: false,
      isPremium: false,
      referral: 'trail-friends',
    });
  });

  it('signs out a version 0 session with an old user', async () => {
    sessionStorage.setItem(
      'auth-storage',
      JSON.stringify({ state: { user: oldHiker, isLoggedIn: true }, version: 0 }),
    );
    await store.useAuthStore.persist.rehydrate();
    expect(store.useAuthStore.getState()).toMatchObject({ user: null, isLoggedIn: false, referral: null });
  });

  it('is at version 2, and stores the premium flag the user fetch gives', () => {
    store.useAuthStore.getState().setUser({ ...hiker, is_premium: true }, true);
    expect(stored()).toMatchObject({ state: { isPremium: true }, version: 2 });
  });

  it('refuses a stored version it has no migration for, with a console error', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    sessionStorage.setItem(
      'auth-storage',
      JSON.stringify({ state: { user: hiker, isLoggedIn: true }, version: 99 }),
    );
    await store.useAuthStore.persist.rehydrate();
    expect(consoleError).toHaveBeenCalled();
    expect(store.useAuthStore.getState().isLoggedIn).toBe(false);
  });
});
