import Event from '@mui/icons-material/Event';
import EventAvailable from '@mui/icons-material/EventAvailable';
import EventBusy from '@mui/icons-material/EventBusy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

import { paths } from '@pathways/shared/navigation/paths';
import type { OpportunityDetail } from '@pathways/shared/opportunities/opportunities.schemas';
import { formatWholeNumber } from '@pathways/shared/common/numbers';

import { useReturnHere, useSignupDialog } from '../../../auth';
import { useCurrentEligibility } from '../../../eligibility';
import { formatDate } from '../../utils/format';
import { windowLine, windowState } from '../../utils/window';
import { valueLine } from '@pathways/shared/opportunities/value-line';
import { employmentTypeLabels } from '@pathways/shared/opportunities/employment';
import { REQUIREMENTS_SECTION_ID } from './requirements-section';
import { SectionHeading } from './section-heading';
import { useMyApplication } from './use-my-application';

export type ViewerRole = 'guest' | 'candidate' | 'client' | 'admin';

function Facts({ opportunity }: { opportunity: OpportunityDetail }) {
  const value = valueLine(opportunity);
  const rows: [string, string][] = [];
  if (opportunity.opensAt) rows.push(['Opens', formatDate(opportunity.opensAt)]);
  if (opportunity.closesAt) rows.push(['Closes', formatDate(opportunity.closesAt)]);
  if (opportunity.commencesAt) rows.push(['Starts', formatDate(opportunity.commencesAt)]);
  if (opportunity.positions !== null && opportunity.positions > 0) {
    rows.push(['Places', formatWholeNumber(opportunity.positions)]);
  }
  if (value) rows.push([opportunity.kind === 'job' ? 'Salary' : 'Value', value]);
  if (opportunity.employmentType) {
    rows.push(['Terms', employmentTypeLabels[opportunity.employmentType]]);
  }
  if (rows.length === 0) return null;
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'auto 1fr',
        columnGap: 2,
        rowGap: 0.75,
        m: 0,
        '& dt': { color: 'text.secondary', typography: 'body2' },
        '& dd': { m: 0, typography: 'body2', fontWeight: 500, overflowWrap: 'anywhere' },
      }}
    >
      {rows.map(([term, detail]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <dt>{term}</dt>
          <dd>{detail}</dd>
        </Box>
      ))}
    </Box>
  );
}

function WindowStatus({ opportunity }: { opportunity: OpportunityDetail }) {
  const state = windowState(opportunity);
  const icon =
    state === 'open' ? (
      <EventAvailable fontSize="small" color="success" aria-hidden />
    ) : state === 'upcoming' ? (
      <Event fontSize="small" color="action" aria-hidden />
    ) : (
      <EventBusy fontSize="small" color="action" aria-hidden />
    );
  return (
    <Typography
      data-testid="opportunity-window"
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', fontWeight: 600 }}
    >
      <Box component="span" sx={{ display: 'inline-flex', mt: '3px' }}>
        {icon}
      </Box>
      {windowLine(opportunity)}
    </Typography>
  );
}

function Hint({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <Typography id={id} variant="body2" color="text.secondary">
      {children}
    </Typography>
  );
}

/** The candidate's way to apply: their application, or Apply while open (with what is missing). */
function CandidateAction({ opportunity }: { opportunity: OpportunityDetail }) {
  const reasonId = useId();
  const open = opportunity.isOpen;
  const mine = useMyApplication(opportunity.id);
  const eligibility = useCurrentEligibility(opportunity.id, { enabled: open });

  if (mine.application) {
    return (
      <>
        <Hint>
          You applied on {formatDate(mine.application.createdAt)}. Status: {mine.application.status}
          .
        </Hint>
        <Button
          component={RouterLink}
          to={paths.candidate.application(mine.application.id)}
          variant="contained"
          fullWidth
        >
          View my application
        </Button>
      </>
    );
  }
  if (!open) return null;
  if (mine.application === undefined && mine.isPending) {
    return (
      <Button variant="contained" fullWidth disabled startIcon={<CircularProgress size={16} />}>
        Apply
      </Button>
    );
  }
  const result = eligibility.data;
  if (!result) {
    return (
      <>
        <Button
          variant="contained"
          fullWidth
          disabled
          aria-describedby={reasonId}
          startIcon={eligibility.isChecking ? <CircularProgress size={16} /> : undefined}
        >
          Apply
        </Button>
        <Hint id={reasonId}>
          {eligibility.isChecking
            ? 'Checking whether you qualify…'
            : 'We could not check whether you qualify. Try again in a moment.'}
        </Hint>
      </>
    );
  }
  if (!result.eligible) {
    // Applying stays open: the organization sees who qualifies and ranks eligible, complete
    // applicants first, so the candidate is told what that means and what is missing.
    const unmet = result.criteria.some((c) => c.status === 'unmet');
    return (
      <>
        <Button
          component={RouterLink}
          to={paths.candidate.apply(opportunity.id)}
          variant="outlined"
          fullWidth
          aria-describedby={reasonId}
        >
          Apply
        </Button>
        <Hint id={reasonId}>
          {unmet
            ? 'You do not meet every requirement yet.'
            : 'Your profile does not say enough yet to check every requirement.'}{' '}
          You can still apply, but applicants who qualify are considered first.{' '}
          <Link href={`#${REQUIREMENTS_SECTION_ID}`}>See what is missing</Link>
        </Hint>
      </>
    );
  }
  return (
    <Button
      component={RouterLink}
      to={paths.candidate.apply(opportunity.id)}
      variant="contained"
      size="large"
      fullWidth
    >
      Apply
    </Button>
  );
}

function GuestAction() {
  const signup = useSignupDialog();
  const returnHere = useReturnHere();
  return (
    <>
      <Button variant="contained" fullWidth onClick={signup.open}>
        Sign up to apply
      </Button>
      <Hint>
        Already have an account?{' '}
        <Link component={RouterLink} to={paths.login} state={returnHere}>
          Log in
        </Link>
      </Hint>
    </>
  );
}

/**
 * The page's summary card: the open window with its dates, the facts (places, value) and what
 * the viewer can do: apply, see their application, or sign up.
 */
export function ApplyPanel({
  opportunity,
  role,
}: {
  opportunity: OpportunityDetail;
  role: ViewerRole;
}) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="opportunity-apply"
      sx={{ p: { xs: 2, sm: 2.5 }, display: 'grid', gap: 2 }}
    >
      <SectionHeading id="opportunity-apply">Applications</SectionHeading>
      <Box sx={{ mt: -1.5 }}>
        <WindowStatus opportunity={opportunity} />
        {!opportunity.isActive && (
          <Hint>This opportunity has started and is no longer active.</Hint>
        )}
      </Box>
      <Facts opportunity={opportunity} />
      {role === 'candidate' && <CandidateAction opportunity={opportunity} />}
      {role === 'guest' && opportunity.isOpen && <GuestAction />}
    </Paper>
  );
}
