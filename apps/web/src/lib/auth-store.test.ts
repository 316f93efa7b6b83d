import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

/** The browser's sessionStorage, for a test that runs in Node. */
class MemoryStorage implements Storage {
  #items = new Map<string, string>();
  get length() {
    return this.#items.size;
  }
  clear() {
    this.#items.clear();
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  setItem(key: string, value: string) {
    this.#items.set(key, String(value));
  }
}

let store: typeof import('./auth-store.ts');
const hiker = { id: 'u1', firstname: 'Giulia', lastname: 'Rossi', email: 'giulia@example.it' };

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
