/**
 * `npm run staff -- invite --email E --role admin [--operator SLUG] [--areas a,b]`: an invitation
 * to the console, printed as its link (valid 72 hours, once). How the first admin of a
 * deployment is made; after that, admins and owners invite from the console. Recorded in the
 * audit log with no staff member (the command line). The link is also mailed to the invitee in
 * `--language` (English by default), straight to the mail server (or the development mailbox);
 * a mail that fails is reported, and the printed link still works.
 */
import { parseArgs } from 'node:util';
import { isStaffRole } from '@sentiero/contract/access';
import { findLanguage } from '@sentiero/contract/languages';
import { openDatabase } from '@sentiero/db/client';
import { seedDatabase } from '@sentiero/db/seed/seed';
import {
  createInvitation,
  findOperatorAreasBySlug,
  findOperatorNameBySlug,
  mailInvitation,
} from '../apps/api/src/modules/staff/index.ts';
import { recordAudit } from '../apps/api/src/platform/audit-repo.ts';
import { loadConfig } from '../apps/api/src/platform/config.ts';
import { mailboxTransport, smtpTransport } from '../apps/api/src/platform/mail.ts';

const USAGE =
  'Usage: npm run staff -- invite --email E --role admin|support|owner|manager|desk|accountant|ranger [--operator SLUG] [--areas a,b] [--language it|en|es|de|sl]';

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(1);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    role: { type: 'string' },
    operator: { type: 'string' },
    areas: { type: 'string' },
    language: { type: 'string' },
  },
});
if (positionals[0] !== 'invite') fail('Unknown command.');
const email = values.email?.trim().toLowerCase();
if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) fail('--email is required.');
const role = values.role ?? '';
if (!isStaffRole(role)) fail(`--role must be one of the staff roles, not "${role}".`);
const language = findLanguage(values.language ?? 'en');
if (!language) fail(`--language must be one of it, en, es, de, sl, not "${values.language}".`);

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await database.migrate();
  await seedDatabase(database.db);
  const operator = values.operator ? await findOperatorNameBySlug(database, values.operator) : undefined;
  if (values.operator && !operator) fail(`No operator with the slug "${values.operator}".`);
  const areaSlugs = values.areas
    ?.split(',')
    .map((slug) => slug.trim())
    .filter(Boolean);
  let areaIds: number[] | null = null;
  if (areaSlugs?.length) {
    if (!operator) fail('--areas needs --operator.');
    const found = await findOperatorAreasBySlug(database, operator.id, areaSlugs);
    const missing = areaSlugs.filter((slug) => !found.some((area) => area.slug === slug));
    if (missing.length) fail(`Not areas of ${operator.slug}: ${missing.join(', ')}.`);
    areaIds = found.map((area) => area.id);
  }
  const origin = config.publicUrl?.replace(/\/$/, '') ?? `http://localhost:${config.port}`;
  const now = new Date();
  const { link, expiresAt } = await database.db.transaction(async (tx) => {
    const made = await createInvitation(tx, origin, {
      email,
      role,
      operatorId: operator?.id ?? null,
      areaIds,
      invitedBy: null,
      now,
    });
    await recordAudit(tx, {
      staffId: null,
      role: null,
      operatorId: operator?.id ?? null,
      action: 'team.invite',
      targetType: 'staff_invitation',
      targetId: made.invitation.id,
      changes: { email: [null, email], role: [null, role], area_ids: [null, areaIds] },
      reason: 'command line',
    });
    return made;
  });
  const transport = config.mail.smtpUrl
    ? smtpTransport(config.mail.smtpUrl, config.mail.from)
    : mailboxTransport(database.db, config.mail.from);
  const mailed = await mailInvitation(
    {
      db: database.db,
      mail: { send: (mail) => transport.deliver(mail) },
      config,
      log: { error: (details, message) => console.error(message, details) },
    },
    { to: email, language, inviterName: null, role, operatorId: operator?.id ?? null, link },
  );
  transport.close();
  if (!mailed) console.error(`The invitation mail to ${email} could not be sent: pass the link on by hand.`);
  console.log(
    `Invitation for ${email} as ${role}${operator ? ` of ${operator.name}` : ''}, valid until ${expiresAt.toISOString()}:\n${link}`,
  );
} catch (error) {
  if (error instanceof Error && 'code' in error && error.code === 'VALIDATION_FAILED') {
    fail("Sentiero's roles (admin, support) take no --operator; an operator's roles need one.");
  }
  throw error;
} finally {
  await database.close();
}
