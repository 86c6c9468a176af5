import {
  mailPreferencesResponse,
  mailTypes,
  mailTypesOf,
  UNSUBSCRIBE_LINK_INVALID,
  UNSUBSCRIBED_MESSAGE,
  unsubscribeInfoResponse,
  WRONG_MAIL_TYPE_MESSAGE,
} from '@pathways/shared/notifications/notifications.schemas';
import { BECAME_ELIGIBLE } from '@pathways/shared/notifications/notifications.rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { outboxDir } from '../../app.ts';
import { inlineJobs } from '../../lib/jobs.ts';
import { createMailer, readOutbox } from '../../lib/mailer.ts';
import { bearer, createTestApp, createUser, loginAs, type TestApp } from '../../test/build-app.ts';
import { createOpportunities, createOrganization } from '../../test/factories.ts';
import { eligibilityJobs, requestEligibilityRecompute } from '../eligibility/index.ts';

// The became-eligible e-mail: sent with the notice, carrying a one-click unsubscribe link that
// works without signing in, and not sent once the candidate turned it off.

let t: TestApp;
let organizationId: number;

beforeAll(async () => {
  t = await createTestApp();
  organizationId = (await createOrganization(t.database)).id;
});
afterAll(async () => {
  await t?.close();
});

const PREFS = '/api/candidate/notification_preferences';

/** A candidate past their first checks (which tell nothing: they are where the candidate starts). */
async function candidate() {
  const user = await createUser(t.database, { role: 'candidate' });
  const headers = bearer(await loginAs(t.app, user.email, user.password));
  await createOpportunities(t.database, [{ organizationId, name: 'Open to everyone' }]);
  await requestEligibilityRecompute(jobs(), { candidateId: user.id });
  return { ...user, headers };
}

function jobs() {
  const mailer = createMailer({ from: 'pathways@example.test', outboxDir: outboxDir(t.config) });
  return inlineJobs(
    eligibilityJobs({
      db: t.database.db,
      now: () => t.clock.now,
      log: t.app.log,
      mailer,
      config: t.config,
    }),
  );
}

/** A new open opportunity with no requirements (everyone qualifies), then the recomputation. */
async function qualifyFor(candidateId: number, name: string) {
  await createOpportunities(t.database, [{ organizationId, name }]);
  await requestEligibilityRecompute(jobs(), { candidateId });
}

const mailsTo = async (email: string) =>
  (await readOutbox(outboxDir(t.config))).filter((m) => m.to === email);

describe('e-mail preferences', () => {
  it('lists every e-mail a candidate receives, each on', async () => {
    const me = await candidate();
    const res = await t.app.inject({ method: 'GET', url: PREFS, headers: me.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().preferences).toEqual(
      mailTypesOf('candidate').map((type) => ({
        type,
        label: mailTypes[type].label,
        email: true,
      })),
    );
    expect(mailTypesOf('candidate')).toEqual([
      'eligibility.became_eligible',
      'opportunity.invite',
      'application.phase_move',
      'application.regret',
    ]);
  });

  it('gives a client user their own e-mails, and refuses another role’s', async () => {
    const client = await createUser(t.database, { role: 'client', organizationId });
    const headers = bearer(await loginAs(t.app, client.email, client.password));
    const url = '/api/client/notification_preferences';
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().preferences).toEqual([
      { type: 'feedback_request', label: mailTypes.feedback_request.label, email: true },
    ]);
    const wrong = await t.app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { preferences: [{ type: BECAME_ELIGIBLE, email: false }] },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ preferences: [WRONG_MAIL_TYPE_MESSAGE] });
    expect((await t.app.inject({ method: 'GET', url: PREFS, headers })).statusCode).toBe(403);
    const me = await candidate();
    expect((await t.app.inject({ method: 'GET', url, headers: me.headers })).statusCode).toBe(403);
  });
});

describe('the became-eligible e-mail', () => {
  it('is sent once with List-Unsubscribe headers; the one-click link turns it off', async () => {
    const me = await candidate();
    await qualifyFor(me.id, 'Data analyst');
    await requestEligibilityRecompute(jobs(), { candidateId: me.id });
    const mails = await mailsTo(me.email);
    expect(mails.map((m) => m.subject)).toEqual(['You now qualify for Data analyst']);
    const headers = mails[0]!.headers!;
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = /^<(.+)>$/.exec(headers['List-Unsubscribe']!)![1]!;
    expect(link.startsWith(`${t.config.appUrl}/api/notifications/unsubscribe?token=`)).toBe(true);
    expect(mails[0]!.text).toContain(`${t.config.appUrl}/candidate/account`);

    // What a mail program posts, without any session.
    const res = await t.app.inject({
      method: 'POST',
      url: link.slice(t.config.appUrl.length),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: UNSUBSCRIBED_MESSAGE });

    const prefs = await t.app.inject({ method: 'GET', url: PREFS, headers: me.headers });
    expect(mailPreferencesResponse.parse(prefs.json()).preferences).toContainEqual(
      expect.objectContaining({ type: BECAME_ELIGIBLE, email: false }),
    );

    // The bell still tells the next one; the mail does not.
    await qualifyFor(me.id, 'Data engineer');
    expect((await mailsTo(me.email)).length).toBe(1);
    const bell = await t.app.inject({
      method: 'GET',
      url: '/api/candidate/notifications',
      headers: me.headers,
    });
    expect(bell.json().items.map((n: { description: string }) => n.description)).toContain(
      'You now qualify for Data engineer. Have a look and apply.',
    );
  });

  it('answers 404 to an altered token, and changes nothing', async () => {
    const me = await candidate();
    await qualifyFor(me.id, 'Bookkeeper');
    const [mail] = await mailsTo(me.email);
    const link = /^<(.+)>$/.exec(mail!.headers!['List-Unsubscribe']!)![1]!;
    const tampered = link.replace(/token=(\d+)\./, (_m, id: string) => `token=${Number(id) + 1}.`);
    for (const url of [tampered, `${t.config.appUrl}/api/notifications/unsubscribe?token=nope`]) {
      const res = await t.app.inject({ method: 'POST', url: url.slice(t.config.appUrl.length) });
      expect(res.statusCode).toBe(404);
    }
    const prefs = await t.app.inject({ method: 'GET', url: PREFS, headers: me.headers });
    expect(prefs.json().preferences[0].email).toBe(true);
  });

  it('sends a browser that opens the link to the page that confirms, changing nothing', async () => {
    const me = await candidate();
    await qualifyFor(me.id, 'Clerk');
    const [mail] = await mailsTo(me.email);
    const link = /^<(.+)>$/.exec(mail!.headers!['List-Unsubscribe']!)![1]!;
    const token = new URL(link).searchParams.get('token')!;
    const opened = await t.app.inject({ method: 'GET', url: link.slice(t.config.appUrl.length) });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
    // The e-mail's own words link to that page too.
    expect(mail!.text).toContain(`${t.config.appUrl}/unsubscribe?token=${token}`);
    expect(mail!.html).toContain('Turn them off');

    const about = await t.app.inject({
      method: 'GET',
      url: `/api/notifications/unsubscribe/about?token=${encodeURIComponent(token)}`,
    });
    expect(about.statusCode, about.body).toBe(200);
    expect(unsubscribeInfoResponse.parse(about.json())).toEqual({
      type: BECAME_ELIGIBLE,
      stops: mailTypes[BECAME_ELIGIBLE].stops,
    });
    const prefs = await t.app.inject({ method: 'GET', url: PREFS, headers: me.headers });
    expect(prefs.json().preferences[0]).toMatchObject({ type: BECAME_ELIGIBLE, email: true });

    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/notifications/unsubscribe/about?token=${encodeURIComponent(`${token}x`)}`,
    });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().message).toBe(UNSUBSCRIBE_LINK_INVALID);
  });

  it('is turned off and on again on the account page', async () => {
    const me = await candidate();
    const put = (email: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: PREFS,
        headers: me.headers,
        payload: { preferences: [{ type: BECAME_ELIGIBLE, email }] },
      });
    expect((await put(false)).json().preferences[0].email).toBe(false);
    await qualifyFor(me.id, 'Nurse');
    expect(await mailsTo(me.email)).toEqual([]);
    expect((await put(true)).json().preferences[0].email).toBe(true);
    await qualifyFor(me.id, 'Midwife');
    expect((await mailsTo(me.email)).map((m) => m.subject)).toEqual([
      'You now qualify for Midwife',
    ]);

    const bad = await t.app.inject({
      method: 'PUT',
      url: PREFS,
      headers: me.headers,
      payload: { preferences: [{ type: 'message', email: false }] },
    });
    expect(bad.statusCode).toBe(422);
  });
});
