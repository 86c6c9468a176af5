import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { RequestBundleButton } from '../../document-bundles';
import { AskColleaguesButton } from '../../feedback';
import { OfferTimesDialog, type OfferTarget } from '../../interviews';
import { formatCount } from '../utils/format';

interface PhaseOption {
  id: number;
  name: string;
}

const applicants = (n: number) => `${formatCount(n)} applicant${n === 1 ? '' : 's'}`;

/**
 * What can be done to the chosen applications: move them to a phase, regret them (after a
 * confirmation that says the candidates will be told), or ask for their documents.
 */
export function BulkActions({
  opportunityId,
  selectedIds,
  phases,
  currentPhaseId,
  busy,
  onMove,
  onRegret,
  onClear,
}: {
  opportunityId: number;
  selectedIds: number[];
  phases: PhaseOption[];
  /** The phase of the tab shown, left out of the move menu; null on the other tabs. */
  currentPhaseId: number | null;
  busy: boolean;
  onMove: (phase: PhaseOption) => void;
  onRegret: () => void;
  onClear: () => void;
}) {
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [offerMenu, setOfferMenu] = useState<HTMLElement | null>(null);
  const [offering, setOffering] = useState<OfferTarget | null>(null);
  const currentPhase = phases.find((phase) => phase.id === currentPhaseId);
  const count = selectedIds.length;
  const none = count === 0;
  const targets = phases.filter((phase) => phase.id !== currentPhaseId);

  return (
    <Box
      role="toolbar"
      aria-label="Actions on the chosen applicants"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1 }}
    >
      <Typography variant="body2" sx={{ mr: 1 }} aria-live="polite">
        {none ? 'Choose applicants to act on them' : `${applicants(count)} chosen`}
      </Typography>
      <Button
        variant="outlined"
        size="small"
        disabled={none || busy || targets.length === 0}
        endIcon={<ArrowDropDown />}
        aria-haspopup="menu"
        aria-controls={menu ? 'tracker-move-menu' : undefined}
        aria-expanded={menu ? 'true' : undefined}
        onClick={(event) => setMenu(event.currentTarget)}
      >
        Move to phase
      </Button>
      <Menu
        id="tracker-move-menu"
        anchorEl={menu}
        open={menu !== null}
        onClose={() => setMenu(null)}
      >
        {targets.map((phase) => (
          <MenuItem
            key={phase.id}
            onClick={() => {
              setMenu(null);
              onMove(phase);
            }}
          >
            {phase.name}
          </MenuItem>
        ))}
      </Menu>
      <Button
        variant="outlined"
        size="small"
        color="error"
        disabled={none || busy}
        onClick={() => setConfirming(true)}
      >
        Regret
      </Button>
      <RequestBundleButton
        opportunityId={opportunityId}
        applicationIds={selectedIds}
        disabled={none || busy}
      />
      <AskColleaguesButton applicationIds={selectedIds} disabled={none || busy} />
      <Button
        variant="outlined"
        size="small"
        disabled={busy || (none && !currentPhase)}
        endIcon={<ArrowDropDown />}
        aria-haspopup="menu"
        aria-controls={offerMenu ? 'tracker-offer-menu' : undefined}
        aria-expanded={offerMenu ? 'true' : undefined}
        onClick={(event) => setOfferMenu(event.currentTarget)}
      >
        Offer interview times
      </Button>
      <Menu
        id="tracker-offer-menu"
        anchorEl={offerMenu}
        open={offerMenu !== null}
        onClose={() => setOfferMenu(null)}
      >
        {!none && (
          <MenuItem
            onClick={() => {
              setOfferMenu(null);
              setOffering({
                kind: 'applications',
                applicationIds: selectedIds,
                label: `the ${applicants(count)} chosen`,
              });
            }}
          >
            To the {applicants(count)} chosen
          </MenuItem>
        )}
        {currentPhase && (
          <MenuItem
            onClick={() => {
              setOfferMenu(null);
              setOffering({
                kind: 'phase',
                phaseId: currentPhase.id,
                label: `everyone in ${currentPhase.name}`,
              });
            }}
          >
            To everyone in {currentPhase.name}
          </MenuItem>
        )}
      </Menu>
      <OfferTimesDialog
        opportunityId={opportunityId}
        open={offering !== null}
        onClose={() => setOffering(null)}
        {...(offering ? { target: offering } : {})}
      />
      {!none && (
        <Button size="small" onClick={onClear}>
          Clear choice
        </Button>
      )}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby="tracker-regret-title"
      >
        <DialogTitle id="tracker-regret-title">Regret {applicants(count)}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {count === 1 ? 'The candidate' : `The ${formatCount(count)} candidates`} will be told by
            e-mail and on their applications that they were not successful. This cannot be undone
            here.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setConfirming(false);
              onRegret();
            }}
          >
            Regret and tell them
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
