import type pg from 'pg';
import { hashPassword } from '../../../apps/api/src/platform/passwords.ts';
import { totpCode } from '../../../apps/api/src/platform/totp.ts';

/*
 * `bench:console`'s staff: Sentiero's admin and the manager of one generated operator, written
 * into the database with a password and an authenticator key, then signed in through the real
 * console sign-in (password, then a TOTP code), as a browser would.
 */

const PASSWORD = 'Console-bench-2026';

export type BenchStaff = { role: 'admin' | 'manager'; email: string; totpSecret: string };

const ADMIN: BenchStaff = {
  role: 'admin',
  email: 'admin@bench.sentiero.test',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};
const MANAGER: BenchStaff = {
  role: 'manager',
  email: 'manager@bench.sentiero.test',
  totpSecret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU',
};

/**
 * The admin and a manager of `operatorId`, made again on each run (a kept database has them from
 * the last one): the grant is replaced, and the last accepted code step forgotten.
 */
export async function createBenchStaff(client: pg.Client, operatorId: number): Promise<BenchStaff[]> {
  const passwordHash = await hashPassword(PASSWORD);
  for (const [staff, operator] of [
    [ADMIN, null],
    [MANAGER, operatorId],
  ] as const) {
    const { rows } = await client.query<{ id: number }>(
      `insert into staff_accounts (email, password_hash, name, language, totp_secret, totp_enabled_at)
       values ($1, $2, $3, 'en', $4, now())
       on conflict (email) do update set password_hash = excluded.password_hash, totp_secret = excluded.totp_secret,
         totp_enabled_at = excluded.totp_enabled_at, totp_last_step = null, disabled_at = null
       returning id`,
      [staff.email, passwordHash, `Bench ${staff.role}`, staff.totpSecret],
    );
    const id = rows[0]?.id;
    await client.query('delete from staff_grants where staff_id = $1', [id]);
    await client.query('insert into staff_grants (staff_id, role, operator_id) values ($1, $2, $3)', [
      id,
      staff.role,
      operator,
    ]);
  }
  return [ADMIN, MANAGER];
}

/** The cookies a browser would send back after these answers: `name=value` of each Set-Cookie. */
function remember(jar: Map<string, string>, response: Response): void {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair = ''] = cookie.split(';');
    const at = pair.indexOf('=');
    if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
}

/** Signs the staff member in with password and code; answers the Cookie header of the session. */
export async function signIn(baseUrl: string, staff: BenchStaff): Promise<string> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, cookie: cookie() },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    remember(jar, response);
  };
  await post('/api/console/login?lng=en', { email: staff.email, password: PASSWORD });
  await post('/api/console/login/code?lng=en', { code: totpCode(staff.totpSecret, new Date()) });
  return cookie();
}
