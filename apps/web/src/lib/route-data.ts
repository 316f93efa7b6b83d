import { data } from 'react-router';
import { ApiRequestError } from './api-error.ts';

/** What a loader throws for a page that does not exist: the error screen shows "Not Found". */
export function notFoundPage() {
  return data(null, { status: 404, statusText: 'Not Found' });
}

/** A route parameter that must be a positive integer id; anything else is a 404 page. */
export function requireIdParam(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) throw notFoundPage();
  return id;
}

/** Turns the API's 404 into the route's 404, so the error screen shows "Not Found". */
export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) throw notFoundPage();
    throw error;
  }
}
