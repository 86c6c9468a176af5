import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { useSnackbar } from '../../../components/ui/snackbar';

import { useExportData } from '../api/export-data';
import { AccountCard } from './account-card';

/** Download everything Pathways holds about the candidate, as one JSON file. */
export function ExportDataCard() {
  const { enqueueSnackbar } = useSnackbar();
  const exportData = useExportData();
  return (
    <AccountCard
      id="export"
      title="Download my data"
      description="Your account, profile, documents list and applications in one file (JSON)."
    >
      <Button
        variant="outlined"
        startIcon={<Download />}
        loading={exportData.isPending}
        onClick={() =>
          exportData.mutate(undefined, {
            onError: () =>
              enqueueSnackbar('Your data could not be downloaded. Please try again.', {
                variant: 'error',
              }),
          })
        }
      >
        Download my data
      </Button>
    </AccountCard>
  );
}
