import type { DbOrTx } from '../../db/client.ts';
import type { Place } from '../data/places.ts';
import { createRandom, type Random } from '../random.ts';
import { ensureReferenceData, type ReferenceIds } from '../reference.ts';

/** The fixed seed of the demo data: change it and every generated value changes. */
export const DEMO_SEED = 0x5eed_2026;

export const DAY = 86_400_000;
export const HOUR = 3_600_000;

/** Street names for the addresses of offices and opportunity locations. */
export const streets = [
  'Main Road',
  'Rivonia Road',
  'Long Street',
  'Church Street',
  'Oxford Road',
  'Jan Smuts Avenue',
];

export function must<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`seed: missing ${what}`);
  return value;
}

export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function emailPart(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]/g, '');
}

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

export function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

export function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}

/**
 * What every part of the demo data is built from: the database (inside the seed's transaction),
 * the moment the demo is built around, one random stream drawn from in a fixed order (so the
 * data is the same on every run), and the reference data's ids.
 */
export interface DemoContext {
  db: DbOrTx;
  now: Date;
  nowYear: number;
  rng: Random;
  /** The moment `days` (and `hours`) from now. */
  at: (days: number, hours?: number) => Date;
  /** A moment between a and b (a before b). */
  between: (a: Date, b: Date) => Date;
  /** The one password hash every demo account shares. */
  passwordHash: string;
  /** How many candidates to generate besides the two demo candidates. */
  candidates: number;
  /** A point near a place, at most `spread` degrees away on each axis. */
  jitter: (place: Place, spread?: number) => { latitude: number; longitude: number };
  reference: ReferenceIds;
  disciplineIds: ReferenceIds['disciplines'];
  institutions: ReferenceIds['institutions'];
  qualificationsRef: ReferenceIds['qualifications'];
  nscTypeId: number;
  nscQualification: ReferenceIds['qualifications'][number];
  subjectIds: ReferenceIds['subjects'];
}

/** Ensures the reference data and sets up the demo's clock, random stream and lookups. */
export async function createDemoContext(
  db: DbOrTx,
  options: { now: Date; candidates: number; passwordHash: string },
): Promise<DemoContext> {
  const { now, passwordHash, candidates } = options;
  const rng = createRandom(DEMO_SEED);
  const at = (days: number, hours = 0) => new Date(now.getTime() + days * DAY + hours * HOUR);
  const between = (a: Date, b: Date) =>
    new Date(a.getTime() + rng.next() * Math.max(0, b.getTime() - a.getTime()));
  const jitter = (place: Place, spread = 0.02) => ({
    latitude: round6(place.latitude + rng.float(-spread, spread)),
    longitude: round6(place.longitude + rng.float(-spread, spread)),
  });
  const reference = await ensureReferenceData(db);
  return {
    db,
    now,
    nowYear: now.getUTCFullYear(),
    rng,
    at,
    between,
    passwordHash,
    candidates,
    jitter,
    reference,
    disciplineIds: reference.disciplines,
    institutions: reference.institutions,
    qualificationsRef: reference.qualifications,
    nscTypeId: reference.nscTypeId,
    nscQualification: must(
      reference.qualifications.find((q) => q.type === 'National Senior Certificate'),
      'NSC qualification',
    ),
    subjectIds: reference.subjects,
  };
}
