import { luhnCheckDigit } from '@pathways/shared/profile/identification';
import type { LightMyRequestResponse } from 'fastify';

import type { Database } from '../../db/client.ts';
import {
  disciplines,
  institutions,
  qualificationCategories,
  qualificationComponents,
  qualifications,
  qualificationTypes,
} from '../../db/schema/index.ts';
import { bearer, createUser, loginAs, type TestApp } from '../../test/build-app.ts';

// Test factories of the profile feature: signed-in candidates with a small HTTP client, and
// the reference rows qualifications point at.

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface Client {
  userId: number;
  token: string;
  call(method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  del(url: string): Promise<LightMyRequestResponse>;
}

export function clientFor(t: TestApp, userId: number, token: string): Client {
  const call = (method: Method, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    userId,
    token,
    call,
    get: (url) => call('GET', url),
    post: (url, payload) => call('POST', url, payload),
    patch: (url, payload) => call('PATCH', url, payload),
    del: (url) => call('DELETE', url),
  };
}

/** A confirmed, signed-in user of the role (a new candidate has no profile row yet). */
export async function signedIn(
  t: TestApp,
  role: 'candidate' | 'client' | 'admin' = 'candidate',
): Promise<Client> {
  const user = await createUser(t.database, { role });
  const token = await loginAs(t.app, user.email, user.password);
  return clientFor(t, user.id, token);
}

let n = 0;
const unique = (name: string) => `${name} ${++n}-${Date.now()}`;

/** A small reference catalogue: a school and a university, the NSC and a degree, subjects. */
export async function createReferenceData(database: Database) {
  const db = database.db;
  const [school] = await db
    .insert(institutions)
    .values({ name: unique('Sunnyside Secondary School'), kind: 'school', country: 'ZA' })
    .returning();
  const [university] = await db
    .insert(institutions)
    .values({ name: unique('University of Cape Town'), kind: 'university', country: 'ZA' })
    .returning();
  const [nscType] = await db
    .insert(qualificationTypes)
    .values({ name: unique('National Senior Certificate'), nqfLevel: 4 })
    .returning();
  const [degreeType] = await db
    .insert(qualificationTypes)
    .values({ name: unique("Bachelor's Degree"), nqfLevel: 7 })
    .returning();
  const [schooling] = await db
    .insert(qualificationCategories)
    .values({ name: unique('Schooling') })
    .returning();
  const [science] = await db
    .insert(qualificationCategories)
    .values({ name: unique('Science') })
    .returning();
  const [nsc] = await db
    .insert(qualifications)
    .values({
      specialization: 'National Senior Certificate',
      qualificationTypeId: nscType!.id,
      qualificationCategoryId: schooling!.id,
    })
    .returning();
  const [bsc] = await db
    .insert(qualifications)
    .values({
      specialization: 'Bachelor of Science in Computer Science',
      qualificationTypeId: degreeType!.id,
      qualificationCategoryId: science!.id,
    })
    .returning();
  const [computing, maths] = await db
    .insert(disciplines)
    .values([{ name: unique('Computer Science') }, { name: unique('Mathematics') }])
    .returning();
  const [mathematics, english] = await db
    .insert(qualificationComponents)
    .values([
      { name: 'Mathematics', qualificationTypeId: nscType!.id },
      { name: 'English Home Language', qualificationTypeId: nscType!.id },
    ])
    .returning();
  return {
    school: school!,
    university: university!,
    nscType: nscType!,
    degreeType: degreeType!,
    schooling: schooling!,
    science: science!,
    nsc: nsc!,
    bsc: bsc!,
    computing: computing!,
    maths: maths!,
    subjects: { mathematics: mathematics!, english: english! },
  };
}

export type ReferenceData = Awaited<ReturnType<typeof createReferenceData>>;

let serial = Math.floor(Math.random() * 4000);

/** A fresh South African ID number with a valid check digit (YYMMDD SSSS C A Z). */
export function saId(): string {
  serial = (serial + 1) % 10_000;
  const payload = `900214${String(serial).padStart(4, '0')}08`;
  return payload + luhnCheckDigit(payload);
}

/** A fresh Nigerian NIN (11 digits) or passport number (a letter and 8 digits). */
export function ngId(form: 'nin' | 'passport'): string {
  serial = (serial + 1) % 10_000;
  const digits = `${Date.now() % 10_000}`.padStart(4, '0') + String(serial).padStart(4, '0');
  return form === 'nin' ? `123${digits}` : `B${digits}`;
}
