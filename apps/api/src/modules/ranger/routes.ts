import {
  consoleRangerDeviceRevoke,
  consoleRangerDevices,
  consoleRangerInspectionPhotoFile,
  consoleRangerInspections,
  consoleRangerInspectionsExport,
} from '@sentiero/contract/console-ranger';
import { MAX_PHOTO_UPLOAD_BYTES } from '@sentiero/contract/photo-files';
import {
  rangerBundle,
  rangerEnrol,
  rangerInspectionPhoto,
  rangerRecords,
  rangerUses,
} from '@sentiero/contract/ranger';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerEndpoint } from '../../platform/http.ts';
import { type BundleDeps, rangerBundle as buildRangerBundle } from './bundle.ts';
import { enrolDevice, listRangerDevices, revokeRangerDevice } from './devices.ts';
import { uploadInspectionPhoto } from './inspection-photos.ts';
import { exportInspections, listInspections, readInspectionPhotoFile } from './inspections.ts';
import { syncRecords, syncUses } from './records-sync.ts';

/** A phone catching up after a day offline sends its inspections' photos at once. */
const PHOTO_UPLOAD_LIMIT = { max: 120, timeWindow: '1 minute' };

/**
 * Rangers in the field (issue 24, ADR 043, 047): enrolment, the bundle, the records and their
 * photos; the console's devices and inspections.
 */
export function registerRangerRoutes(app: FastifyInstance, deps: BundleDeps) {
  registerEndpoint(app, rangerEnrol, (ctx, input) => enrolDevice(ctx, input, deps.signer));
  registerEndpoint(app, rangerBundle, (ctx, input) => buildRangerBundle(ctx, input, deps));
  registerEndpoint(app, rangerUses, (ctx, input) => syncUses(ctx, input));
  registerEndpoint(app, rangerRecords, (ctx, input) => syncRecords(ctx, input));
  registerEndpoint(app, rangerInspectionPhoto, (ctx, input) => uploadInspectionPhoto(ctx, input), {
    rateLimit: PHOTO_UPLOAD_LIMIT,
    files: { max: 1, maxBytes: MAX_PHOTO_UPLOAD_BYTES },
  });
  registerEndpoint(app, consoleRangerDevices, (ctx) => listRangerDevices(ctx));
  registerEndpoint(app, consoleRangerDeviceRevoke, (ctx, input) => revokeRangerDevice(ctx, input));
  registerEndpoint(app, consoleRangerInspections, (ctx, input) => listInspections(ctx, input));
  registerEndpoint(app, consoleRangerInspectionsExport, async (ctx, input, _request, reply) =>
    sendCsv(reply, await exportInspections(ctx, input)),
  );
  registerEndpoint(app, consoleRangerInspectionPhotoFile, async (ctx, input, _request, reply) => {
    const file = await readInspectionPhotoFile(ctx, input);
    // A URL names one version of one file, which never changes: kept a year, by this browser only.
    reply
      .header('content-type', file.contentType)
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('etag', `"${input.v}-${input.size}-${input.format}"`);
    return file.body;
  });
}

/** A CSV sent as it is read, piece by piece. */
async function sendCsv(reply: FastifyReply, file: { filename: string; body: NodeJS.ReadableStream }) {
  const ascii = file.filename
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '');
  await reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .header('cache-control', 'private, no-store')
    .send(file.body);
  return reply as never;
}
