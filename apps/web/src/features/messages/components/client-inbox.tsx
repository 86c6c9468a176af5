import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

import { paths } from '@pathways/shared/navigation/paths';

import { useClientChats } from '../api/messages';
import { ConversationItem } from './conversation-item';

/**
 * The client's conversations with applicants of the workspaces they may see, newest message
 * first, unread ones in bold with their count; each opens the application, whose page holds the
 * thread.
 */
export function ClientInbox() {
  const chats = useClientChats();
  if (chats.isPending) return <LinearProgress aria-label="Loading conversations" />;
  if (chats.isError) return <Alert severity="error">Your messages couldn't be loaded.</Alert>;
  const items = chats.data.items;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="client-conversations-heading">
      <Typography id="client-conversations-heading" variant="h2" sx={{ fontSize: '1.1rem', p: 2 }}>
        Conversations
      </Typography>
      {items.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          No conversations yet. Write to an applicant from their application page.
        </Typography>
      ) : (
        <List disablePadding>
          {items.map((chat) => (
            <ListItem key={chat.id} disablePadding>
              <ConversationItem
                chat={chat}
                title={chat.candidate.name}
                context={chat.opportunity.name}
                ownSide="client"
                ownPrefix="Your organization: "
                to={`${paths.client.application(chat.opportunity.id, chat.applicationId)}#messages`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
