import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The signed-in member as the user fetch returns it (filled in by the accounts feature). */
export type AuthUser = {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
};

type AuthData = {
  user: AuthUser | null;
  isLoggedIn: boolean;
  /** Kept as SPEC section 3 lists it; premium checks ask the server. */
  isPremium: boolean;
  referral: string | null;
};

type AuthState = AuthData & {
  /** A successful user fetch (or login) sets the user and the flag. */
  setUser(user: AuthUser, isPremium?: boolean): void;
  /** A failed user fetch clears the user. */
  clearUser(): void;
  setReferral(referral: string): void;
  /** Clears the user and the stored session. */
  logout(): void;
};

export const AUTH_STORAGE_KEY = 'auth-storage';
export const AUTH_STORAGE_VERSION = 1;

const signedOut: AuthData = { user: null, isLoggedIn: false, isPremium: false, referral: null };

/**
 * Turns a stored state of an older version into the current one. Version 0 is what the store
 * wrote before it was versioned: the same fields without `referral`. A version with no
 * migration is refused, and persist reports it on the console.
 */
export function migrateAuthState(persisted: unknown, version: number): AuthData {
  if (version === 0) {
    const old = (persisted ?? {}) as Partial<AuthData>;
    const user = old.user ?? null;
    return {
      user,
      isLoggedIn: Boolean(user && old.isLoggedIn),
      isPremium: Boolean(old.isPremium),
      referral: null,
    };
  }
  throw new Error(`${AUTH_STORAGE_KEY}: no migration from version ${version} to ${AUTH_STORAGE_VERSION}`);
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      ...signedOut,
      setUser: (user, isPremium = false) => set({ user, isLoggedIn: true, isPremium }),
      clearUser: () => set({ user: null, isLoggedIn: false, isPremium: false }),
      setReferral: (referral) => set({ referral }),
      logout: () => {
        set(signedOut);
        useAuthStore.persist.clearStorage();
      },
    }),
    {
      name: AUTH_STORAGE_KEY,
      version: AUTH_STORAGE_VERSION,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ user, isLoggedIn, isPremium, referral }) => ({ user, isLoggedIn, isPremium, referral }),
      migrate: migrateAuthState,
      onRehydrateStorage: () => (_state, error) => {
        if (error) console.error('Could not load the stored session', error);
      },
    },
  ),
);
