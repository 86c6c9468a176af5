import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import type { ChatSummary } from '@pathways/shared/messages/messages.schemas';
import { paths } from '@pathways/shared/navigation/paths';

import { useClientChats } from '../api/messages';

function Conversation({ chat }: { chat: ChatSummary }) {
  const unread = chat.unreadCount > 0;
  return (
    <ListItemButton
      component={RouterLink}
      to={`${paths.client.application(chat.opportunity.id, chat.applicationId)}#messages`}
      sx={{ alignItems: 'flex-start', gap: 1 }}
    >
      <ListItemText
        primary={chat.candidate.name}
        secondary={
          <>
            <Box component="span" sx={{ display: 'block' }}>
              {chat.opportunity.name}
            </Box>
            {chat.lastMessage && (
              <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                {chat.lastMessage.senderType === 'client' ? 'Your organization: ' : ''}
                {chat.lastMessage.body}
              </Box>
            )}
          </>
        }
        slotProps={{ primary: { sx: { fontWeight: unread ? 700 : 500 } } }}
      />
      {unread && (
        <Badge
          badgeContent={chat.unreadCount}
          color="primary"
          aria-label={`${chat.unreadCount} unread`}
          sx={{ mt: 1.5, mr: 1 }}
        />
      )}
    </ListItemButton>
  );
}

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
              <Conversation chat={chat} />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
