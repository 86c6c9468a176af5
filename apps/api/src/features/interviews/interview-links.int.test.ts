import { interviewLinkView } from '@pathways/shared/interviews/interviews.schemas';
import { luhnCheckDigit } from '@pathways/shared/profile/identification';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { outboxDir } from '../../app.ts';
import { applications } from '../../db/schema/index.ts';
import { createMailer, type Mailer } from '../../lib/mailer.ts';
import { bearer, createTestApp, type TestApp } from '../../test/build-app.ts';
import { createPeople, type People } from '../../test/principals.ts';
import { sendDueReminders } from './interviews.service.ts';

// What an interviewer without an account sees of the candidate through their link: the
// profile's record (qualifications, experience, languages, …) always; the name only without
// blind review; never how to reach or identify the candidate (e-mail, mobile number, identity
// number, date of birth, address). And the interview as a calendar file for their calendar.

let t: TestApp;
let p: People;
let opportunityId: number;
let token = '';
let startsAt: Date;
// A South African identity number born 14 February 1990 (its check digit by Luhn).
const identification = `900214567808${luhnCheckDigit('900214567808')}`;
const OUTSIDE = 'panel.member@partner.example';

const call = (method: string, url: string, who?: string, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url: `/api/${url}`,
    headers: who ? bearer(who) : {},
    payload,
  });

const setBlind = async (blindReview: boolean) => {
  const res = await call(
    'PUT',
    `client/opportunities/${opportunityId}/interview_settings`,
    p.byWho.primary.token,
    { settings: { criteria: [{ label: 'Communication' }], blindReview } },
  );
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t, { a: { name: 'Data analyst' } });
  opportunityId = p.a.opportunityId;
  const candidate = p.byWho.candidate.token!;
  const profile = await call('PATCH', 'candidate/profile', candidate, {
    profile: {
      countryOfBirth: 'za',
      identification,
      firstNames: 'Lerato',
      lastName: 'Khumalo',
      bornAt: '1990-02-14',
      gender: 'female',
      biography: 'I am Lerato from Soweto; call me on 082 555 0142.',
      mobileNumber: '+27 82 555 0142',
      driversLicense: true,
      location: { latitude: -26.2485, longitude: 27.854, address: '12 Vilakazi Street, Soweto' },
    },
  });
  expect(profile.statusCode, profile.body).toBe(200);
  const experience = await call('POST', 'candidate/experiences', candidate, {
    experience: {
      kind: 'work',
      title: 'Data intern',
      organizationName: 'Ubuntu Analytics',
      startsAt: '2025-01-01',
      endsAt: '2025-06-30',
      current: false,
    },
  });
  expect(experience.statusCode, experience.body).toBe(201);
  const language = await call('POST', 'candidate/language_proficiencies', candidate, {
    languageProficiency: { language: 'isiZulu', reading: 'native', speaking: 'native' },
  });
  expect(language.statusCode, language.body).toBe(201);
  const [application] = await t.database.db
    .insert(applications)
    .values({ candidateId: p.users.candidate.id, opportunityId })
    .returning();
  await setBlind(true);
  startsAt = new Date(t.clock.now.getTime() + 3 * 24 * 3600_000);
  startsAt.setUTCHours(9, 0, 0, 0);
  const fixed = await call(
    'POST',
    `client/opportunities/${opportunityId}/interviews`,
    p.byWho.primary.token,
    {
      applicationId: application!.id,
      startsAt: startsAt.toISOString(),
      durationMinutes: 60,
      place: { kind: 'video', url: 'https://meet.example.org/room-7' },
      interviewers: [{ email: OUTSIDE, name: 'Panel Member' }],
    },
  );
  expect(fixed.statusCode, fixed.body).toBe(201);
  const deadline = Date.now() + 20_000;
  while (!token && Date.now() < deadline) {
    const mail = (await t.mails()).find((m) => m.to === OUTSIDE);
    token = /\/interview-links\/([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    if (!token) await new Promise((r) => setTimeout(r, 100));
  }
  expect(token, 'the outside interviewer was mailed a link').not.toBe('');
});

afterAll(async () => {
  await t.close();
});

/** Whatever of the candidate's identity or contact must never reach an outsider. */
const neverShown = () => [
  p.users.candidate.email,
  identification,
  '082 555 0142',
  '+27 82 555 0142',
  '1990-02-14',
  'Vilakazi',
  'female',
];

describe('the candidate on an outside interviewer’s link', () => {
  it('under blind review: the record of what they did and can do, no name and nothing that identifies them', async () => {
    await setBlind(true);
    const res = await call('GET', `interview_links/${token}`);
    expect(res.statusCode, res.body).toBe(200);
    const view = interviewLinkView.parse(res.json());
    expect(view.candidate).toMatchObject({ name: null, blind: true });
    expect(view.candidate.profile).toMatchObject({
      name: null,
      biography: null,
      driversLicense: true,
      experiences: [{ title: 'Data intern', organizationName: 'Ubuntu Analytics' }],
      languageProficiencies: [{ language: 'isiZulu', reading: 'native' }],
    });
    for (const secret of [...neverShown(), 'Lerato', 'Khumalo', 'Soweto']) {
      expect(res.body, secret).not.toContain(secret);
    }
  });

  it('without blind review: the name and their own words too, still no contact details or identity', async () => {
    await setBlind(false);
    const res = await call('GET', `interview_links/${token}`);
    expect(res.statusCode, res.body).toBe(200);
    const view = interviewLinkView.parse(res.json());
    expect(view.candidate).toMatchObject({ name: 'Lerato Khumalo', blind: false });
    expect(view.candidate.profile).toMatchObject({
      name: 'Lerato Khumalo',
      experiences: [{ title: 'Data intern' }],
    });
    // The biography is the candidate's own text, shown as written; everything else stays out.
    const withoutBiography = res.body.replace(
      JSON.stringify(view.candidate.profile!.biography),
      '',
    );
    for (const secret of neverShown()) expect(withoutBiography, secret).not.toContain(secret);
    expect(Object.keys(view.candidate.profile!).sort()).toEqual(
      [
        'achievements',
        'affiliations',
        'biography',
        'driversLicense',
        'experiences',
        'languageProficiencies',
        'name',
        'profileQualifications',
        'studyRights',
        'workRights',
      ].sort(),
    );
  });

  it('gives the interview as a calendar file with the invitation’s UID, the candidate unnamed under blind review', async () => {
    await setBlind(true);
    const res = await call('GET', `interview_links/${token}/calendar`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    const vevent = new ICAL.Component(ICAL.parse(res.body)).getFirstSubcomponent('vevent')!;
    const mail = (await t.mails()).find((m) => m.to === OUTSIDE)!;
    const invited = new ICAL.Component(ICAL.parse(mail.icalEvent!.content)).getFirstSubcomponent(
      'vevent',
    )!;
    expect(vevent.getFirstPropertyValue('uid')).toBe(invited.getFirstPropertyValue('uid'));
    expect(res.body).not.toContain('Lerato');
    expect((await call('GET', `interview_links/${'x'.repeat(43)}/calendar`)).statusCode).toBe(404);
  });
});

describe('the outside interviewer’s e-mails under blind review', () => {
  it('never name the candidate, in the text or the calendar invitation', async () => {
    const names = ['Lerato', 'Khumalo', 'Test User'];
    const [outside] = (await t.mails()).filter((m) => m.to === OUTSIDE);
    expect(outside!.text).toContain('Candidate: the candidate (blind review)');
    for (const name of names) {
      expect(outside!.text, name).not.toContain(name);
      expect(outside!.icalEvent!.content, name).not.toContain(name);
    }
    expect(outside!.icalEvent!.content).not.toContain(p.users.candidate.email);
    // The candidate's own invitation names them as usual.
    const [own] = (await t.mails()).filter((m) => m.to === p.users.candidate.email);
    expect(own!.text).toMatch(/Candidate: (Lerato Khumalo|Test User)/);
  });
});

describe('the link page itself', () => {
  it('is never indexed and sends no referrer', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/interview-links/${token}` });
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    const other = await t.app.inject({ method: 'GET', url: '/login' });
    expect(other.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(other.headers['x-robots-tag']).toBeUndefined();
  });
});

describe('reminders when the mail server fails', () => {
  it('leaves a reminder nobody received for the next run, and never sends one twice', async () => {
    const deps = (mailer: Mailer) => ({
      db: t.database.db,
      config: t.config,
      mailer,
      now: () => new Date(startsAt.getTime() - 23 * 3600_000),
      log: t.app.log,
    });
    const down: Mailer = {
      kind: 'smtp',
      send: () => Promise.reject(new Error('connect ECONNREFUSED')),
      close: () => undefined,
    };
    const reminders = async () => (await t.mails()).filter((m) => m.subject.startsWith('Reminder'));
    expect(await sendDueReminders(deps(down))).toEqual([]);
    expect(await reminders()).toEqual([]);
    const up = createMailer({ from: t.config.mailFrom, outboxDir: outboxDir(t.config) });
    const sent = await sendDueReminders(deps(up));
    expect(sent.map((s) => s.kind)).toEqual(['day']);
    // The candidate and the outside interviewer, once each.
    expect((await reminders()).map((m) => m.to).sort()).toEqual(
      [OUTSIDE, p.users.candidate.email].sort(),
    );
    expect(await sendDueReminders(deps(up))).toEqual([]);
    expect(await reminders()).toHaveLength(2);
  });
});
