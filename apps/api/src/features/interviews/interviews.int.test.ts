import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { HOUR_MS } from '@pathways/shared/interviews/interviews.rules';
import {
  applicationInterviews,
  candidateApplicationInterviews,
  interviewLinkView,
  interviewResponse,
  offerList,
} from '@pathways/shared/interviews/interviews.schemas';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { outboxDir } from '../../app.ts';
import { applications, interviews, notifications } from '../../db/schema/index.ts';
import { createMailer, type OutboxMessage } from '../../lib/mailer.ts';
import { bearer, createTestApp, createUser, loginAs, type TestApp } from '../../test/build-app.ts';
import { createPeople, type User } from '../../test/principals.ts';
import { startSmtpServer } from '../../test/smtp-server.ts';
import { interviewsJobs } from './interviews.jobs.ts';

// Interviews end to end over HTTP: times offered to three applications, two bookings and a
// request for other times, the calendar invitations each party receives (parsed as a calendar
// program would), an outside interviewer's link and scorecards, a move, reminders and a
// cancellation, and an interviewer who cannot be booked twice at once even by parallel requests.

let t: TestApp;
const users: Record<string, User> = {};
const tokens: Record<string, string> = {};
let opportunityId: number;
let apps: [number, number, number];
let origin: Date;
const OUTSIDE = 'outside.interviewer@example.test';

const call = (method: string, url: string, who: string | undefined, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url: `/api/${url}`,
    headers: who ? bearer(tokens[who]) : {},
    payload,
  });

/** A time `days` from the day the test started at `hour`:00 UTC. */
function at(days: number, hour: number): string {
  const d = new Date(origin);
  d.setUTCHours(hour, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString();
}

const mailsTo = async (to: string, subject?: string) =>
  (await t.mails()).filter(
    (m) => m.to === to && (subject === undefined || m.subject.startsWith(subject)),
  );

function calendarOf(mail: OutboxMessage) {
  expect(mail.icalEvent, mail.subject).toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(mail.icalEvent!.content));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  return {
    method: calendar.getFirstPropertyValue('method'),
    status: vevent.getFirstPropertyValue('status'),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    organizer: String(vevent.getFirstPropertyValue('organizer')).toLowerCase(),
    attendees: vevent
      .getAllProperties('attendee')
      .map((p) => String(p.getFirstValue()).toLowerCase().replace('mailto:', ''))
      .sort(),
  };
}

/** Moves the test clock, and signs everyone in again (a session ends 12 hours after sign-in). */
async function travel(to: Date) {
  t.clock.now = to;
  for (const who of ['candidate', 'otherCandidate', 'third', 'manager', 'primary']) {
    tokens[who] = await loginAs(t.app, users[who]!.email, users[who]!.password);
  }
}

function runJob(name: string, smtpUrl?: string) {
  const deps = {
    db: t.database.db,
    config: t.config,
    mailer: createMailer({ from: t.config.mailFrom, outboxDir: outboxDir(t.config), smtpUrl }),
    now: () => t.clock.now,
    log: t.app.log,
  };
  const job = interviewsJobs(deps).find((j) => j.name === name)!;
  return job.handler({} as never, undefined as never);
}

const slot = (days: number, hour: number, interviewers: object[], durationMinutes = 45) => ({
  startsAt: at(days, hour),
  durationMinutes,
  place: { kind: 'address', address: '1 Main Road, Cape Town' },
  interviewers,
});

beforeAll(async () => {
  t = await createTestApp();
  origin = new Date(t.clock.now);
  const p = await createPeople(t, { a: { name: 'Graduate programme' } });
  opportunityId = p.a.opportunityId;
  Object.assign(users, p.users);
  for (const who of Object.keys(p.users) as (keyof typeof p.users)[]) {
    tokens[who] = p.byWho[who].token!;
  }
  const third = await createUser(t.database, { role: 'candidate' });
  users.third = third;
  tokens.third = await loginAs(t.app, third.email, third.password);
  const rows = await t.database.db
    .insert(applications)
    .values([
      { candidateId: users.candidate!.id, opportunityId },
      { candidateId: users.otherCandidate!.id, opportunityId },
      { candidateId: third.id, opportunityId },
    ])
    .returning();
  apps = rows.map((r) => r.id) as [number, number, number];
});

afterAll(async () => {
  await t.close();
});

// One story: each step works on what the steps before it made.
describe('interviews from offer to scorecard', { shuffle: false }, () => {
  let offers: ReturnType<typeof offerList.parse>['items'];
  let firstInterview: number;
  let secondInterview: number;
  let link: string;
  let uid: string;

  it('sets the workspace scorecard criteria and blind review', async () => {
    const res = await call(
      'PUT',
      `client/opportunities/${opportunityId}/interview_settings`,
      'manager',
      {
        settings: {
          criteria: [{ label: 'Communication' }, { label: 'Problem solving' }],
          blindReview: true,
        },
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings.criteria).toHaveLength(2);
    const bystander = await call(
      'GET',
      `client/opportunities/${opportunityId}/interview_settings`,
      'bystander',
    );
    expect(bystander.statusCode).toBe(404);
  });

  it('refuses times in the past and interviewers who do not manage the workspace', async () => {
    const past = await call(
      'POST',
      `client/opportunities/${opportunityId}/interview_offers`,
      'manager',
      {
        applicationIds: [apps[0]],
        slots: [
          slot(1, 9, [{ userId: users.manager!.id }]),
          { ...slot(1, 9, [{ userId: users.manager!.id }]), startsAt: at(-1, 9) },
        ],
      },
    );
    expect(past.statusCode).toBe(422);
    // Each refusal names the time it belongs to.
    expect(past.json().errors).toEqual({ 'slots.1.startsAt': ['The time must be in the future'] });
    const stranger = await call(
      'POST',
      `client/opportunities/${opportunityId}/interview_offers`,
      'manager',
      { applicationIds: [apps[0]], slots: [slot(1, 9, [{ userId: users.bystander!.id }])] },
    );
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().errors['slots.0.interviewers']).toBeDefined();
  });

  it('offers three times to three applications; each candidate is told', async () => {
    const res = await call(
      'POST',
      `client/opportunities/${opportunityId}/interview_offers`,
      'manager',
      {
        applicationIds: apps,
        message: 'Looking forward to meeting you',
        slots: [
          slot(3, 9, [{ userId: users.manager!.id }, { email: OUTSIDE, name: 'Pat Outside' }]),
          slot(3, 10, [{ userId: users.manager!.id }]),
          slot(3, 11, [{ userId: users.manager!.id }]),
        ],
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    offers = offerList.parse(res.json()).items;
    expect(offers.map((o) => o.applicationId).sort()).toEqual([...apps].sort());
    expect(offers.every((o) => o.slots.length === 3 && o.status === 'open')).toBe(true);
    for (const who of ['candidate', 'otherCandidate', 'third']) {
      const mails = await mailsTo(users[who]!.email, 'Organization');
      expect(mails.length, who).toBe(1);
      expect(mails[0]!.text).toContain('Looking forward to meeting you');
      const notes = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, users[who]!.id), eq(notifications.type, 'interview')));
      expect(notes.length, who).toBe(1);
    }
    const mine = await call('GET', `candidate/applications/${apps[0]}/interviews`, 'candidate');
    expect(mine.statusCode).toBe(200);
    expect(candidateApplicationInterviews.parse(mine.json()).offers[0]!.slots).toHaveLength(3);
    const notMine = await call('GET', `candidate/applications/${apps[0]}/interviews`, 'third');
    expect(notMine.statusCode).toBe(404);
  });

  it('books a time: everyone gets a calendar REQUEST with the same UID', async () => {
    const offer = offers.find((o) => o.applicationId === apps[0])!;
    const res = await call('POST', `candidate/interview_offers/${offer.id}/booking`, 'candidate', {
      slotId: offer.slots[0]!.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    firstInterview = res.json().interview.id;
    const parties = [users.candidate!.email, users.manager!.email, OUTSIDE];
    const calendars = [];
    for (const to of parties) {
      const [mail] = await mailsTo(to, 'Interview:');
      expect(mail, to).toBeDefined();
      calendars.push(calendarOf(mail!));
      // Through the real mail path: the message carries the text/calendar part with its method.
      const raw = await readFile(
        join(outboxDir(t.config), mail!.file.replace(/json$/, 'eml')),
        'utf8',
      );
      expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    }
    uid = calendars[0]!.uid;
    for (const [i, c] of calendars.entries()) {
      expect(c).toMatchObject({ method: 'REQUEST', status: 'CONFIRMED', uid, sequence: 0 });
      expect(c.start).toBe(at(3, 9));
      expect(c.end).toBe(new Date(Date.parse(at(3, 9)) + 45 * 60_000).toISOString());
      expect(c.organizer).toContain('mailto:');
      // Someone outside the organization is not given the candidate's address.
      const seen = parties[i] === OUTSIDE ? parties.slice(1) : parties;
      expect(c.attendees).toEqual(seen.map((p) => p.toLowerCase()).sort());
    }
    const [outsideMail] = await mailsTo(OUTSIDE, 'Interview:');
    // An outside interviewer given a name is greeted and invited by it.
    expect(outsideMail!.text).toContain('Dear Pat Outside,');
    expect(outsideMail!.icalEvent!.content.replace(/\r\n /g, '')).toMatch(
      /CN="?Pat Outside"?:mailto:outside\.interviewer@example\.test/i,
    );
    const view = await call('GET', `client/interviews/${firstInterview}`, 'manager');
    expect(view.json().interview.interviewers.map((i: { name: string }) => i.name)).toContain(
      'Pat Outside',
    );
    link = /http:\/\/pathways\.test\/interview-links\/([\w-]+)/.exec(outsideMail!.text)![1]!;
  });

  it('takes a time once: another candidate is refused it and books another', async () => {
    const offer = offers.find((o) => o.applicationId === apps[1])!;
    const taken = await call(
      'POST',
      `candidate/interview_offers/${offer.id}/booking`,
      'otherCandidate',
      {
        slotId: offer.slots[0]!.id,
      },
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This time has just been taken; choose another');
    const res = await call(
      'POST',
      `candidate/interview_offers/${offer.id}/booking`,
      'otherCandidate',
      {
        slotId: offer.slots[1]!.id,
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    secondInterview = res.json().interview.id;
    const again = await call(
      'POST',
      `candidate/interview_offers/${offer.id}/booking`,
      'otherCandidate',
      {
        slotId: offer.slots[2]!.id,
      },
    );
    expect(again.statusCode).toBe(409);
    const foreign = await call(
      'POST',
      `candidate/interview_offers/${offer.id}/booking`,
      'candidate',
      {
        slotId: offer.slots[2]!.id,
      },
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('lets the third candidate ask for other times; whoever offered is told', async () => {
    const offer = offers.find((o) => o.applicationId === apps[2])!;
    const empty = await call(
      'POST',
      `candidate/interview_offers/${offer.id}/other_times`,
      'third',
      {
        message: '  ',
      },
    );
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.message).toEqual(['Say which times would suit you']);
    const res = await call('POST', `candidate/interview_offers/${offer.id}/other_times`, 'third', {
      message: 'I write exams that week; the week after works',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().offer).toMatchObject({
      status: 'other_times',
      candidateMessage: 'I write exams that week; the week after works',
    });
    const [mail] = await mailsTo(users.manager!.email, 'Test User asks for other interview times');
    expect(mail!.text).toContain('the week after works');
    const view = await call('GET', `client/applications/${apps[2]}/interviews`, 'primary');
    expect(applicationInterviews.parse(view.json()).offers[0]!.status).toBe('other_times');
  });

  it('opens the interview and its scorecard for the outside interviewer through the link', async () => {
    const res = await call('GET', `interview_links/${link}`, undefined);
    expect(res.statusCode, res.body).toBe(200);
    const view = interviewLinkView.parse(res.json());
    expect(view.interview.id).toBe(firstInterview);
    // Blind review: no name of the candidate.
    expect(view.candidate).toMatchObject({ name: null, blind: true });
    expect(view.criteria.map((c) => c.label)).toEqual(['Communication', 'Problem solving']);
    expect(view.scorecard).toBeNull();
    const bad = await call('PUT', `interview_links/${link}/scorecard`, undefined, {
      scorecard: { scores: { nope: 6 }, recommendation: 'yes' },
    });
    expect(bad.statusCode).toBe(422);
    const scores = Object.fromEntries(view.criteria.map((c, i) => [c.key, 4 + i]));
    const saved = await call('PUT', `interview_links/${link}/scorecard`, undefined, {
      scorecard: { scores, recommendation: 'yes', notes: 'Clear thinker' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().scorecard).toMatchObject({ recommendation: 'yes', notes: 'Clear thinker' });
    const guess = await call('GET', `interview_links/${'x'.repeat(43)}`, undefined);
    expect(guess.statusCode).toBe(404);
  });

  it("hides colleagues' scorecards from an interviewer until theirs is in", async () => {
    const before = await call('GET', `client/interviews/${firstInterview}`, 'manager');
    expect(interviewResponse.parse(before.json()).interview.scorecards).toEqual([]);
    const criteria = (
      await call('GET', `client/opportunities/${opportunityId}/interview_settings`, 'manager')
    ).json().settings.criteria as { key: string }[];
    const mine = await call('PUT', `client/interviews/${firstInterview}/scorecard`, 'manager', {
      scorecard: { scores: { [criteria[0]!.key]: 3 }, recommendation: 'strong_yes' },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(interviewResponse.parse(mine.json()).interview.scorecards).toHaveLength(2);
    // The application's page shows them to whoever manages it, interviewer or not.
    const page = await call('GET', `client/applications/${apps[0]}/interviews`, 'primary');
    expect(applicationInterviews.parse(page.json()).interviews[0]!.scorecards).toHaveLength(2);
    const notInterviewer = await call(
      'PUT',
      `client/interviews/${firstInterview}/scorecard`,
      'primary',
      {
        scorecard: { scores: {}, recommendation: 'no' },
      },
    );
    expect(notInterviewer.statusCode).toBe(403);
    const outsider = await call('GET', `client/interviews/${firstInterview}`, 'otherClient');
    expect(outsider.statusCode).toBe(404);
  });

  it('lists the agendas of the workspace and the organization, soonest first', async () => {
    const workspace = await call(
      'GET',
      `client/opportunities/${opportunityId}/interviews`,
      'manager',
    );
    // Soonest first (the other test of this file fixes later interviews).
    const ids = (res: { json(): { items: { id: number }[] } }) =>
      res
        .json()
        .items.map((i) => i.id)
        .slice(0, 2);
    expect(ids(workspace)).toEqual([firstInterview, secondInterview]);
    const organization = await call('GET', 'client/interviews', 'primary');
    expect(ids(organization)).toEqual([firstInterview, secondInterview]);
    const bystander = await call('GET', 'client/interviews', 'bystander');
    expect(bystander.json().items).toEqual([]);
  });

  it('moves an interview: the same UID with a higher SEQUENCE reaches everyone', async () => {
    const res = await call('PATCH', `client/interviews/${firstInterview}`, 'manager', {
      startsAt: at(4, 14),
      durationMinutes: 60,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().interview).toMatchObject({ startsAt: at(4, 14), sequence: 1 });
    for (const to of [users.candidate!.email, users.manager!.email, OUTSIDE]) {
      const [mail] = await mailsTo(to, 'Interview moved');
      const c = calendarOf(mail!);
      expect(c).toMatchObject({ method: 'REQUEST', uid, sequence: 1, start: at(4, 14) });
    }
  });

  it('sends each reminder once, and none for a cancelled interview', async () => {
    const reminders = async () => (await t.mails()).filter((m) => m.subject.startsWith('Reminder'));
    const secondStart = Date.parse(at(3, 10));
    // A day before the second interview: its day reminder, to the candidate and the manager.
    // The mail server refuses the manager: the candidate has theirs...
    await travel(new Date(secondStart - 24 * HOUR_MS + 60_000));
    const smtp = await startSmtpServer({ refuse: [users.manager!.email] });
    try {
      await runJob('interviews.reminders', smtp.url);
      expect(smtp.mails.map((m) => m.to)).toEqual([[users.otherCandidate!.email.toLowerCase()]]);
    } finally {
      await smtp.close();
    }
    // ...and the next run sends it to the manager only; after that, to nobody.
    await runJob('interviews.reminders');
    expect((await reminders()).map((m) => m.to)).toEqual([users.manager!.email]);
    await runJob('interviews.reminders');
    expect(await reminders()).toHaveLength(1);
    // Cancelled: no hour reminder for the second interview.
    await travel(new Date(secondStart - 2 * HOUR_MS));
    const cancel = await call(
      'POST',
      `candidate/interviews/${secondInterview}/cancel`,
      'otherCandidate',
      {
        reason: 'I found another position',
      },
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().interview.status).toBe('cancelled');
    await travel(new Date(secondStart - HOUR_MS / 2));
    await runJob('interviews.reminders');
    expect(await reminders()).toHaveLength(1);
    // The first interview (moved to day 4, 14:00) gets its own day reminder when its time comes.
    await travel(new Date(Date.parse(at(4, 14)) - 23 * HOUR_MS));
    await runJob('interviews.reminders');
    expect(await reminders()).toHaveLength(1 + 3);
    // The candidate who cancelled may book from the times offered again.
    const offer = offers.find((o) => o.applicationId === apps[1])!;
    const mine = await call(
      'GET',
      `candidate/applications/${apps[1]}/interviews`,
      'otherCandidate',
    );
    expect(mine.json().offers.find((o: { id: number }) => o.id === offer.id).status).toBe('open');
  });

  it('cancels an interview: a METHOD:CANCEL to everyone, and the outside link stops working', async () => {
    const res = await call('POST', `client/interviews/${firstInterview}/cancel`, 'primary', {
      reason: 'The position was filled',
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const to of [users.candidate!.email, users.manager!.email, OUTSIDE]) {
      // The latest: the manager also heard of the second interview's cancellation.
      const mail = (await mailsTo(to, 'Interview cancelled')).at(-1);
      expect(mail!.text).toContain('The position was filled');
      expect(calendarOf(mail!)).toMatchObject({
        method: 'CANCEL',
        status: 'CANCELLED',
        uid,
        sequence: 2,
      });
    }
    expect((await call('GET', `interview_links/${link}`, undefined)).statusCode).toBe(404);
    const again = await call('POST', `client/interviews/${firstInterview}/cancel`, 'primary', {});
    expect(again.statusCode).toBe(409);
  });

  it('pages through more interviews at one moment than a page holds, each once', async () => {
    // Five interviews at one moment (written directly: no invitations to send), two a page.
    const rows = await t.database.db
      .insert(interviews)
      .values(
        [0, 1, 2, 3, 4].map((n) => ({
          applicationId: apps[n % 3]!,
          uid: `agenda-${n}@pathways.test`,
          startsAt: new Date(at(30, 9)),
          endsAt: new Date(at(30, 10)),
          placeKind: 'video',
          videoUrl: 'https://meet.example.test/panel',
          scheduledAt: t.clock.now,
        })),
      )
      .returning({ id: interviews.id });
    const fixed = rows.map((r) => r.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor
        ? `per=2&cursor=${cursor}`
        : `per=2&from=${encodeURIComponent(at(30, 8))}`;
      const res = await call('GET', `client/interviews?${query}`, 'primary');
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { items: { id: number }[]; next: string | null };
      seen.push(...page.items.map((i) => i.id));
      cursor = page.next;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual([...fixed].sort((a, b) => a - b));
    expect(pages).toBe(3);
    const forged = await call('GET', 'client/interviews?cursor=not-a-cursor', 'primary');
    expect(forged.statusCode).toBe(422);
  });
});

// Candidates of its own, so this group and the story above never see each other's mail,
// offers or interviews, whichever order they run in.
describe('an interviewer is never booked twice at once', () => {
  let own: [number, number, number];
  beforeAll(async () => {
    const ids: number[] = [];
    for (const who of ['racerOne', 'racerTwo', 'racerThree']) {
      const candidate = await createUser(t.database, { role: 'candidate' });
      users[who] = candidate;
      tokens[who] = await loginAs(t.app, candidate.email, candidate.password);
      const [row] = await t.database.db
        .insert(applications)
        .values({ candidateId: candidate.id, opportunityId })
        .returning();
      ids.push(row!.id);
    }
    own = ids as [number, number, number];
  });

  it('refuses one of two parallel requests giving an interviewer overlapping times', async () => {
    const fix = (applicationId: number, hour: number) =>
      call('POST', `client/opportunities/${opportunityId}/interviews`, 'manager', {
        applicationId,
        startsAt: at(10, hour),
        durationMinutes: 60,
        place: { kind: 'video', url: 'https://meet.example.test/room' },
        interviewers: [{ email: 'Busy.Person@example.test' }],
      });
    const answers = await Promise.all([fix(own[0], 9), fix(own[1], 9)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(
      'An interviewer already has an interview at this time',
    );
    // Back to back is fine: one ends at 10:00, the next starts then.
    const next = await fix(own[2], 10);
    expect(next.statusCode, next.body).toBe(201);
  });

  it('gives a time offered to two candidates to one of them when both book it at once', async () => {
    const res = await call(
      'POST',
      `client/opportunities/${opportunityId}/interview_offers`,
      'manager',
      {
        applicationIds: [own[0], own[1]],
        slots: [slot(12, 9, [{ email: 'shared.slot@example.test' }])],
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    const [a, b] = offerList.parse(res.json()).items;
    const book = (offer: typeof a) =>
      call(
        'POST',
        `candidate/interview_offers/${offer!.id}/booking`,
        offer!.applicationId === own[0] ? 'racerOne' : 'racerTwo',
        { slotId: offer!.slots[0]!.id },
      );
    const answers = await Promise.all([book(a), book(b)]);
    expect(answers.map((x) => x.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((x) => x.statusCode === 409)!.json().message).toBe(
      'This time has just been taken; choose another',
    );
  });
});
