import ArrowForward from '@mui/icons-material/ArrowForward';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircle from '@mui/icons-material/CheckCircle';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

import type { CriterionResultDto } from '@pathways/shared/eligibility/eligibility.schemas';

import { useCurrentEligibility } from '../api/get-opportunity-eligibility';
import { RetryAlert } from '../../../components/ui/retry-alert';

export interface EligibilityChecklistProps {
  opportunityId: number;
  /**
   * Results checked from this time on are shown as they are, without checking again: a page
   * that has just checked passes its own `since` so the list shows that same check.
   */
  since?: number;
}

type Status = CriterionResultDto['status'];

/** The status in words (never by colour alone), with its icon and colour. */
const statusView: Record<
  Status,
  { label: string; icon: ReactNode; color: 'success.main' | 'error.main' | 'warning.dark' }
> = {
  unmet: {
    label: 'Not met',
    icon: <CancelOutlined fontSize="small" />,
    color: 'error.main',
  },
  unknown: {
    label: 'Not known yet',
    icon: <HelpOutline fontSize="small" />,
    color: 'warning.dark',
  },
  met: {
    label: 'Met',
    icon: <CheckCircleOutline fontSize="small" />,
    color: 'success.main',
  },
};

function CriterionRow({ criterion }: { criterion: CriterionResultDto }) {
  const view = statusView[criterion.status];
  const missing = criterion.status !== 'met';
  return (
    <Box
      component="li"
      data-status={criterion.status}
      sx={{
        display: 'flex',
        gap: 1.5,
        py: 1.5,
        '& + &': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      <Box sx={{ color: view.color, pt: '2px', flexShrink: 0 }} aria-hidden>
        {view.icon}
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography
          component="p"
          variant="body2"
          sx={{
            fontWeight: missing ? 600 : 400,
            color: missing ? 'text.primary' : 'text.secondary',
            overflowWrap: 'anywhere',
          }}
        >
          <Box component="span" sx={{ color: view.color, fontWeight: 600 }}>
            {view.label}:
          </Box>{' '}
          {criterion.description}
        </Typography>
        {criterion.reason && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ mt: 0.25, overflowWrap: 'anywhere' }}
          >
            {criterion.reason}
          </Typography>
        )}
        {missing && criterion.action && (
          <Button
            component={RouterLink}
            to={criterion.action.resolutionPath}
            size="small"
            variant="outlined"
            endIcon={<ArrowForward />}
            sx={{ mt: 1 }}
          >
            {criterion.action.label}
          </Button>
        )}
      </Box>
    </Box>
  );
}

function CriteriaList({ criteria, label }: { criteria: CriterionResultDto[]; label: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {criteria.map((criterion) => (
        <CriterionRow key={criterion.requirementId} criterion={criterion} />
      ))}
    </Box>
  );
}

/** The requirements the candidate meets, folded away so what is missing stands out. */
function MetCriteria({
  criteria,
  open: openAtFirst,
}: {
  criteria: CriterionResultDto[];
  open?: boolean;
}) {
  const [open, setOpen] = useState(openAtFirst ?? false);
  const listId = useId();
  if (criteria.length === 0) return null;
  const count =
    criteria.length === 1 ? '1 requirement you meet' : `${criteria.length} requirements you meet`;
  return (
    <Box sx={{ mt: 1 }}>
      <Button
        size="small"
        color="inherit"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={listId}
        startIcon={open ? <ExpandLess /> : <ExpandMore />}
        sx={{ color: 'text.secondary' }}
      >
        {open ? `Hide the ${count}` : `Show the ${count}`}
      </Button>
      <Collapse in={open} id={listId}>
        <CriteriaList criteria={criteria} label="Requirements you meet" />
      </Collapse>
    </Box>
  );
}

function Checking({ again }: { again: boolean }) {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1 }}>
      <CircularProgress size={20} aria-hidden />
      <Typography color="text.secondary">
        {again ? 'Checking again whether you qualify…' : 'Checking whether you qualify…'}
      </Typography>
    </Box>
  );
}

/**
 * The candidate's eligibility for one opportunity: "You qualify", or what is missing first, each
 * with the reason and a link to the exact place that fixes it, and the requirements already met
 * after them, folded away. The check runs on the server whenever the component mounts with a
 * stale result; components for the same opportunity share one check.
 */
export function EligibilityChecklist({ opportunityId, since }: EligibilityChecklistProps) {
  const { data, isChecking, isRechecking, isError, refetch } = useCurrentEligibility(
    opportunityId,
    { since },
  );

  if (!data) {
    if (isError && !isChecking) {
      return (
        <RetryAlert onRetry={() => void refetch()}>
          We could not check whether you qualify right now.
        </RetryAlert>
      );
    }
    return <Checking again={isRechecking} />;
  }

  const missing = data.criteria.filter((c) => c.status !== 'met');
  // Unmet first (something to change), then unknown (something to tell), each in their order.
  missing.sort((a, b) => Number(a.status === 'unknown') - Number(b.status === 'unknown'));
  const met = data.criteria.filter((c) => c.status === 'met');
  const unmetCount = missing.filter((c) => c.status === 'unmet').length;
  const unknownCount = missing.length - unmetCount;

  return (
    <Box data-testid="eligibility-checklist" aria-busy={isChecking}>
      {data.eligible ? (
        <Alert
          severity="success"
          icon={<CheckCircle fontSize="inherit" />}
          role="status"
          sx={{ mb: 1 }}
        >
          <AlertTitle sx={{ mb: 0, fontWeight: 600 }}>You qualify</AlertTitle>
          {data.criteria.length > 0
            ? 'You meet every requirement of this opportunity.'
            : 'This opportunity has no requirements to meet.'}
        </Alert>
      ) : (
        <Alert severity={unmetCount > 0 ? 'warning' : 'info'} role="status" sx={{ mb: 1 }}>
          <AlertTitle sx={{ mb: 0, fontWeight: 600 }}>
            {unmetCount > 0 ? 'You do not qualify yet' : 'We need a little more about you'}
          </AlertTitle>
          {summary(met.length, data.criteria.length, unmetCount, unknownCount)}
        </Alert>
      )}
      {isChecking && (
        <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1 }}>
          Checking again…
        </Typography>
      )}
      {missing.length > 0 && <CriteriaList criteria={missing} label="What is missing" />}
      <MetCriteria criteria={met} />
    </Box>
  );
}

function summary(met: number, total: number, unmet: number, unknown: number): string {
  const parts: string[] = [
    `You meet ${met} of ${total} ${total === 1 ? 'requirement' : 'requirements'}.`,
  ];
  if (unmet > 0) parts.push(unmet === 1 ? '1 is not met.' : `${unmet} are not met.`);
  if (unknown > 0) {
    parts.push(
      unknown === 1
        ? 'Your profile does not say enough to check 1.'
        : `Your profile does not say enough to check ${unknown}.`,
    );
  }
  parts.push('Fix each below and we check again when you come back.');
  return parts.join(' ');
}
