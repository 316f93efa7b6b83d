import { type FieldRecordResult, RECORDS_PER_SYNC, type rangerBundle } from '@sentiero/contract/ranger';
import type { z } from 'zod';
import { bundleSignatureHolds } from './bundle.ts';
import { jsonBody, multipartBody, rangerFetch } from './ranger-fetch.ts';
import {
  markPhotoSent,
  markSent,
  readRecords,
  readWaitingPhotos,
  type StoredBundle,
  type StoredDevice,
  saveBundle,
} from './store.ts';

/**
 * What goes between the phone and the server once it is enrolled: the bundle fetched and checked
 * before it is kept, and the records waiting on the phone sent in the order of the chain. Each
 * record's client id makes a retry safe: the server counts it once.
 */

type BundleAnswer = z.infer<(typeof rangerBundle)['output']>;

export class BundleSignatureError extends Error {
  constructor() {
    super('The bundle does not carry the bundle key’s signature');
    this.name = 'BundleSignatureError';
  }
}

/** Fetches the bundle of the ranger's areas, checks its signature and keeps it. */
export async function refreshBundle(device: StoredDevice, now = () => new Date()): Promise<StoredBundle> {
  const requestedAt = now().toISOString();
  const answer = await rangerFetch<BundleAnswer>(device, 'GET', '/ranger/bundle');
  if (!(await bundleSignatureHolds(answer, device.bundleKey))) throw new BundleSignatureError();
  const bundle: StoredBundle = { ...answer, requestedAt, receivedAt: now().toISOString() };
  await saveBundle(bundle);
  return bundle;
}

/** Sends every waiting record, oldest first, 500 a request; answers how many were sent. */
export async function sendWaitingRecords(device: StoredDevice, now = () => new Date()): Promise<number> {
  const waiting = (await readRecords()).filter((stored) => stored.state === 'pending');
  let sent = 0;
  for (let start = 0; start < waiting.length; start += RECORDS_PER_SYNC) {
    const batch = waiting.slice(start, start + RECORDS_PER_SYNC);
    const { results } = await rangerFetch<{ results: FieldRecordResult[] }>(
      device,
      'POST',
      '/ranger/records',
      jsonBody({ records: batch.map((stored) => stored.record) }),
    );
    await markSent(results, now().toISOString());
    sent += results.length;
  }
  return sent;
}

/** Sends the inspections' photos whose records the server has: each file once. */
export async function sendWaitingPhotos(device: StoredDevice): Promise<void> {
  const sentRecords = new Set(
    (await readRecords()).filter((stored) => stored.state === 'sent').map((stored) => stored.client_id),
  );
  for (const photo of await readWaitingPhotos()) {
    if (!sentRecords.has(photo.clientId)) continue;
    const form = new FormData();
    form.set('client_id', photo.clientId);
    form.set('file', photo.blob, `${photo.hash}.jpg`);
    try {
      await rangerFetch(device, 'POST', '/ranger/inspection/photo', await multipartBody(form));
    } catch (error) {
      // Refused for what it is (not an image, too large): sending it again would not help.
      const status = (error as { status?: number }).status ?? 0;
      if (status < 400 || status >= 500 || status === 401 || status === 429) throw error;
    }
    await markPhotoSent(photo.hash);
  }
}

/** Waits after a failed sync: 2 s, 4 s, 8 s … up to five minutes, a little jitter so phones spread. */
export function retryDelayMs(failures: number, random = Math.random): number {
  const base = Math.min(300_000, 2000 * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}
