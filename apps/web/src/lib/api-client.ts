import type { ApiInput, ApiOutput } from '@sentiero/contract/api';
import type { ApiError } from '@sentiero/contract/errors';
import { ROUTES, type RouteName } from '@sentiero/contract/routes';
import { ApiRequestError } from './api-error.ts';
import { currentLanguage } from './i18n.ts';

function toSearchParams(input: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  return params;
}

const isScalarList = (value: unknown): value is unknown[] =>
  Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object');

/**
 * Form-data carries strings and files only, so it follows the contract's two conventions: a list
 * of plain values (preferences) is comma-separated (`formList`); objects and lists of objects (a
 * purchase's guests, its card) travel as JSON strings.
 */
export function toFormData(input: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.set(key, value);
    else if (isScalarList(value)) form.set(key, value.join(','));
    else if (typeof value === 'object') form.set(key, JSON.stringify(value));
    else form.set(key, String(value));
  }
  return form;
}

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

let apiFetch: Fetch = (url, init) => fetch(url, init);

/**
 * Where API calls go: the browser's fetch, or on the server (entry-server.tsx) the API itself,
 * answering in the same process.
 */
export function setApiFetch(next: Fetch): void {
  apiFetch = next;
}

/**
 * Calls an endpoint of the contract in the current language. Reads go out as cacheable GETs;
 * writes as POST with form-data bodies (SPEC section 7).
 */
export async function callApi<N extends RouteName>(
  name: N,
  input: ApiInput<N>,
  options: { signal?: AbortSignal } = {},
): Promise<ApiOutput<N>> {
  const route = ROUTES[name];
  const fields = { lng: currentLanguage(), ...(input as Record<string, unknown>) };
  const url = `/api${route.path}`;
  const response = await apiFetch(
    // A write names its language in the URL as well: a refusal sent before its body is read (a
    // login needed, a rate limit) speaks it too.
    route.kind === 'read' ? `${url}?${toSearchParams(fields)}` : `${url}?lng=${fields.lng}`,
    route.kind === 'read'
      ? { credentials: 'same-origin', signal: options.signal, headers: { accept: 'application/json' } }
      : { method: 'POST', credentials: 'same-origin', signal: options.signal, body: toFormData(fields) },
  );
  if (!response.ok) throw await readError(response);
  return (await response.json()) as ApiOutput<N>;
}

async function readError(response: Response): Promise<ApiRequestError> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as Partial<ApiError>;
    if (typeof body.message === 'string') {
      return new ApiRequestError(response.status, body.message, body.code ?? 'UNKNOWN', body.fields ?? {});
    }
  } catch {
    // Not our JSON (a proxy's error page): fall back to the status text.
  }
  return new ApiRequestError(response.status, response.statusText || `HTTP ${response.status}`, 'HTTP');
}
