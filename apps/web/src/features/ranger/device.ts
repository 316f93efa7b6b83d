import type { ApiOutput } from '@sentiero/contract/api';
import type { ApiError } from '@sentiero/contract/errors';
import { ApiRequestError } from '../../lib/api-error.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { type StoredDevice, saveDevice } from './store.ts';

/**
 * Enrolment (ADR 043): with the ranger's console session complete (password and authenticator),
 * the phone makes an ECDSA P-256 key pair whose private half cannot be exported, registers the
 * public half, and keeps the private key in IndexedDB as the CryptoKey it is.
 */
export async function enrolThisPhone(ranger: string, label: string): Promise<StoredDevice> {
  const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'sign',
    'verify',
  ]);
  const { x, y } = await crypto.subtle.exportKey('jwk', keys.publicKey);
  if (!x || !y) throw new Error('WebCrypto gave a P-256 public key without coordinates');
  // JSON, not form-data: the public key is an object. The console session's cookie goes with it.
  const response = await fetch(`/api/ranger/device/enrol?lng=${currentLanguage()}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ label, public_key: { kty: 'EC', crv: 'P-256', x, y } }),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as Partial<ApiError> | null;
    throw new ApiRequestError(
      response.status,
      body?.message ?? response.statusText,
      body?.code ?? 'HTTP',
      body?.fields ?? {},
    );
  }
  const enrolled = (await response.json()) as ApiOutput<'rangerEnrol'>;
  const device: StoredDevice = {
    id: enrolled.device_id,
    label,
    enrolledAt: enrolled.enrolled_at,
    privateKey: keys.privateKey,
    bundleKey: { keyId: enrolled.bundle_key.key_id, x: enrolled.bundle_key.x },
    ranger,
  };
  await saveDevice(device);
  return device;
}

/** A name the console's list shows for this phone: what the browser says it runs on. */
export function defaultDeviceLabel(): string {
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  const model = /Android [\d.]+; ([^;)]+)/.exec(agent)?.[1] ?? (/iPhone/.test(agent) ? 'iPhone' : null);
  return (model ?? (/Mobile/.test(agent) ? 'Phone' : 'Browser')).slice(0, 80);
}
