import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from './app.ts';
import { rows, type Answer, type Params, type Row } from './authorization-matrix.ts';
import { createTestApp, type TestApp } from './test/build-app.ts';
import { multipart, pdfBytes, pngBytes } from './test/uploads.ts';
import {
  createPrincipals,
  everyone,
  missingId,
  type Principal,
  type Principals,
  type Side,
  type Who,
} from './test/principals.ts';

// Every operation of the API called by every principal, checked against its row of the
// matrix; and for every object a principal may not see, the answer is the very one of an object
// that does not exist. The rows come from authorization-matrix.ts; the operations from the
// OpenAPI document of the real app, so a route without a row fails here.

interface Operation {
  method: string;
  path: string;
  /** The request body's JSON schema, when the route takes JSON. */
  body?: JsonSchema;
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: boolean | number;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The operations of the app's OpenAPI document, but its own documentation pages. */
function operationsOf(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as {
    paths: Record<
      string,
      Partial<
        Record<
          string,
          { requestBody?: { content?: Record<string, { schema?: JsonSchema } | undefined> } }
        >
      >
    >;
  };
  return Object.entries(doc.paths)
    .filter(([path]) => !path.startsWith('/api/docs'))
    .flatMap(([path, item]) =>
      methods
        .filter((m) => item[m])
        .map((m) => ({
          method: m.toUpperCase(),
          path,
          body: item[m]!.requestBody?.content?.['application/json']?.schema,
        })),
    );
}

const nameOf = (o: Operation) => `${o.method} ${o.path}`;

/** Operations without a row, and rows (or duplicate rows) without an operation. */
function compareWithRows(operations: Operation[], matrix: readonly Row[]) {
  const names = new Set(operations.map(nameOf));
  const seen = new Set<string>();
  const duplicated = matrix.map((r) => r.op).filter((op) => seen.has(op) || !seen.add(op));
  return {
    withoutRow: [...names].filter((name) => !seen.has(name)),
    withoutOperation: [...seen].filter((op) => !names.has(op)),
    duplicated,
  };
}

/** A small body the schema accepts where it can: required properties only, smallest values. */
function minimal(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const choices = schema.oneOf ?? schema.anyOf;
  if (choices) return minimal(choices.find((c) => c.type !== 'null') ?? choices[0]);
  if (schema.allOf) {
    return Object.assign({}, ...schema.allOf.map((s) => minimal(s) as object));
  }
  const type = Array.isArray(schema.type)
    ? schema.type.find((t) => t !== 'null')
    : (schema.type ?? (schema.properties ? 'object' : undefined));
  switch (type) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [key, minimal(schema.properties?.[key])]),
      );
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => minimal(schema.items));
    case 'string':
      if (schema.format === 'email') return 'someone@example.test';
      if (schema.format === 'date') return '2024-01-01';
      if (schema.format === 'date-time') return '2024-01-01T00:00:00.000Z';
      if (schema.format === 'uri') return 'https://example.test/';
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
    case 'integer':
    case 'number':
      if (schema.minimum === undefined) return 1;
      return schema.exclusiveMinimum === true ? schema.minimum + 1 : schema.minimum;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return undefined;
  }
}

function urlOf(path: string, params: Params, query?: string): string {
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  return query ? `${url}?${query}` : url;
}

/** Whether a status is the answer a row expects. */
function matches(expected: Answer, status: number): boolean {
  if (expected === 'ok') return status < 500 && ![401, 403, 404].includes(status);
  return status === expected;
}

/**
 * The headers of an answer that could tell two objects apart. `date` changes with the clock
 * and is the only one left out; the app sends no request-id style header.
 */
function telling(res: LightMyRequestResponse) {
  const { date: _date, ...headers } = res.headers;
  return { status: res.statusCode, headers, body: res.body };
}

let t: TestApp;
let p: Principals;
let operations: Operation[];

beforeAll(async () => {
  // A social provider needs no network until a candidate comes back from it.
  t = await createTestApp({
    env: { FACEBOOK_CLIENT_ID: 'facebook-client', FACEBOOK_CLIENT_SECRET: 'facebook-secret' },
  });
  p = await createPrincipals(t);
  operations = operationsOf(t.app);
});
afterAll(() => t?.close());

describe('the authorization matrix', () => {
  it('has a row for every operation of the API, and an operation for every row', () => {
    expect(operations.length).toBeGreaterThan(150);
    expect(compareWithRows(operations, rows)).toEqual({
      withoutRow: [],
      withoutOperation: [],
      duplicated: [],
    });
  });

  it('names a route added without a row, and a row whose route is gone', async () => {
    const app = await buildApp({ config: t.config, database: t.database, logger: false });
    app.get(
      '/api/scratch/:id',
      { config: { access: 'public' }, schema: { summary: 'Not in the matrix' } },
      async () => ({}),
    );
    await app.ready();
    try {
      const gone = { op: 'GET /api/retired', expect: rows[0]!.expect };
      expect(compareWithRows(operationsOf(app), [...rows, gone, rows[0]!])).toEqual({
        withoutRow: ['GET /api/scratch/{id}'],
        withoutOperation: ['GET /api/retired'],
        duplicated: [rows[0]!.op],
      });
    } finally {
      await app.close();
    }
  });
});

/** Rows that leave everything as it was first, then those that delete, then session enders. */
const ordered = [
  ...rows.filter((r) => !r.destructive),
  ...rows.filter((r) => r.destructive && !r.freshSession),
  ...rows.filter((r) => r.freshSession),
];

// The rows are steps in order, on the same principals and objects: those that leave everything
// as it was come first, then those that delete an object, and last those that end a session, so
// no row finds an object or a session a row before it took away.
describe('every row of the matrix, in order', { shuffle: false }, () => {
  describe.each(ordered.map((row) => ({ row, name: row.op })))('$name', ({ row }) => {
    it('answers each principal as its row says, and a foreign object as a missing one', async () => {
      const operation = operations.find((o) => nameOf(o) === row.op);
      expect(operation, `${row.op} is no operation of the API`).toBeDefined();
      const [method, path] = [operation!.method, operation!.path];
      const answers: Partial<Record<Who, number>> = {};
      const problems: string[] = [];

      const call = async (who: Principal, side: Side, params: Params) => {
        const url = urlOf(path, params, row.query);
        if (!row.upload) {
          return p.call(who, method, url, row.body ? row.body(side, p) : minimal(operation!.body));
        }
        const form = await multipart(
          row.upload === 'pdf'
            ? [
                { name: 'kind', value: 'other' },
                { name: 'file', value: pdfBytes(), fileName: 'a.pdf', type: 'application/pdf' },
              ]
            : [
                {
                  name: 'file',
                  value: await pngBytes(40, 20),
                  fileName: 'a.png',
                  type: 'image/png',
                },
              ],
        );
        return t.app.inject({
          method: method as 'PUT',
          url,
          payload: form.payload,
          headers: { ...form.headers, ...who.headers },
        });
      };

      // Those refused first, so that a call that changes something comes after them.
      const turns = [...everyone].sort(
        (x, y) => Number(row.expect[x] === 'ok') - Number(row.expect[y] === 'ok'),
      );
      for (const who of turns) {
        const principal = row.freshSession ? await p.signIn(who) : p.byWho[who];
        const side = row.fresh ? { ...p.a, ...(await row.fresh(t, p.a, p)) } : p.a;
        const params = row.params?.(side, p) ?? {};
        const expected = row.expect[who];

        if (expected === 404 || (expected === 'ok' && row.objects)) {
          // Never leak existence: the object refused (a 404) and, for those let in, side B's twin
          // of each object answer exactly as an id no object has.
          const twins = expected === 404 ? params : (row.params?.(p.b, p) ?? {});
          for (const name of row.objects ?? numeric(params)) {
            const foreign = await call(principal, side, { ...params, [name]: twins[name]! });
            const missing = await call(principal, side, { ...params, [name]: missingId });
            const [f, m] = [telling(foreign), telling(missing)];
            if (JSON.stringify(f) !== JSON.stringify(m)) {
              problems.push(
                `${who}: {${name}} of another answers ${JSON.stringify(f)}, a missing one ${JSON.stringify(m)}`,
              );
            }
            if (foreign.statusCode !== 404 && expected === 'ok') {
              problems.push(`${who}: {${name}} of another answers ${foreign.statusCode}, not 404`);
            }
          }
          if (expected === 404) {
            answers[who] = (await call(principal, side, params)).statusCode;
            if (answers[who] !== 404) problems.push(`${who}: ${answers[who]}, expected 404`);
            continue;
          }
        }
        if (row.hidden) {
          // Nobody here may see a draft: it answers as a missing object does, to everyone.
          const hidden = row.hidden(side);
          for (const name of numeric(hidden)) {
            const [h, m] = [
              telling(await call(principal, side, { ...params, ...hidden })),
              telling(await call(principal, side, { ...params, ...hidden, [name]: missingId })),
            ];
            const refused = expected === 401 || expected === 403;
            if (JSON.stringify(h) !== JSON.stringify(m) || (!refused && h.status !== 404)) {
              problems.push(
                `${who}: a hidden {${name}} answers ${JSON.stringify(h)}, a missing one ${JSON.stringify(m)}`,
              );
            }
          }
        }
        const res = await call(principal, side, params);
        answers[who] = res.statusCode;
        if (!matches(expected, res.statusCode)) {
          problems.push(
            `${who}: ${res.statusCode}, expected ${expected} (${res.body.slice(0, 200)})`,
          );
        }
      }
      expect(problems.join('\n'), JSON.stringify(answers)).toBe('');
    });
  });
});

/** The names of the parameters that are ids (not a role, a provider or a file name). */
function numeric(params: Params): string[] {
  return Object.keys(params).filter((name) => typeof params[name] === 'number');
}
