import type { z } from 'zod';
import type { Permission } from './access.ts';

/**
 * One endpoint of the API: its SPEC path, its request and response schemas.
 * The server registers it, the client calls it and the OpenAPI document describes it,
 * all from this one definition.
 */
export type Endpoint<Input extends z.ZodType = z.ZodType, Output extends z.ZodType = z.ZodType> = {
  /** Path under `/api`, as SPEC section 7 writes it. */
  path: `/${string}`;
  /** Reads answer GET with the input in the query string as well as POST. */
  kind: 'read' | 'write';
  /** Public reads may be cached by browsers and proxies. */
  cache?: 'public' | 'private';
  /**
   * Who may call it (`access.ts`): `public` for everyone, else refused (401, or 403 without the
   * permission) from the session cookie alone, before the body is read. Every endpoint says it.
   */
  access: Permission;
  tag: string;
  summary: string;
  input: Input;
  output: Output;
};

export type EndpointOutput<E extends Endpoint> = z.output<E['output']>;

export function defineEndpoint<Input extends z.ZodType, Output extends z.ZodType>(
  endpoint: Endpoint<Input, Output>,
): Endpoint<Input, Output> {
  return endpoint;
}

export function isEndpoint(value: unknown): value is Endpoint {
  return (
    typeof value === 'object' &&
    value !== null &&
    'path' in value &&
    'kind' in value &&
    'input' in value &&
    'output' in value
  );
}

/** The endpoints among a contract module's exports, under their export names. */
export type EndpointsOf<Module> = {
  [Name in keyof Module as Module[Name] extends Endpoint ? Name : never]: Module[Name];
};

export function pickEndpoints<Module extends object>(module: Module): EndpointsOf<Module> {
  return Object.fromEntries(
    Object.entries(module).filter(([, value]) => isEndpoint(value)),
  ) as EndpointsOf<Module>;
}
