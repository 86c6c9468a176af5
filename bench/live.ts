// Live updates: how soon a message written through one API instance reaches open sockets.
//
//   npm run bench:live                             # embedded PostgreSQL (PGlite), one process
//   TEST_DB_TARGET=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
//     npm run bench:live                           # a PostgreSQL server: two instances
//
// Two app instances on one database (on PGlite both share the one in-process database). A client
// posts a message through instance A (HTTP in process); the candidate's socket is on instance B.
// Reported as median and p95 over RUNS messages:
//   POST        the POST's own time, from sending to its answer (the baseline: what a sender waits);
//   event       from sending the POST to the event arriving on the socket on B;
//   lag         event minus POST, per message (negative: B's socket had it before A answered);
//   fan-out     one candidate message to FANOUT client sockets on B (the managers of the
//               opportunity): from sending until the last socket has the event.
// A benchmark is not a test: it reports, it never fails on a time.
import { performance } from 'node:perf_hooks';

import { openDatabase } from '../apps/api/src/db/client.ts';
import { applications } from '../apps/api/src/db/schema/index.ts';
import { bearer, createTestApp, createUser, loginAs } from '../apps/api/src/test/build-app.ts';
import { createTestDatabase, testDbTarget } from '../apps/api/src/test/db.ts';
import { createOpportunities } from '../apps/api/src/test/factories.ts';
import { openLive, type LiveSocket } from '../apps/api/src/test/live-socket.ts';
import { median, p95 } from './stats.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const FANOUT = Number(process.env.BENCH_FANOUT ?? 200);
const FANOUT_RUNS = 20;

const ms = (n: number) => `${n.toFixed(2)} ms`;
const report = (name: string, values: number[]) =>
  console.log(`${name.padEnd(10)} median ${ms(median(values))}   p95 ${ms(p95(values))}`);

const messageCount = (socket: LiveSocket) =>
  socket.events().filter((e) => e.kind === 'message').length;

async function main() {
  const database = await createTestDatabase();
  const a = await createTestApp({ database: { ...database, drop: async () => {} } });
  const second = database.url
    ? await openDatabase({ kind: 'postgres', url: database.url, max: 10 })
    : database;
  const b = await createTestApp({
    database: { ...second, drop: async () => (second === database ? undefined : second.close()) },
  });

  const client = await createUser(a.database, { role: 'client', primary: true });
  const candidate = await createUser(a.database, { role: 'candidate' });
  const [opportunity] = await createOpportunities(a.database, [
    { organizationId: client.organizationId! },
  ]);
  const [application] = await a.database.db
    .insert(applications)
    .values({ candidateId: candidate.id, opportunityId: opportunity!.id })
    .returning();
  const clientToken = await loginAs(a.app, client.email, client.password);
  const candidateToken = await loginAs(a.app, candidate.email, candidate.password);
  const onB = await openLive(b.app, candidateToken);
  const clientUrl = `/api/client/opportunities/${opportunity!.id}/applications/${application!.id}/chats`;

  const post: number[] = [];
  const event: number[] = [];
  const lag: number[] = [];
  for (let i = 0; i < RUNS + 5; i += 1) {
    const before = messageCount(onB);
    const start = performance.now();
    const arrived = onB.waitFor(() => messageCount(onB) > before).then(() => performance.now());
    const res = await a.app.inject({
      method: 'POST',
      url: clientUrl,
      headers: bearer(clientToken),
      payload: { message: { body: `Message ${i}` } },
    });
    const answered = performance.now();
    if (res.statusCode !== 201) throw new Error(`POST answered ${res.statusCode}`);
    const at = await arrived;
    if (i >= 5) {
      post.push(answered - start);
      event.push(at - start);
      lag.push(at - answered);
    }
  }

  // FANOUT colleagues, all primary users (so all manage the opportunity), each with a socket on B.
  const colleagues: LiveSocket[] = [];
  for (let i = 0; i < FANOUT; i += 1) {
    const user = await createUser(a.database, {
      role: 'client',
      primary: true,
      organizationId: client.organizationId!,
    });
    colleagues.push(await openLive(b.app, await loginAs(a.app, user.email, user.password)));
  }
  const candidateUrl = `/api/candidate/applications/${application!.id}/chats`;
  const fanout: number[] = [];
  for (let i = 0; i < FANOUT_RUNS + 2; i += 1) {
    const before = colleagues.map(messageCount);
    const start = performance.now();
    const all = Promise.all(
      colleagues.map((s, k) => s.waitFor(() => messageCount(s) > before[k]!)),
    ).then(() => performance.now());
    const res = await a.app.inject({
      method: 'POST',
      url: candidateUrl,
      headers: bearer(candidateToken),
      payload: { message: { body: `Answer ${i}` } },
    });
    if (res.statusCode !== 201) throw new Error(`POST answered ${res.statusCode}`);
    const at = await all;
    if (i >= 2) fanout.push(at - start);
  }

  console.log(
    `Live delivery on ${testDbTarget === 'postgres' ? 'PostgreSQL, two instances' : 'PGlite, two instances in one process'}; ${RUNS} messages, fan-out to ${FANOUT} sockets ${FANOUT_RUNS} times`,
  );
  report('POST', post);
  report('event', event);
  report('fan-out', fanout);
  // Negative: the other instance had the event before the sender had the POST's answer.
  report('lag', lag);

  for (const s of [onB, ...colleagues]) s.close();
  await b.close();
  await a.close();
  await database.drop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
