import { createHash } from 'node:crypto';
import type {
  catalogueRulesDocument,
  consoleCatalogueRulesUpload,
} from '@sentiero/contract/console-catalogue';
import { rulesDocumentUrl } from '@sentiero/contract/rules-document-files';
import type { z } from 'zod';
import { auditStaffChange } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import {
  deleteDocument,
  findDocumentVersion,
  findPublicDocument,
  replaceDocument,
} from './documents-repo.ts';
import { requireSubjectInScope, type Subject } from './subjects.ts';

/*
 * Rules documents (issue 23): the PDF an operator gives for a ticket or an area (the regulations
 * of a fishing reserve, a park's rules), linked from the event page. Checked by its content, not
 * its name; served from a URL that names its version, so browsers keep it for good.
 */

/**
 * Whether the bytes are a PDF: the header a PDF starts with (within its first kilobyte, as
 * readers accept) and the end-of-file marker in its last kilobyte. A Word file, an image or a
 * web page renamed to `.pdf` has neither.
 */
export function isPdf(file: Uint8Array): boolean {
  const head = Buffer.from(file.subarray(0, 1024)).toString('latin1');
  const tail = Buffer.from(file.subarray(Math.max(0, file.byteLength - 1024))).toString('latin1');
  return /%PDF-\d\.\d/.test(head) && tail.includes('%%EOF');
}

export async function uploadRulesDocument(
  ctx: ServiceContext,
  input: z.output<typeof consoleCatalogueRulesUpload.input>,
) {
  const scoped = await requireSubjectInScope(ctx, 'catalogue.write', input);
  if (!isPdf(input.file)) throw new AppError('VALIDATION_FAILED', 400, { file: 'pdfUnreadable' });
  const body = Buffer.from(input.file);
  const version = createHash('sha256').update(body).digest('hex').slice(0, 16);
  await ctx.db.transaction(async (tx) => {
    const before = await findDocumentVersion(tx, scoped.subject);
    await replaceDocument(tx, scoped.subject, {
      fileName: 'rules.pdf',
      version,
      body,
      uploadedByStaffId: scoped.staff.staffId,
    });
    await auditStaffChange(tx, ctx, scoped.staff, {
      operatorId: scoped.operatorId,
      action: 'rules.upload',
      targetType: scoped.target.type,
      targetId: scoped.target.id,
      changes: { rules_document: [before, version] },
    });
  });
  return { url: rulesDocumentUrl(scoped.subject, version) };
}

export async function deleteRulesDocument(
  ctx: ServiceContext,
  input: { ticket_id?: number; area_id?: number },
) {
  const scoped = await requireSubjectInScope(ctx, 'catalogue.write', input);
  await ctx.db.transaction(async (tx) => {
    const before = await findDocumentVersion(tx, scoped.subject);
    if (!(await deleteDocument(tx, scoped.subject))) throw notFound();
    await auditStaffChange(tx, ctx, scoped.staff, {
      operatorId: scoped.operatorId,
      action: 'rules.delete',
      targetType: scoped.target.type,
      targetId: scoped.target.id,
      changes: { rules_document: [before, null] },
    });
  });
  return { ok: true as const };
}

/** The public document, at the version its URL names; anything else is 404. */
export async function readRulesDocument(
  ctx: Pick<ServiceContext, 'db'>,
  input: z.output<typeof catalogueRulesDocument.input>,
) {
  if ((input.ticket_id === undefined) === (input.area_id === undefined)) throw notFound();
  const subject: Subject =
    input.ticket_id !== undefined ? { ticketId: input.ticket_id } : { areaId: input.area_id as number };
  const found = await findPublicDocument(ctx.db, subject, input.v);
  if (!found) throw notFound();
  return found;
}
