import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';

import { RetryAlert } from '../../../components/ui/retry-alert';
import { formatDay } from '../../documents';
import { useDocumentDownloads } from '../api/document-downloads';
import { AccountCard } from './account-card';

/** Which organizations' staff downloaded the candidate's documents, and when. */
export function DocumentDownloadsCard() {
  const downloads = useDocumentDownloads();
  return (
    <AccountCard
      id="document-downloads"
      title="Who downloaded my documents"
      description="Staff of an organization you applied to can download your documents. Each download is listed here."
    >
      {downloads.isPending ? (
        <LinearProgress aria-label="Loading the downloads" />
      ) : downloads.isError ? (
        <RetryAlert onRetry={() => void downloads.refetch()}>
          The downloads could not be loaded.
        </RetryAlert>
      ) : downloads.data.length === 0 ? (
        <Typography variant="body2">Nobody has downloaded your documents yet.</Typography>
      ) : (
        <List disablePadding dense>
          {downloads.data.map((d) => (
            <ListItem key={d.id} disableGutters>
              <ListItemText
                primary={d.documentName}
                secondary={`${d.organization.name}${d.clientName ? ` (${d.clientName})` : ''} · ${formatDay(d.downloadedAt)}`}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </AccountCard>
  );
}
