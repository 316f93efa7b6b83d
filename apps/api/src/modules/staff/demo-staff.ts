import type { OperatorRole } from '@sentiero/contract/access';
import { PAGES } from '@sentiero/contract/pages';
import type { Db } from '@sentiero/db/client';
import type { Config } from '../../platform/config.ts';
import { hashPassword } from '../../platform/passwords.ts';
import {
  findOperatorAreaIdsBySlug,
  findOperatorBySlug,
  findStaffByEmail,
  insertGrant,
  insertStaffAccount,
} from './repo.ts';

/**
 * Staff to try the console with on a laptop: Sentiero's admin, and a park authority's manager and
 * ranger. Made only in development on the embedded database, never in production or on a
 * PostgreSQL server (ADR 028): real staff always start from an invitation
 * (`npm run staff -- invite`). Their passwords and authenticator keys are in this file on
 * purpose; whoever has the repository has them.
 */
const DEMO_PASSWORD = 'Console-demo-2026';
const DEMO_OPERATOR = 'ente-parchi-appennino';
const DEMO_STAFF: readonly {
  email: string;
  name: string;
  totpSecret: string;
  grant: { role: 'admin' } | { role: OperatorRole; areas?: readonly string[] };
}[] = [
  {
    email: 'admin@console.sentiero.localhost',
    name: 'Demo Admin',
    totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    grant: { role: 'admin' },
  },
  {
    email: 'manager@console.sentiero.localhost',
    name: 'Demo Manager',
    totpSecret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU',
    grant: { role: 'manager' },
  },
  {
    email: 'ranger@console.sentiero.localhost',
    name: 'Demo Ranger',
    totpSecret: 'MFRGGZDFMZTWQ2LKMFRGGZDFMZTWQ2LK',
    grant: { role: 'ranger', areas: ['sila'] },
  },
];

export function demoStaffAllowed(config: Config): boolean {
  return config.env === 'development' && config.database.driver === 'pglite';
}

/**
 * Makes the demo staff on the first start of a development database, and answers how to sign in
 * with them (to print); null when there is nothing to make or it is not allowed here.
 */
export async function createDemoStaff(db: Db, config: Config): Promise<string | null> {
  if (!demoStaffAllowed(config)) return null;
  if (await findStaffByEmail(db, DEMO_STAFF[0]?.email ?? '')) return null;
  const operator = await findOperatorBySlug(db, DEMO_OPERATOR);
  if (!operator) return null;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();
  await db.transaction(async (tx) => {
    for (const demo of DEMO_STAFF) {
      const account = await insertStaffAccount(tx, {
        email: demo.email,
        passwordHash,
        name: demo.name,
        language: 'en',
        totpSecret: demo.totpSecret,
        totpEnabledAt: now,
        createdAt: now,
      });
      const { grant } = demo;
      const areaIds =
        'areas' in grant && grant.areas
          ? (await findOperatorAreaIdsBySlug(tx, operator.id, grant.areas)).map((area) => area.id)
          : null;
      await insertGrant(tx, {
        staffId: account.id,
        role: grant.role,
        operatorId: grant.role === 'admin' ? null : operator.id,
        areaIds,
        createdAt: now,
      });
    }
  });
  const origin = config.publicUrl?.replace(/\/$/, '') ?? `http://localhost:${config.port}`;
  return [
    `Demo staff for the console (development only) at ${origin}${PAGES.console.path()} — password ${DEMO_PASSWORD}.`,
    'Add each key to an authenticator app: its 6-digit code is the second step of the sign-in.',
    ...DEMO_STAFF.map(
      (demo) =>
        `  ${demo.grant.role.padEnd(8)} ${demo.email.padEnd(36)} key ${demo.totpSecret}` +
        (demo.grant.role === 'admin' ? '' : ` (${operator.name})`),
    ),
  ].join('\n');
}
