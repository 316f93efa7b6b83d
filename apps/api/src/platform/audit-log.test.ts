import { auditLog } from '@sentiero/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { createOperator } from '../test/staff-factories.ts';
import { recordAudit } from './audit-repo.ts';

/*
 * The audit log only grows (ADR 028): the database itself refuses to change or remove a line,
 * whoever asks. Runs on PGlite, and on PostgreSQL in the api:postgres project.
 */

// Drizzle wraps the database's error; its cause is what PostgreSQL said.
const REFUSED = { cause: { message: expect.stringMatching(/never changed or removed/) } };

let database: TestDatabase;
let lineId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const operator = await createOperator(database.db);
  await recordAudit(database.db, {
    staffId: null,
    role: null,
    operatorId: operator.id,
    action: 'team.invite',
    targetType: 'invitation',
    targetId: 1,
    changes: { role: [null, 'desk'] },
    ip: '203.0.113.9',
  });
  const [line] = await database.db.select().from(auditLog).where(eq(auditLog.operatorId, operator.id));
  if (!line) throw new Error('the line was not written');
  lineId = line.id;
});
afterAll(() => database.drop());

describe('the audit log', () => {
  it('keeps a line as it was written', async () => {
    const [line] = await database.db.select().from(auditLog).where(eq(auditLog.id, lineId));
    expect(line).toMatchObject({
      action: 'team.invite',
      targetType: 'invitation',
      targetId: '1',
      changes: { role: [null, 'desk'] },
      ip: '203.0.113.9',
    });
  });

  it('refuses to change a line', async () => {
    await expect(
      database.db.update(auditLog).set({ reason: 'rewritten' }).where(eq(auditLog.id, lineId)),
    ).rejects.toMatchObject(REFUSED);
  });

  it('refuses to remove a line', async () => {
    await expect(database.db.delete(auditLog).where(eq(auditLog.id, lineId))).rejects.toMatchObject(REFUSED);
  });

  it('refuses to be emptied', async () => {
    await expect(database.db.execute(sql`truncate audit_log`)).rejects.toMatchObject(REFUSED);
    const lines = await database.db.select({ id: auditLog.id }).from(auditLog);
    expect(lines).toEqual([{ id: lineId }]);
  });
});
