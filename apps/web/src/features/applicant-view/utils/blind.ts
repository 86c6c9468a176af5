import type { ApplicationView } from '@pathways/shared/applicants/application-view.schemas';
import { ageOn } from '@pathways/shared/eligibility/snapshot';

/**
 * The name a reviewer sees: the candidate's, or "Applicant #<id>" in blind review (and when the
 * candidate gave no name).
 */
export function applicantName(view: ApplicationView, blind: boolean): string {
  const fallback = `Applicant #${view.application.id}`;
  if (blind) return fallback;
  const first = view.profile?.firstNames ?? view.candidate.firstName;
  const last = view.profile?.lastName ?? view.candidate.lastName;
  return [first, last].filter(Boolean).join(' ').trim() || fallback;
}

/** Initials for the avatar, or "#" when the name is hidden or unknown. */
export function initialsOf(name: string): string {
  if (name.startsWith('Applicant #')) return '#';
  return name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/** Age in whole years on `today` (YYYY-MM-DD), or null without a birth date. */
export function ageFrom(bornAt: string | null | undefined, today: string): number | null {
  if (!bornAt) return null;
  return ageOn(bornAt, today);
}
