import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { format } from 'date-fns';
import { Fragment, useState } from 'react';
import { Link as RouterLink } from 'react-router';

import type { ClientEligibilityRow } from '@pathways/shared/eligibility/client-eligibilities.schemas';
import {
  eligibilityVerdict,
  isInvitable,
  type EligibilityVerdict,
} from '@pathways/shared/eligibility/client-eligibilities.rules';
import { paths } from '@pathways/shared/navigation/paths';

import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { CriteriaDetails } from './criteria-details';

const day = (iso: string) => format(new Date(iso), 'd MMMM yyy');

/** Whether the row can be invited now: eligible and visible, neither invited nor applied. */
export const canInvite = (row: ClientEligibilityRow) =>
  isInvitable(row) && row.invitedAt === null && !row.applied;

function Status({ row }: { row: ClientEligibilityRow }) {
  if (row.withdrawn) return <Chip size="small" variant="outlined" label="Withdrawn" />;
  if (row.applied) return <Chip size="small" color="primary" label="Applied" />;
  if (row.invitedAt)
    return <Chip size="small" color="secondary" label={`Invited ${day(row.invitedAt)}`} />;
  if (row.referredAt) return <Chip size="small" variant="outlined" label="Referred" />;
  return null;
}

/** The eligibility in the candidate's own words: met, not met, or not known yet. */
const verdictView: Record<
  Exclude<EligibilityVerdict, 'unchecked'>,
  { label: string; color: 'success' | 'warning' | 'default'; variant: 'filled' | 'outlined' }
> = {
  eligible: { label: 'Eligible', color: 'success', variant: 'filled' },
  unknown: { label: 'Not known yet', color: 'warning', variant: 'outlined' },
  not_eligible: { label: 'Not eligible', color: 'default', variant: 'outlined' },
};

function Eligible({ row }: { row: ClientEligibilityRow }) {
  const verdict = eligibilityVerdict(row);
  if (verdict === 'unchecked') return <Typography variant="body2">Not checked</Typography>;
  const view = verdictView[verdict];
  return <Chip size="small" variant={view.variant} color={view.color} label={view.label} />;
}

/**
 * Candidates and their eligibility: each row with its facts, its criteria counts and, opened,
 * every criterion in words. With `selection`, rows that can be invited get a checkbox; with
 * `onInvite`, an Invite button. With `showOpportunity`, each row names its workspace.
 */
export function EligibilityTable({
  rows,
  caption,
  selection,
  onInvite,
  inviting = false,
  showOpportunity = false,
}: {
  rows: ClientEligibilityRow[];
  caption: string;
  selection?: { selected: ReadonlySet<number>; toggle(id: number): void; toggleAll(): void };
  onInvite?: (row: ClientEligibilityRow) => void;
  inviting?: boolean;
  showOpportunity?: boolean;
}) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggleOpen = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const invitable = rows.filter(canInvite);
  const allSelected =
    invitable.length > 0 && invitable.every((r) => selection?.selected.has(r.id) ?? false);
  const someSelected = invitable.some((r) => selection?.selected.has(r.id) ?? false);
  const columns = 6 + (selection ? 1 : 0) + (onInvite ? 1 : 0);

  return (
    // Positioned, so nothing inside (a visually hidden header) escapes the scrolling box.
    <TableContainer sx={{ overflowX: 'auto', position: 'relative' }}>
      <Table size="small" aria-label={caption}>
        <TableHead>
          <TableRow>
            {selection && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  disabled={invitable.length === 0}
                  onChange={selection.toggleAll}
                  slotProps={{
                    input: { 'aria-label': 'Select every candidate who can be invited' },
                  }}
                />
              </TableCell>
            )}
            <TableCell>Candidate</TableCell>
            <TableCell>Eligibility</TableCell>
            <TableCell>Criteria</TableCell>
            <TableCell align="right">Profile</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Updated</TableCell>
            {onInvite && (
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  Invite
                </Box>
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const expanded = open.has(row.id);
            const detailsId = `eligibility-criteria-${row.opportunity.id}-${row.id}`;
            return (
              <Fragment key={`${row.opportunity.id}-${row.id}`}>
                <TableRow hover sx={{ '& > td': { borderBottom: expanded ? 'none' : undefined } }}>
                  {selection && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selection.selected.has(row.id)}
                        disabled={!canInvite(row)}
                        onChange={() => selection.toggle(row.id)}
                        slotProps={{ input: { 'aria-label': `Select ${row.name}` } }}
                      />
                    </TableCell>
                  )}
                  <TableCell>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 180 }}>
                      <IconButton
                        size="small"
                        onClick={() => toggleOpen(row.id)}
                        aria-expanded={expanded}
                        aria-controls={detailsId}
                        aria-label={`${expanded ? 'Hide' : 'Show'} the criteria of ${row.name}`}
                      >
                        {expanded ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
                      </IconButton>
                      <Avatar src={row.photoUrl ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
                        {row.name.charAt(0)}
                      </Avatar>
                      <Box>
                        <Typography variant="body2" sx={{ fontWeight: 500 }}>
                          {row.name}
                        </Typography>
                        {showOpportunity && (
                          <Typography
                            variant="caption"
                            component={RouterLink}
                            to={paths.client.eligibilities(row.opportunity.id)}
                            sx={{ color: 'text.secondary' }}
                          >
                            {row.opportunity.name}
                          </Typography>
                        )}
                      </Box>
                    </Box>
                  </TableCell>
                  <TableCell>
                    <Eligible row={row} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Typography variant="body2">
                      {row.criteria.met} met, {row.criteria.unmet} not met
                      {row.criteria.unknown > 0 ? `, ${row.criteria.unknown} not known` : ''}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{row.completion} %</TableCell>
                  <TableCell>
                    <Status row={row} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{day(row.profileUpdatedAt)}</TableCell>
                  {onInvite && (
                    <TableCell>
                      {canInvite(row) && (
                        <Button
                          size="small"
                          variant="outlined"
                          disabled={inviting}
                          onClick={() => onInvite(row)}
                          aria-label={`Invite ${row.name}`}
                        >
                          Invite
                        </Button>
                      )}
                    </TableCell>
                  )}
                </TableRow>
                <TableRow>
                  <TableCell colSpan={columns} sx={{ py: 0, ...(expanded ? {} : { border: 0 }) }}>
                    <Collapse in={expanded} unmountOnExit id={detailsId}>
                      <Box sx={{ py: 1, pl: { xs: 0, sm: 6 } }}>
                        <CriteriaDetails opportunityId={row.opportunity.id} id={row.id} />
                      </Box>
                    </Collapse>
                  </TableCell>
                </TableRow>
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
