import {
  criterion as criterionSchema,
  type Requirement,
} from '@pathways/shared/eligibility/criteria';
import { eligibilityMessages } from '@pathways/shared/eligibility/eligibility.schemas';
import {
  evaluateEligibility,
  type CriterionResult,
  type EligibilityResult,
} from '@pathways/shared/eligibility/evaluate';
import type {
  EligibilitySnapshot,
  OpportunityPlace,
  ReferenceNames,
} from '@pathways/shared/eligibility/snapshot';
import { emptySnapshot, snapshotParts } from '@pathways/shared/eligibility/snapshot';
import {
  BECAME_ELIGIBLE,
  eligibilityNotice,
  isOneStepAwayResolved,
  nearestPlaceKm,
  ONE_STEP_AWAY,
  ONE_STEP_AWAY_RADIUS_KM,
  oneStepAwayAction,
  oneStepAwayRoom,
  pickOneStepAway,
  type FoundOneStepAway,
} from '@pathways/shared/notifications/notifications.rules';
import { isClosed } from '@pathways/shared/opportunities/windows';
import { isoDay } from '@pathways/shared/profile/dates';

import type { DbOrTx } from '../../db/client.ts';
import {
  findOpportunityNotices,
  notify,
  withdrawNotices,
  type NewNotification,
} from '../notifications/index.ts';
import * as repo from './eligibility.repository.ts';
import { prefilter } from './prefilter.ts';
import { loadSnapshots } from './snapshots.repository.ts';

// Loading, evaluating and storing eligibilities, for one pair or in bulk. The decisions are the
// pure function's (packages/shared/src/eligibility/evaluate.ts); this module only feeds it rows
// and stores what it says. Stored rows are fresh after every recomputation; a candidate without a
// row for an opportunity is not eligible for it (the prefilter proved it, or nobody checked yet).

/** How many profiles are loaded and evaluated at a time when checking a few opportunities. */
export const SNAPSHOT_BATCH = 500;

/**
 * How many candidates a bulk recomputation loads, evaluates and stores at a time (one statement
 * stores a chunk's results).
 */
export const RECOMPUTE_CHUNK = 2000;

type Point = { latitude: number; longitude: number };

interface ParsedRequirement {
  version: string;
  row: repo.RuleRow;
  parsed: Requirement | null;
}

/**
 * Requirements read and parsed before, by id, with the row version they were read at: a
 * recomputation reads only the ids and versions of the requirements it evaluates, and reads and
 * parses again only those written since (or never seen). At most PARSED_REQUIREMENTS_KEPT are
 * kept; past that the cache starts anew.
 */
const parsedRequirements = new Map<number, ParsedRequirement>();
const PARSED_REQUIREMENTS_KEPT = 200_000;

export interface OpportunityRules {
  opportunity: repo.OpportunityRow;
  /** The stored requirements in order, each parsed; `criterion` null when it cannot be read. */
  requirements: { row: repo.RuleRow; parsed: Requirement | null }[];
  places: OpportunityPlace[];
}

export interface LoadedRules {
  rules: Map<number, OpportunityRules>;
  names: ReferenceNames;
  /**
   * Set when the rules were loaded for one home (`loadRules` with `near`): `places` then holds
   * only the places nearest that home, and only for the opportunities in neither `unloaded`.
   */
  near?: { home: Point | null; unloaded: Set<number> };
}

/**
 * The opportunities with their requirements, places and the reference names they use.
 *
 * With `near` (one candidate's home, null when not known), only what the evaluation of that
 * candidate reads is loaded of the places: those nearest the home, and only for opportunities
 * with a distance criterion; `loadPlacesForNotices` loads what notices need of others.
 */
export async function loadRules(
  db: DbOrTx,
  opportunityIds: readonly number[],
  options: {
    near?: { home: Point | null };
    /** The opportunities and their requirements' versions, when read already. */
    read?: Pick<repo.CandidateTargets, 'opportunities' | 'versions'>;
  } = {},
): Promise<LoadedRules> {
  const rules = new Map<number, OpportunityRules>();
  const [opportunities, versions] = options.read
    ? [options.read.opportunities, options.read.versions]
    : await Promise.all([
        repo.findOpportunities(db, opportunityIds),
        repo.findRequirementVersions(db, opportunityIds),
      ]);
  // The requirements as listed: those read before at the same version, the others read now.
  const listed = new Map<number, ParsedRequirement>();
  const missing: number[] = [];
  for (const { id, version } of versions) {
    const known = parsedRequirements.get(id);
    if (known?.version === version) listed.set(id, known);
    else missing.push(id);
  }
  if (parsedRequirements.size + missing.length > PARSED_REQUIREMENTS_KEPT) {
    parsedRequirements.clear();
  }
  for (const id of missing) parsedRequirements.delete(id);
  for (const { version, ...row } of await repo.findRequirementsById(db, missing)) {
    const result = criterionSchema.safeParse(row.criterion);
    const parsed = result.success ? { id: row.id, criterion: result.data } : null;
    const entry = { version, row, parsed };
    parsedRequirements.set(row.id, entry);
    listed.set(row.id, entry);
  }
  const wanted: repo.NameIds = {
    qualificationTypes: [],
    categories: [],
    disciplines: [],
    institutions: [],
    components: [],
  };
  for (const opportunity of opportunities) {
    rules.set(opportunity.id, { opportunity, requirements: [], places: [] });
  }
  for (const { id, opportunityId } of versions) {
    // Deleted since it was listed: gone (the next recomputation, which the change sets off,
    // reads the opportunity anew).
    const known = listed.get(id);
    const rule = rules.get(opportunityId);
    if (!known || !rule) continue;
    rule.requirements.push({ row: known.row, parsed: known.parsed });
    const c = known.parsed?.criterion;
    if (c?.kind === 'qualification') {
      wanted.qualificationTypes.push(...(c.qualificationTypeIds ?? []));
      wanted.categories.push(...(c.categoryIds ?? []));
      wanted.disciplines.push(...(c.disciplineIds ?? []));
      wanted.institutions.push(...(c.institutionIds ?? []));
    } else if (c?.kind === 'school_subjects') {
      wanted.components.push(
        ...c.subjects.flatMap((s) =>
          s.componentId !== undefined && !s.name ? [s.componentId] : [],
        ),
      );
    }
  }
  const ids = [...rules.keys()];
  let near: LoadedRules['near'];
  let places: Promise<repo.PlaceRow[]>;
  if (options.near) {
    const measured = [...rules.values()]
      .filter((r) => r.requirements.some((q) => q.parsed?.criterion.kind === 'distance'))
      .map((r) => r.opportunity.id);
    const unloaded = new Set(ids);
    for (const id of measured) unloaded.delete(id);
    near = { home: options.near.home, unloaded };
    places = repo.findNearestPlaces(db, measured, options.near.home);
  } else {
    places = repo.findPlaces(db, ids);
  }
  places.catch(() => {}); // awaited below, beside the names
  const unique = (list: number[]) => [...new Set(list)];
  const names = await repo.findNames(db, {
    qualificationTypes: unique(wanted.qualificationTypes),
    categories: unique(wanted.categories),
    disciplines: unique(wanted.disciplines),
    institutions: unique(wanted.institutions),
    components: unique(wanted.components),
  });
  addPlaces(rules, await places);
  return near ? { rules, names, near } : { rules, names };
}

function addPlaces(rules: Map<number, OpportunityRules>, places: readonly repo.PlaceRow[]) {
  for (const place of places) {
    rules.get(place.opportunityId)!.places.push({
      latitude: place.latitude,
      longitude: place.longitude,
      name: place.city,
    });
  }
}

/**
 * Completes rules loaded for one home with what the notices measure of these opportunities'
 * places (`isNearCandidate` and `nearestPlaceKm` within ONE_STEP_AWAY_RADIUS_KM): the places
 * nearest the home when one is in reach, else one place out of reach. Rules loaded whole, and
 * those with a distance criterion, already have their nearest places.
 */
async function loadPlacesForNotices(
  db: DbOrTx,
  loaded: LoadedRules,
  opportunityIds: Iterable<number>,
): Promise<void> {
  const near = loaded.near;
  if (!near) return;
  const wanted = [...new Set(opportunityIds)].filter((id) => near.unloaded.has(id));
  if (wanted.length === 0) return;
  for (const id of wanted) near.unloaded.delete(id);
  addPlaces(
    loaded.rules,
    await repo.findPlacesWithin(db, wanted, near.home, ONE_STEP_AWAY_RADIUS_KM),
  );
}

/**
 * The readable requirements of a list, found once per list (a bulk recomputation evaluates the
 * same list for thousands of candidates; lists are not changed once loaded).
 */
const readable = new WeakMap<OpportunityRules['requirements'], Requirement[]>();
function readableOf(requirements: OpportunityRules['requirements']): Requirement[] {
  let valid = readable.get(requirements);
  if (!valid) {
    valid = requirements.flatMap((r) => (r.parsed ? [r.parsed] : []));
    readable.set(requirements, valid);
  }
  return valid;
}

/**
 * One candidate against one opportunity. A stored requirement that cannot be read (written by an
 * older version) is unknown, so nobody is found eligible on a requirement nobody can check.
 */
export function evaluateRules(
  snapshot: EligibilitySnapshot,
  rules: OpportunityRules,
  names: ReferenceNames,
  now: Date,
): EligibilityResult {
  const valid = readableOf(rules.requirements);
  const result = evaluateEligibility(snapshot, valid, { now, locations: rules.places, names });
  if (valid.length === rules.requirements.length) return result;
  const byId = new Map(result.criteria.map((c) => [c.requirementId, c]));
  const criteria = rules.requirements.map(
    ({ row }): CriterionResult =>
      byId.get(row.id) ?? {
        requirementId: row.id,
        kind: row.kind as CriterionResult['kind'],
        status: 'unknown',
        description: row.description ?? row.kind,
        reason: eligibilityMessages.unreadable,
      },
  );
  return { eligible: false, criteria };
}

export interface Evaluated extends EligibilityResult {
  candidateId: number;
  opportunityId: number;
  checkedAt: Date;
}

/** Evaluates candidates against opportunities (all pairs) and stores the results `keep` accepts. */
async function evaluateAndStore(
  db: DbOrTx,
  input: {
    candidateIds: readonly number[];
    loaded: LoadedRules;
    now: Date;
    keep: (result: Evaluated) => boolean;
    /** Tell candidates who became eligible or are one step away (not for the demo seed). */
    notifyCandidates?: boolean;
    /** The candidates' snapshots when already loaded (all of them). */
    snapshots?: Map<number, EligibilitySnapshot>;
    /** Candidates per chunk (RECOMPUTE_CHUNK). */
    chunk?: number;
  },
): Promise<{
  counts: { evaluated: number; eligible: number };
  written: number;
  becameEligible: { userId: number; opportunityId: number }[];
}> {
  const counts = { evaluated: 0, eligible: 0 };
  const becameEligible: { userId: number; opportunityId: number }[] = [];
  let written = 0;
  const chunk = input.chunk ?? RECOMPUTE_CHUNK;
  // Of the profiles, only the parts these opportunities' criteria read.
  const parts = snapshotParts(
    [...input.loaded.rules.values()].flatMap((r) =>
      r.requirements.flatMap((q) => (q.parsed ? [q.parsed.criterion] : [])),
    ),
  );
  const load = (from: number) => {
    const loading = input.snapshots
      ? Promise.resolve(input.snapshots)
      : loadSnapshots(db, input.candidateIds.slice(from, from + chunk), parts);
    loading.catch(() => {}); // awaited below; a chunk that fails first leaves it unread
    return loading;
  };
  // Three chunks at work at once: the next chunk's profiles load while this chunk is evaluated
  // and the chunk before is stored (its results written, then its notices); one chunk is stored
  // at a time, in order. The profiles read no table a chunk writes.
  let loading = load(0);
  let storing: Promise<void> = Promise.resolve();
  /** Stores one evaluated chunk's results and tells its candidates what changed. */
  const store = async (
    batch: readonly number[],
    rows: Evaluated[],
    snapshots: Map<number, EligibilitySnapshot>,
  ) => {
    // The results not kept are neither eligible nor stored: not eligible before either.
    const writing = repo.writeEligibilities(db, rows.filter(input.keep));
    if (!input.notifyCandidates) {
      written += (await writing).written;
      return;
    }
    writing.catch(() => {}); // awaited below
    // What the notices need besides the checks stored before is read while the results are
    // written: the notices told before, and the places to measure (only a near, open opportunity
    // not named before is told one step away, and only to a candidate with room for another).
    let measuring: Promise<void> = Promise.resolve();
    let oneStepTold: ToldNotice[];
    let stored: Awaited<typeof writing>;
    try {
      oneStepTold = await findOpportunityNotices(db, batch, ONE_STEP_AWAY);
      const toldOf = new Set(oneStepTold.map((n) => `${n.userId}:${n.opportunityId}`));
      const toldTo = Map.groupBy(oneStepTold, (n) => n.userId);
      const hasRoom = (candidateId: number) =>
        oneStepAwayRoom(toldTo.get(candidateId) ?? [], input.now) > 0;
      measuring = loadPlacesForNotices(
        db,
        input.loaded,
        rows
          .filter(
            (r) =>
              !toldOf.has(`${r.candidateId}:${r.opportunityId}`) &&
              hasRoom(r.candidateId) &&
              oneStepAwayAction(r) !== null &&
              isCurrent(input.loaded.rules.get(r.opportunityId)!.opportunity, input.now),
          )
          .map((r) => r.opportunityId),
      );
      measuring.catch(() => {}); // awaited below
      await withdrawNotices(
        db,
        resolvedOneStepAway(rows, input.loaded, oneStepTold, input.now),
        input.now,
      );
      stored = await writing;
      await measuring;
    } catch (error) {
      // Nothing runs on after a failure (a transaction it runs in ends).
      await Promise.allSettled([writing, measuring]);
      throw error;
    }
    written += stored.written;
    const wasEligible = stored.wasEligible;
    // A candidate's first checks (just signed up) are where they start, not a change: they see
    // what they qualify for in the search, without a notice and an e-mail for each opportunity.
    const checkedBefore = stored.checkedBefore;
    const changed = rows.filter((r) => checkedBefore.has(r.candidateId));
    const told = await notify(
      db,
      eligibilityNotices(
        changed,
        input.loaded,
        wasEligible,
        input.now,
        (candidateId) => snapshots.get(candidateId)?.location ?? null,
        oneStepTold,
      ),
    );
    for (const n of told) {
      if (n.type === BECAME_ELIGIBLE && n.opportunityId !== null) {
        becameEligible.push({ userId: n.userId, opportunityId: n.opportunityId });
      }
    }
  };
  try {
    for (let i = 0; i < input.candidateIds.length; i += chunk) {
      const batch = input.candidateIds.slice(i, i + chunk);
      const snapshots = await loading;
      if (i + chunk < input.candidateIds.length) loading = load(i + chunk);
      const rows: Evaluated[] = [];
      for (const candidateId of batch) {
        const snapshot = snapshots.get(candidateId);
        if (!snapshot) continue; // not a candidate (any more)
        for (const rules of input.loaded.rules.values()) {
          const result = evaluateRules(snapshot, rules, input.loaded.names, input.now);
          rows.push({
            candidateId,
            opportunityId: rules.opportunity.id,
            checkedAt: input.now,
            eligible: result.eligible,
            criteria: result.criteria,
          });
        }
      }
      counts.evaluated += rows.length;
      for (const r of rows) if (r.eligible) counts.eligible += 1;
      await storing;
      storing = store(batch, rows, snapshots);
      storing.catch(() => {}); // awaited before the next chunk is stored, or below
    }
    await storing;
  } catch (error) {
    // Nothing of this recomputation runs on after it failed (a transaction it runs in ends).
    await Promise.allSettled([storing, loading]);
    throw error;
  }
  return { counts, written, becameEligible };
}

type ToldNotice = Awaited<ReturnType<typeof findOpportunityNotices>>[number];

/**
 * The "one step away" notices still in a bell that the fresh checks resolve
 * (`isOneStepAwayResolved`): the step is taken, it is no longer the one missing, or the
 * opportunity has closed.
 */
function resolvedOneStepAway(
  rows: readonly Evaluated[],
  loaded: LoadedRules,
  told: readonly ToldNotice[],
  now: Date,
): number[] {
  const inBell = new Map(
    told.filter((n) => n.dismissedAt === null).map((n) => [`${n.userId}:${n.opportunityId}`, n]),
  );
  return rows.flatMap((r) => {
    const notice = inBell.get(`${r.candidateId}:${r.opportunityId}`);
    if (!notice) return [];
    const open = isCurrent(loaded.rules.get(r.opportunityId)!.opportunity, now);
    return isOneStepAwayResolved(notice, r, { open }) ? [notice.id] : [];
  });
}

/** Published and not closed: open for applications, or still to open. */
const isCurrent = (opportunity: repo.OpportunityRow, now: Date) =>
  opportunity.publishedAt !== null && opportunity.publishedAt <= now && !isClosed(opportunity, now);

/**
 * What the fresh checks tell candidates, compared with the stored checks before them: each
 * "became eligible", and of the "one step away" found, the few `pickOneStepAway` keeps given what
 * each candidate was told before.
 */
function eligibilityNotices(
  rows: readonly Evaluated[],
  loaded: LoadedRules,
  wasEligible: ReadonlySet<string>,
  now: Date,
  homeOf: (candidateId: number) => { latitude: number; longitude: number } | null,
  oneStepTold: readonly ToldNotice[],
): NewNotification[] {
  const became: NewNotification[] = [];
  const oneStep = new Map<number, FoundOneStepAway[]>();
  for (const r of rows) {
    const { opportunity, places } = loaded.rules.get(r.opportunityId)!;
    const home = homeOf(r.candidateId);
    const notice = eligibilityNotice({
      home,
      opportunity: {
        id: opportunity.id,
        name: opportunity.name,
        places,
        open: isCurrent(opportunity, now),
      },
      wasEligible: wasEligible.has(`${r.candidateId}:${r.opportunityId}`),
      result: r,
    });
    if (notice?.type === ONE_STEP_AWAY) {
      const found = oneStep.get(r.candidateId) ?? [];
      found.push({ notice, distanceKm: nearestPlaceKm(home, places) });
      oneStep.set(r.candidateId, found);
    } else if (notice) {
      became.push({ userId: r.candidateId, ...notice, at: now });
    }
  }
  const toldTo = Map.groupBy(oneStepTold, (n) => n.userId);
  const picked = [...oneStep].flatMap(([candidateId, found]) =>
    pickOneStepAway(found, toldTo.get(candidateId) ?? [], now).map((notice) => ({
      userId: candidateId,
      ...notice,
      at: now,
    })),
  );
  return [...became, ...picked];
}

export interface RecomputeSummary {
  evaluated: number;
  stored: number;
  eligible: number;
  /** The candidates newly told they qualify (to be e-mailed). */
  becameEligible: { userId: number; opportunityId: number }[];
}

const summary = (
  counts: { evaluated: number; eligible: number },
  stored: number,
  becameEligible: RecomputeSummary['becameEligible'] = [],
): RecomputeSummary => ({ ...counts, stored, becameEligible });

/**
 * One candidate against every published opportunity (after a profile change). Stores the
 * opportunities the candidate is eligible for and refreshes rows that exist; with `storeAll`,
 * stores every result.
 */
export async function recomputeCandidate(
  db: DbOrTx,
  candidateId: number,
  now: Date,
  options: { storeAll?: boolean } = {},
): Promise<RecomputeSummary> {
  const [targets, snapshots] = await Promise.all([
    repo.findCandidateTargets(db, candidateId),
    loadSnapshots(db, [candidateId]),
  ]);
  const home = snapshots.get(candidateId)?.location ?? null;
  const loaded = await loadRules(
    db,
    targets.opportunities.map((o) => o.id),
    { near: { home }, read: targets },
  );
  const { counts, written, becameEligible } = await evaluateAndStore(db, {
    candidateIds: [candidateId],
    snapshots,
    loaded,
    now,
    keep: (r) => options.storeAll === true || r.eligible || targets.stored.has(r.opportunityId),
    notifyCandidates: true,
  });
  return summary(counts, written, becameEligible);
}

/**
 * One opportunity against every candidate (after a requirement change), set-based: the SQL
 * prefilter picks the candidates who could be eligible; those and every candidate with a stored
 * row are evaluated in batches and stored with one statement per batch.
 */
export async function recomputeOpportunity(
  db: DbOrTx,
  opportunityId: number,
  now: Date,
  options: { chunk?: number } = {},
): Promise<RecomputeSummary> {
  const loaded = await loadRules(db, [opportunityId]);
  const rules = loaded.rules.get(opportunityId);
  if (!rules) return summary({ evaluated: 0, eligible: 0 }, 0);
  const readable = rules.requirements.every((r) => r.parsed);
  const condition =
    rules.opportunity.publishedAt !== null && readable
      ? prefilter(
          rules.requirements.map((r) => r.parsed!.criterion),
          opportunityId,
          isoDay(now),
        )
      : null;
  const targets = await repo.candidateIdsForOpportunity(db, opportunityId, condition);
  const { counts, written, becameEligible } = await evaluateAndStore(db, {
    candidateIds: targets.all,
    loaded,
    now,
    keep: () => true,
    notifyCandidates: true,
    chunk: options.chunk,
  });
  return summary(counts, written, becameEligible);
}

/** Every candidate against every published opportunity, every result stored (the demo seed). */
export async function storeAllEligibilities(db: DbOrTx, now: Date): Promise<RecomputeSummary> {
  const loaded = await loadRules(db, await repo.publishedOpportunityIds(db));
  const { counts, written } = await evaluateAndStore(db, {
    candidateIds: await repo.allCandidateIds(db),
    loaded,
    now,
    keep: () => true,
  });
  return summary(counts, written);
}

/**
 * Checks one candidate against these opportunities now and stores every result; answers them in
 * the order given. A row stored with a later check (clock skew) is answered as stored.
 */
export async function checkAndStore(
  db: DbOrTx,
  candidateId: number,
  loaded: LoadedRules,
  opportunityIds: readonly number[],
  now: Date,
): Promise<
  {
    id: number;
    checkedAt: Date;
    opportunity: { id: number; name: string };
    result: EligibilityResult;
  }[]
> {
  const snapshot =
    (await loadSnapshots(db, [candidateId])).get(candidateId) ?? emptySnapshot(candidateId);
  const rows: Evaluated[] = opportunityIds.flatMap((id) => {
    const rules = loaded.rules.get(id);
    if (!rules) return [];
    return [
      {
        candidateId,
        opportunityId: id,
        checkedAt: now,
        ...evaluateRules(snapshot, rules, loaded.names, now),
      },
    ];
  });
  const written = new Map(
    (await repo.upsertEligibilities(db, rows)).map((w) => [w.opportunityId, w] as const),
  );
  const skipped = rows.filter((r) => !written.has(r.opportunityId)).map((r) => r.opportunityId);
  const newer = new Map(
    (await repo.findStored(db, candidateId, skipped)).map((s) => [s.opportunity.id, s] as const),
  );
  return rows.map((r) => {
    const rules = loaded.rules.get(r.opportunityId)!;
    const opportunity = { id: r.opportunityId, name: rules.opportunity.name };
    const w = written.get(r.opportunityId);
    if (w) return { id: w.id, checkedAt: r.checkedAt, opportunity, result: r };
    const stored = newer.get(r.opportunityId)!;
    return {
      id: stored.id,
      checkedAt: stored.checkedAt ?? r.checkedAt,
      opportunity,
      result: {
        eligible: stored.eligible === true,
        criteria: stored.criteria as CriterionResult[],
      },
    };
  });
}
