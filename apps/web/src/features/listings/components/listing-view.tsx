import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';

import type { PublicListing } from '@pathways/shared/listings/listings.schemas';

import { useSignupDialog } from '../../auth';
import { OpportunityGrid, OrganizationLogo, organizationPagePath } from '../../organizations';
import { useSession } from '../../../lib/session/use-session';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A public listing: what it is, who curated it, and its opportunities in their order. */
export function ListingView({ listing }: { listing: PublicListing }) {
  const { viewer } = useSession();
  const signup = useSignupDialog();
  const listHeadingId = useId();
  const { organization } = listing;
  const organizationPath = organizationPagePath(organization.id, organization.name);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Box
        component="header"
        sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2, minWidth: 0 }}
      >
        <OrganizationLogo name={organization.name} logo={organization.logo} size={48} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            A list by
          </Typography>
          <Link
            component={RouterLink}
            to={organizationPath}
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {organization.name}
          </Link>
        </Box>
      </Box>
      <Typography
        variant="h1"
        sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, overflowWrap: 'anywhere', mb: 2 }}
      >
        {listing.name}
      </Typography>
      {listing.description ? (
        <Typography
          color="text.secondary"
          sx={{ maxWidth: 760, mb: 3, fontSize: { md: '1.1rem' }, whiteSpace: 'pre-line' }}
        >
          {listing.description}
        </Typography>
      ) : null}
      {viewer === null ? (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 4 }}>
          <Button variant="contained" onClick={signup.open}>
            Sign up to apply
          </Button>
          <Typography variant="body2" color="text.secondary">
            Free, and you see at once which of these you qualify for.
          </Typography>
        </Box>
      ) : null}

      <Box component="section" aria-labelledby={listHeadingId} sx={{ mt: 2 }}>
        <Typography
          id={listHeadingId}
          variant="h2"
          sx={{ fontSize: { xs: '1.35rem', md: '1.6rem' }, mb: 2 }}
        >
          {listing.items.length > 0
            ? plural(listing.items.length, 'opportunity', 'opportunities')
            : 'Opportunities'}
        </Typography>
        {listing.items.length > 0 ? (
          <OpportunityGrid items={listing.items} numbered label={listing.name} />
        ) : (
          <Typography color="text.secondary">
            Nothing is listed here right now.{' '}
            <Link component={RouterLink} to={organizationPath}>
              See everything {organization.name} offers
            </Link>
            .
          </Typography>
        )}
      </Box>
    </Container>
  );
}
