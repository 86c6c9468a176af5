import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';

import type { EligibilityDetail } from '@pathways/shared/eligibility/eligibility.schemas';
import { opportunityPagePath } from '@pathways/shared/opportunities/opportunity-path';

import { useCampaignEligibilities } from '../api/get-campaign-eligibilities';
import { RetryAlert } from '../../../components/ui/retry-alert';

/** What stands in the way, at most this many reasons an opportunity. */
const REASONS_SHOWN = 3;

function EligibilityRow({ eligibility }: { eligibility: EligibilityDetail }) {
  const { opportunity, eligible } = eligibility;
  const open = eligibility.criteria.filter((c) => c.status !== 'met');
  return (
    <Box component="li" sx={{ py: 1.5, '& + &': { borderTop: 1, borderColor: 'divider' } }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Link
          component={RouterLink}
          to={opportunityPagePath(opportunity.id, opportunity.name)}
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {opportunity.name}
        </Link>
        {eligible ? (
          <Chip
            size="small"
            color="success"
            icon={<CheckCircle aria-hidden />}
            label="You qualify"
          />
        ) : (
          <Chip
            size="small"
            color="warning"
            variant="outlined"
            icon={<ErrorOutline aria-hidden />}
            label="Not yet"
          />
        )}
      </Box>
      {!eligible && open.length > 0 ? (
        <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
          {open.slice(0, REASONS_SHOWN).map((criterion) => (
            <Typography
              component="li"
              variant="body2"
              color="text.secondary"
              key={criterion.requirementId}
            >
              {criterion.reason}
              {criterion.action ? (
                <>
                  {' '}
                  <Link component={RouterLink} to={criterion.action.resolutionPath}>
                    {criterion.action.label}
                  </Link>
                </>
              ) : null}
            </Typography>
          ))}
          {open.length > REASONS_SHOWN ? (
            <Typography component="li" variant="body2" color="text.secondary">
              and {open.length - REASONS_SHOWN} more: see the opportunity for every requirement.
            </Typography>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}

/** For a signed-in candidate: whether they qualify for the campaign's opportunities, and why not. */
export function CampaignEligibilities({ campaignId }: { campaignId: number }) {
  const headingId = useId();
  const query = useCampaignEligibilities(campaignId, { enabled: true });
  const items = query.data?.items;
  const qualifying = items?.filter((i) => i.eligible).length ?? 0;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, md: 3 } }}
    >
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.3rem', mb: 0.5 }}>
        Your eligibility
      </Typography>
      {items ? (
        items.length > 0 ? (
          <>
            <Typography color="text.secondary" variant="body2" sx={{ mb: 1 }}>
              {qualifying === items.length
                ? 'Your profile meets every requirement checked.'
                : `You qualify for ${qualifying} of ${items.length}. Complete your profile to qualify for more.`}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {items.map((eligibility) => (
                <EligibilityRow key={eligibility.id} eligibility={eligibility} />
              ))}
            </Box>
          </>
        ) : (
          <Typography color="text.secondary">
            There is nothing to check for this campaign right now.
          </Typography>
        )
      ) : query.isError ? (
        <RetryAlert onRetry={() => void query.refetch()}>
          Your eligibility could not be checked. Check your connection and try again.
        </RetryAlert>
      ) : (
        <Box role="status" aria-label="Checking your eligibility" aria-busy>
          <Skeleton variant="text" sx={{ maxWidth: 320 }} />
          <Skeleton variant="text" sx={{ maxWidth: 260 }} />
        </Box>
      )}
    </Paper>
  );
}
