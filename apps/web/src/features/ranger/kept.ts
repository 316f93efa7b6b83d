import type { FieldRecord, FieldRecordResult } from '@sentiero/contract/ranger';

/*
 * What the phone keeps of the server's answers and its own records, as IndexedDB stores them
 * (`store.ts`): plain data, no browser types, so the verdict's benchmark reads the same shapes.
 */

/** A bundle as the server sent it (checked before it is kept) and when this phone got it. */
export type StoredBundle = {
  format: 'SB1';
  key_id: string;
  issued_at: string;
  expires_at: string;
  payload: string;
  signature: string;
  /** This phone's clock when it asked: a use acknowledged before then is in the bundle's count. */
  requestedAt: string;
  receivedAt: string;
};

export type SyncState = 'pending' | 'sent';

/**
 * One record of the device's log, exactly as it is sent (`FieldRecord`): every kind shares one
 * chain (seq, prev_hash, hash). Its client id and seq are copied to the top for the indexes.
 */
export type StoredRecord = {
  client_id: string;
  seq: number;
  record: FieldRecord;
  state: SyncState;
  /** When the server acknowledged it (this phone's clock), and what it answered. */
  syncedAt: string | null;
  result: FieldRecordResult | null;
};
