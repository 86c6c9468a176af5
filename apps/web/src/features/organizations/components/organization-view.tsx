import OpenInNew from '@mui/icons-material/OpenInNew';
import Place from '@mui/icons-material/Place';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

import type { PublicOrganization } from '@pathways/shared/organizations/organizations.schemas';

import { useSignupDialog } from '../../auth';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { useSession } from '../../../lib/session/use-session';
import { OrganizationLogo } from './organization-logo';
import { OrganizationOpportunities } from './organization-opportunities';

/** A website for display: "indlovubank.example" from "https://indlovubank.example/". */
function displayHost(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** Only http(s) websites become links. */
const safeWebsite = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

/** The public page of an organization: who they are, then their opportunities. */
export function OrganizationView({ organization }: { organization: PublicOrganization }) {
  const { viewer } = useSession();
  const signup = useSignupDialog();
  const website = safeWebsite(organization.website);

  return (
    <>
      <Box
        component="header"
        sx={{
          background: 'linear-gradient(135deg, #fff7ed 0%, #ffedd5 55%, #dbeafe 100%)',
          py: { xs: 4, md: 6 },
        }}
      >
        <Container maxWidth="lg">
          <Box sx={{ display: 'flex', gap: { xs: 2, md: 3 }, alignItems: 'flex-start' }}>
            <OrganizationLogo name={organization.name} logo={organization.logo} size={72} />
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography
                variant="h1"
                sx={{ fontSize: { xs: '1.75rem', md: '2.5rem' }, overflowWrap: 'anywhere', mb: 1 }}
              >
                {organization.name}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
                {organization.industry ? (
                  <Chip label={organization.industry} size="small" sx={{ bgcolor: '#fff' }} />
                ) : null}
                {website ? (
                  <Link
                    href={website}
                    target="_blank"
                    rel="noopener noreferrer"
                    sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                  >
                    {displayHost(website)}
                    <OpenInNew sx={{ fontSize: '1rem' }} aria-hidden />
                    <Box component="span" sx={visuallyHidden}>
                      (opens in a new tab)
                    </Box>
                  </Link>
                ) : null}
              </Box>
            </Box>
          </Box>
          {organization.description ? (
            <Typography
              sx={{ mt: 3, maxWidth: 760, fontSize: { md: '1.1rem' }, whiteSpace: 'pre-line' }}
            >
              {organization.description}
            </Typography>
          ) : null}
          {organization.locations.length > 0 ? (
            <Box
              component="ul"
              aria-label={`Where ${organization.name} is`}
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                mt: 2,
                display: 'flex',
                flexWrap: 'wrap',
                gap: 1,
              }}
            >
              {organization.locations.map((location) => (
                <Box
                  component="li"
                  key={location.id}
                  sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                >
                  <Place fontSize="small" color="action" aria-hidden />
                  <Typography variant="body2">
                    {location.name ? `${location.name}: ${location.address}` : location.address}
                  </Typography>
                </Box>
              ))}
            </Box>
          ) : null}
          {viewer === null ? (
            <Box sx={{ mt: 3, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
              <Button variant="contained" size="large" onClick={signup.open}>
                Sign up to apply
              </Button>
              <Typography color="text.secondary" variant="body2">
                One free profile for every opportunity at {organization.name} and beyond.
              </Typography>
            </Box>
          ) : null}
        </Container>
      </Box>
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 5 } }}>
        <OrganizationOpportunities
          organizationId={organization.id}
          organizationName={organization.name}
        />
      </Container>
    </>
  );
}
