/*
 * This device's Web Push subscription: asked of the browser through the service worker (which
 * shows the alerts), with the server's VAPID public key, and handed to the server to keep.
 */

export type DeviceSubscription = { endpoint: string; p256dh: string; auth: string };

export type PushProblem = 'unsupported' | 'denied' | 'failed';

export class PushSetupError extends Error {
  readonly problem: PushProblem;
  constructor(problem: PushProblem) {
    super(problem);
    this.problem = problem;
  }
}

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The service worker is registered after the page loads (production builds): wait for it a while. */
const WORKER_WAIT_MS = 10_000;

async function readyWorker(): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new PushSetupError('unsupported')), WORKER_WAIT_MS),
  );
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(raw, (char) => char.charCodeAt(0));
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  a !== null &&
  a !== undefined &&
  a.byteLength === b.byteLength &&
  new Uint8Array(a).every((byte, i) => byte === b[i]);

function toDevice(subscription: PushSubscription): DeviceSubscription {
  const json = subscription.toJSON();
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!json.endpoint || !p256dh || !auth) throw new PushSetupError('failed');
  return { endpoint: json.endpoint, p256dh, auth };
}

/** Asks permission (once: the browser remembers the answer) and subscribes this device. */
export async function subscribeThisDevice(publicKey: string): Promise<DeviceSubscription> {
  if (!pushSupported() || !publicKey) throw new PushSetupError('unsupported');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushSetupError('denied');
  const registration = await readyWorker();
  const key = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made for another key (the server's keys changed) cannot carry our pushes.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
  } catch {
    throw new PushSetupError('failed');
  }
  return toDevice(subscription);
}

/** This device's subscription, if notifications are on here. */
export async function findThisDevice(): Promise<DeviceSubscription | null> {
  if (!pushSupported() || Notification.permission !== 'granted') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? toDevice(subscription) : null;
}

/** Stops notifications on this device; the endpoint is what the server forgets. */
export async function unsubscribeThisDevice(): Promise<string | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
