import { subscriptions, users } from '@sentiero/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createMember, joinPremium } from '../test/factories.ts';
import { HeardMemberCache } from './member-cache.ts';

describe('the member cache', () => {
  const listening = (seconds = 60) => {
    const cache = new HeardMemberCache(seconds);
    cache.listening();
    return cache;
  };

  it('keeps what was read, and forgets a member the moment the database says they changed', () => {
    const cache = listening();
    cache.keep('account:7', 7, 'Rossi', cache.changes);
    cache.keep('account:8', 8, 'Bianchi', cache.changes);
    expect(cache.read('account:7')).toBe('Rossi');
    cache.heard('7');
    expect(cache.read('account:7')).toBeUndefined();
    expect(cache.read('account:8')).toBe('Bianchi');
    cache.heard('');
    expect(cache.read('account:8')).toBeUndefined();
  });

  it('refuses a read that began before its member changed, not one of another member', () => {
    const cache = listening();
    const before = cache.changes;
    cache.heard('7');
    cache.keep('account:7', 7, 'before the change', before);
    expect(cache.read('account:7')).toBeUndefined();
    cache.keep('account:8', 8, 'Bianchi', before);
    expect(cache.read('account:8')).toBe('Bianchi');
  });

  it('keeps nothing while changes may go unheard, and nothing older than its time', async () => {
    const cache = new HeardMemberCache(60);
    cache.keep('account:7', 7, 'Rossi', cache.changes);
    expect(cache.read('account:7')).toBeUndefined();
    cache.listening();
    cache.keep('account:7', 7, 'Rossi', cache.changes);
    cache.deaf();
    expect(cache.read('account:7')).toBeUndefined();

    const brief = listening(0.05);
    brief.keep('account:7', 7, 'Rossi', brief.changes);
    expect(brief.read('account:7')).toBe('Rossi');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(brief.read('account:7')).toBeUndefined();
  });
});

describe('the member cache in the API', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp({ MEMBER_CACHE_SECONDS: '60' });
  });
  afterAll(() => sut.close());

  const nameOf = async (browser: Awaited<ReturnType<typeof createMember>>) =>
    (await browser.get('/api/app/user/info')).json().user?.firstname;
  const idOf = async (browser: Awaited<ReturnType<typeof createMember>>) =>
    (await browser.get('/api/app/user/info')).json().user.id as number;

  it('answers the user fetch from memory until the account changes, whoever changes it', async () => {
    const member = await createMember(sut, 'Memoria');
    const id = await idOf(member);
    expect(await nameOf(member)).toBe('Memoria');
    // A change the database does not announce is not seen: the answer came from memory.
    await sut.database.db.execute(sql`alter table users disable trigger users_announce_change`);
    try {
      await sut.database.db.update(users).set({ firstName: 'Unheard' }).where(eq(users.id, id));
    } finally {
      await sut.database.db.execute(sql`alter table users enable trigger users_announce_change`);
    }
    expect(await nameOf(member)).toBe('Memoria');
    // Any announced change, here written by hand as a job or another process would, is seen.
    await sut.database.db.update(users).set({ firstName: 'Heard' }).where(eq(users.id, id));
    await expect.poll(() => nameOf(member), { timeout: 2000 }).toBe('Heard');
  });

  it('sees the member’s own changes on the very next call', async () => {
    const member = await createMember(sut, 'Subito');
    expect(await nameOf(member)).toBe('Subito');
    const edited = await member.post('/api/app/user/edit?lng=en', {
      firstname: 'Cambiato',
      lastname: 'Conti',
      email: (await member.get('/api/app/user/info')).json().user.email,
      country: 'IT',
    });
    expect(edited.statusCode).toBe(200);
    expect(await nameOf(member)).toBe('Cambiato');
    await joinPremium(member);
    expect((await member.get('/api/app/user/info')).json().user.is_premium).toBe(true);
    const logout = await member.post('/api/app/user/logout?lng=en');
    expect(logout.statusCode).toBe(200);
  });

  it('ends Sentiero+ in memory when the membership ends in the database', async () => {
    const member = await createMember(sut, 'Scaduto');
    const id = await idOf(member);
    await joinPremium(member);
    const premium = async () => (await member.get('/api/app/user/info')).json().user.is_premium;
    expect(await premium()).toBe(true);
    await sut.database.db
      .update(subscriptions)
      .set({ status: 'expired', nextChargeAt: null })
      .where(eq(subscriptions.userId, id));
    await expect.poll(premium, { timeout: 2000 }).toBe(false);
  });
});
