/*
 * IndexedDB as promises, for the stores a phone keeps (the member's field tools, the ranger's
 * app): one connection per database and page, opened on first use and opened again after a
 * failure, and a request's or a transaction's end awaited.
 */

/**
 * The database `name` at `version`, opened once: `upgrade` makes its stores (it gets the version
 * the phone had, 0 for none). A failed opening is forgotten, so the next call tries again.
 */
export function databaseOpener(
  name: string,
  version: number,
  upgrade: (db: IDBDatabase, oldVersion: number) => void,
): () => Promise<IDBDatabase> {
  let opening: Promise<IDBDatabase> | null = null;
  return () => {
    opening ??= new Promise((resolve, reject) => {
      const request = indexedDB.open(name, version);
      request.onupgradeneeded = (event) => upgrade(request.result, event.oldVersion);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => {
        opening = null;
        reject(request.error);
      };
    });
    return opening;
  };
}

/** A request's result, once it succeeded. */
export function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** A transaction's end: committed, or the error that aborted it. */
export function finished(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}
