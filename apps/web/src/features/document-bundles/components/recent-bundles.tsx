import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

import { useDocumentBundles } from '../api/document-bundles';
import { bundleStatusText, bundleSummary } from '../utils/format';

const SHOWN = 3;

/**
 * The user's latest bundles of this opportunity with where each is, so someone still waiting
 * for the e-mail can see whether it is on its way. Shows nothing until there is one.
 */
export function RecentBundles({ opportunityId }: { opportunityId: number }) {
  const headingId = useId();
  const { data } = useDocumentBundles();
  const mine = (data?.items ?? []).filter((b) => b.opportunityId === opportunityId).slice(0, SHOWN);
  if (mine.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" component="h3">
        Your recent requests
      </Typography>
      <List dense disablePadding>
        {mine.map((bundle) => (
          <ListItem key={bundle.id} disableGutters>
            <ListItemText primary={bundleSummary(bundle)} secondary={bundleStatusText(bundle)} />
          </ListItem>
        ))}
      </List>
    </section>
  );
}
