import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { paths } from '@pathways/shared/navigation/paths';
import type { OpportunityDetail } from '@pathways/shared/opportunities/opportunities.schemas';

import { useSavingData } from '../../../../lib/save-data';
import { ApplyPanel, type ViewerRole } from './apply-panel';
import { opportunityKindLabels } from '../../utils/format';
import { JobPostingScript } from './job-posting-script';
import { LocationsSection } from './locations-section';
import { RequirementsSection } from './requirements-section';
import { SectionHeading } from './section-heading';

/** The description's paragraphs (blank lines between them in the text). */
function Description({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <>
      {paragraphs.map((paragraph, index) => (
        <Typography
          key={index}
          sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', '& + &': { mt: 1.5 } }}
        >
          {paragraph}
        </Typography>
      ))}
    </>
  );
}

/** The organization's page: /organizations/{id}/{slug}. */
const organizationPath = (organization: OpportunityDetail['organization']) =>
  organization.slug
    ? `${paths.organization(organization.id)}/${organization.slug}`
    : paths.organization(organization.id);

/**
 * The opportunity page: who offers it, the open window and what the viewer can do, what it is,
 * the requirements (for a candidate, checked against the profile) and where it is.
 */
/**
 * The organization's logo beside the name; when the browser asks to save data, a button of the
 * same size that fetches it only when pressed.
 */
function Logo({ src, organization }: { src: string; organization: string }) {
  const savingData = useSavingData();
  const [asked, setAsked] = useState(false);
  const box = { width: 56, height: 56, flexShrink: 0, borderRadius: 1, mt: 0.5 };
  if (savingData && !asked) {
    return (
      <ButtonBase
        onClick={() => setAsked(true)}
        aria-label={`Show the logo of ${organization}`}
        sx={{
          ...box,
          border: 1,
          borderColor: 'divider',
          typography: 'caption',
          color: 'text.secondary',
        }}
      >
        Logo
      </ButtonBase>
    );
  }
  return (
    <Box
      component="img"
      src={src}
      alt=""
      width={56}
      height={56}
      sx={{ ...box, objectFit: 'contain' }}
    />
  );
}

export function OpportunityDetailView({
  opportunity,
  role,
}: {
  opportunity: OpportunityDetail;
  role: ViewerRole;
}) {
  const logo = opportunity.logo ?? opportunity.organization.logo;
  const about = opportunity.description ?? opportunity.summary;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      {opportunity.jobPosting && <JobPostingScript posting={opportunity.jobPosting} />}
      <Box component="header" sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', mb: 3 }}>
        {logo ? <Logo src={logo} organization={opportunity.organization.name} /> : null}
        <Box sx={{ minWidth: 0 }}>
          <Typography
            variant="h1"
            sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, overflowWrap: 'anywhere', mb: 1 }}
          >
            {opportunity.name}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Link
              component={RouterLink}
              to={organizationPath(opportunity.organization)}
              sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
            >
              {opportunity.organization.name}
            </Link>
            <Chip size="small" variant="outlined" label={opportunityKindLabels[opportunity.kind]} />
          </Box>
        </Box>
      </Box>

      <Box
        sx={{
          display: 'grid',
          gap: { xs: 3, md: 4 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          gridTemplateAreas: { xs: '"panel" "main"', md: '"main panel"' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ gridArea: 'panel', position: { md: 'sticky' }, top: { md: 88 } }}>
          <ApplyPanel opportunity={opportunity} role={role} />
        </Box>
        <Box sx={{ gridArea: 'main', display: 'grid', gap: 4 }}>
          {about && (
            <Box component="section" aria-labelledby="opportunity-about">
              <SectionHeading id="opportunity-about">About this opportunity</SectionHeading>
              <Description text={about} />
            </Box>
          )}
          <RequirementsSection opportunity={opportunity} role={role} />
          <LocationsSection locations={opportunity.locations} />
        </Box>
      </Box>
    </Container>
  );
}
