// The walk through a tracker's applicants: the tracker stores the ids it shows (filtered and
// sorted) for one opportunity, and the application view offers Previous / Next along them.
// It lives in sessionStorage, so it belongs to one tab and ends with it; a URL would grow too
// long for a list of thousands of ids.

const keyFor = (opportunityId: number) => `pathways.applicantWalk.${opportunityId}`;

export interface ApplicantWalkStep {
  /** The id before the current one, or null at the start. */
  previous: number | null;
  /** The id after the current one, or null at the end. */
  next: number | null;
  /** The current id's place in the walk, counting from 1. */
  position: number;
  total: number;
}

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** Stores the ids, in the order shown, for walking one opportunity's applicants. */
export function setApplicantWalk(opportunityId: number, ids: number[]): void {
  const store = storage();
  if (!store) return;
  try {
    if (ids.length === 0) store.removeItem(keyFor(opportunityId));
    else store.setItem(keyFor(opportunityId), JSON.stringify(ids));
  } catch {
    // A full or unavailable storage only loses the Previous / Next buttons.
  }
}

function readWalk(opportunityId: number): number[] | null {
  const raw = storage()?.getItem(keyFor(opportunityId));
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return null;
    const ids = parsed.filter((id): id is number => Number.isSafeInteger(id) && id > 0);
    return ids.length === parsed.length ? ids : null;
  } catch {
    return null;
  }
}

/**
 * Where the current applicant stands in the stored walk, or null when there is no walk for
 * this opportunity or the applicant is not in it.
 */
export function applicantWalk(opportunityId: number, currentId: number): ApplicantWalkStep | null {
  const ids = readWalk(opportunityId);
  if (!ids) return null;
  const index = ids.indexOf(currentId);
  if (index === -1) return null;
  return {
    previous: index > 0 ? ids[index - 1]! : null,
    next: index < ids.length - 1 ? ids[index + 1]! : null,
    position: index + 1,
    total: ids.length,
  };
}
