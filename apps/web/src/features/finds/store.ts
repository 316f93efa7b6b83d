import { databaseOpener, done, finished } from '../../lib/indexed-db.ts';
import type { OutboxOp, Versioned, WaitingPhoto } from './outbox.ts';

/**
 * What the phone keeps for the member's field tools, in IndexedDB: the outbox (changes not yet
 * confirmed by the server) and the last copy of each server list, so both pages open and work
 * with no network. Everything is keyed by member: a shared phone never shows one member's places
 * to another, and logging out removes them (see `forgetMember`).
 */

export type RecordKind = 'find' | 'entry';

const DB_NAME = 'sentiero-field';
const DB_VERSION = 2;
const OPS = 'outbox';
const COPIES = 'copies';
/** Photos taken on the phone, as Blobs, until they are uploaded (version 2). */
const PHOTOS = 'photos';

type StoredOp = { key: string; member: number; kind: RecordKind; queuedAt: number; op: OutboxOp<Versioned> };
type StoredCopy = { key: string; member: number; value: unknown; savedAt: string };
/** `keepLocation`: the member's choice when picking it, sent with the upload. */
export type PhonePhoto = WaitingPhoto & { blob: Blob; keepLocation: boolean };
type StoredPhoto = PhonePhoto & { key: string; member: number };

const open = databaseOpener(DB_NAME, DB_VERSION, (db, oldVersion) => {
  if (oldVersion < 1) {
    db.createObjectStore(OPS, { keyPath: 'key' }).createIndex('member', 'member');
    db.createObjectStore(COPIES, { keyPath: 'key' }).createIndex('member', 'member');
  }
  if (oldVersion < 2) db.createObjectStore(PHOTOS, { keyPath: 'key' }).createIndex('member', 'member');
});

const opKey = (member: number, kind: RecordKind, id: string) => `${member}|${kind}|${id}`;

/** The member's waiting changes of one kind, oldest first (the order they are sent in). */
export async function readOps<T extends Versioned>(member: number, kind: RecordKind): Promise<OutboxOp<T>[]> {
  const db = await open();
  const rows = (await done(
    db.transaction(OPS).objectStore(OPS).index('member').getAll(member),
  )) as StoredOp[];
  return rows
    .filter((row) => row.kind === kind)
    .sort((a, b) => a.queuedAt - b.queuedAt)
    .map((row) => row.op as OutboxOp<T>);
}

export async function readOp<T extends Versioned>(
  member: number,
  kind: RecordKind,
  id: string,
): Promise<OutboxOp<T> | undefined> {
  const db = await open();
  const row = (await done(
    db
      .transaction(OPS)
      .objectStore(OPS)
      .get(opKey(member, kind, id)),
  )) as StoredOp | undefined;
  return row?.op as OutboxOp<T> | undefined;
}

/** Writes (or, with `null`, removes) the waiting change of a record. */
export async function writeOp<T extends Versioned>(
  member: number,
  kind: RecordKind,
  id: string,
  op: OutboxOp<T> | null,
): Promise<void> {
  const db = await open();
  const transaction = db.transaction(OPS, 'readwrite');
  const store = transaction.objectStore(OPS);
  const key = opKey(member, kind, id);
  if (op === null) store.delete(key);
  else store.put({ key, member, kind, queuedAt: Date.now(), op } satisfies StoredOp);
  await finished(transaction);
}

/**
 * Removes the change that was sent, in one transaction with reading what waits now: a change
 * made while the request travelled stays (see `isStillWaiting`).
 */
export async function settleOp<T extends Versioned>(
  member: number,
  kind: RecordKind,
  sent: OutboxOp<T>,
  isStillWaiting: (waiting: OutboxOp<T> | undefined, sent: OutboxOp<T>) => boolean,
): Promise<void> {
  const db = await open();
  const transaction = db.transaction(OPS, 'readwrite');
  const store = transaction.objectStore(OPS);
  const key = opKey(member, kind, sent.id);
  const request = store.get(key);
  request.onsuccess = () => {
    const waiting = (request.result as StoredOp | undefined)?.op as OutboxOp<T> | undefined;
    if (isStillWaiting(waiting, sent)) store.delete(key);
  };
  await finished(transaction);
}

/** Notes that a change has left the phone once (the server may know its id from now on). */
export async function markSent<T extends Versioned>(member: number, kind: RecordKind, sent: OutboxOp<T>) {
  const db = await open();
  const transaction = db.transaction(OPS, 'readwrite');
  const store = transaction.objectStore(OPS);
  const request = store.get(opKey(member, kind, sent.id));
  request.onsuccess = () => {
    const row = request.result as StoredOp | undefined;
    if (row && !row.op.sent) store.put({ ...row, op: { ...row.op, sent: true } });
  };
  await finished(transaction);
}

export async function readCopy<T>(member: number, name: string): Promise<T | undefined> {
  const db = await open();
  const row = (await done(db.transaction(COPIES).objectStore(COPIES).get(`${member}|${name}`))) as
    | StoredCopy
    | undefined;
  return row?.value as T | undefined;
}

export async function writeCopy<T>(member: number, name: string, value: T): Promise<void> {
  const db = await open();
  const transaction = db.transaction(COPIES, 'readwrite');
  transaction
    .objectStore(COPIES)
    .put({ key: `${member}|${name}`, member, value, savedAt: new Date().toISOString() } satisfies StoredCopy);
  await finished(transaction);
}

/** Changes a copy in one transaction with reading it. */
export async function updateCopy<T>(member: number, name: string, change: (value: T) => T): Promise<void> {
  const db = await open();
  const transaction = db.transaction(COPIES, 'readwrite');
  const store = transaction.objectStore(COPIES);
  const key = `${member}|${name}`;
  const request = store.get(key);
  request.onsuccess = () => {
    const row = request.result as StoredCopy | undefined;
    if (row) store.put({ ...row, value: change(row.value as T) });
  };
  await finished(transaction);
}

const photoKey = (member: number, id: string) => `${member}|${id}`;

export async function writePhoto(member: number, photo: PhonePhoto): Promise<void> {
  const db = await open();
  const transaction = db.transaction(PHOTOS, 'readwrite');
  transaction
    .objectStore(PHOTOS)
    .put({ ...photo, key: photoKey(member, photo.id), member } satisfies StoredPhoto);
  await finished(transaction);
}

export async function readPhoto(member: number, id: string): Promise<PhonePhoto | undefined> {
  const db = await open();
  return (await done(db.transaction(PHOTOS).objectStore(PHOTOS).get(photoKey(member, id)))) as
    | StoredPhoto
    | undefined;
}

/** The member's photos still on the phone, without their Blobs (read one at a time to send). */
export async function listPhotos(member: number): Promise<WaitingPhoto[]> {
  const db = await open();
  const rows = (await done(
    db.transaction(PHOTOS).objectStore(PHOTOS).index('member').getAll(member),
  )) as StoredPhoto[];
  return rows.map((row) => ({ id: row.id, queuedAt: row.queuedAt }));
}

export async function removePhoto(member: number, id: string): Promise<void> {
  const db = await open();
  const transaction = db.transaction(PHOTOS, 'readwrite');
  transaction.objectStore(PHOTOS).delete(photoKey(member, id));
  await finished(transaction);
}

/** Changes the waiting change of a record in one transaction with reading it (a no-op if none). */
export async function updateOp<T extends Versioned>(
  member: number,
  kind: RecordKind,
  id: string,
  change: (op: OutboxOp<T>) => OutboxOp<T>,
): Promise<void> {
  const db = await open();
  const transaction = db.transaction(OPS, 'readwrite');
  const store = transaction.objectStore(OPS);
  const request = store.get(opKey(member, kind, id));
  request.onsuccess = () => {
    const row = request.result as StoredOp | undefined;
    if (row) store.put({ ...row, op: change(row.op as OutboxOp<T>) });
  };
  await finished(transaction);
}

/** Everything kept for a member, gone: on logout. */
export async function forgetMember(member: number): Promise<void> {
  const db = await open();
  const transaction = db.transaction([OPS, COPIES, PHOTOS], 'readwrite');
  for (const name of [OPS, COPIES, PHOTOS]) {
    const store = transaction.objectStore(name);
    const request = store.index('member').getAllKeys(member);
    request.onsuccess = () => {
      for (const key of request.result) store.delete(key);
    };
  }
  await finished(transaction);
}
