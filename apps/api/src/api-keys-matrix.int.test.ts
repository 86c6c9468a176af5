import { scopeAllows, type ApiKeyScopes } from '@pathways/shared/api-keys/api-keys.rules';
import { apiKeyMessages } from '@pathways/shared/api-keys/api-keys.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { rows, type Answer, type Params } from './authorization-matrix.ts';
import { keyRuleOf } from './features/api-keys/index.ts';
import { createTestApp, type TestApp } from './test/build-app.ts';
import { createPrincipals, type Principals } from './test/principals.ts';

// Every operation of the API called with API keys of a sample of scopes: a key reaches exactly
// the operations its scopes allow, and there answers as a primary user of its organization
// would (the matrix's row for the primary user); everywhere else it is refused with 403 before
// anything runs. The operations come from the OpenAPI document of the real app.

const samples: ApiKeyScopes[] = [
  { applications: 'read' },
  { opportunities: 'write', analytics: 'read' },
  { candidates: 'write', campaigns: 'read' },
  { applications: 'write', campaigns: 'write', opportunities: 'read' },
];

interface Operation {
  method: string;
  path: string;
}

let t: TestApp;
let p: Principals;
let operations: Operation[];
const keys: { scopes: ApiKeyScopes; secret: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  p = await createPrincipals(t);
  const doc = t.app.swagger() as {
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  };
  // Every protected operation: a public one takes no credentials, so it has nothing to refuse.
  operations = Object.entries(doc.paths)
    .filter(([path]) => !path.startsWith('/api/docs'))
    .flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => operation.security?.length !== 0)
        .map(([method]) => ({ method: method.toUpperCase(), path })),
    );
  for (const scopes of samples) {
    const res = await p.call('primary', 'POST', '/api/client/api_keys', {
      apiKey: { name: 'Sample', scopes, expiresAt: null },
    });
    expect(res.statusCode, res.body).toBe(201);
    keys.push({ scopes, secret: res.json<{ secret: string }>().secret });
  }
}, 300_000);
afterAll(async () => t?.close());

function urlOf(operation: Operation): string {
  const row = rows.find((r) => r.op === `${operation.method} ${operation.path}`);
  const params: Params = row?.params?.(p.a, p) ?? {};
  const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(params[name] ?? 1)),
  );
  return row?.query ? `${url}?${row.query}` : url;
}

/** What a primary user of side A gets from the operation, from the matrix. */
function primaryAnswer(operation: Operation): Answer | undefined {
  return rows.find((r) => r.op === `${operation.method} ${operation.path}`)?.expect.primary;
}

const reads = (o: Operation) => o.method === 'GET';

// Reads first, then writes, and deletions last, so no call finds gone what one before removed.
describe('keys of sample scopes', { shuffle: false }, () => {
  const phases = [
    { name: 'reads', pick: (o: Operation) => reads(o) },
    { name: 'writes', pick: (o: Operation) => !reads(o) && o.method !== 'DELETE' },
    { name: 'deletions', pick: (o: Operation) => o.method === 'DELETE' },
  ];
  for (const phase of phases) {
    it(`reach exactly the ${phase.name} of their scopes`, async () => {
      const problems: string[] = [];
      const picked = operations.filter(phase.pick);
      expect(picked.length).toBeGreaterThan(0);
      for (const operation of picked) {
        const name = `${operation.method} ${operation.path}`;
        const rule = keyRuleOf(operation.method, operation.path);
        for (const key of keys) {
          const res = await t.app.inject({
            method: operation.method as 'GET',
            url: urlOf(operation),
            headers: { authorization: `Bearer ${key.secret}` },
            ...(reads(operation) ? {} : { payload: {} }),
          });
          const scopes = JSON.stringify(key.scopes);
          if (rule && scopeAllows(key.scopes, rule)) {
            const expected = primaryAnswer(operation);
            const ok =
              res.statusCode < 500 &&
              (reads(operation) && expected !== undefined
                ? expected === 'ok'
                  ? ![401, 403, 404].includes(res.statusCode)
                  : res.statusCode === expected
                : ![401, 403].includes(res.statusCode));
            if (!ok) problems.push(`${name} with ${scopes}: ${res.statusCode} ${res.body}`);
          } else {
            const message = rule ? apiKeyMessages.outOfScope : apiKeyMessages.keysOnly;
            if (res.statusCode !== 403 || res.json().message !== message) {
              problems.push(`${name} with ${scopes} was not refused: ${res.statusCode}`);
            }
          }
        }
      }
      expect(problems).toEqual([]);
    }, 300_000);
  }

  it('leave the key of each sample one call allowed and one refused at least', () => {
    for (const key of keys) {
      const allowed = operations.filter((o) => {
        const rule = keyRuleOf(o.method, o.path);
        return rule && scopeAllows(key.scopes, rule);
      });
      expect(allowed.length).toBeGreaterThan(0);
      expect(allowed.length).toBeLessThan(operations.length);
    }
  });
});
