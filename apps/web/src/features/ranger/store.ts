import type { FieldRecord, FieldRecordResult } from '@sentiero/contract/ranger';
import { CHAIN_GENESIS } from '@sentiero/contract/ranger-field';
import { databaseOpener, done, finished } from '../../lib/indexed-db.ts';
import type { StoredBundle, StoredRecord } from './kept.ts';

export type { StoredBundle, StoredRecord, SyncState } from './kept.ts';

/**
 * What the ranger's phone keeps in IndexedDB (ADR 043): the enrolled device (its private key as a
 * non-extractable CryptoKey, which IndexedDB stores as it is and no script can read out), the last
 * signed bundle, the hash-chained records (uses, inspections, growth) and the inspections' photos
 * until they are sent. One phone, one device: nothing here is keyed by member.
 */

const DB_NAME = 'sentiero-ranger';
const DB_VERSION = 1;
const META = 'meta';
const RECORDS = 'records';
const PHOTOS = 'photos';

/** The enrolled device: what signs each request and what checks each bundle. */
export type StoredDevice = {
  id: number;
  label: string;
  enrolledAt: string;
  /** ECDSA P-256, `extractable: false`. */
  privateKey: CryptoKey;
  /** The bundle key's id and 32-byte public key, base64url, from the enrolment's answer. */
  bundleKey: { keyId: string; x: string };
  /** The ranger's name, shown on the home screen. */
  ranger: string;
};

/** A photo of an inspection, waiting to be sent after its record. */
export type StoredPhoto = { hash: string; clientId: string; blob: Blob; sent: boolean };

const open = databaseOpener(DB_NAME, DB_VERSION, (db) => {
  db.createObjectStore(META);
  db.createObjectStore(RECORDS, { keyPath: 'client_id' }).createIndex('seq', 'seq', { unique: true });
  db.createObjectStore(PHOTOS, { keyPath: 'hash' }).createIndex('clientId', 'clientId');
});

async function readMeta<T>(key: string): Promise<T | null> {
  const db = await open();
  return ((await done(db.transaction(META).objectStore(META).get(key))) as T | undefined) ?? null;
}

async function writeMeta(key: string, value: unknown): Promise<void> {
  const db = await open();
  const transaction = db.transaction(META, 'readwrite');
  transaction.objectStore(META).put(value, key);
  await finished(transaction);
}

export const readDevice = () => readMeta<StoredDevice>('device');
export const saveDevice = (device: StoredDevice) => writeMeta('device', device);
export const readBundle = () => readMeta<StoredBundle>('bundle');
export const saveBundle = (bundle: StoredBundle) => writeMeta('bundle', bundle);
/** Server time minus this phone's, in milliseconds, from the last answer's `Date`. */
export const readClockOffset = async () => (await readMeta<number>('clockOffset')) ?? 0;
export const saveClockOffset = (offset: number) => writeMeta('clockOffset', offset);

export async function readRecords(): Promise<StoredRecord[]> {
  const db = await open();
  return (await done(db.transaction(RECORDS).objectStore(RECORDS).index('seq').getAll())) as StoredRecord[];
}

/**
 * Appends a record at the end of the chain in one transaction: the last record is read and the
 * new one written together, so two taps never take the same place. `make` gets the next seq and
 * the hash before it, and returns the record to store.
 */
export async function appendRecord(
  make: (seq: number, prevHash: string) => Promise<FieldRecord>,
): Promise<StoredRecord> {
  // WebCrypto's digest cannot run inside an IndexedDB transaction (it would close), so the
  // record is made first and written only if nothing took its place meanwhile.
  for (let attempt = 0; attempt < 5; attempt++) {
    const records = await readRecords();
    const last = records.at(-1);
    const made = await make((last?.seq ?? 0) + 1, last?.record.hash ?? CHAIN_GENESIS);
    const record: StoredRecord = {
      client_id: made.client_id,
      seq: made.seq,
      record: made,
      state: 'pending',
      syncedAt: null,
      result: null,
    };
    const db = await open();
    const transaction = db.transaction(RECORDS, 'readwrite');
    const store = transaction.objectStore(RECORDS);
    const taken = await done(store.index('seq').count(record.seq));
    if (taken > 0) {
      transaction.abort();
      await finished(transaction).catch(() => undefined);
      continue;
    }
    store.add(record);
    await finished(transaction);
    return record;
  }
  throw new Error('The record could not take its place in the chain');
}

export async function markSent(answers: FieldRecordResult[], at: string): Promise<void> {
  const db = await open();
  const transaction = db.transaction(RECORDS, 'readwrite');
  const store = transaction.objectStore(RECORDS);
  const records = await Promise.all(
    answers.map((result) => done(store.get(result.client_id)) as Promise<StoredRecord | undefined>),
  );
  for (const [index, record] of records.entries()) {
    const result = answers[index] as FieldRecordResult;
    if (record) store.put({ ...record, state: 'sent', syncedAt: at, result });
  }
  await finished(transaction);
}

export async function savePhoto(photo: StoredPhoto): Promise<void> {
  const db = await open();
  const transaction = db.transaction(PHOTOS, 'readwrite');
  transaction.objectStore(PHOTOS).put(photo);
  await finished(transaction);
}

export async function readWaitingPhotos(): Promise<StoredPhoto[]> {
  const db = await open();
  const all = (await done(db.transaction(PHOTOS).objectStore(PHOTOS).getAll())) as StoredPhoto[];
  return all.filter((photo) => !photo.sent);
}

export async function markPhotoSent(hash: string): Promise<void> {
  const db = await open();
  const transaction = db.transaction(PHOTOS, 'readwrite');
  const store = transaction.objectStore(PHOTOS);
  const photo = (await done(store.get(hash))) as StoredPhoto | undefined;
  // The bytes are no longer needed once the server has them.
  if (photo) store.put({ ...photo, sent: true, blob: new Blob([]) });
  await finished(transaction);
}
