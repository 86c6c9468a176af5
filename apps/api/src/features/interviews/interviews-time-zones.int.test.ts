import { timeZoneMessages } from '@pathways/shared/common/time-zones';
import { HOUR_MS } from '@pathways/shared/interviews/interviews.rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { outboxDir } from '../../app.ts';
import { applications } from '../../db/schema/index.ts';
import { createMailer } from '../../lib/mailer.ts';
import { bearer, createTestApp, type TestApp } from '../../test/build-app.ts';
import { createPeople, type People } from '../../test/principals.ts';
import { interviewsJobs } from './interviews.jobs.ts';

// Each person reads interview times in their own time zone: a manager who chose Europe/London
// reads London time (summer time in June) in their invitation and reminder, while the candidate,
// who chose none, and an interviewer from outside read South African time. The calendar
// attachment stays in UTC for everyone.

let t: TestApp;
let p: People;
let applicationId: number;
const OUTSIDE = 'outside.interviewer@example.test';
const STARTS_AT = '2027-06-15T09:00:00.000Z';

const call = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/${url}`, headers: bearer(token), payload });

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2027-06-01T08:00:00Z');
  p = await createPeople(t, { a: { name: 'Graduate programme' } });
  const [row] = await t.database.db
    .insert(applications)
    .values({ candidateId: p.users.candidate.id, opportunityId: p.a.opportunityId })
    .returning();
  applicationId = row!.id;
});

afterAll(async () => {
  await t.close();
});

describe('time zones of interview times', { shuffle: false }, () => {
  it('lets a client user and a candidate choose a zone from the list, or none', async () => {
    const manager = p.byWho.manager.token!;
    const candidate = p.byWho.candidate.token!;
    for (const timeZone of ['Mars/Olympus_Mons', '+01:00', '']) {
      const bad = await call('PUT', 'client/time_zone', manager, { timeZone });
      expect(bad.statusCode, timeZone).toBe(422);
      expect(bad.json().errors).toEqual({ timeZone: [timeZoneMessages.invalid] });
    }
    const set = await call('PUT', 'client/time_zone', manager, { timeZone: 'Europe/London' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ id: p.users.manager.id, timeZone: 'Europe/London' });
    const me = await call('GET', `client/clients/${p.users.manager.id}`, manager);
    expect(me.json().timeZone).toBe('Europe/London');

    expect(
      (await call('PUT', 'candidate/time_zone', candidate, { timeZone: 'Asia/Tokyo' })).json(),
    ).toMatchObject({ timeZone: 'Asia/Tokyo' });
    const reset = await call('PUT', 'candidate/time_zone', candidate, { timeZone: null });
    expect(reset.statusCode).toBe(200);
    expect((await call('GET', 'candidate/candidate', candidate)).json().timeZone).toBeNull();
    // Each role has its own address.
    expect((await call('PUT', 'client/time_zone', candidate, { timeZone: 'UTC' })).statusCode).toBe(
      403,
    );
  });

  it("writes each invitation and reminder in its recipient's zone, the calendar in UTC", async () => {
    const fixed = await call(
      'POST',
      `client/opportunities/${p.a.opportunityId}/interviews`,
      p.byWho.manager.token!,
      {
        applicationId,
        startsAt: STARTS_AT,
        durationMinutes: 45,
        place: { kind: 'address', address: '1 Main Road, Cape Town' },
        interviewers: [{ userId: p.users.manager.id }, { email: OUTSIDE, name: 'Pat Outside' }],
      },
    );
    expect(fixed.statusCode, fixed.body).toBe(201);
    const invitation = async (to: string) => {
      const mail = (await t.mails()).find((m) => m.to === to && m.subject.startsWith('Interview:'));
      expect(mail, to).toBeDefined();
      expect(mail!.icalEvent!.content).toContain('DTSTART:20270615T090000Z');
      return mail!;
    };
    const london = 'Tuesday 15 June 2027, 10:00 (Europe/London)';
    const southAfrica = 'Tuesday 15 June 2027, 11:00 (Africa/Johannesburg)';
    const managerMail = await invitation(p.users.manager.email);
    expect(managerMail.subject).toBe(`Interview: Graduate programme, ${london}`);
    expect(managerMail.text).toContain(`When: ${london}, 45 minutes`);
    for (const to of [p.users.candidate.email, OUTSIDE]) {
      const mail = await invitation(to);
      expect(mail.subject, to).toBe(`Interview: Graduate programme, ${southAfrica}`);
      expect(mail.text, to).not.toContain('Europe/London');
    }

    // A day before: the reminders, each in its recipient's zone.
    t.clock.now = new Date(Date.parse(STARTS_AT) - 24 * HOUR_MS + 60_000);
    const deps = {
      db: t.database.db,
      config: t.config,
      mailer: createMailer({ from: t.config.mailFrom, outboxDir: outboxDir(t.config) }),
      now: () => t.clock.now,
      log: t.app.log,
    };
    await interviewsJobs(deps)
      .find((j) => j.name === 'interviews.reminders')!
      .handler({} as never, undefined as never);
    const reminders = (await t.mails()).filter((m) => m.subject.startsWith('Reminder'));
    const subjectOf = (to: string) => reminders.find((m) => m.to === to)?.subject;
    expect(subjectOf(p.users.manager.email)).toBe(`Reminder: interview tomorrow, ${london}`);
    expect(subjectOf(p.users.candidate.email)).toBe(`Reminder: interview tomorrow, ${southAfrica}`);
    expect(subjectOf(OUTSIDE)).toBe(`Reminder: interview tomorrow, ${southAfrica}`);
  });
});
