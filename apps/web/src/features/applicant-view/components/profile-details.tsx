import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { countryLabel } from '@pathways/shared/eligibility/describe';
import type { Profile } from '@pathways/shared/profile/profile.schemas';
import {
  experienceKindLabels,
  languageLevelLabels,
  qualificationStatusLabels,
  rightKindLabels,
  type ProfileQualification,
} from '@pathways/shared/profile/sections.schemas';

import { formatDay } from '../../documents';

export function SubHeading({ children }: { children: ReactNode }) {
  return (
    <Typography component="h3" variant="subtitle1" sx={{ mt: 3, mb: 1, fontWeight: 600 }}>
      {children}
    </Typography>
  );
}

const period = (startsAt: string | null, endsAt: string | null, current = false) => {
  const from = startsAt ? formatDay(startsAt) : null;
  const to = current ? 'now' : endsAt ? formatDay(endsAt) : null;
  if (!from && !to) return null;
  return `${from ?? '…'} – ${to ?? '…'}`;
};

function qualificationTitle(q: ProfileQualification): string {
  const parts = [
    q.qualification.qualificationType?.name,
    q.qualification.specialization,
    q.qualification.qualificationCategory?.name,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'Qualification';
}

function Qualification({ q }: { q: ProfileQualification }) {
  const institution = q.institution?.name ?? q.institutionName;
  return (
    <Box component="li" sx={{ mb: 2 }}>
      <Typography variant="body1" sx={{ fontWeight: 500 }}>
        {qualificationTitle(q)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {[
          institution,
          q.status ? qualificationStatusLabels[q.status] : null,
          period(q.startsAt, q.endsAt),
          q.gradeNormalized !== null ? `Average ${q.gradeNormalized} %` : null,
          q.verifiedAt ? 'Verified' : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      {q.disciplines.length > 0 && (
        <Typography variant="body2">
          Disciplines: {q.disciplines.map((d) => d.name).join(', ')}
        </Typography>
      )}
      {q.components.length > 0 && (
        <Box component="table" sx={{ mt: 1, borderCollapse: 'collapse', fontSize: '0.875rem' }}>
          <caption style={{ textAlign: 'left', fontWeight: 500 }}>Subjects</caption>
          <thead>
            <tr>
              <Box component="th" scope="col" sx={{ textAlign: 'left', pr: 3 }}>
                Subject
              </Box>
              <Box component="th" scope="col" sx={{ textAlign: 'right' }}>
                Mark
              </Box>
            </tr>
          </thead>
          <tbody>
            {q.components.map((c) => (
              <tr key={c.id}>
                <Box component="td" sx={{ pr: 3 }}>
                  {c.name}
                </Box>
                <Box component="td" sx={{ textAlign: 'right' }}>
                  {c.mark !== null ? `${c.mark} %` : '—'}
                </Box>
              </tr>
            ))}
          </tbody>
        </Box>
      )}
    </Box>
  );
}

const listSx = { m: 0, pl: 2.5 } as const;

/** What a candidate has done and can do: the profile's sections, each under its heading. */
export type ProfileRecord = Pick<
  Profile,
  | 'profileQualifications'
  | 'experiences'
  | 'achievements'
  | 'affiliations'
  | 'languageProficiencies'
  | 'workRights'
  | 'studyRights'
>;

/**
 * Qualifications, experience, achievements, affiliations, languages and work and study rights,
 * as anyone who reviews the candidate reads them (nothing here tells who the candidate is).
 */
export function ProfileRecordSections({ profile }: { profile: ProfileRecord }) {
  const rights = [
    ...profile.workRights.map((r) => ({ ...r, what: 'Work' })),
    ...profile.studyRights.map((r) => ({ ...r, what: 'Study' })),
  ];
  return (
    <>
      <SubHeading>Qualifications</SubHeading>
      {profile.profileQualifications.length === 0 ? (
        <Typography variant="body2">None given.</Typography>
      ) : (
        <Box component="ul" sx={listSx}>
          {profile.profileQualifications.map((q) => (
            <Qualification key={q.id} q={q} />
          ))}
        </Box>
      )}

      <SubHeading>Experience</SubHeading>
      {profile.experiences.length === 0 ? (
        <Typography variant="body2">None given.</Typography>
      ) : (
        <Box component="ul" sx={listSx}>
          {profile.experiences.map((e) => (
            <Box component="li" key={e.id} sx={{ mb: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {e.title}, {e.organizationName}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {[experienceKindLabels[e.kind], period(e.startsAt, e.endsAt, e.current)]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
              {e.description && <Typography variant="body2">{e.description}</Typography>}
            </Box>
          ))}
        </Box>
      )}

      <SubHeading>Achievements</SubHeading>
      {profile.achievements.length === 0 ? (
        <Typography variant="body2">None given.</Typography>
      ) : (
        <Box component="ul" sx={listSx}>
          {profile.achievements.map((a) => (
            <Box component="li" key={a.id} sx={{ mb: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {a.title}
                {a.achievedAt ? ` (${formatDay(a.achievedAt)})` : ''}
              </Typography>
              {a.description && <Typography variant="body2">{a.description}</Typography>}
            </Box>
          ))}
        </Box>
      )}

      {profile.affiliations.length > 0 && (
        <>
          <SubHeading>Affiliations</SubHeading>
          <Box component="ul" sx={listSx}>
            {profile.affiliations.map((a) => (
              <Box component="li" key={a.id}>
                <Typography variant="body2">
                  {[a.organizationName, a.role, period(a.startsAt, a.endsAt)]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </Box>
            ))}
          </Box>
        </>
      )}

      <SubHeading>Languages</SubHeading>
      {profile.languageProficiencies.length === 0 ? (
        <Typography variant="body2">None given.</Typography>
      ) : (
        <Box component="ul" sx={listSx}>
          {profile.languageProficiencies.map((l) => (
            <Box component="li" key={l.id}>
              <Typography variant="body2">
                {l.language}:{' '}
                {(
                  [
                    ['reading', l.reading],
                    ['writing', l.writing],
                    ['speaking', l.speaking],
                  ] as const
                )
                  .map(
                    ([skill, level]) =>
                      `${skill} ${level ? languageLevelLabels[level].toLowerCase() : 'not given'}`,
                  )
                  .join(', ')}
              </Typography>
            </Box>
          ))}
        </Box>
      )}

      <SubHeading>Work and study rights</SubHeading>
      {rights.length === 0 ? (
        <Typography variant="body2">None given.</Typography>
      ) : (
        <Box component="ul" sx={listSx}>
          {rights.map((r) => (
            <Box component="li" key={`${r.what}-${r.id}`}>
              <Typography variant="body2">
                {r.what} in {countryLabel(r.countryCode)}: {rightKindLabels[r.kind]}
                {r.validUntil ? `, until ${formatDay(r.validUntil)}` : ''}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </>
  );
}
