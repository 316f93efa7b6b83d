import type { User } from '@sentiero/contract/accounts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The signed-in member, as the user fetch and the login answer it. */
export type AuthUser = User;

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
export const AUTH_STORAGE_VERSION = 2;

type LogoutListener = (member: AuthUser) => void;
const logoutListeners = new Set<LogoutListener>();

/**
 * Runs `listener` with the member each time one logs out (not when a failed user fetch clears
 * the user), so what a feature keeps for that member can go too. Returns the way to stop it.
 */
export function onLogout(listener: LogoutListener): () => void {
  logoutListeners.add(listener);
  return () => logoutListeners.delete(listener);
}

const signedOut: AuthData = { user: null, isLoggedIn: false, isPremium: false, referral: null };

/** The fields the screens read; anything else a stored user lacks is refilled by the user fetch. */
export function isStoredUser(user: unknown): user is AuthUser {
  const candidate = user as Partial<AuthUser> | null;
  return (
    typeof candidate?.id === 'number' &&
    typeof candidate.firstname === 'string' &&
    typeof candidate.lastname === 'string' &&
    typeof candidate.email === 'string' &&
    typeof candidate.newsletter === 'string' &&
    Array.isArray(candidate.preferences?.activities) &&
    Array.isArray(candidate.preferences?.regions)
  );
}

/**
 * Turns a stored state of an older version into the current one, one version at a time.
 * A version with no migration is refused, and persist reports it on the console.
 * - 0 → 1: what the store wrote before it was versioned, the same fields without `referral`.
 * - 1 → 2: the user became the contract's `User` (a number id and more fields). An old user
 *   (a string id) cannot pass for one, so that session starts signed out, keeping the
 *   referral; the user fetch at start-up signs the member back in from the session cookie.
 */
export function migrateAuthState(persisted: unknown, version: number): AuthData {
  if (version < 0 || version >= AUTH_STORAGE_VERSION || !Number.isInteger(version)) {
    throw new Error(`${AUTH_STORAGE_KEY}: no migration from version ${version} to ${AUTH_STORAGE_VERSION}`);
  }
  let state = (persisted ?? {}) as Partial<AuthData>;
  if (version === 0) state = { ...state, referral: null };
  const user = isStoredUser(state.user) ? state.user : null;
  return {
    user,
    isLoggedIn: Boolean(user && state.isLoggedIn),
    isPremium: Boolean(user && state.isPremium),
    referral: typeof state.referral === 'string' ? state.referral : null,
  };
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      ...signedOut,
      setUser: (user, isPremium = false) => set({ user, isLoggedIn: true, isPremium }),
      clearUser: () => set({ user: null, isLoggedIn: false, isPremium: false }),
      setReferral: (referral) => set({ referral }),
      logout: () => {
        const member = useAuthStore.getState().user;
        set(signedOut);
        useAuthStore.persist.clearStorage();
        if (member) for (const listener of logoutListeners) listener(member);
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
