import Typography from '@mui/material/Typography';

import type { GuestCandidate } from '@pathways/shared/profile/guest-profile';

import { ProfileRecordSections } from '../../applicant-view';

/**
 * A candidate as someone outside the organization sees them through a link: the record of what
 * they did and can do; their name and own words only without blind review, and never how to
 * reach or identify them (the server sends nothing more).
 */
export function GuestCandidateDetails({
  candidate,
  showName = true,
}: {
  candidate: GuestCandidate;
  /** False where the name already heads the part. */
  showName?: boolean;
}) {
  return (
    <>
      {candidate.blind ? (
        <Typography sx={{ mb: 1 }}>
          Blind review: the candidate&apos;s name and personal details are not shown, so that you
          judge what they know and can do.
        </Typography>
      ) : (
        showName && (
          <Typography sx={{ fontWeight: 600, mb: 1 }}>
            {candidate.name ?? 'Name not given'}
          </Typography>
        )
      )}
      {!candidate.profile ? (
        <Typography color="text.secondary">The candidate has not filled in a profile.</Typography>
      ) : (
        <>
          {candidate.profile.biography && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
              {candidate.profile.biography}
            </Typography>
          )}
          {candidate.profile.driversLicense !== null && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              Driver&apos;s licence: {candidate.profile.driversLicense ? 'yes' : 'no'}
            </Typography>
          )}
          <ProfileRecordSections profile={candidate.profile} />
        </>
      )}
    </>
  );
}
