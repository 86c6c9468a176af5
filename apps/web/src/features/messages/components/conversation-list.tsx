import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A titled panel of conversations, or what to expect when there is none yet. The candidate's
 * messages and the client's inbox each say how one conversation reads and opens.
 */
export function ConversationList<T extends { id: number }>({
  headingId,
  items,
  empty,
  renderItem,
}: {
  headingId: string;
  items: readonly T[];
  /** Shown instead of the list while there is no conversation. */
  empty: string;
  renderItem: (item: T) => ReactNode;
}) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.1rem', p: 2 }}>
        Conversations
      </Typography>
      {items.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {empty}
        </Typography>
      ) : (
        <List disablePadding>
          {items.map((item) => (
            <ListItem key={item.id} disablePadding>
              {renderItem(item)}
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
