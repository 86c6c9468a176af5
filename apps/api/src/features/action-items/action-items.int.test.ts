import { actionLabels } from '@pathways/shared/action-items/action-items.schemas';
import {
  actionItemsResponse,
  profileCompletionResponse,
  type ActionItem,
} from '@pathways/shared/action-items/action-items.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { candidateProfiles, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import {
  answer,
  apply,
  createOpportunity,
  createReferenceData,
  saId,
  signedIn,
  submitFinancialSurvey,
  uploadDocument,
  type Client,
} from './action-items.factories.ts';

let t: TestApp;
let ref: Awaited<ReturnType<typeof createReferenceData>>;

beforeAll(async () => {
  t = await createTestApp();
  ref = await createReferenceData(t.database);
});
afterAll(async () => {
  await t?.close();
});

const ITEMS = '/api/candidate/action_items';
const COMPLETION = '/api/candidate/profile/completion';

async function itemsOf(c: Client): Promise<ActionItem[]> {
  const res = await c.get(ITEMS);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(actionItemsResponse.parse(body)).toEqual(body);
  return body.items;
}

async function completionOf(c: Client) {
  const res = await c.get(COMPLETION);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(profileCompletionResponse.parse(body)).toEqual(body);
  return body as { percentage: number; missing: { type: string }[] };
}

const typesOf = (items: ActionItem[]) => items.map((i) => i.type);

const setUser = (c: Client, values: Partial<typeof users.$inferInsert>) =>
  t.database.db.update(users).set(values).where(eq(users.id, c.userId));

describe('a new, empty candidate', () => {
  it('has many things to do and a low completion', async () => {
    const c = await signedIn(t);
    const items = await itemsOf(c);
    expect(typesOf(items)).toEqual([
      'profile.identification',
      'documents.identity_document',
      'profile.profile_qualification',
      'profile.high_school_subjects',
      'profile.location',
      'profile.mobile',
      'profile.date_of_birth',
      'profile.biography',
      'profile.experience',
      'profile.gender',
      'profile.ethnicity',
      'profile.disability',
      'profile.avatar',
    ]);
    for (const item of items) {
      expect(item.label).toBe(actionLabels[item.kind]);
      expect(item.critical).toBe(item.priority > 5);
      expect(item.opportunityApplication).toBeNull();
    }
    expect(items[1]).toMatchObject({
      id: 'documents.identity_document',
      label: 'Upload your identity document',
      critical: true,
      resolutionPath: '/candidate/documents?kind=identity_document',
    });
    const completion = await completionOf(c);
    expect(completion.percentage).toBe(0);
    expect(completion.missing.map((m) => m.type)).toEqual(
      typesOf(items).filter((type) => type.startsWith('profile.')),
    );
  });
});

describe('filling in the profile', () => {
  it('makes items disappear and completion rise, up to 100', async () => {
    const c = await signedIn(t);
    let last = (await completionOf(c)).percentage;
    const rises = async () => {
      const now = (await completionOf(c)).percentage;
      expect(now).toBeGreaterThan(last);
      last = now;
    };
    const gone = async (type: string) => expect(typesOf(await itemsOf(c))).not.toContain(type);

    await c.patch('/api/candidate/profile', {
      profile: { countryOfBirth: 'ZA', identification: saId() },
    });
    // The South African ID number states the date of birth too.
    await gone('profile.identification');
    await gone('profile.date_of_birth');
    await rises();
    await c.patch('/api/candidate/profile', {
      profile: { biography: 'Hello', gender: 'female', ethnicity: 'african', disability: false },
    });
    for (const type of ['biography', 'gender', 'ethnicity', 'disability']) {
      await gone(`profile.${type}`);
    }
    await rises();
    await c.patch('/api/candidate/profile', {
      profile: {
        mobileNumber: '082 555 0142',
        location: { latitude: -26.2, longitude: 28.04, address: 'Johannesburg' },
      },
    });
    await rises();
    await c.post('/api/candidate/experiences', {
      experience: { title: 'Tutor', organizationName: 'Ikhaya', startsAt: '2024-01-01' },
    });
    await gone('profile.experience');
    await rises();

    // A matric without subjects is not enough: the item leads to that qualification.
    const nsc = await c.post('/api/candidate/profile_qualifications', {
      profileQualification: {
        institutionId: ref.school.id,
        qualificationId: ref.nsc.id,
        startsAt: '2020-01-15',
        endsAt: '2020-11-30',
      },
    });
    const subjects = (await itemsOf(c)).find((i) => i.type === 'profile.high_school_subjects');
    expect(subjects?.resolutionPath).toBe(
      `/candidate/profile#profile-qualification-${nsc.json().id}`,
    );
    expect(typesOf(await itemsOf(c))).toContain('documents.high_school_certificate');
    await c.post(
      `/api/candidate/profile_qualifications/${nsc.json().id}/profile_qualification_components`,
      {
        profileQualificationComponent: {
          qualificationComponentId: ref.mathematics.id,
          mark: 70,
        },
      },
    );
    await gone('profile.high_school_subjects');
    await rises();

    await c.post('/api/candidate/profile_qualifications', {
      profileQualification: {
        institutionId: ref.university.id,
        qualificationId: ref.diploma.id,
        startsAt: '2024-02-01',
        endsAt: '2099-12-01',
      },
    });
    await gone('profile.profile_qualification');
    await rises();
    const documentsNeeded = typesOf(await itemsOf(c)).filter((x) => x.startsWith('documents.'));
    expect(documentsNeeded.sort()).toEqual(
      [
        'documents.identity_document',
        'documents.high_school_certificate',
        'documents.proof_of_registration',
        'documents.transcript',
      ].sort(),
    );

    await setUser(c, { avatar: 'avatars/test.webp' });
    expect(await completionOf(c)).toEqual({ percentage: 100, missing: [] });
    for (const kind of [
      'identity_document',
      'transcript',
      'high_school_certificate',
      'proof_of_registration',
    ] as const) {
      await uploadDocument(t.database, c.userId, kind);
    }
    expect(await itemsOf(c)).toEqual([]);

    // The stored completion follows, also for the avatar changed outside the profile.
    const [row] = await t.database.db
      .select({ completion: candidateProfiles.completion })
      .from(candidateProfiles)
      .where(eq(candidateProfiles.userId, c.userId));
    expect(row!.completion).toBe(100);
    expect((await c.get('/api/candidate/profile')).json().completion).toBe(100);
  });
});

describe('account items', () => {
  it('asks to verify the e-mail while a link is out, and reports a suspension', async () => {
    const c = await signedIn(t);
    await setUser(c, { confirmedAt: null, confirmationSentAt: t.clock.now });
    const pending = (await itemsOf(c)).find((i) => i.type === 'account.email_confirmation');
    expect(pending).toMatchObject({
      label: 'Verify your email address',
      critical: true,
      resolutionPath: '/candidate/account',
    });
    await setUser(c, { confirmedAt: t.clock.now, isSuspended: true });
    const items = await itemsOf(c);
    expect(typesOf(items)).not.toContain('account.email_confirmation');
    expect(items[0]).toMatchObject({
      type: 'account.profile_irregularity',
      label: 'Fix profile irregularity',
      priority: 10,
    });
  });

  it('reports stored profile errors as an irregularity leading to the field', async () => {
    const c = await signedIn(t);
    await c.get('/api/candidate/profile');
    await t.database.db
      .update(candidateProfiles)
      .set({ errors: { identification: ['has already been taken'] } })
      .where(eq(candidateProfiles.userId, c.userId));
    const [first] = await itemsOf(c);
    expect(first).toMatchObject({
      type: 'account.profile_irregularity',
      resolutionPath: '/candidate/profile#identification',
      description: 'Correct your profile: ID number has already been taken.',
    });
  });
});

describe('application items', () => {
  it('asks for screening answers and bursary surveys, grouped by opportunity', async () => {
    const c = await signedIn(t);
    const job = await createOpportunity(t.database, {
      name: 'Retail Management Trainee',
      questions: 2,
    });
    const bursary = await createOpportunity(t.database, {
      name: 'Engineering and ICT Bursary',
      kind: 'bursary',
    });
    const withdrawn = await createOpportunity(t.database, { name: 'Withdrawn', questions: 1 });
    const regretted = await createOpportunity(t.database, { name: 'Regretted', kind: 'bursary' });
    const jobApp = await apply(t.database, c.userId, job.opportunity.id);
    const bursaryApp = await apply(t.database, c.userId, bursary.opportunity.id);
    await apply(t.database, c.userId, withdrawn.opportunity.id, { archivedAt: new Date() });
    await apply(t.database, c.userId, regretted.opportunity.id, { regrettedAt: new Date() });

    const items = (await itemsOf(c)).filter((i) => i.opportunityApplication);
    expect(items).toEqual([
      {
        id: `application.${jobApp.id}.screening_questions`,
        type: 'application.screening_questions',
        kind: 'screening_questions',
        label: 'Submit answers to screening questions',
        description:
          'Answer the screening questions of Retail Management Trainee to complete your application.',
        priority: 7,
        critical: true,
        resolutionPath: `/candidate/opportunities/${job.opportunity.id}/apply`,
        opportunityApplication: {
          id: jobApp.id,
          opportunity: { id: job.opportunity.id, name: 'Retail Management Trainee' },
        },
      },
      expect.objectContaining({
        id: `application.${bursaryApp.id}.financial_survey`,
        label: 'Submit financial needs survey',
        resolutionPath: `/candidate/applications/${bursaryApp.id}#financial-survey`,
        opportunityApplication: {
          id: bursaryApp.id,
          opportunity: { id: bursary.opportunity.id, name: 'Engineering and ICT Bursary' },
        },
      }),
    ]);

    // One answer of two is not enough; both are.
    await answer(t.database, jobApp.id, [job.questions[0]!.id]);
    expect(typesOf(await itemsOf(c))).toContain('application.screening_questions');
    await answer(t.database, jobApp.id, [job.questions[1]!.id]);
    expect(typesOf(await itemsOf(c))).not.toContain('application.screening_questions');
    await submitFinancialSurvey(t.database, c.userId, bursaryApp.id);
    expect((await itemsOf(c)).filter((i) => i.opportunityApplication)).toEqual([]);

    // Application items never count towards the profile's completion.
    expect((await completionOf(c)).missing.every((m) => m.type.startsWith('profile.'))).toBe(true);
  });

  it("shows only the candidate's own items", async () => {
    const owner = await signedIn(t);
    const stranger = await signedIn(t);
    const job = await createOpportunity(t.database, { name: 'Private', questions: 1 });
    await apply(t.database, owner.userId, job.opportunity.id);
    expect((await itemsOf(owner)).some((i) => i.opportunityApplication)).toBe(true);
    expect((await itemsOf(stranger)).some((i) => i.opportunityApplication)).toBe(false);
  });
});

describe('access', () => {
  it('is for candidates only', async () => {
    for (const url of [ITEMS, COMPLETION]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await (await signedIn(t, 'client')).get(url)).statusCode).toBe(403);
      expect((await (await signedIn(t, 'admin')).get(url)).statusCode).toBe(403);
    }
  });
});
