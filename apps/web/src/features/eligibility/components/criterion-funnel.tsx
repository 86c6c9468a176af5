import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

import { formatReportedCount } from '@pathways/shared/analytics/suppression';

import { RetryAlert } from '../../../components/ui/retry-alert';
import { useCriterionFunnel } from '../api/client-eligibilities';

/** A bar's width; a hidden count (fewer than 5, or hidden by the funnel rule) draws none. */
const share = (n: number | null, of: number | null) =>
  n === null || of === null || of === 0 ? 0 : Math.round((n / of) * 100);

/**
 * The criterion funnel: of the candidates with a complete profile, how many are left after each
 * requirement, the one removing most people first. Bars for the eye, and the same numbers in a
 * table beside them. Counts come suppressed like every analytics count: a hidden one reads
 * "fewer than 5" and draws no bar.
 */
export function CriterionFunnel({ opportunityId }: { opportunityId: number }) {
  const query = useCriterionFunnel(opportunityId);
  if (query.isPending)
    return <Skeleton variant="rectangular" height={160} aria-label="Loading the funnel" />;
  if (query.isError) {
    return (
      <RetryAlert onRetry={() => void query.refetch()}>The funnel could not be loaded.</RetryAlert>
    );
  }
  const funnel = query.data;
  if (funnel.steps.length === 0) {
    return (
      <Typography color="text.secondary">This opportunity has no requirements yet.</Typography>
    );
  }
  // What a requirement removes on its own (null: hidden); one not listed removes nobody.
  const removesAlone = (id: number) => {
    const requirement = funnel.requirements.find((r) => r.id === id);
    return requirement ? requirement.unmet : 0;
  };
  const bars = [
    { key: 'start', label: 'Complete profiles', remaining: funnel.candidates },
    ...funnel.steps.map((s) => ({
      key: String(s.id),
      label: s.description,
      remaining: s.remaining,
    })),
  ];
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      <Box
        component="ol"
        aria-label="Candidates left after each requirement"
        sx={{ m: 0, p: 0, listStyle: 'none' }}
      >
        {bars.map((bar) => (
          <Box component="li" key={bar.key} sx={{ mb: 1.5 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {bar.label}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
                {formatReportedCount(bar.remaining)}
              </Typography>
            </Box>
            <Box sx={{ height: 10, bgcolor: 'action.hover', borderRadius: 1 }} aria-hidden>
              <Box
                sx={{
                  height: '100%',
                  width: `${share(bar.remaining, funnel.candidates)}%`,
                  bgcolor: 'primary.main',
                  borderRadius: 1,
                }}
              />
            </Box>
          </Box>
        ))}
      </Box>
      {/* The table scrolls sideways in its own box when its column is narrow; a box that
          scrolls is reachable by keyboard. */}
      <TableContainer
        component={Paper}
        variant="outlined"
        tabIndex={0}
        role="region"
        aria-label="The criterion funnel, by requirement"
      >
        <Table size="small" aria-label="The criterion funnel in numbers">
          <TableHead>
            <TableRow>
              <TableCell>Requirement</TableCell>
              <TableCell align="right">Removes alone</TableCell>
              <TableCell align="right">Removes in turn</TableCell>
              <TableCell align="right">Left</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableRow>
              <TableCell>Candidates with a complete profile</TableCell>
              <TableCell />
              <TableCell />
              <TableCell align="right">{formatReportedCount(funnel.candidates)}</TableCell>
            </TableRow>
            {funnel.steps.map((s) => (
              <TableRow key={s.id}>
                <TableCell>{s.description}</TableCell>
                <TableCell align="right">{formatReportedCount(removesAlone(s.id))}</TableCell>
                <TableCell align="right">{formatReportedCount(s.removed)}</TableCell>
                <TableCell align="right">{formatReportedCount(s.remaining)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
