import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { Link as RouterLink } from 'react-router';

import type { ChatSummary, SenderType } from '@pathways/shared/messages/messages.schemas';

/**
 * One conversation in a list of them, as both sides show it: who or what it is about, a second
 * line of context, the last message (prefixed when the reader's side wrote it), and, when there
 * are unread messages, the line in bold with their count. It opens a thread on this page
 * (`onOpen`) or at an address (`to`).
 */
export function ConversationItem({
  chat,
  title,
  context,
  ownSide,
  ownPrefix,
  selected = false,
  onOpen,
  to,
}: {
  chat: ChatSummary;
  title: string;
  context: string;
  /** The reader's side: their own last message is prefixed with `ownPrefix`. */
  ownSide: SenderType;
  ownPrefix: string;
  selected?: boolean;
  onOpen?: () => void;
  to?: string;
}) {
  const unread = chat.unreadCount > 0;
  const target = to ? { component: RouterLink, to } : { onClick: onOpen };
  return (
    <ListItemButton
      {...target}
      selected={selected}
      aria-current={selected ? 'true' : undefined}
      sx={{ alignItems: 'flex-start', gap: 1 }}
    >
      <ListItemText
        primary={title}
        secondary={
          <>
            <Box component="span" sx={{ display: 'block' }}>
              {context}
            </Box>
            {chat.lastMessage && (
              <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                {chat.lastMessage.senderType === ownSide ? ownPrefix : ''}
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
