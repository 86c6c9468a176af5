import { textMessages } from '@pathways/shared/common/text';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_PASSWORD, seedDemoData } from './seed/index.ts';
import { multipart, pdfBytes, pngBytes } from './test/uploads.ts';
import { bearer, createTestApp, loginAs, type TestApp } from './test/build-app.ts';

// PostgreSQL cannot store U+0000 in text. Every string the API takes (in a body, a query string
// or a path) must refuse it as invalid input, naming the field, and never reach the database.
// This walks the API's own OpenAPI document, so a new route or field is covered as it appears.

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minItems?: number;
  required?: string[];
}
interface Parameter {
  in: 'query' | 'path' | 'header';
  name: string;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

/** Where a string sits in a body: object keys, array items and the branch of a union. */
type Step = { key: string } | { item: true } | { branch: number };

const NUL = 'a\u0000b';
const branches = (s: Schema) => s.anyOf ?? s.oneOf;
const isString = (s: Schema) =>
  s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'));

/** Every path to a string in a schema, through each branch of each union. */
function stringPaths(schema: Schema, at: Step[] = []): Step[][] {
  const union = branches(schema);
  if (union) return union.flatMap((branch, i) => stringPaths(branch, [...at, { branch: i }]));
  if (schema.allOf) return schema.allOf.flatMap((part) => stringPaths(part, at));
  if (schema.properties) {
    return Object.entries(schema.properties).flatMap(([key, value]) =>
      stringPaths(value, [...at, { key }]),
    );
  }
  if (schema.items) return stringPaths(schema.items, [...at, { item: true }]);
  return isString(schema) ? [at] : [];
}

/** A value of the schema's shape, with NUL text at `target` (when it runs through here). */
function sample(schema: Schema, target: Step[] | undefined): unknown {
  const [step, ...rest] = target ?? [];
  const union = branches(schema);
  if (union) {
    const chosen = step && 'branch' in step ? step.branch : 0;
    return sample(union[chosen]!, step && 'branch' in step ? rest : undefined);
  }
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((p) => sample(p, target)));
  if (schema.const !== undefined) return schema.const;
  if (schema.properties) {
    return Object.fromEntries(
      Object.entries(schema.properties).map(([key, value]) => [
        key,
        sample(value, step && 'key' in step && step.key === key ? rest : undefined),
      ]),
    );
  }
  if (schema.items) {
    const inside = step && 'item' in step ? rest : undefined;
    return [sample(schema.items, inside)];
  }
  if (target && target.length === 0) return NUL;
  if (schema.enum) return schema.enum[0];
  if (isString(schema)) return schema.format === 'date' ? '2001-02-03' : 'text';
  if (schema.type === 'integer' || schema.type === 'number') return 1;
  if (schema.type === 'boolean') return true;
  return null;
}

const fieldName = (path: Step[]) =>
  path.flatMap((step) => ('key' in step ? [step.key] : [])).at(-1) ?? 'base';

type Who = 'guest' | 'candidate' | 'client' | 'admin';
let t: TestApp;
const headersOf: Record<Who, Record<string, string>> = {
  guest: {},
  candidate: {},
  client: {},
  admin: {},
};
let candidateId = 0;
let clientId = 0;
let adminId = 0;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, { now: t.clock.now, candidates: 3 });
  const users = {
    candidate: 'thandi@demo.test',
    client: 'client@demo.test',
    admin: 'admin@demo.test',
  } as const;
  for (const [who, email] of Object.entries(users) as [Exclude<Who, 'guest'>, string][]) {
    headersOf[who] = bearer(await loginAs(t.app, email, DEMO_PASSWORD));
  }
  const idOf = async (email: string) =>
    rows<{ id: number }>(
      await t.database.db.execute(sql`select id from users where email = ${email}`),
    )[0]!.id;
  candidateId = await idOf(users.candidate);
  clientId = await idOf(users.client);
  adminId = await idOf(users.admin);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

function rows<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** A real id for a path parameter: a row of the table the path names, the candidate's own. */
async function realId(table: string, parent?: { column: string; id: number }): Promise<number> {
  const columns = rows<{ column_name: string }>(
    await t.database.db.execute(
      sql`select column_name from information_schema.columns where table_name = ${table}`,
    ),
  ).map((c) => c.column_name);
  if (columns.length === 0) return 1;
  // A nested path names its parent by a column the table may not have (`locations` under
  // `opportunities` are another table's rows): then any row will do.
  const owner =
    parent && columns.includes(parent.column)
      ? sql.raw(`${parent.column} = ${parent.id}`)
      : columns.includes('profile_id')
        ? sql.raw(`profile_id = (select id from candidate_profiles where user_id = ${candidateId})`)
        : columns.includes('candidate_id')
          ? sql.raw(`candidate_id = ${candidateId}`)
          : columns.includes('user_id')
            ? sql.raw(`user_id = ${candidateId}`)
            : sql.raw('true');
  const found = rows<{ id: number }>(
    await t.database.db.execute(
      sql`select id from ${sql.identifier(table)} where ${owner} order by id limit 1`,
    ),
  );
  return found[0]?.id ?? 1;
}

/** The path with real values in its parameters, and NUL in `nulIn` if given. */
async function fillPath(path: string, nulIn?: string): Promise<string> {
  const segments = path.split('/');
  const out: string[] = [];
  let parent: { table: string; id: number } | undefined;
  for (const [i, segment] of segments.entries()) {
    const name = /^\{(.+)\}$/.exec(segment)?.[1];
    if (!name) {
      out.push(segment);
      continue;
    }
    const table = segments[i - 1]!;
    let value: string;
    if (name === nulIn) value = encodeURIComponent(NUL);
    else if (name === 'role') value = 'candidate';
    else if (name === 'provider') value = 'google';
    else if (table === 'clients') value = String(clientId);
    else if (table === 'admins') value = String(adminId);
    else if (table === 'campaigns') {
      const [campaign] = rows<{ slug: string }>(
        await t.database.db.execute(sql`select slug from campaigns order by id limit 1`),
      );
      value = campaign?.slug ?? 'campaign';
    } else if (table === 'campaign_aliases') {
      const [alias] = rows<{ alias: string }>(
        await t.database.db.execute(sql`select alias from campaign_aliases order by id limit 1`),
      );
      value = alias?.alias ?? 'alias';
    } else if (parent && name !== 'id') {
      const column = `${parent.table.replace(/s$/, '')}_id`;
      value = String(await realId(table, { column, id: parent.id }));
    } else {
      value = String(await realId(table));
    }
    if (/^\d+$/.test(value)) parent = { table, id: Number(value) };
    out.push(value);
  }
  return out.join('/');
}

const document = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };

interface Probe {
  method: string;
  route: string;
  field: string;
  where: 'body' | 'query' | 'path';
  url: string;
  payload?: unknown;
}

async function probes(): Promise<Probe[]> {
  const out: Probe[] = [];
  for (const [route, operations] of Object.entries((await document()).paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      const base = await fillPath(route);
      const json = operation.requestBody?.content['application/json']?.schema;
      const body = json ? sample(json, undefined) : undefined;
      for (const p of parameters.filter((p) => p.in === 'query')) {
        if (!p.schema || stringPaths(p.schema).length === 0) continue;
        out.push({
          method,
          route,
          field: p.name,
          where: 'query',
          url: `${base}?${p.name}=${encodeURIComponent(NUL)}`,
          payload: body,
        });
      }
      for (const p of parameters.filter((p) => p.in === 'path')) {
        if (!p.schema || !isString(p.schema)) continue;
        out.push({
          method,
          route,
          field: p.name,
          where: 'path',
          url: await fillPath(route, p.name),
          payload: body,
        });
      }
      if (!json) continue;
      for (const path of stringPaths(json)) {
        out.push({
          method,
          route,
          field: fieldName(path),
          where: 'body',
          url: base,
          payload: sample(json, path),
        });
      }
    }
  }
  return out;
}

describe('a NUL character in any string the API takes', () => {
  it('is refused as invalid input naming the field, never a server error', async () => {
    const all = await probes();
    // The document covers the routes that take free text: bodies, search and path strings.
    expect(all.filter((p) => p.where === 'body').length).toBeGreaterThan(50);
    expect(all.filter((p) => p.where === 'query' && p.field === 'search').length).toBeGreaterThan(
      8,
    );
    expect(all.some((p) => p.where === 'path')).toBe(true);

    const failures: string[] = [];
    for (const probe of all) {
      const answers: string[] = [];
      let reached = false;
      for (const who of ['guest', 'candidate', 'client', 'admin'] as const) {
        const res = await t.app.inject({
          method: probe.method.toUpperCase() as 'GET',
          url: probe.url,
          headers: headersOf[who],
          ...(probe.payload === undefined ? {} : { payload: probe.payload as object }),
        });
        answers.push(`${who} ${res.statusCode}`);
        if (res.statusCode >= 500) {
          failures.push(
            `${probe.method} ${probe.route} ${probe.where} ${probe.field}: ${res.statusCode} as ${who}`,
          );
          continue;
        }
        if (res.statusCode === 401 || res.statusCode === 403) continue;
        reached = true;
        if (probe.where === 'path' && res.statusCode === 404) continue;
        const errors = res.statusCode === 422 ? (res.json().errors ?? {}) : {};
        const named = Object.keys(errors).some((key) => key.split('.').includes(probe.field));
        if (!named) {
          failures.push(
            `${probe.method} ${probe.route} ${probe.where} ${probe.field}: ${res.statusCode} as ${who} ${res.body.slice(0, 200)}`,
          );
        }
      }
      if (!reached)
        failures.push(`${probe.method} ${probe.route}: nobody reached it (${answers.join(', ')})`);
    }
    expect(failures).toEqual([]);
  });

  it('answers a public search with the message a form shows', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/opportunities?search=a%00b' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ search: [textMessages.nul] });
  });

  it('answers a profile field with the message, and keeps the profile as it was', async () => {
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/candidate/profile',
      headers: headersOf.candidate,
    });
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/candidate/profile',
      headers: headersOf.candidate,
      payload: { profile: { biography: 'Hello\u0000world', firstNames: 'Thandi' } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ biography: [textMessages.nul] });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/candidate/profile',
      headers: headersOf.candidate,
    });
    expect(after.json()).toEqual(before.json());
  });

  it('answers screening answers, which the document shows only as a list, under the list', async () => {
    const id = await realId('applications');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/candidate/applications/${id}`,
      headers: headersOf.candidate,
      payload: { application: { answers: [{ questionId: 1, answer: 'Yes\u0000' }] } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ answers: [textMessages.nul] });
  });

  it('answers an upload with NUL in its fields as invalid, and keeps a clean file name', async () => {
    const post = async (
      url: string,
      method: 'POST' | 'PUT',
      parts: Parameters<typeof multipart>[0],
    ) => {
      const { payload, headers } = await multipart(parts);
      return t.app.inject({
        method,
        url,
        payload,
        headers: { ...headers, ...headersOf.candidate },
      });
    };
    const file = (value: Uint8Array, fileName: string) => ({
      name: 'file',
      value,
      fileName,
      type: 'application/octet-stream',
    });
    const badKind = await post('/api/candidate/documents', 'POST', [
      { name: 'kind', value: 'other\u0000' },
      file(pdfBytes(), 'cv.pdf'),
    ]);
    expect(badKind.statusCode).toBe(422);
    expect(Object.keys(badKind.json().errors)).toEqual(['kind']);

    const badName = await post('/api/candidate/documents', 'POST', [
      { name: 'kind', value: 'other' },
      file(pdfBytes(), 'c\u0000v.pdf'),
    ]);
    expect(badName.statusCode).toBe(201);
    expect(badName.json()).toMatchObject({ originalName: 'cv.pdf' });

    const avatar = await post('/api/candidate/avatar', 'PUT', [
      file(await pngBytes(20, 20), 'me\u0000.png'),
    ]);
    expect(avatar.statusCode).toBeLessThan(500);
  });
});
