/** A member of an organization as the last-primary rule sees them. */
export interface Member {
  id: number;
  primary: boolean;
  active: boolean;
}

/**
 * Whether the organization keeps at least one active primary user after `change` is applied to
 * member `id`. Withdrawing primary from, or deactivating, the last active primary user would
 * leave nobody able to manage the organization, its users and its campaigns.
 */
export function keepsAPrimary(
  members: readonly Member[],
  id: number,
  change: { primary?: boolean; active?: boolean },
): boolean {
  return members.some((member) => {
    const after = member.id === id ? { ...member, ...stripUndefined(change) } : member;
    return after.primary && after.active;
  });
}

function stripUndefined(change: { primary?: boolean; active?: boolean }) {
  const out: { primary?: boolean; active?: boolean } = {};
  if (change.primary !== undefined) out.primary = change.primary;
  if (change.active !== undefined) out.active = change.active;
  return out;
}
