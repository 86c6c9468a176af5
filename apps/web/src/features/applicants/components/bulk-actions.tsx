import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { MenuButton } from '../../../components/ui/menu-button';
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
  const [confirming, setConfirming] = useState(false);
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
      <MenuButton
        id="tracker-move-menu"
        label="Move to phase"
        disabled={none || busy || targets.length === 0}
        choices={targets.map((phase) => ({
          key: phase.id,
          label: phase.name,
          onChoose: () => onMove(phase),
        }))}
      />
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
      <MenuButton
        id="tracker-offer-menu"
        label="Offer interview times"
        disabled={busy || (none && !currentPhase)}
        choices={[
          ...(none
            ? []
            : [
                {
                  key: 'chosen',
                  label: `To the ${applicants(count)} chosen`,
                  onChoose: () =>
                    setOffering({
                      kind: 'applications',
                      applicationIds: selectedIds,
                      label: `the ${applicants(count)} chosen`,
                    }),
                },
              ]),
          ...(currentPhase
            ? [
                {
                  key: 'phase',
                  label: `To everyone in ${currentPhase.name}`,
                  onChoose: () =>
                    setOffering({
                      kind: 'phase',
                      phaseId: currentPhase.id,
                      label: `everyone in ${currentPhase.name}`,
                    }),
                },
              ]
            : []),
        ]}
      />
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
