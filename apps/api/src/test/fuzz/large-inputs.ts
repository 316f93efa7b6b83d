import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { z } from 'zod';
import { arbitraryFromZod } from './arbitraries.ts';
import { type Encoding, encodeRequest } from './requests.ts';

/**
 * What hurts a parser or a backtracking regex most, repeated: an opening bracket, a tag start,
 * white space, and text outside ASCII (two-, three- and four-byte UTF-8; no NUL, no lone
 * surrogate, which are refused before any parser runs).
 */
export const HURTFUL_TEXT = [
  { name: '(', unit: '(' },
  { name: '<', unit: '<' },
  { name: 'spaces', unit: ' ' },
  { name: 'unicode', unit: 'àß€😀' },
] as const;

/** The server's limits (app.ts `bodyLimit`, request-input.ts `MULTIPART_LIMITS.fieldSize`). */
export const BODY_LIMIT = 1024 * 1024;
const MULTIPART_FIELD_LIMIT = 64 * 1024;

export const BODY_ENCODINGS = ['json', 'urlencoded', 'multipart'] as const satisfies readonly Encoding[];

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

export type FieldPath = Array<string | number>;

/** The path of every string field of a contract input, nested objects and list items included. */
export function stringFieldPaths(input: z.ZodType): FieldPath[] {
  const schema = z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const paths: FieldPath[] = [];
  const visit = (node: JsonSchema, path: FieldPath, depth: number) => {
    if (depth > 4) return;
    const types = Array.isArray(node.type) ? node.type : [node.type];
    if (path.length > 0 && types.includes('string')) paths.push(path);
    for (const [key, property] of Object.entries(node.properties ?? {}))
      visit(property, [...path, key], depth + 1);
    if (node.items) visit(node.items, [...path, 0], depth + 1);
    for (const alternative of [...(node.anyOf ?? []), ...(node.oneOf ?? [])]) visit(alternative, path, depth);
  };
  visit(schema, [], 0);
  // A field with several alternatives that take a string is sent once.
  return paths.filter(
    (path, index) => paths.findIndex((other) => other.join('.') === path.join('.')) === index,
  );
}

/** A request that mostly passes its schema, from the fuzz arbitraries with a fixed seed. */
export function baseInput(input: z.ZodType): Record<string, unknown> {
  const [sample] = fc.sample(arbitraryFromZod(input), { numRuns: 1, seed: 2126 });
  return typeof sample === 'object' && sample !== null && !Array.isArray(sample)
    ? (sample as Record<string, unknown>)
    : {};
}

function withValues(
  base: Record<string, unknown>,
  fields: FieldPath[],
  value: string,
): Record<string, unknown> {
  const copy = structuredClone(base);
  for (const path of fields) {
    let node: Record<string | number, unknown> = copy;
    path.forEach((key, index) => {
      if (index === path.length - 1) {
        node[key] = value;
        return;
      }
      const next = path[index + 1];
      const child = node[key];
      const fits =
        typeof next === 'number' ? Array.isArray(child) : typeof child === 'object' && child !== null;
      if (!fits) node[key] = typeof next === 'number' ? [{}] : {};
      node = node[key] as Record<string | number, unknown>;
      if (typeof next === 'number' && (typeof node[next] !== 'object' || node[next] === null))
        node[next] = {};
    });
  }
  return copy;
}

const bytes = (request: InjectOptions) => Buffer.byteLength((request.payload as string | Buffer) ?? '');

/**
 * Every string field of `fields` filled with `unit` repeated as often as the server takes in one
 * body of this encoding: the fields share the body limit (1 MiB), or in multipart each form field
 * is filled up to a field's limit (64 KiB). `oversized` puts 1 MiB in each, past every limit.
 */
export function largeRequest(options: {
  path: string;
  base: Record<string, unknown>;
  fields: FieldPath[];
  unit: string;
  encoding: (typeof BODY_ENCODINGS)[number];
  oversized?: boolean;
}): InjectOptions {
  const { path, base, fields, unit, encoding } = options;
  const encode = (count: number) =>
    encodeRequest(path, withValues(base, fields, unit.repeat(count)), encoding);
  if (options.oversized) return encode(Math.ceil(BODY_LIMIT / unit.length));
  if (encoding === 'multipart') {
    // Nested fields travel as JSON in the form field of their top-level key.
    const perKey = new Map<string, number>();
    for (const [key] of fields) perKey.set(String(key), (perKey.get(String(key)) ?? 0) + 1);
    const perFormField = Math.max(...perKey.values());
    return encode(Math.floor((MULTIPART_FIELD_LIMIT - 1024) / perFormField / Buffer.byteLength(unit)));
  }
  const one = bytes(encode(1));
  const perUnit = bytes(encode(2)) - one;
  return encode(Math.max(1, Math.floor((BODY_LIMIT - (one - perUnit)) / perUnit)));
}
