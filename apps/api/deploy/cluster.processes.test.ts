import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { LIVE_PATH, type LiveServerMessage } from '@pathways/shared/live/live.schemas';

import { applications } from '../src/db/schema/index.ts';
import { screeningQueues } from '../src/features/screening/index.ts';
import { createUser } from '../src/test/build-app.ts';
import { createOpportunities } from '../src/test/factories.ts';
import { LiveSocket } from '../src/test/live-socket.ts';
import { startCluster, type Cluster } from './cluster.ts';
import { waitUntil } from './processes.ts';

// Two production API processes behind nginx behave as one: sessions, live events, background
// jobs and log-in limits hold across them. Requests go through the balancer, which sends each
// to one process or the other in turn; where an assertion needs a given process, the test calls
// that process's own port and says so.

/**
 * The log-in limit every API process is given: attempts per address, in a window long enough
 * that no count expires during the test. Failed log-ins per account are allowed far more often,
 * so only the address limit is at work here.
 */
const LOGIN_LIMIT = 10;
const limits = {
  RATE_LIMIT_LOGIN_PER_ADDRESS: `${LOGIN_LIMIT}/15m`,
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '1000/15m',
};

let cluster: Cluster;

beforeAll(async () => {
  // Two workers: a job run "once" means neither took it as well as the other.
  cluster = await startCluster({ env: limits, workers: 2 });
});
afterAll(async () => {
  await cluster?.stop();
});
beforeEach(({ onTestFailed }) => {
  onTestFailed(() => console.error(cluster?.report()));
});

interface Answer {
  status: number;
  body: unknown;
  token?: string;
  /** The `host:port` of the API process that answered (set by the balancer). */
  upstream?: string;
}

async function call(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; forwardedFor?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor;
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  const authorization = res.headers.get('authorization');
  return {
    status: res.status,
    body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
    token: authorization?.replace(/^Bearer /, ''),
    upstream: res.headers.get('x-upstream') ?? undefined,
  };
}

/** Each successful log-in of the other tests speaks from an address of its own, so none of
 * them counts against the limit the log-in tests exercise. */
let logIns = 0;
async function logIn(user: { email: string; password: string }): Promise<string> {
  logIns += 1;
  const res = await call(cluster.balancer, 'POST', '/api/auth/login', {
    body: { email: user.email, password: user.password },
    forwardedFor: `203.0.113.${logIns}`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.token!;
}

const hostOf = (url: string) => new URL(url).host;

it('spreads requests over both API processes', async () => {
  const upstreams = new Set<string | undefined>();
  for (let i = 0; i < 4; i += 1) {
    const res = await call(cluster.balancer, 'GET', '/api/health');
    expect(res.status).toBe(200);
    upstreams.add(res.upstream);
  }
  expect([...upstreams].sort()).toEqual(cluster.apis.map(hostOf).sort());
});

it('accepts on one process a session started on the other, and refuses it on every process once ended on one', async () => {
  const candidate = await createUser(cluster.database, { role: 'candidate' });
  const token = await logIn(candidate);
  // Each process on its own port: both know the session, whichever one started it.
  for (const api of cluster.apis) {
    const res = await call(api, 'GET', '/api/candidate/candidate', { token });
    expect(res.status, api).toBe(200);
    expect((res.body as { id: number }).id).toBe(candidate.id);
  }
  // Log out on process A's port, then ask process B's port at once.
  const [a, b] = cluster.apis;
  expect((await call(a, 'DELETE', '/api/auth/session', { token })).status).toBe(204);
  expect((await call(b, 'GET', '/api/candidate/candidate', { token })).status).toBe(401);
  expect((await call(a, 'GET', '/api/candidate/candidate', { token })).status).toBe(401);
  // And through the balancer, twice: once to each process.
  for (let i = 0; i < 2; i += 1) {
    const res = await call(cluster.balancer, 'GET', '/api/candidate/candidate', { token });
    expect(res.status).toBe(401);
  }
});

it("delivers a message posted on one process to the candidate's socket on the other, and through the balancer", async () => {
  const client = await createUser(cluster.database, { role: 'client', primary: true });
  const candidate = await createUser(cluster.database, { role: 'candidate' });
  const [opportunity] = await createOpportunities(cluster.database, [
    { organizationId: client.organizationId! },
  ]);
  const [application] = await cluster.database.db
    .insert(applications)
    .values({ candidateId: candidate.id, opportunityId: opportunity!.id })
    .returning();
  const ids = { applicationId: application!.id, opportunityId: opportunity!.id };
  const isMessage = (m: LiveServerMessage) =>
    m.type === 'event' && JSON.stringify(m.event) === JSON.stringify({ kind: 'message', ...ids });

  const candidateToken = await logIn(candidate);
  const clientToken = await logIn(client);
  const [a, b] = cluster.apis;
  // The candidate's page holds a socket on process B's own port, and one through the balancer
  // (the WebSocket upgrade passes nginx).
  const onB = new LiveSocket(`${b.replace('http', 'ws')}${LIVE_PATH}`);
  const throughBalancer = new LiveSocket(`${cluster.balancer.replace('http', 'ws')}${LIVE_PATH}`);
  try {
    await onB.authenticate(candidateToken);
    await throughBalancer.authenticate(candidateToken);
    // The client writes on process A's own port.
    const sent = await call(
      a,
      'POST',
      `/api/client/opportunities/${ids.opportunityId}/applications/${ids.applicationId}/chats`,
      { token: clientToken, body: { message: { body: 'Written through process A' } } },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await onB.waitFor(isMessage);
    await throughBalancer.waitFor(isMessage);
  } finally {
    onB.close();
    throughBalancer.close();
  }
});

it('runs each queued job once: one regret e-mail per application, whichever process queued it', async () => {
  const client = await createUser(cluster.database, { role: 'client', primary: true });
  const candidates = await Promise.all(
    Array.from({ length: 6 }, () => createUser(cluster.database, { role: 'candidate' })),
  );
  const [opportunity] = await createOpportunities(cluster.database, [
    { organizationId: client.organizationId!, name: 'Warehouse Learnership' },
  ]);
  const rows = await cluster.database.db
    .insert(applications)
    .values(candidates.map((c) => ({ candidateId: c.id, opportunityId: opportunity!.id })))
    .returning();
  const clientToken = await logIn(client);

  const queuedBy = new Set<string | undefined>();
  for (const row of rows) {
    const res = await call(
      cluster.balancer,
      'PATCH',
      `/api/client/opportunities/${opportunity!.id}/applications/${row.id}/regret`,
      { token: clientToken },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    queuedBy.add(res.upstream);
  }
  expect(queuedBy.size).toBe(2);

  // Every regret job of this opportunity's applications has run to its end (no retry is left
  // to send again); only then is the count of e-mails final.
  const ids = rows.map((r) => r.id);
  const states = async () => {
    const result = (await cluster.database.db.execute(sql`
      select state, count(*)::int as n from pgboss.job
       where name = ${screeningQueues.regretMails}
         and exists (select from jsonb_array_elements_text(data->'applicationIds') as e(id)
                      where e.id::int = any(${`{${ids.join(',')}}`}::int[]))
       group by state`)) as unknown as { rows: { state: string; n: number }[] };
    return Object.fromEntries(result.rows.map((r) => [r.state, r.n]));
  };
  // A job whose wake-up a worker missed waits for the workers' next poll of the queue (up to
  // 30 s while LISTEN/NOTIFY is on); the deadline leaves room for that on a busy machine.
  await waitUntil(
    'the regret jobs to complete',
    async () => JSON.stringify(await states()) === JSON.stringify({ completed: ids.length }),
    { deadlineMs: 90_000, watch: cluster.children },
  );
  for (const candidate of candidates) {
    const received = cluster.mails.filter((m) => m.to.includes(candidate.email));
    expect(received, candidate.email).toHaveLength(1);
  }
}, 120_000);

describe('log-in limits', () => {
  async function wrongPasswords(
    base: string,
    email: string,
    address: string,
    times: number,
  ): Promise<Answer[]> {
    const answers: Answer[] = [];
    for (let i = 0; i < times; i += 1) {
      answers.push(
        await call(base, 'POST', '/api/auth/login', {
          body: { email, password: 'not-the-password' },
          forwardedFor: address,
        }),
      );
    }
    return answers;
  }

  // The balancer adds the caller's address to X-Forwarded-For and the processes trust it, so
  // each test speaks from an address of its own (documentation addresses) that no other test
  // uses.

  it('one process refuses the attempt after the limit (its own port)', async () => {
    const candidate = await createUser(cluster.database, { role: 'candidate' });
    const answers = await wrongPasswords(cluster.apis[0], candidate.email, '192.0.2.10', 11);
    expect(answers.slice(0, LOGIN_LIMIT).map((a) => a.status)).toEqual(
      Array(LOGIN_LIMIT).fill(401),
    );
    expect(answers[LOGIN_LIMIT]!.status).toBe(429);
  });

  it('the processes behind the balancer refuse the attempt after the limit, together', async () => {
    const candidate = await createUser(cluster.database, { role: 'candidate' });
    const answers = await wrongPasswords(
      cluster.balancer,
      candidate.email,
      '198.51.100.23',
      LOGIN_LIMIT,
    );
    expect(answers.map((a) => a.status)).toEqual(Array(LOGIN_LIMIT).fill(401));
    // The attempts were spread over both processes.
    expect(new Set(answers.map((a) => a.upstream)).size).toBe(2);
    const [next] = await wrongPasswords(cluster.balancer, candidate.email, '198.51.100.23', 1);
    expect(next!.status, `answered by ${next!.upstream}`).toBe(429);
  });
});
