import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useSearchParams } from 'react-router';

import { useCandidateChats } from '../api/messages';
import { ChatThread } from './chat-thread';
import { ConversationItem } from './conversation-item';
import { ConversationList } from './conversation-list';

/**
 * The candidate's messages: conversations (newest first, unread counted) and the open thread.
 * `?application={id}` names the open thread. On a phone, list and thread are two screens.
 */
export function MessagesView() {
  const chats = useCandidateChats();
  const [search, setSearch] = useSearchParams();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const openId = Number(search.get('application')) || null;
  const open = (id: number | null) =>
    setSearch(id === null ? {} : { application: String(id) }, { replace: false });

  if (chats.isPending) return <LinearProgress aria-label="Loading conversations" />;
  if (chats.isError) return <Alert severity="error">Your messages couldn't be loaded.</Alert>;

  const items = chats.data.items;
  const current = items.find((c) => c.applicationId === openId);
  const showList = !phone || openId === null;

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: phone ? '1fr' : 'minmax(260px, 1fr) 2fr',
        alignItems: 'start',
      }}
    >
      {showList && (
        <ConversationList
          headingId="conversations-heading"
          items={items}
          empty="No conversations yet. Organizations write to you here about your applications."
          renderItem={(chat) => (
            <ConversationItem
              chat={chat}
              title={chat.opportunity.name}
              context={chat.organization.name}
              ownSide="candidate"
              ownPrefix="You: "
              selected={chat.applicationId === openId}
              onOpen={() => open(chat.applicationId)}
            />
          )}
        />
      )}
      {openId !== null && (
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="thread-heading"
          sx={{ p: 2 }}
        >
          {phone && (
            <Button onClick={() => open(null)} sx={{ mb: 1 }}>
              Back
            </Button>
          )}
          <Typography id="thread-heading" variant="h2" sx={{ fontSize: '1.1rem' }}>
            {current ? current.opportunity.name : 'Conversation'}
          </Typography>
          {current && (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {current.organization.name}
            </Typography>
          )}
          <ChatThread
            key={openId}
            target={{ side: 'candidate', applicationId: openId }}
            label="Messages of this conversation"
          />
        </Paper>
      )}
      {!phone && openId === null && items.length > 0 && (
        <Typography color="text.secondary">Choose a conversation to read it.</Typography>
      )}
    </Box>
  );
}
