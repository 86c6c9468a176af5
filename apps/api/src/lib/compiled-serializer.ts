import fastJson from 'fast-json-stringify';
import { z } from 'zod';

// A route's answer written by a stringifier compiled once from its zod response schema, instead
// of checking every value against the schema and then writing it (the API's default). For long
// lists on hot routes, whose answers the service builds from typed rows: each value is written
// once, by code made for its place in the answer. The schema still documents the route.

type JsonSchema = Record<string, unknown>;

/** Keywords that check a value and say nothing about how it is written. */
const checksOnly = new Set(['$schema', 'pattern', 'format', 'minimum', 'maximum', 'maxItems']);

/**
 * The JSON Schema as the stringifier reads it fastest: checks dropped, and `X or null` as one
 * type list (`["string", "null"]`) rather than an `anyOf` the stringifier would test each value
 * against.
 */
export function writableSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(writableSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const node = schema as JsonSchema;
  const anyOf = node.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const other = anyOf.find((s) => s.type !== 'null');
    if (other && anyOf.some((s) => s.type === 'null') && typeof other.type === 'string') {
      const rest = Object.fromEntries(Object.entries(node).filter(([k]) => k !== 'anyOf'));
      return writableSchema({ ...rest, ...other, type: [other.type, 'null'] });
    }
  }
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => !checksOnly.has(key))
      .map(([key, value]) => [key, writableSchema(value)]),
  );
}

/** A stringifier for answers of this zod schema. */
export function compileStringifier(schema: z.ZodType): (data: unknown) => string {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' });
  return fastJson(writableSchema(json) as Parameters<typeof fastJson>[0]);
}

/** Route option `serializerCompiler` for a route whose response schemas are zod schemas. */
export const compiledSerializer = ({ schema }: { schema: unknown }) =>
  compileStringifier(schema as z.ZodType);
