import type { Db, Transaction } from '@sentiero/db/client';
import { areas, catalogueDocuments, tickets } from '@sentiero/db/schema';
import { and, eq } from 'drizzle-orm';
import type { Subject } from './subjects.ts';

/* Rules documents (PDF) of tickets and areas: one each, the file in the database like photos' (ADR 030). */

const ofSubject = (subject: Subject) =>
  'ticketId' in subject
    ? eq(catalogueDocuments.ticketId, subject.ticketId)
    : eq(catalogueDocuments.areaId, subject.areaId);

export async function findDocumentVersion(tx: Db | Transaction, subject: Subject) {
  const [row] = await tx
    .select({ version: catalogueDocuments.version })
    .from(catalogueDocuments)
    .where(ofSubject(subject));
  return row?.version ?? null;
}

/** Replaces the subject's document (there is at most one). */
export async function replaceDocument(
  tx: Transaction,
  subject: Subject,
  file: { fileName: string; version: string; body: Buffer; uploadedByStaffId: number },
) {
  await tx.delete(catalogueDocuments).where(ofSubject(subject));
  await tx.insert(catalogueDocuments).values({
    ...('ticketId' in subject ? { ticketId: subject.ticketId } : { areaId: subject.areaId }),
    ...file,
    bytes: file.body.byteLength,
  });
}

export async function deleteDocument(tx: Transaction, subject: Subject): Promise<boolean> {
  const deleted = await tx
    .delete(catalogueDocuments)
    .where(ofSubject(subject))
    .returning({ id: catalogueDocuments.id });
  return deleted.length > 0;
}

/**
 * The document at the version its URL names, of a published ticket or of an area: a draft's
 * document is not public yet, and an unpublished ticket's no longer.
 */
export async function findPublicDocument(db: Db, subject: Subject, version: string) {
  const query =
    'ticketId' in subject
      ? db
          .select({ fileName: catalogueDocuments.fileName, body: catalogueDocuments.body })
          .from(catalogueDocuments)
          .innerJoin(tickets, eq(tickets.id, catalogueDocuments.ticketId))
          .where(
            and(ofSubject(subject), eq(catalogueDocuments.version, version), eq(tickets.status, 'published')),
          )
      : db
          .select({ fileName: catalogueDocuments.fileName, body: catalogueDocuments.body })
          .from(catalogueDocuments)
          .innerJoin(areas, eq(areas.id, catalogueDocuments.areaId))
          .where(and(ofSubject(subject), eq(catalogueDocuments.version, version)));
  const [row] = await query;
  return row;
}
