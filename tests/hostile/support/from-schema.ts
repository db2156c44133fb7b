import fc from 'fast-check';
import { z } from 'zod';
import { hostileNumber, hostileString, hostileValue } from './hostile-values';

/** The part of JSON Schema that zod's `toJSONSchema` writes for our input schemas. */
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'ref' }) as JsonSchema;
}

const MAX_DEPTH = 4;

/** A value the schema would plausibly accept: what a real client sends. */
function plausible(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((variant) => plausible(variant, depth)));
  if (schema.allOf?.length) return plausible(schema.allOf[0] as JsonSchema, depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return plausibleString(schema);
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000, -1_000_000),
        max: Math.min(schema.maximum ?? 1_000, 1_000_000),
      });
    case 'number':
      return fc.double({
        min: Math.max(schema.minimum ?? schema.exclusiveMinimum ?? -1_000, -1_000_000),
        max: Math.min(schema.maximum ?? schema.exclusiveMaximum ?? 100_000, 1_000_000),
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (depth >= MAX_DEPTH) return fc.constant([]);
      const item = schema.items ? field(schema.items, depth + 1) : hostileValue;
      return fc.array(item, {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    }
    case 'object':
      return depth >= MAX_DEPTH ? fc.constant({}) : objectOf(schema, depth);
    default:
      return hostileValue;
  }
}

function plausibleString(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'email':
      return fc.constantFrom('ada@example.ng', 'chidi.obi@example.com', 'ADA@EXAMPLE.NG');
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
    case 'date':
      return fc.constantFrom('2026-11-23', '2025-01-01');
    case 'uri':
    case 'url':
      return fc.constantFrom('https://example.ng/', 'http://localhost/');
  }
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 24, 24));
  return fc.string({ minLength: min, maxLength: max });
}

function objectOf(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) shape[key] = field(property, depth + 1);
  const record = fc.record(shape, {
    requiredKeys: Object.keys(properties).filter((key) => required.has(key)),
  });
  // Sometimes a required field goes missing, sometimes an extra one comes along.
  return fc
    .tuple(
      record,
      fc.option(fc.constantFrom(...Object.keys(properties), '__none__')),
      fc.option(hostileValue),
    )
    .map(([value, drop, extra]) => {
      const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      if (drop && drop !== '__none__') delete out[drop];
      if (extra !== null) out.unexpectedField = extra;
      return out;
    });
}

/** One field: mostly plausible, otherwise a hostile value of its own kind or another shape. */
function field(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const hostileOfKind =
    type === 'string'
      ? hostileString
      : type === 'number' || type === 'integer'
        ? hostileNumber
        : hostileValue;
  return fc.oneof(
    { weight: 5, arbitrary: plausible(schema, depth) },
    { weight: 2, arbitrary: hostileOfKind },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** Inputs for a route part read with this schema: near-valid values with hostile fields mixed in. */
export function inputsFor(schema: z.ZodType | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.oneof(fc.constant({}), fc.dictionary(fc.string({ maxLength: 12 }), hostileValue));
  return field(jsonSchemaOf(schema), 0);
}
