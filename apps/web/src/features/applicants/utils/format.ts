import { format, isValid, parseISO } from 'date-fns';

import type { ApplicantRow } from '@pathways/shared/applicants/applicants.schemas';
import { DATE_DISPLAY_FORMAT } from '@pathways/shared/common/constants';
import { formatWholeNumber } from '@pathways/shared/common/numbers';

/** Dates read 'd MMMM yyy' ("22 November 2026"). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = parseISO(iso);
  return isValid(date) ? format(date, DATE_DISPLAY_FORMAT) : '';
}

/** Counts read with a thin space between thousands: "10 000". */
export const formatCount = formatWholeNumber;

type Named = Pick<ApplicantRow, 'id'> & {
  profile: Pick<ApplicantRow['profile'], 'firstName' | 'lastName'>;
};

/**
 * The name a row shows: first and last name, or "Applicant #id" under blind review (and when
 * the profile has no name at all).
 */
export function applicantName(row: Named, blind: boolean): string {
  const anonymous = `Applicant #${row.id}`;
  if (blind) return anonymous;
  const name = [row.profile.firstName, row.profile.lastName].filter(Boolean).join(' ').trim();
  return name || anonymous;
}

/** Two initials for the avatar ("TM"), or "#" without a name or under blind review. */
export function applicantInitials(row: Named, blind: boolean): string {
  if (blind) return '#';
  const initials = [row.profile.firstName, row.profile.lastName]
    .map((part) => part?.trim()[0] ?? '')
    .join('')
    .toUpperCase();
  return initials || '#';
}

/** "Eligible", "Not eligible" or "Not checked yet". */
export function eligibilityLabel(eligible: boolean | null): string {
  if (eligible === null) return 'Not checked yet';
  return eligible ? 'Eligible' : 'Not eligible';
}

/** The web address of one application in a workspace. */
export const applicationPath = (opportunityId: number, applicationId: number) =>
  `/client/opportunities/${opportunityId}/applications/${applicationId}`;
