import type { z } from 'zod';
import type { ENDPOINTS } from './endpoints.ts';
import type { RouteName } from './routes.ts';

/**
 * Endpoint types by route name, for clients that must not load the schemas themselves: derived
 * from the one list of endpoints, imported for its type only (ADR 004, ADR 010).
 */
export type Api = typeof ENDPOINTS;

export type ApiInput<N extends RouteName> = z.input<Api[N]['input']>;
export type ApiOutput<N extends RouteName> = z.output<Api[N]['output']>;
