import {
  applicationView,
  documentDownloadList,
} from '@pathways/shared/applicants/application-view.schemas';
import { documentItem, type DocumentItem } from '@pathways/shared/documents/documents.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  applications,
  applicationViews,
  assessmentResults,
  candidateProfiles,
  documentDownloads,
  phases,
  screeningAnswers,
  screeningQuestions,
} from '../../db/schema/index.ts';
import { bearer, createTestApp, type TestApp } from '../../test/build-app.ts';
import { createOpportunities, createRequirement } from '../../test/factories.ts';
import { createPeople, type User } from '../../test/principals.ts';
import { multipart, pdfBytes } from '../../test/uploads.ts';

// One applicant for the managers of the opportunity: who may open it, what it holds, and the
// record of views and downloads the candidate sees.

let t: TestApp;
let primary: User;
let manager: User;
let candidate: User;
let otherCandidate: User;
const tokens: Record<string, string> = {};
let opportunityId: number;
let otherOpportunityId: number;
let applicationId: number;
let otherApplicationId: number;
let phaseId: number;
let cv: DocumentItem;
let othersDocument: DocumentItem;

async function upload(token: string, name: string): Promise<DocumentItem> {
  const { payload, headers } = await multipart([
    { name: 'kind', value: 'transcript' },
    { name: 'file', value: pdfBytes(name), fileName: name, type: 'application/pdf' },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/candidate/documents',
    payload,
    headers: { ...headers, ...bearer(token) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return documentItem.parse(res.json());
}

const get = (url: string, who?: string) =>
  t.app.inject({ method: 'GET', url, headers: who ? bearer(tokens[who]) : {} });

const viewUrl = (opp = opportunityId, app = applicationId) =>
  `/api/client/opportunities/${opp}/applications/${app}`;
const documentUrl = (docId: number, opp = opportunityId, app = applicationId) =>
  `${viewUrl(opp, app)}/documents/${docId}`;

beforeAll(async () => {
  t = await createTestApp();
  const p = await createPeople(t);
  ({ primary, manager, candidate, otherCandidate } = p.users);
  for (const who of Object.keys(p.users) as (keyof typeof p.users)[]) {
    tokens[who] = p.byWho[who].token!;
  }
  opportunityId = p.a.opportunityId;
  // A second opportunity of the organization, which the manager is not listed on.
  const [other] = await createOpportunities(t.database, [{ organizationId: p.a.organizationId }]);
  otherOpportunityId = other!.id;
  const [phase] = await t.database.db
    .insert(phases)
    .values({ opportunityId, name: 'Interview', initial: true })
    .returning();
  phaseId = phase!.id;

  const profile = await t.app.inject({
    method: 'PATCH',
    url: '/api/candidate/profile',
    headers: bearer(tokens.candidate),
    payload: { profile: { firstNames: 'Thandi', gender: 'female', driversLicense: true } },
  });
  expect(profile.statusCode, profile.body).toBe(200);
  cv = await upload(tokens.candidate!, 'thandi-cv.pdf');
  othersDocument = await upload(tokens.otherCandidate!, 'other-cv.pdf');

  const [application, otherApplication] = await t.database.db
    .insert(applications)
    .values([
      { candidateId: candidate.id, opportunityId, phaseId, applicationRating: 4 },
      { candidateId: otherCandidate.id, opportunityId: otherOpportunityId },
    ])
    .returning();
  applicationId = application!.id;
  otherApplicationId = otherApplication!.id;

  await createRequirement(t.database, opportunityId, { kind: 'drivers_license' }, null, 0);
  await createRequirement(t.database, opportunityId, {
    kind: 'documents',
    kinds: ['identity_document'],
  });
  const [first, second] = await t.database.db
    .insert(screeningQuestions)
    .values([
      { opportunityId, prompt: 'Why this bursary?', position: 0 },
      { opportunityId, prompt: 'Can you relocate?', position: 1 },
    ])
    .returning();
  await t.database.db
    .insert(screeningAnswers)
    .values({ applicationId, screeningQuestionId: first!.id, answer: 'To study engineering' });
  void second;
  const [row] = await t.database.db
    .select({ id: candidateProfiles.id })
    .from(candidateProfiles)
    .where(eq(candidateProfiles.userId, candidate.id));
  await t.database.db
    .insert(assessmentResults)
    .values({ profileId: row!.id, item: 'Numerical reasoning', aggregate: 72.5 });
});

afterAll(async () => {
  await t?.close();
});

describe('GET client/opportunities/{id}/applications/{appId}', () => {
  it('answers the managers of the opportunity and no one else', async () => {
    const statuses: Record<string, number> = {};
    for (const who of ['primary', 'manager', 'bystander', 'otherClient', 'candidate']) {
      statuses[who] = (await get(viewUrl(), who)).statusCode;
    }
    statuses.guest = (await get(viewUrl())).statusCode;
    expect(statuses).toEqual({
      primary: 200,
      manager: 200,
      bystander: 404,
      otherClient: 404,
      candidate: 403,
      guest: 401,
    });
  });

  it('answers 404 for an application of another opportunity under this id, or none', async () => {
    expect((await get(viewUrl(opportunityId, otherApplicationId), 'primary')).statusCode).toBe(404);
    expect((await get(viewUrl(opportunityId, 999_999), 'primary')).statusCode).toBe(404);
  });

  it('refuses a malformed id or view flag with 422, not 500', async () => {
    expect((await get(viewUrl(opportunityId, 0), 'primary')).statusCode).toBe(422);
    expect((await get(`${viewUrl()}?view=yes`, 'primary')).statusCode).toBe(422);
  });

  it('holds the profile, documents, checklist, answers, psychometrics and the phase', async () => {
    const res = await get(viewUrl(), 'manager');
    expect(res.statusCode, res.body).toBe(200);
    const view = applicationView.parse(res.json());
    expect(view.application).toMatchObject({
      id: applicationId,
      opportunityId,
      phase: { id: phaseId, name: 'Interview' },
      rating: 4,
      regrettedAt: null,
      archivedAt: null,
    });
    expect(view.candidate).toMatchObject({ id: candidate.id, email: candidate.email });
    expect(view.profile).toMatchObject({ firstNames: 'Thandi', gender: 'female' });
    expect(view.documents).toEqual([
      expect.objectContaining({
        id: cv.id,
        kind: 'transcript',
        originalName: 'thandi-cv.pdf',
        downloadUrl: documentUrl(cv.id),
      }),
    ]);
    expect(view.eligibility.eligible).toBe(false);
    expect(view.eligibility.criteria.map((c) => [c.kind, c.status])).toEqual([
      ['drivers_license', 'met'],
      ['documents', 'unmet'],
    ]);
    expect(view.eligibility.criteria[1]!.description).toMatch(/identity/i);
    expect(view.eligibility.criteria[1]!.reason).not.toBe('');
    expect(view.screeningAnswers).toEqual([
      expect.objectContaining({ question: 'Why this bursary?', answer: 'To study engineering' }),
      expect.objectContaining({ question: 'Can you relocate?', answer: null }),
    ]);
    expect(view.psychometrics).toEqual([
      expect.objectContaining({ item: 'Numerical reasoning', aggregate: 72.5 }),
    ]);
  });

  it('records a view (who and when) only with ?view=1', async () => {
    const views = () =>
      t.database.db
        .select()
        .from(applicationViews)
        .where(eq(applicationViews.applicationId, applicationId));
    const before = (await views()).length;
    await get(viewUrl(), 'primary');
    expect(await views()).toHaveLength(before);
    expect((await get(`${viewUrl()}?view=1`, 'manager')).statusCode).toBe(200);
    const after = await views();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({ viewerId: manager.id, viewedAt: t.clock.now });
    // A refused caller leaves no trace.
    await get(`${viewUrl()}?view=1`, 'bystander');
    expect(await views()).toHaveLength(before + 1);
  });

  it('says whether the candidate is reported, from the flag on until the section is corrected', async () => {
    const reported = async () =>
      applicationView.parse((await get(viewUrl(), 'manager')).json()).candidate.reported;
    expect(await reported()).toBe(false);
    const flag = await t.app.inject({
      method: 'POST',
      url: '/api/client/flags',
      headers: bearer(tokens.manager!),
      payload: { flag: { applicationId, section: 'personal', reason: 'The names do not match' } },
    });
    expect(flag.statusCode, flag.body).toBe(201);
    expect(await reported()).toBe(true);
    // Another candidate of the organization is not reported by it.
    const other = await get(viewUrl(otherOpportunityId, otherApplicationId), 'primary');
    expect(applicationView.parse(other.json()).candidate.reported).toBe(false);
    const corrected = await t.app.inject({
      method: 'PATCH',
      url: '/api/candidate/profile',
      headers: bearer(tokens.candidate!),
      payload: { profile: { firstNames: 'Thandiwe' } },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await reported()).toBe(false);
  });
});

describe('GET client/opportunities/{id}/applications/{appId}/documents/{docId}', () => {
  it('answers the managers of the opportunity and no one else', async () => {
    const statuses: Record<string, number> = {};
    for (const who of ['primary', 'manager', 'bystander', 'otherClient', 'candidate']) {
      statuses[who] = (await get(documentUrl(cv.id), who)).statusCode;
    }
    statuses.guest = (await get(documentUrl(cv.id))).statusCode;
    expect(statuses).toEqual({
      primary: 200,
      manager: 200,
      bystander: 404,
      otherClient: 404,
      candidate: 403,
      guest: 401,
    });
  });

  it('streams the file as an attachment', async () => {
    const res = await get(documentUrl(cv.id), 'primary');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('thandi-cv.pdf');
    expect(res.rawPayload.equals(pdfBytes('thandi-cv.pdf'))).toBe(true);
  });

  it("cannot reach another candidate's document through this application", async () => {
    const before = await t.database.db.select().from(documentDownloads);
    expect((await get(documentUrl(othersDocument.id), 'primary')).statusCode).toBe(404);
    expect(
      (await get(documentUrl(othersDocument.id, otherOpportunityId, applicationId), 'primary'))
        .statusCode,
    ).toBe(404);
    expect(await t.database.db.select().from(documentDownloads)).toHaveLength(before.length);
  });

  it('records the download and lists it to the candidate, and to no one else', async () => {
    t.clock.advance(60_000);
    const at = t.clock.now.toISOString();
    expect((await get(documentUrl(cv.id), 'manager')).statusCode).toBe(200);

    const res = await get('/api/candidate/document_downloads', 'candidate');
    expect(res.statusCode, res.body).toBe(200);
    const { items } = documentDownloadList.parse(res.json());
    expect(items[0]).toEqual({
      id: expect.any(Number),
      documentName: 'thandi-cv.pdf',
      organization: { id: primary.organizationId, name: expect.any(String) },
      clientName: 'Test User',
      downloadedAt: at,
    });
    expect(items.length).toBeGreaterThanOrEqual(3);

    const others = await get('/api/candidate/document_downloads', 'otherCandidate');
    expect(documentDownloadList.parse(others.json()).items).toEqual([]);
    expect((await get('/api/candidate/document_downloads', 'primary')).statusCode).toBe(403);
    expect((await get('/api/candidate/document_downloads')).statusCode).toBe(401);
  });
});
