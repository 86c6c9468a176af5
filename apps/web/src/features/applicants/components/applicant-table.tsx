import FlagIcon from '@mui/icons-material/Flag';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router';

import type { ApplicantRow } from '@pathways/shared/applicants/applicants.schemas';

import { RatingControl } from '../../applicant-view';
import { InterviewChip } from '../../interviews';
import {
  applicantInitials,
  applicantName,
  applicationPath,
  eligibilityLabel,
  formatCount,
  formatDate,
} from '../utils/format';

export interface TableProps {
  rows: ApplicantRow[];
  blind: boolean;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  /** How many rows "select all" takes (every filtered row of the tab), and whether all are. */
  filteredCount: number;
  allSelected: boolean;
  onToggleAll: () => void;
  locationNames: ReadonlyMap<number, string>;
  /** The opportunity's name per id, on the list across workspaces. */
  opportunityNames?: ReadonlyMap<number, string>;
  /** Saves a rating (null clears it); resolves once the server has kept it. */
  onRate: (row: ApplicantRow, rating: number | null, previous: number | null) => Promise<unknown>;
  /** Shows a refused rating's reason. */
  onRateError: (error: unknown) => void;
  /** Called before the application page opens (it remembers the walk through the list). */
  onOpen: (row: ApplicantRow) => void;
}

// A chosen row is tinted lightly enough that the orange name link and the green and amber chips
// keep 4.5:1 on it, hovered or not (the default tint, twice as strong, brings them to about 4.3:1),
// and marked by a bar on its left edge so the choice does not rest on the faint tint alone.
const rowSx = (theme: Theme) => ({
  '&.Mui-selected': { backgroundColor: alpha(theme.palette.primary.main, 0.04) },
  '&.Mui-selected:hover': { backgroundColor: alpha(theme.palette.primary.main, 0.06) },
  '&.Mui-selected > td:first-of-type': {
    boxShadow: `inset 3px 0 0 ${theme.palette.primary.main}`,
  },
});

const Row = memo(function Row({
  row,
  blind,
  checked,
  onToggle,
  locationNames,
  opportunityName,
  showOpportunity,
  onRate,
  onRateError,
  onOpen,
}: {
  row: ApplicantRow;
  blind: boolean;
  checked: boolean;
  onToggle: (id: number) => void;
  locationNames: ReadonlyMap<number, string>;
  opportunityName: string | undefined;
  showOpportunity: boolean;
  onRate: TableProps['onRate'];
  onRateError: TableProps['onRateError'];
  onOpen: TableProps['onOpen'];
}) {
  const name = applicantName(row, blind);
  // Places are named on a workspace's tracker; across workspaces they are counted.
  const named = row.locations.map((id) => locationNames.get(id));
  const places = named.every(Boolean)
    ? named.join(', ')
    : `${row.locations.length} place${row.locations.length === 1 ? '' : 's'}`;
  const eligible = row.eligibility.eligible;
  return (
    <TableRow hover selected={checked} aria-label={name} sx={rowSx}>
      <TableCell padding="checkbox">
        <Checkbox
          checked={checked}
          onChange={() => onToggle(row.id)}
          slotProps={{ input: { 'aria-label': `Select ${name}` } }}
        />
      </TableCell>
      <TableCell component="th" scope="row">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Avatar
            src={blind ? undefined : (row.profile.avatarUrl ?? undefined)}
            alt=""
            sx={{ width: 36, height: 36, fontSize: '0.9rem' }}
          >
            {applicantInitials(row, blind)}
          </Avatar>
          <Link
            component={RouterLink}
            to={applicationPath(row.opportunityId, row.id)}
            onClick={() => onOpen(row)}
            sx={{ fontWeight: 500 }}
          >
            {name}
          </Link>
          {row.reported && (
            <Chip
              size="small"
              color="warning"
              icon={<FlagIcon aria-hidden />}
              label="Reported"
              title="A profile irregularity was reported and not yet corrected"
            />
          )}
          <InterviewChip state={row.interview} />
        </Box>
      </TableCell>
      {showOpportunity && <TableCell>{opportunityName ?? `#${row.opportunityId}`}</TableCell>}
      <TableCell align="right">{row.completion}%</TableCell>
      <TableCell>
        <Chip
          size="small"
          variant="outlined"
          color={eligible === null ? 'default' : eligible ? 'success' : 'error'}
          label={eligibilityLabel(eligible)}
        />
      </TableCell>
      <TableCell>
        <RatingControl
          value={row.applicationRating}
          who={name}
          onRate={(rating, previous) => onRate(row, rating, previous)}
          onError={onRateError}
        />
      </TableCell>
      <TableCell align="right">
        <Typography
          component="span"
          variant="body2"
          color={row.unreadChats > 0 ? 'secondary' : 'text.secondary'}
          sx={{ fontWeight: row.unreadChats > 0 ? 700 : 400 }}
        >
          {row.unreadChats}
        </Typography>
      </TableCell>
      <TableCell>{places}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.createdAt)}</TableCell>
    </TableRow>
  );
});

/**
 * One page of applicants. On a narrow screen the table keeps its columns and scrolls sideways
 * inside its own box, so the page itself never does.
 */
export function ApplicantTable(props: TableProps) {
  const { rows, selected, filteredCount, allSelected, opportunityNames } = props;
  const someSelected = selected.size > 0 && !allSelected;
  return (
    // On the paper's white, not the page's grey: a hovered or chosen row's tint then leaves its
    // coloured text readable.
    <TableContainer sx={{ overflowX: 'auto', maxWidth: '100%', bgcolor: 'background.paper' }}>
      <Table size="small" sx={{ minWidth: opportunityNames ? 1000 : 860 }} aria-label="Applicants">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={allSelected && filteredCount > 0}
                indeterminate={someSelected}
                disabled={filteredCount === 0}
                onChange={props.onToggleAll}
                slotProps={{
                  input: {
                    'aria-label': `Select all ${formatCount(filteredCount)} filtered applicants`,
                  },
                }}
              />
            </TableCell>
            <TableCell>Applicant</TableCell>
            {opportunityNames && <TableCell>Opportunity</TableCell>}
            <TableCell align="right">Profile</TableCell>
            <TableCell>Eligibility</TableCell>
            <TableCell>Rating</TableCell>
            <TableCell align="right">Unread</TableCell>
            <TableCell>Places</TableCell>
            <TableCell>Applied</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <Row
              key={row.id}
              row={row}
              blind={props.blind}
              checked={selected.has(row.id)}
              onToggle={props.onToggle}
              locationNames={props.locationNames}
              opportunityName={opportunityNames?.get(row.opportunityId)}
              showOpportunity={opportunityNames !== undefined}
              onRate={props.onRate}
              onRateError={props.onRateError}
              onOpen={props.onOpen}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
