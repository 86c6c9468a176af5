import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import type { ApplicationView } from '@pathways/shared/applicants/application-view.schemas';
import { countryLabel } from '@pathways/shared/eligibility/describe';
import { formatIdentification } from '@pathways/shared/profile/identification';
import { ethnicityLabels, genderLabels } from '@pathways/shared/profile/profile.schemas';

import { formatDay } from '../../documents';
import { ageFrom } from '../utils/blind';
import { ProfileRecordSections, SubHeading } from './profile-details';
import { Section } from './section';

const HIDDEN = 'Hidden in blind review';

/** Label and value pairs, as a description list. */
function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(10rem, max-content) 1fr' },
        columnGap: 3,
        rowGap: { xs: 0, sm: 1 },
        m: 0,
      }}
    >
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
            {value ?? '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

const yesNo = (value: boolean | null | undefined) =>
  value === null || value === undefined ? null : value ? 'Yes' : 'No';

/** The applicant's whole profile; in blind review, what would tell who they are is hidden. */
export function ProfileSection({
  view,
  blind,
  today,
}: {
  view: ApplicationView;
  blind: boolean;
  today: string;
}) {
  const { profile, candidate } = view;
  if (!profile) {
    return (
      <Section id="profile" title="Profile">
        <Typography color="text.secondary">The applicant has not filled in a profile.</Typography>
      </Section>
    );
  }
  const age = ageFrom(profile.bornAt, today);
  const name = [profile.firstNames, profile.lastName].filter(Boolean).join(' ') || null;
  const hide = (value: ReactNode) => (blind ? HIDDEN : value);

  return (
    <Section id="profile" title="Profile">
      <SubHeading>Personal details</SubHeading>
      <Facts
        items={[
          ['Name', hide(name)],
          ['Born', hide(profile.bornAt ? formatDay(profile.bornAt) : null)],
          ['Age', hide(age !== null ? `${age}` : null)],
          ['Gender', hide(profile.gender ? genderLabels[profile.gender] : null)],
          ['Ethnicity', hide(profile.ethnicity ? ethnicityLabels[profile.ethnicity] : null)],
          [
            'Country of birth',
            profile.countryOfBirth ? countryLabel(profile.countryOfBirth) : null,
          ],
          [
            'Identification',
            hide(
              profile.identification
                ? formatIdentification(profile.countryOfBirth, profile.identification)
                : null,
            ),
          ],
          [
            'Disability',
            profile.disability
              ? (profile.disabilityDescription ?? 'Yes')
              : yesNo(profile.disability),
          ],
          ["Driver's licence", yesNo(profile.driversLicense)],
        ]}
      />
      {profile.biography && (
        <Typography variant="body2" sx={{ mt: 2, whiteSpace: 'pre-line' }}>
          {profile.biography}
        </Typography>
      )}

      <SubHeading>Contact and location</SubHeading>
      <Facts
        items={[
          ['E-mail', hide(candidate.email)],
          ['Mobile number', hide(profile.mobileNumber)],
          ['Location', profile.location?.address ?? null],
        ]}
      />

      <ProfileRecordSections profile={profile} />
    </Section>
  );
}
