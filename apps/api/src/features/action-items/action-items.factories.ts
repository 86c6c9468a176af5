import { randomBytes } from 'node:crypto';

import type { DocumentKind } from '@pathways/shared/documents/documents.schemas';
import { luhnCheckDigit } from '@pathways/shared/profile/identification';
import type { LightMyRequestResponse } from 'fastify';

import type { Database } from '../../db/client.ts';
import {
  applications,
  documents,
  financialSurveys,
  institutions,
  opportunities,
  organizations,
  qualificationComponents,
  qualifications,
  qualificationTypes,
  screeningAnswers,
  screeningQuestions,
} from '../../db/schema/index.ts';
import { bearer, createUser, loginAs, type TestApp } from '../../test/build-app.ts';

// Rows the to-do list reads that other features create (documents, opportunities with
// screening questions, applications and their answers, reference data), and a signed-in
// candidate with a small HTTP client.

let n = 0;

export interface Client {
  userId: number;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload: object): Promise<LightMyRequestResponse>;
  patch(url: string, payload: object): Promise<LightMyRequestResponse>;
}

export async function signedIn(
  t: TestApp,
  role: 'candidate' | 'client' | 'admin' = 'candidate',
): Promise<Client> {
  const user = await createUser(t.database, { role });
  const headers = bearer(await loginAs(t.app, user.email, user.password));
  return {
    userId: user.id,
    get: (url) => t.app.inject({ method: 'GET', url, headers }),
    post: (url, payload) => t.app.inject({ method: 'POST', url, headers, payload }),
    patch: (url, payload) => t.app.inject({ method: 'PATCH', url, headers, payload }),
  };
}

/** A fresh South African ID number with a valid check digit. */
export function saId(): string {
  n += 1;
  const payload = `0107${String(n % 100).padStart(2, '0')}${String(Date.now() % 10_000).padStart(4, '0')}08`;
  return payload + luhnCheckDigit(payload);
}

/** A school with the NSC and a subject, a university with a degree. */
export async function createReferenceData(database: Database) {
  n += 1;
  const db = database.db;
  const [school, university] = await db
    .insert(institutions)
    .values([
      { name: `Masakhane High School ${n}`, kind: 'school' },
      { name: `University ${n}`, kind: 'university' },
    ])
    .returning();
  const [nscType, degreeType] = await db
    .insert(qualificationTypes)
    .values([
      { name: `National Senior Certificate ${n}`, nqfLevel: 4 },
      { name: `Diploma ${n}`, nqfLevel: 6 },
    ])
    .returning();
  const [nsc, diploma] = await db
    .insert(qualifications)
    .values([
      { specialization: 'National Senior Certificate', qualificationTypeId: nscType!.id },
      { specialization: 'Diploma in IT', qualificationTypeId: degreeType!.id },
    ])
    .returning();
  const [mathematics] = await db
    .insert(qualificationComponents)
    .values({ name: 'Mathematics', qualificationTypeId: nscType!.id })
    .returning();
  return {
    school: school!,
    university: university!,
    nsc: nsc!,
    diploma: diploma!,
    mathematics: mathematics!,
  };
}

export async function uploadDocument(database: Database, userId: number, kind: DocumentKind) {
  n += 1;
  await database.db.insert(documents).values({
    userId,
    kind,
    storageKey: `test/${userId}/${n}-${randomBytes(4).toString('hex')}`,
    originalName: `${kind}.pdf`,
    contentType: 'application/pdf',
    byteSize: 1024,
    sha256: randomBytes(32).toString('hex'),
  });
}

export async function createOpportunity(
  database: Database,
  values: { name: string; kind?: 'job' | 'bursary' | 'scholarship'; questions?: number },
) {
  n += 1;
  const db = database.db;
  const [organization] = await db
    .insert(organizations)
    .values({ name: `Organization ${n}`, slug: `action-items-org-${n}-${Date.now()}` })
    .returning();
  const [opportunity] = await db
    .insert(opportunities)
    .values({ organizationId: organization!.id, kind: values.kind ?? 'job', name: values.name })
    .returning();
  const questions = values.questions
    ? await db
        .insert(screeningQuestions)
        .values(
          Array.from({ length: values.questions }, (_, i) => ({
            opportunityId: opportunity!.id,
            prompt: `Question ${i + 1}`,
            position: i,
          })),
        )
        .returning()
    : [];
  return { opportunity: opportunity!, questions };
}

export async function apply(
  database: Database,
  candidateId: number,
  opportunityId: number,
  values: { archivedAt?: Date; regrettedAt?: Date } = {},
) {
  const [application] = await database.db
    .insert(applications)
    .values({ candidateId, opportunityId, ...values })
    .returning();
  return application!;
}

export async function answer(database: Database, applicationId: number, questionIds: number[]) {
  await database.db.insert(screeningAnswers).values(
    questionIds.map((screeningQuestionId) => ({
      applicationId,
      screeningQuestionId,
      answer: 'Yes',
    })),
  );
}

/** A submitted financial needs survey of one application. */
export async function submitFinancialSurvey(
  database: Database,
  userId: number,
  applicationId: number,
) {
  await database.db.insert(financialSurveys).values({
    candidateId: userId,
    applicationId,
    householdSize: 3,
    incomeBand: 'up_to_5000',
    dependants: 0,
    studyFunders: ['parents'],
    otherFunding: [],
    motivation: 'I need help to pay my fees.',
    submittedAt: new Date(),
  });
}
