import type { User } from '@sentiero/contract/accounts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubNoNetwork } from '../test/fixtures.ts';
import { MemoryStorage } from '../test/memory-storage.ts';

// The client sends the interface language; which one does not matter here.
vi.mock('./i18n.ts', () => ({ currentLanguage: () => 'en' }));

const member: User = {
  id: 7,
  firstname: 'Marco',
  lastname: 'Bianchi',
  email: 'marco@example.it',
  phone: null,
  country: 'IT',
  fiscal_code: null,
  language: 'it',
  newsletter: 'subscribed',
  preferences: { activities: [], regions: [] },
  two_factor: false,
  is_premium: true,
  created_at: '2025-05-01T08:00:00.000Z',
};

let session: typeof import('./session.ts');
let auth: typeof import('./auth-store.ts');

beforeAll(async () => {
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  session = await import('./session.ts');
  auth = await import('./auth-store.ts');
});
afterEach(() => {
  auth.useAuthStore.getState().logout();
  vi.unstubAllGlobals();
  vi.stubGlobal('sessionStorage', new MemoryStorage());
});

const answer = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    ),
  );

describe('user fetch (SPEC section 4)', () => {
  it('signs the member in, with the premium flag, when the session cookie is valid', async () => {
    answer(200, { user: member });
    await session.refreshUser();
    expect(auth.useAuthStore.getState()).toMatchObject({ user: member, isLoggedIn: true, isPremium: true });
    expect(fetch).toHaveBeenCalledWith(expect.stringMatching(/^\/api\/app\/user\/info\?/), expect.anything());
  });

  it('clears a stored member the server no longer knows', async () => {
    auth.useAuthStore.getState().setUser(member, true);
    answer(401, { code: 'UNAUTHENTICATED', message: 'Please log in to continue' });
    await session.refreshUser();
    expect(auth.useAuthStore.getState()).toMatchObject({ user: null, isLoggedIn: false, isPremium: false });
  });

  it('keeps the stored member when there is no network, so saved tickets open offline', async () => {
    auth.useAuthStore.getState().setUser(member);
    stubNoNetwork();
    await session.refreshUser();
    expect(auth.useAuthStore.getState()).toMatchObject({ user: member, isLoggedIn: true });
  });

  it('leaves a visitor signed out when there is no network', async () => {
    stubNoNetwork();
    await session.refreshUser();
    expect(auth.useAuthStore.getState()).toMatchObject({ user: null, isLoggedIn: false });
  });

  it('clears the member when the server answers with an error page', async () => {
    auth.useAuthStore.getState().setUser(member);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await session.refreshUser();
    expect(auth.useAuthStore.getState().isLoggedIn).toBe(false);
  });

  it('keeps a login that finished while a failing fetch was on its way', async () => {
    let reply: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (reply = resolve))),
    );
    const pending = session.refreshUser();
    auth.useAuthStore.getState().setUser(member);
    reply(new Response(JSON.stringify({ code: 'UNAUTHENTICATED', message: 'x' }), { status: 401 }));
    await pending;
    expect(auth.useAuthStore.getState()).toMatchObject({ user: member, isLoggedIn: true });
  });
});

describe('the user fetch at start-up', () => {
  const browserWithCookies = (cookie: string) => vi.stubGlobal('document', { cookie });

  async function freshSession() {
    vi.resetModules();
    return import('./session.ts');
  }

  it('does not ask for a visitor: no signed-in hint, no member stored in this tab', async () => {
    browserWithCookies('i18next=it; other=1');
    answer(401, { code: 'UNAUTHENTICATED', message: 'Please log in to continue' });
    const fresh = await freshSession();
    expect(fresh.mayHaveSession()).toBe(false);
    await fresh.checkSessionOnce();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks when the server left its signed-in hint, and signs the member in', async () => {
    browserWithCookies('i18next=it; sentiero_signed_in=1');
    answer(200, { user: member });
    const fresh = await freshSession();
    const freshAuth = await import('./auth-store.ts');
    await fresh.checkSessionOnce();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(freshAuth.useAuthStore.getState()).toMatchObject({ user: member, isLoggedIn: true });
  });

  it('asks when this tab stored a member, so one whose session ended is signed out', async () => {
    browserWithCookies('');
    answer(401, { code: 'UNAUTHENTICATED', message: 'Please log in to continue' });
    const fresh = await freshSession();
    const freshAuth = await import('./auth-store.ts');
    freshAuth.useAuthStore.getState().setUser(member);
    await fresh.checkSessionOnce();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(freshAuth.useAuthStore.getState()).toMatchObject({ user: null, isLoggedIn: false });
  });
});
