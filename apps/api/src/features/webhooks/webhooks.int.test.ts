import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import {
  webhookEventData,
  webhookEventTypes,
  webhookMessageSchema,
} from '@pathways/shared/webhooks/webhooks.events';
import { webhookMessages } from '@pathways/shared/webhooks/webhooks.schemas';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { eligibilities, webhookDeliveries } from '../../db/schema/index.ts';
import { createTestApp, createUser, bearer, loginAs, type TestApp } from '../../test/build-app.ts';
import { createPrincipals, type Principals } from '../../test/principals.ts';
import { sweepClosings } from './webhooks.jobs.ts';
import { sendSigned } from './webhooks.sender.ts';

// Webhooks end to end: a receiver on 127.0.0.1 (a real HTTP server) gets every event, each
// driven by the real action over the API, and verifies each signature with the Standard
// Webhooks reference library; failures are retried on the real schedule (the test moves the
// product's clock), a replay carries the same webhook-id, a rotated secret signs beside the new
// one for 24 hours, an endpoint that keeps failing is disabled and its primary users e-mailed,
// and private addresses are refused when the guard is on.

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const received: Received[] = [];
/** The status the receiver answers, by path. */
const answers = new Map<string, number>();
let server: Server;
let origin: string;
let t: TestApp;
let p: Principals;
let primary: Record<string, string>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const call = (method: string, url: string, payload?: unknown, headers = primary) =>
  t.app.inject({
    method: method as 'GET',
    url: `/api/${url}`,
    headers,
    payload: payload as object,
  });

async function signInAgain() {
  primary = bearer(await loginAs(t.app, p.users.primary.email, p.users.primary.password));
  p.byWho.manager.headers = bearer(
    await loginAs(t.app, p.users.manager.email, p.users.manager.password),
  );
}

/** Waits for the dispatcher and the receiver: never a timing assertion, only an upper bound. */
const eventually = <T>(check: () => T | Promise<T>) =>
  vi.waitFor(check, { timeout: 15_000, interval: 25 });

const at = (path: string) => received.filter((r) => r.path === path);

function headersOf(r: Received): Record<string, string> {
  return {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  };
}

/** The message as the receiver verified it with the endpoint's secret (throws when forged). */
const verified = (secret: string, r: Received) =>
  new Webhook(secret).verify(r.body, headersOf(r)) as {
    type: string;
    data: Record<string, unknown>;
  };

async function register(path: string, events: string[] | null = null) {
  const res = await call('POST', 'client/webhook_endpoints', {
    endpoint: { url: `${origin}${path}`, description: `Receiver ${path}`, events },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { endpoint: { id: number }; secret: string };
}

async function deliveries(endpointId: number) {
  const res = await call('GET', `client/webhook_endpoints/${endpointId}/deliveries?per=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as {
    id: number;
    messageId: string;
    type: string;
    status: string;
    attempts: number;
    nextAttemptAt: string | null;
    attemptLog: {
      statusCode: number | null;
      responseMs: number;
      manual: boolean;
      error: string | null;
    }[];
  }[];
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString() });
      const status = answers.get(path) ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status < 300 ? 'ok' : `failed with ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    env: {
      WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOKS_POLL_MS: '25',
      WEBHOOKS_DISABLE_AFTER: '2',
    },
  });
  p = await createPrincipals(t);
  primary = p.byWho.primary.headers;
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('webhooks', { shuffle: false }, () => {
  let all: { endpoint: { id: number }; secret: string };

  it('registers an endpoint for every event and shows its secret once', async () => {
    // The organization's fixture endpoint (an unreachable address) goes first.
    const fixture = await call('DELETE', `client/webhook_endpoints/${p.a.webhookEndpointId}`);
    expect(fixture.statusCode).toBe(204);
    all = await register('/all');
    expect(all.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(all.secret.slice(6), 'base64')).toHaveLength(32);
    const list = await call('GET', 'client/webhook_endpoints');
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([
      expect.objectContaining({
        id: all.endpoint.id,
        url: `${origin}/all`,
        events: null,
        enabled: true,
      }),
    ]);
    expect(list.body).not.toContain(all.secret);
  });

  it('describes every event in the OpenAPI document, with its headers and an example', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as {
      openapi: string;
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      webhooks: Record<string, { post: Record<string, any> }>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.webhooks).sort()).toEqual(Object.keys(webhookEventData).sort());
    for (const [type, item] of Object.entries(doc.webhooks)) {
      const names = item.post.parameters.map((h: { name: string }) => h.name);
      expect(names).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
      const body = item.post.requestBody.content['application/json'];
      expect(body.example.type).toBe(type);
      expect(body.schema.properties.data.required).toContain('organizationId');
    }
  });

  it('is for primary users only, and another organization’s endpoint is not found', async () => {
    const manager = await call(
      'GET',
      'client/webhook_endpoints',
      undefined,
      p.byWho.manager.headers,
    );
    expect(manager.statusCode).toBe(403);
    const other = await call(
      'PATCH',
      `client/webhook_endpoints/${all.endpoint.id}`,
      { endpoint: { enabled: false } },
      p.byWho.otherClient.headers,
    );
    const missing = await call(
      'PATCH',
      'client/webhook_endpoints/2147483000',
      { endpoint: { enabled: false } },
      p.byWho.otherClient.headers,
    );
    expect(other.statusCode).toBe(404);
    expect(other.body).toBe(missing.body);
  });

  it('refuses a bad address and an empty choice of events with field messages', async () => {
    const bad = await call('POST', 'client/webhook_endpoints', {
      endpoint: { url: 'ftp://example.com/hook', events: [] },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.url).toEqual([webhookMessages.url]);
  });

  it('tells every event to the receiver, each signed and matching its schema', async () => {
    const a = p.a;
    const manager = p.byWho.manager.headers;
    // application.created: a candidate applies.
    const applicant = await createUser(t.database, { role: 'candidate' });
    const applicantHeaders = bearer(await loginAs(t.app, applicant.email, applicant.password));
    const applied = await call(
      'POST',
      `candidate/opportunities/${a.opportunityId}/apply`,
      { locations: [a.locationIds[0]] },
      applicantHeaders,
    );
    expect(applied.statusCode, applied.body).toBe(201);
    const applicationId = applied.json().id as number;
    // application.moved: a manager moves it to the second phase.
    const moved = await call(
      'POST',
      `client/opportunities/${a.opportunityId}/applications/${applicationId}/events`,
      { phaseId: a.phaseIds[1] },
      manager,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    // application.regretted
    const regretted = await call(
      'PATCH',
      `client/opportunities/${a.opportunityId}/applications/${applicationId}/regret`,
      undefined,
      manager,
    );
    expect(regretted.statusCode, regretted.body).toBe(200);
    // application.withdrawn: the side's own candidate withdraws.
    const withdrawn = await call(
      'PATCH',
      `candidate/applications/${a.applicationId}/archive`,
      undefined,
      p.byWho.candidate.headers,
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    // candidate.invited: an eligible candidate who has not applied.
    const invitee = await createUser(t.database, { role: 'candidate' });
    const [eligibility] = await t.database.db
      .insert(eligibilities)
      .values({
        candidateId: invitee.id,
        opportunityId: a.opportunityId,
        eligible: true,
        checkedAt: t.clock.now,
        referredAt: t.clock.now,
      })
      .returning();
    const invited = await call(
      'PATCH',
      `client/opportunities/${a.opportunityId}/eligibilities/${eligibility!.id}/invite`,
      undefined,
      manager,
    );
    expect(invited.statusCode, invited.body).toBe(200);
    // interview.booked, .changed and .cancelled: fixed, moved and cancelled by the manager.
    const startsAt = new Date(t.clock.now.getTime() + 3 * 24 * HOUR).toISOString();
    const fixed = await call(
      'POST',
      `client/opportunities/${a.opportunityId}/interviews`,
      {
        applicationId: await openApplication(),
        startsAt,
        durationMinutes: 30,
        place: { kind: 'video', url: 'https://meet.example.test/room' },
        interviewers: [{ email: 'panel@example.test' }],
      },
      manager,
    );
    expect(fixed.statusCode, fixed.body).toBe(201);
    const interviewId = fixed.json().interview.id as number;
    const later = new Date(t.clock.now.getTime() + 4 * 24 * HOUR).toISOString();
    const rescheduled = await call(
      'PATCH',
      `client/interviews/${interviewId}`,
      { startsAt: later },
      manager,
    );
    expect(rescheduled.statusCode, rescheduled.body).toBe(200);
    const cancelled = await call('POST', `client/interviews/${interviewId}/cancel`, {}, manager);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // opportunity.published: a draft is published.
    const draft = await call('GET', `client/opportunities/${a.draftOpportunityId}`);
    expect(draft.statusCode, draft.body).toBe(200);
    const opensAt = new Date(t.clock.now.getTime() - HOUR).toISOString();
    const published = await call('PATCH', `client/opportunities/${a.draftOpportunityId}`, {
      opportunity: { version: draft.json().opportunity.version, published: true, opensAt },
    });
    expect(published.statusCode, published.body).toBe(200);
    // opportunity.closed: closed by hand, its closing moment set to now.
    const closed = await call('PATCH', `client/opportunities/${a.draftOpportunityId}`, {
      opportunity: {
        version: published.json().opportunity.version,
        closesAt: t.clock.now.toISOString(),
      },
    });
    expect(closed.statusCode, closed.body).toBe(200);

    // Every event an endpoint can subscribe to was driven above: a new one fails here until it is.
    const expected = webhookEventTypes;
    // The fixed interview's application was made for it: one more application.created first.
    await eventually(() => expect(at('/all').length).toBeGreaterThanOrEqual(expected.length + 1));
    const messages = at('/all').map((r) => verified(all.secret, r));
    const types = messages.map((m) => m.type);
    for (const type of expected) expect(types, type).toContain(type);
    for (const message of messages) {
      const schema = webhookMessageSchema(message.type as keyof typeof webhookEventData);
      expect(schema.safeParse(message).success, JSON.stringify(message)).toBe(true);
      expect(message.data.organizationId).toBe(a.organizationId);
    }
    const byType = (type: string) => messages.filter((m) => m.type === type);
    expect(byType('application.created')[0]!.data).toMatchObject({
      opportunityId: a.opportunityId,
      applicationId,
      candidateId: applicant.id,
      phase: { id: a.phaseIds[0] },
    });
    expect(byType('application.moved')[0]!.data).toMatchObject({
      applicationId,
      phase: { id: a.phaseIds[1] },
      previousPhase: { id: a.phaseIds[0] },
    });
    expect(byType('application.regretted')[0]!.data).toMatchObject({ applicationId });
    expect(byType('application.withdrawn')[0]!.data).toMatchObject({
      applicationId: a.applicationId,
      candidateId: a.candidateId,
    });
    expect(byType('candidate.invited')[0]!.data).toEqual({
      organizationId: a.organizationId,
      opportunityId: a.opportunityId,
      candidateId: invitee.id,
    });
    expect(byType('interview.booked')[0]!.data).toMatchObject({ interviewId, startsAt });
    expect(byType('interview.changed')[0]!.data).toMatchObject({ interviewId, startsAt: later });
    expect(byType('interview.cancelled')[0]!.data).toMatchObject({ interviewId });
    expect(byType('opportunity.published')[0]!.data).toMatchObject({
      opportunityId: a.draftOpportunityId,
    });
    expect(byType('opportunity.closed')[0]!.data).toMatchObject({
      opportunityId: a.draftOpportunityId,
      reason: 'closed',
    });
    // No candidate's personal data travels in a message.
    for (const r of at('/all')) expect(r.body).not.toMatch(/@example\.test|Thandiwe|Nkosi/);
    // Each message has its own id, and the log records every delivery as delivered.
    expect(new Set(at('/all').map((r) => r.headers['webhook-id'])).size).toBe(at('/all').length);
    const log = await deliveries(all.endpoint.id);
    expect(log).toHaveLength(at('/all').length);
    expect(log.every((d) => d.status === 'succeeded' && d.attempts === 1)).toBe(true);
    expect(log[0]!.attemptLog[0]).toMatchObject({ statusCode: 200, error: null, manual: false });
  });

  it('announces an opportunity whose closing date passes, once', async () => {
    const a = p.a;
    const opportunity = await call('GET', `client/opportunities/${a.opportunityId}`);
    const closesAt = new Date(t.clock.now.getTime() + 30 * MINUTE);
    const set = await call('PATCH', `client/opportunities/${a.opportunityId}`, {
      opportunity: {
        version: opportunity.json().opportunity.version,
        closesAt: closesAt.toISOString(),
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    const deps = { db: t.database.db, now: () => t.clock.now };
    expect(await sweepClosings(deps)).toEqual([]);
    t.clock.advance(HOUR);
    await signInAgain();
    expect(await sweepClosings(deps)).toEqual([a.opportunityId]);
    expect(await sweepClosings(deps)).toEqual([]);
    await eventually(() =>
      expect(
        at('/all')
          .map((r) => verified(all.secret, r))
          .filter(
            (m) => m.type === 'opportunity.closed' && m.data.opportunityId === a.opportunityId,
          ),
      ).toEqual([
        expect.objectContaining({
          data: expect.objectContaining({
            reason: 'closing_date_passed',
            closesAt: closesAt.toISOString(),
          }),
        }),
      ]),
    );
  });

  it('replays a delivery with the same webhook-id and body', async () => {
    const [first] = await deliveries(all.endpoint.id);
    const original = at('/all').find((r) => r.headers['webhook-id'] === first!.messageId)!;
    const before = at('/all').length;
    const res = await call(
      'POST',
      `client/webhook_endpoints/${all.endpoint.id}/deliveries/${first!.id}/replay`,
    );
    expect(res.statusCode, res.body).toBe(202);
    await eventually(() => expect(at('/all').length).toBe(before + 1));
    const again = at('/all').at(-1)!;
    expect(again.headers['webhook-id']).toBe(first!.messageId);
    expect(again.body).toBe(original.body);
    expect(verified(all.secret, again)).toEqual(JSON.parse(original.body));
    const [after] = (await deliveries(all.endpoint.id)).filter((d) => d.id === first!.id);
    expect(after!.status).toBe('succeeded');
    expect(after!.attemptLog[0]).toMatchObject({ manual: true, statusCode: 200 });
    expect(after!.attemptLog).toHaveLength(2);
  });

  it('retries a failing answer on the schedule and records the later success', async () => {
    answers.set('/flaky', 500);
    const flaky = await register('/flaky', ['candidate.invited']);
    const sent = await call('POST', `client/webhook_endpoints/${flaky.endpoint.id}/test`);
    expect(sent.statusCode, sent.body).toBe(202);
    const start = t.clock.now.getTime();
    await eventually(async () => {
      const [d] = await deliveries(flaky.endpoint.id);
      expect(d).toMatchObject({ status: 'pending', attempts: 1 });
      // The first retry waits 5 seconds.
      expect(d!.nextAttemptAt).toBe(new Date(start + 5000).toISOString());
    });
    // Nothing is sent before its time.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(at('/flaky')).toHaveLength(1);
    t.clock.advance(5000);
    await eventually(async () => {
      const [d] = await deliveries(flaky.endpoint.id);
      expect(d).toMatchObject({ status: 'pending', attempts: 2 });
      // The second waits 5 minutes.
      expect(d!.nextAttemptAt).toBe(new Date(start + 5000 + 5 * MINUTE).toISOString());
    });
    answers.set('/flaky', 204);
    t.clock.advance(5 * MINUTE);
    await eventually(async () => {
      const [d] = await deliveries(flaky.endpoint.id);
      expect(d).toMatchObject({ status: 'succeeded', attempts: 3, nextAttemptAt: null });
      expect(d!.attemptLog.map((x) => x.statusCode)).toEqual([204, 500, 500]);
      expect(d!.attemptLog.every((x) => x.responseMs >= 0)).toBe(true);
    });
    const attempts = at('/flaky');
    expect(attempts).toHaveLength(3);
    // The same message each time: one webhook-id, each attempt signed afresh.
    expect(new Set(attempts.map((r) => r.headers['webhook-id'])).size).toBe(1);
    for (const r of attempts) {
      expect(verified(flaky.secret, r)).toMatchObject({
        type: 'webhook.test',
        data: { endpointId: flaky.endpoint.id },
      });
    }
  });

  it('signs with the old secret beside the new one for 24 hours after a rotation', async () => {
    const rotated = await call('POST', `client/webhook_endpoints/${all.endpoint.id}/rotate_secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const secret = rotated.json().secret as string;
    expect(secret).not.toBe(all.secret);
    expect(rotated.json().endpoint.previousSecretExpiresAt).toBe(
      new Date(t.clock.now.getTime() + 24 * HOUR).toISOString(),
    );
    const before = at('/all').length;
    await call('POST', `client/webhook_endpoints/${all.endpoint.id}/test`);
    await eventually(() => expect(at('/all').length).toBe(before + 1));
    const both = at('/all').at(-1)!;
    expect(String(both.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verified(secret, both).type).toBe('webhook.test');
    expect(verified(all.secret, both).type).toBe('webhook.test');

    t.clock.advance(24 * HOUR + 1000);
    await signInAgain();
    await call('POST', `client/webhook_endpoints/${all.endpoint.id}/test`);
    await eventually(() => expect(at('/all').length).toBe(before + 2));
    const last = at('/all').at(-1)!;
    expect(String(last.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verified(secret, last).type).toBe('webhook.test');
    expect(() => verified(all.secret, last)).toThrow();
    all.secret = secret;
  });

  it('disables an endpoint whose messages keep failing and e-mails the primary users', async () => {
    answers.set('/down', 503);
    const down = await register('/down', ['opportunity.closed']);
    for (let message = 0; message < 2; message += 1) {
      await call('POST', `client/webhook_endpoints/${down.endpoint.id}/test`);
      // The first attempt and the seven retries of the schedule, each when its time comes.
      for (let attempt = 1; attempt <= 8; attempt += 1) {
        const d = await eventually(async () => {
          const [latest] = await deliveries(down.endpoint.id);
          expect(latest!.attempts).toBe(attempt);
          return latest!;
        });
        if (attempt < 8) {
          expect(d.status).toBe('pending');
          t.clock.now = new Date(d.nextAttemptAt!);
          await signInAgain();
        } else expect(d.status).toBe('failed');
      }
    }
    expect(at('/down')).toHaveLength(16);
    const list = await call('GET', 'client/webhook_endpoints');
    expect(list.json().items.find((e: { id: number }) => e.id === down.endpoint.id)).toMatchObject({
      enabled: false,
      disabledReason: 'failing',
    });
    // The e-mail goes out through the mail queue, after the endpoint is disabled.
    const mails = await eventually(async () => {
      const sent = (await t.mails()).filter((m) => m.subject.includes('webhook endpoint'));
      expect(sent.map((m) => m.to)).toEqual([p.users.primary.email]);
      return sent;
    });
    expect(mails[0]!.text).toContain(`${origin}/down`);
    expect(mails[0]!.text).toContain('http://pathways.test/client/integrations');
    // Disabled: no more messages go to it, and a replay is refused until it is enabled again.
    const [failed] = await deliveries(down.endpoint.id);
    const replay = await call(
      'POST',
      `client/webhook_endpoints/${down.endpoint.id}/deliveries/${failed!.id}/replay`,
    );
    expect(replay.statusCode).toBe(409);
    answers.set('/down', 200);
    const enabled = await call('PATCH', `client/webhook_endpoints/${down.endpoint.id}`, {
      endpoint: { enabled: true },
    });
    expect(enabled.json().endpoint).toMatchObject({ enabled: true, disabledReason: null });
    const again = await call(
      'POST',
      `client/webhook_endpoints/${down.endpoint.id}/deliveries/${failed!.id}/replay`,
    );
    expect(again.statusCode).toBe(202);
    await eventually(() => expect(at('/down')).toHaveLength(17));
  });

  it('deletes an endpoint with its log', async () => {
    const res = await call('DELETE', `client/webhook_endpoints/${all.endpoint.id}`);
    expect(res.statusCode).toBe(204);
    expect(
      await t.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, all.endpoint.id)),
    ).toEqual([]);
    const gone = await call('GET', `client/webhook_endpoints/${all.endpoint.id}/deliveries`);
    expect(gone.statusCode).toBe(404);
  });
});

/** A new open application to side A's opportunity (the side's own was withdrawn). */
async function openApplication(): Promise<number> {
  const candidate = await createUser(t.database, { role: 'candidate' });
  const headers = bearer(await loginAs(t.app, candidate.email, candidate.password));
  const res = await call(
    'POST',
    `candidate/opportunities/${p.a.opportunityId}/apply`,
    { locations: [p.a.locationIds[0]] },
    headers,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

describe('the address guard', () => {
  let guarded: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    guarded = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE_URLS: 'false' } });
    const user = await createUser(guarded.database, { role: 'client', primary: true });
    headers = bearer(await loginAs(guarded.app, user.email, user.password));
  });
  afterAll(async () => {
    await guarded?.close();
  });

  const registering = (url: string) =>
    guarded.app.inject({
      method: 'POST',
      url: '/api/client/webhook_endpoints',
      headers,
      payload: { endpoint: { url } },
    });

  it.each([
    'https://127.0.0.1/hook',
    'https://localhost/hook',
    'https://2130706433/hook',
    'https://0x7f.1/hook',
    'https://[::1]/hook',
    'https://[::ffff:169.254.169.254]/latest/meta-data',
    'https://169.254.169.254/latest/meta-data',
    'https://10.0.0.8/hook',
    'https://100.100.100.200/hook',
    'https://[fd00:ec2::254]/hook',
    'https://224.0.0.1/hook',
  ])('refuses %s at registration with a field message', async (url) => {
    const res = await registering(url);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.url).toEqual([webhookMessages.privateAddress]);
  });

  it('refuses http:// and a host that does not resolve', async () => {
    const plain = await registering('http://hooks.example.com/hook');
    expect(plain.statusCode).toBe(422);
    expect(plain.json().errors.url).toEqual([webhookMessages.https]);
    const unknown = await registering('https://no-such-host.invalid/hook');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.url).toEqual([webhookMessages.unknownHost]);
  });

  it('refuses a private address again at delivery, before any connection', async () => {
    const before = received.length;
    const outcome = await sendSigned({
      url: `${origin.replace('http:', 'https:')}/guarded`,
      messageId: 'msg_guarded',
      body: '{}',
      secrets: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
      timeoutMs: 2000,
      allowPrivate: false,
    });
    expect(outcome).toMatchObject({ statusCode: null });
    expect(outcome.error).toMatch(/127\.0\.0\.1, a loopback address/);
    expect(received.length).toBe(before);
  });
});
