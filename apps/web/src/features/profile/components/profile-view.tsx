import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

import { useProfile } from '../api/get-profile';
import { useHashFocus } from '../hooks/use-hash-focus';
import { BiographyCard } from './biography-card';
import { LocationCard } from './location-card';
import { PersonalDetailsCard } from './personal-details-card';
import { AchievementsSection } from './sections/achievements-section';
import { AffiliationsSection } from './sections/affiliations-section';
import { ExperiencesSection } from './sections/experiences-section';
import { LanguagesSection } from './sections/languages-section';
import { QualificationsSection } from './sections/qualifications-section';
import { RightsSection } from './sections/rights-section';
import { RetryAlert } from '../../../components/ui/retry-alert';

/**
 * The whole profile, a card per part. Every field and section has the id the to-do list links
 * to (#identification, #biography, #experiences, ...).
 */
export function ProfileView({ aside }: { aside?: ReactNode }) {
  const { data: profile, isPending, isError, refetch } = useProfile();
  useHashFocus(Boolean(profile));

  if (isPending) return <LinearProgress aria-label="Loading your profile" />;
  if (isError) {
    return (
      <RetryAlert onRetry={() => void refetch()}>Your profile could not be loaded.</RetryAlert>
    );
  }
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 320px' },
        alignItems: 'start',
      }}
    >
      {aside && (
        <Stack
          spacing={2}
          sx={{
            gridColumn: { md: 2 },
            gridRow: { md: 1 },
            position: { md: 'sticky' },
            top: { md: 88 },
          }}
        >
          {aside}
        </Stack>
      )}
      <Stack spacing={2} sx={{ gridColumn: { md: 1 }, gridRow: { md: 1 }, minWidth: 0 }}>
        <PersonalDetailsCard profile={profile} />
        <BiographyCard profile={profile} />
        <LocationCard profile={profile} />
        <QualificationsSection qualifications={profile.profileQualifications} />
        <ExperiencesSection experiences={profile.experiences} />
        <AchievementsSection achievements={profile.achievements} />
        <AffiliationsSection affiliations={profile.affiliations} />
        <LanguagesSection languages={profile.languageProficiencies} />
        <RightsSection section="studyRights" rights={profile.studyRights} />
        <RightsSection section="workRights" rights={profile.workRights} />
      </Stack>
    </Box>
  );
}
