import fc from 'fast-check';
import { z } from 'zod';

/** The part of JSON Schema that `z.toJSONSchema` writes for the contract's inputs. */
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
};

/**
 * What an attacker or a broken client sends instead of a value: text PostgreSQL cannot store,
 * text far past any limit, numbers past every range, impossible dates, wrong types, keys that
 * touch prototypes.
 */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    'aaaa\u0000aaaa',
    '\u0000',
    'hello \ud800',
    '\udfff',
    '',
    ' ',
    '%00',
    '../../etc/passwd',
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '2026-02-30',
    '0000-00-00',
    '9999-12-31',
    '-1',
    '1e400',
    '99999999999999999999999',
    'NaN',
    'true',
    '{"a":1}',
    '__proto__',
  ),
  fc.constantFrom(0, -1, -2147483649, 2147483648, 1e308, 0.5, Number.MAX_SAFE_INTEGER + 2),
  fc.constantFrom(null, true, false, [], {}, [null], { __proto__: { polluted: true } }),
  fc.string({ minLength: 300, maxLength: 5000 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Integers that hit the seeded catalogue often (ids, pages), and edges sometimes. */
function integerIn(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum === undefined ? -1000 : schema.exclusiveMinimum + 1);
  const max =
    schema.maximum ?? (schema.exclusiveMaximum === undefined ? 100_000 : schema.exclusiveMaximum - 1);
  const near = fc.integer({ min: Math.max(min, 0), max: Math.min(max, Math.max(min, 0) + 150) });
  return fc.oneof({ arbitrary: near, weight: 4 }, fc.constantFrom(min, max), fc.integer({ min, max }));
}

/** Real calendar days around the seasons the seed sells, and a few that do not exist. */
const calendarDate = fc.oneof(
  fc
    .date({
      min: new Date('2025-01-01T00:00:00Z'),
      max: new Date('2028-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString().slice(0, 10)),
  fc.constantFrom('2026-02-29', '2026-13-01', '2026-04-31'),
);

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$') return calendarDate;
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern, 'u')).filter((text) => text.length <= 200);
    } catch {
      // A pattern fast-check cannot invert is fuzzed with plain strings.
    }
  }
  if (schema.format === 'email') return fc.emailAddress();
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 64, 200);
  return fc.oneof(
    fc.string({ minLength, maxLength: Math.max(minLength, maxLength) }),
    fc.constantFrom('Ada Rossi', 'ada@example.com', 'Borgotaro', 'Boletus2026!', 'IT', 'it', 'en'),
  );
}

/** A text the schema would take, with a character no database can store slipped in somewhere. */
function corrupted(text: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc.tuple(text, fc.constantFrom('\u0000', '\ud800', '\udfff'), fc.nat()).map(([value, bad, at]) => {
    const valid = String(value);
    const cut = valid.length === 0 ? 0 : at % (valid.length + 1);
    return `${valid.slice(0, cut)}${bad}${valid.slice(cut)}`;
  });
}

/** Values that follow `schema`, mixed with hostile ones at every depth. */
export function arbitraryFromJsonSchema(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const valid = validFromJsonSchema(schema, depth);
  const isText = schema.type === 'string';
  return fc.oneof(
    { arbitrary: valid, weight: 8 },
    { arbitrary: isText ? corrupted(valid) : hostileValue, weight: isText ? 1 : 0 },
    { arbitrary: hostileValue, weight: 1 },
  );
}

function validFromJsonSchema(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((item) => validFromJsonSchema(item, depth)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return integerIn(schema);
    case 'number':
      return fc.oneof(integerIn(schema), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? arbitraryFromJsonSchema(schema.items, depth + 1) : hostileValue, {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 6),
      });
    case 'object':
      return objectFromJsonSchema(schema, depth);
    default:
      return hostileValue;
  }
}

function objectFromJsonSchema(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  if (depth > 4) return fc.constant({});
  const fields = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([key, property]) => [
      key,
      arbitraryFromJsonSchema(property, depth + 1),
    ]),
  );
  const record = (requiredKeys: string[]) => fc.record(fields, { requiredKeys });
  // Required keys are mostly there, so that most requests get past the first check.
  const value = fc.oneof(
    { arbitrary: record(schema.required ?? []), weight: 4 },
    { arbitrary: record([]), weight: 1 },
  );
  const extra = fc.dictionary(
    fc.constantFrom('__proto__', 'constructor', 'extra', 'id\u0000'),
    hostileValue,
    {
      maxKeys: 1,
    },
  );
  return fc.oneof(
    { arbitrary: value, weight: 9 },
    { arbitrary: fc.tuple(value, extra).map(([fields, more]) => ({ ...fields, ...more })), weight: 1 },
  );
}

/** The arbitrary of a contract input schema, through its JSON Schema (the request side). */
export function arbitraryFromZod(schema: z.ZodType): fc.Arbitrary<unknown> {
  const jsonSchema = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return validFromJsonSchema(jsonSchema, 0);
}
