import { create } from 'zustand';
import { isNetworkFailure } from '../../lib/api-error.ts';
import { type BundleIndex, indexBundle } from './bundle.ts';
import { currentPosition, type NewRecord, recordOnPhone } from './records.ts';
import {
  readBundle,
  readDevice,
  readRecords,
  readWaitingPhotos,
  type StoredBundle,
  type StoredDevice,
  type StoredRecord,
} from './store.ts';
import { refreshBundle, retryDelayMs, sendWaitingPhotos, sendWaitingRecords } from './sync.ts';
import { localUseCounts } from './verdict.ts';

/**
 * The ranger app's state: the device, the bundle and the records as IndexedDB has them, and the
 * background work that keeps them in step with the server whenever there is a network — the
 * bundle at most once a minute while the app is open and at every `online`, the waiting records
 * at once and then with growing pauses while they fail.
 */

/** How often the bundle is asked for while the app is open (issue 24: at most every minute). */
export const BUNDLE_REFRESH_MS = 60_000;

type FieldState = {
  phase: 'loading' | 'unenrolled' | 'ready' | 'unavailable';
  device: StoredDevice | null;
  bundle: StoredBundle | null;
  index: BundleIndex | null;
  records: StoredRecord[];
  /** Uses recorded on this phone the bundle does not count yet, by ticket code. */
  localUses: Map<string, number>;
  /** Inspections' photos not sent yet: they go after their records. */
  photosWaiting: number;
  online: boolean;
  syncing: boolean;
  failures: number;
  nextRetryAt: number | null;
  lastSyncAt: string | null;
  /** The server refused the device: revoked or unknown. Nothing is sent any more. */
  refusedCode: string | null;
  /** The last sync's failure, for the queue screen. */
  syncError: string | null;
  load(): Promise<void>;
  enrolled(device: StoredDevice): Promise<void>;
  refresh(): Promise<void>;
  sync(): Promise<void>;
  record(fields: NewRecord): Promise<StoredRecord>;
};

let retryTimer: ReturnType<typeof setTimeout> | undefined;
/** Asked to sync while a sync runs (a record or photo kept meanwhile): once more after it. */
let syncAgain = false;
let lastBundleAttempt = 0;

const REFUSED = new Set(['DEVICE_REVOKED', 'DEVICE_UNKNOWN']);

function refusal(error: unknown): string | null {
  const code = (error as { code?: string }).code;
  return code && REFUSED.has(code) ? code : null;
}

export const useField = create<FieldState>((set, get) => {
  const setRecords = async () => {
    const [records, photos] = await Promise.all([readRecords(), readWaitingPhotos()]);
    set({ records, localUses: localUseCounts(records, get().bundle), photosWaiting: photos.length });
  };
  const setBundle = (bundle: StoredBundle | null) => {
    let index: BundleIndex | null = null;
    try {
      index = bundle ? indexBundle(bundle) : null;
    } catch {
      // A bundle of a format this build cannot read: as if there were none, until the next one.
    }
    set({ bundle, index, localUses: localUseCounts(get().records, bundle) });
  };
  const scheduleRetry = () => {
    clearTimeout(retryTimer);
    const failures = get().failures;
    if (failures === 0) {
      set({ nextRetryAt: null });
      return;
    }
    const delay = retryDelayMs(failures);
    set({ nextRetryAt: Date.now() + delay });
    retryTimer = setTimeout(() => void get().sync(), delay);
  };

  return {
    phase: 'loading',
    device: null,
    bundle: null,
    index: null,
    records: [],
    localUses: new Map(),
    photosWaiting: 0,
    online: typeof navigator === 'undefined' ? true : navigator.onLine,
    syncing: false,
    failures: 0,
    nextRetryAt: null,
    lastSyncAt: null,
    refusedCode: null,
    syncError: null,

    async load() {
      try {
        const device = await readDevice();
        setBundle(await readBundle());
        await setRecords();
        set({ device, phase: device ? 'ready' : 'unenrolled' });
      } catch {
        // No IndexedDB (a private window of some browsers): the app cannot keep anything.
        set({ phase: 'unavailable' });
      }
    },

    async enrolled(device) {
      set({ device, phase: 'ready', refusedCode: null, failures: 0 });
      await get().refresh();
    },

    async refresh() {
      const { device, refusedCode } = get();
      if (!device || refusedCode) return;
      lastBundleAttempt = Date.now();
      try {
        setBundle(await refreshBundle(device));
        set({ online: true });
      } catch (error) {
        const refused = refusal(error);
        if (refused) set({ refusedCode: refused });
        else if (isNetworkFailure(error)) set({ online: false });
      }
    },

    async sync() {
      const { device, refusedCode, syncing } = get();
      if (syncing) syncAgain = true;
      if (!device || refusedCode || syncing) return;
      if (get().photosWaiting === 0 && !get().records.some((stored) => stored.state === 'pending')) {
        set({ failures: 0, syncError: null });
        scheduleRetry();
        return;
      }
      set({ syncing: true });
      try {
        await sendWaitingRecords(device);
        await setRecords();
        await sendWaitingPhotos(device);
        await setRecords();
        set({ failures: 0, lastSyncAt: new Date().toISOString(), syncError: null, online: true });
      } catch (error) {
        await setRecords();
        const refused = refusal(error);
        set({
          failures: get().failures + 1,
          refusedCode: refused,
          syncError: isNetworkFailure(error) ? null : (error as Error).message,
          ...(isNetworkFailure(error) && { online: false }),
        });
      } finally {
        set({ syncing: false });
        if (!get().refusedCode) scheduleRetry();
        if (syncAgain && get().failures === 0) {
          syncAgain = false;
          void get().sync();
        }
      }
    },

    async record(fields) {
      const stored = await recordOnPhone(fields, await currentPosition());
      await setRecords();
      void get().sync();
      return stored;
    },
  };
});

/**
 * Starts the background work while the app is open: the bundle every minute when online, and
 * the bundle and the waiting records again at every `online` event. Returns its stop.
 */
export function startFieldWork(): () => void {
  const field = useField.getState();
  const onOnline = () => {
    useField.setState({ online: true, failures: 0 });
    void field.refresh();
    void field.sync();
  };
  const onOffline = () => useField.setState({ online: false });
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  const timer = setInterval(() => {
    if (navigator.onLine && Date.now() - lastBundleAttempt >= BUNDLE_REFRESH_MS - 1000) void field.refresh();
  }, 15_000);
  void field.load().then(() => {
    if (!navigator.onLine) return;
    void field.refresh();
    void field.sync();
  });
  return () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    clearInterval(timer);
    clearTimeout(retryTimer);
  };
}
