import ArrowForward from '@mui/icons-material/ArrowForward';
import Event from '@mui/icons-material/Event';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';

import type { PublicCampaign } from '@pathways/shared/campaigns/campaigns.schemas';
import { paths } from '@pathways/shared/navigation/paths';
import { opportunityPagePath } from '@pathways/shared/opportunities/opportunity-path';

import { useReturnHere, useSignupDialog } from '../../auth';
import { detailAsListItem, OpportunityCard, useOpportunity } from '../../opportunities';
import {
  OrganizationLogo,
  OrganizationOpportunities,
  organizationPagePath,
} from '../../organizations';
import { useSession } from '../../../lib/session/use-session';
import { campaignCopy, campaignDatesLine } from '../utils/campaign-copy';
import { CampaignEligibilities } from './campaign-eligibilities';

/** Only http(s) and site-relative images are shown. */
const safeImage = (url: string | null) =>
  url && (/^https?:\/\//i.test(url) || /^\/(?!\/)/.test(url)) ? url : null;

/** An opportunity campaign's opportunity as its card, or a plain link while it loads or fails. */
function CampaignOpportunity({ id, name, path }: { id: number; name: string; path: string }) {
  const headingId = useId();
  const query = useOpportunity(id);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography
        id={headingId}
        variant="h2"
        sx={{ fontSize: { xs: '1.35rem', md: '1.6rem' }, mb: 2 }}
      >
        The opportunity
      </Typography>
      {query.data ? (
        <Box sx={{ maxWidth: 560 }}>
          <OpportunityCard opportunity={detailAsListItem(query.data)} />
        </Box>
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 560 }}>
          <Typography variant="h3" sx={{ fontSize: '1.15rem', mb: 1, overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Button component={RouterLink} to={path} variant="outlined" endIcon={<ArrowForward />}>
            Read more
          </Button>
        </Paper>
      )}
    </Box>
  );
}

/**
 * A campaign's page, branded for its organization or opportunity: who it is for, its dates,
 * the organization's own words, and a call to sign up. An organization campaign lists the
 * organization's opportunities; an opportunity campaign leads to its opportunity. Signed-in
 * candidates see at once whether they qualify.
 */
export function CampaignView({ campaign }: { campaign: PublicCampaign }) {
  const { viewer } = useSession();
  const signup = useSignupDialog();
  const returnHere = useReturnHere();
  const signupId = useId();
  const copy = campaignCopy(campaign);
  const dates = campaignDatesLine(campaign);
  const image = safeImage(campaign.image);
  const { organization, opportunity } = campaign;
  const guest = viewer === null;
  const candidate = viewer?.role === 'candidate';
  const opportunityPath = opportunity
    ? opportunityPagePath(opportunity.id, opportunity.name)
    : null;

  return (
    <>
      <Box
        component="header"
        sx={{
          position: 'relative',
          color: image ? '#fff' : 'text.primary',
          background: image
            ? undefined
            : 'linear-gradient(135deg, #fff7ed 0%, #ffedd5 55%, #dbeafe 100%)',
          bgcolor: image ? 'secondary.dark' : undefined,
          overflow: 'hidden',
          py: { xs: 5, md: 8 },
        }}
      >
        {image ? (
          <Box
            component="img"
            src={image}
            alt=""
            sx={{
              position: 'absolute',
              inset: 0,
              width: '100%',
              height: '100%',
              objectFit: 'cover',
              // Darkened so white text on it stays readable.
              filter: 'brightness(0.45)',
            }}
          />
        ) : null}
        <Container maxWidth="lg" sx={{ position: 'relative' }}>
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 3 }}>
            <OrganizationLogo name={organization.name} logo={organization.logo} size={48} />
            <Link
              component={RouterLink}
              to={organizationPagePath(organization.id, organization.name)}
              color="inherit"
              sx={{ fontWeight: 600, fontSize: '1.1rem', overflowWrap: 'anywhere' }}
            >
              {organization.name}
            </Link>
          </Box>
          <Box sx={{ maxWidth: 720 }}>
            <Typography
              variant="h1"
              sx={{
                fontSize: { xs: '2rem', sm: '2.5rem', md: '3rem' },
                mb: 2,
                overflowWrap: 'anywhere',
              }}
            >
              {copy.headline}
            </Typography>
            <Typography
              sx={{
                fontSize: { xs: '1.05rem', md: '1.25rem' },
                color: image ? 'inherit' : 'text.secondary',
                mb: dates ? 2 : 3,
                whiteSpace: 'pre-line',
              }}
            >
              {copy.tagline}
            </Typography>
            {dates ? (
              <Typography
                sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 3, fontWeight: 500 }}
              >
                <Event fontSize="small" aria-hidden />
                {dates}
              </Typography>
            ) : null}
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              {guest ? (
                <>
                  <Button variant="contained" size="large" onClick={signup.open}>
                    {copy.signupButton}
                  </Button>
                  <Button
                    component={RouterLink}
                    to={paths.login}
                    state={returnHere}
                    variant="outlined"
                    size="large"
                    color={image ? 'inherit' : 'primary'}
                  >
                    Log in
                  </Button>
                </>
              ) : null}
              {opportunityPath ? (
                <Button
                  component={RouterLink}
                  to={opportunityPath}
                  variant={guest ? 'text' : 'contained'}
                  size="large"
                  color={image && guest ? 'inherit' : 'primary'}
                  endIcon={<ArrowForward />}
                >
                  View the opportunity
                </Button>
              ) : null}
            </Box>
          </Box>
        </Container>
      </Box>

      <Container
        maxWidth="lg"
        sx={{ py: { xs: 4, md: 5 }, display: 'grid', gap: { xs: 4, md: 5 } }}
      >
        {copy.body ? (
          <Typography sx={{ maxWidth: 760, fontSize: { md: '1.1rem' }, whiteSpace: 'pre-line' }}>
            {copy.body}
          </Typography>
        ) : null}

        {candidate ? <CampaignEligibilities campaignId={campaign.id} /> : null}

        {opportunity && opportunityPath ? (
          <CampaignOpportunity id={opportunity.id} name={opportunity.name} path={opportunityPath} />
        ) : (
          <OrganizationOpportunities
            organizationId={organization.id}
            organizationName={organization.name}
          />
        )}

        {guest ? (
          <Paper
            component="section"
            aria-labelledby={signupId}
            sx={{
              p: { xs: 3, md: 4 },
              bgcolor: 'secondary.dark',
              color: '#fff',
              display: 'flex',
              flexWrap: 'wrap',
              gap: 3,
              alignItems: 'center',
              justifyContent: 'space-between',
            }}
          >
            <Box sx={{ maxWidth: 640 }}>
              <Typography id={signupId} variant="h2" sx={{ fontSize: '1.4rem', mb: 1 }}>
                {copy.signupTitle}
              </Typography>
              <Typography sx={{ opacity: 0.9 }}>{copy.signupText}</Typography>
            </Box>
            <Button
              variant="contained"
              size="large"
              onClick={signup.open}
              sx={{ bgcolor: '#fff', color: 'secondary.dark', '&:hover': { bgcolor: '#e0e7ff' } }}
            >
              {copy.signupButton}
            </Button>
          </Paper>
        ) : null}
      </Container>
    </>
  );
}
