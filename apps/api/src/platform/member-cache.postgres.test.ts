import { type Database, executeRows, openDatabase } from '@sentiero/db/client';
import { users } from '@sentiero/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createBrowser, createTestApp, type TestApp } from '../test/app.ts';
import { createMember } from '../test/factories.ts';
import { loadConfig } from './config.ts';

/**
 * The member cache (ADR 023) with two API processes on one PostgreSQL: each has its own pool, its
 * own memory and its own listening connection, as behind a load balancer.
 */
type Member = Awaited<ReturnType<typeof createMember>>;
const nameOf = async (member: Member) => (await member.get('/api/app/user/info')).json().user?.firstname;
const idOf = async (member: Member) => (await member.get('/api/app/user/info')).json().user.id as number;
const listeners = async (db: Database['db']) =>
  (
    await executeRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and application_name = 'listen member_changed'`,
    )
  )[0]?.n;

let sut: TestApp;
let other: Database;
let second: TestApp;

beforeAll(async () => {
  sut = await createTestApp({ MEMBER_CACHE_SECONDS: '60' });
  if (!sut.database.url) throw new Error('this test needs PostgreSQL (TEST_DATABASE_URL)');
  other = await openDatabase({ driver: 'postgres', url: sut.database.url, poolSize: 3 });
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent', MEMBER_CACHE_SECONDS: '60' }),
    database: other,
    logger: false,
    cron: false,
  });
  await app.ready();
  second = { app, database: Object.assign(other, { drop: async () => {} }), close: () => app.close() };
});
afterAll(async () => {
  await second.app.close();
  await other.close();
  await sut.close();
});

describe('the member cache across processes', () => {
  it('a session ended in one process is refused by the other at once', async () => {
    const member = await createMember(sut, 'Altrove');
    const elsewhere = createBrowser(second);
    for (const [name, value] of member.jar) elsewhere.jar.set(name, value);
    expect(await nameOf(elsewhere)).toBe('Altrove');
    const token = member.jar.get('sentiero_session') ?? '';
    expect((await member.post('/api/app/user/logout?lng=en')).statusCode).toBe(200);
    elsewhere.jar.set('sentiero_session', token);
    await expect
      .poll(async () => (await elsewhere.get('/api/app/user/info')).statusCode, { timeout: 2000 })
      .toBe(401);
  });

  it('a name changed in one process is shown by the other', async () => {
    const member = await createMember(sut, 'Prima');
    const elsewhere = createBrowser(second);
    for (const [name, value] of member.jar) elsewhere.jar.set(name, value);
    expect(await nameOf(elsewhere)).toBe('Prima');
    const email = (await member.get('/api/app/user/info')).json().user.email;
    const edited = await member.post('/api/app/user/edit?lng=en', {
      firstname: 'Dopo',
      lastname: 'Conti',
      email,
      country: 'IT',
    });
    expect(edited.statusCode).toBe(200);
    await expect.poll(() => nameOf(elsewhere), { timeout: 2000 }).toBe('Dopo');
  });

  it('keeps nothing while its listening connection is down, and listens again by itself', async () => {
    const member = await createMember(sut, 'Sordo');
    const id = await idOf(member);
    expect(await nameOf(member)).toBe('Sordo');
    expect(await listeners(sut.database.db)).toBe(2);
    await sut.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = 'listen member_changed'`,
    );
    // Changes the database does not announce, made now, are still seen: while deaf, the process reads the database.
    await sut.database.db.execute(sql`alter table users disable trigger users_announce_change`);
    try {
      await sut.database.db.update(users).set({ firstName: 'Sentito' }).where(eq(users.id, id));
      await expect.poll(() => nameOf(member), { timeout: 2000 }).toBe('Sentito');
    } finally {
      await sut.database.db.execute(sql`alter table users enable trigger users_announce_change`);
    }
    // Both listen again within seconds, and announced changes are heard as before.
    await expect.poll(() => listeners(sut.database.db), { timeout: 5000 }).toBe(2);
    await sut.database.db.update(users).set({ firstName: 'Ancora' }).where(eq(users.id, id));
    await expect.poll(() => nameOf(member), { timeout: 2000 }).toBe('Ancora');
  });
});
