import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';

import { paths } from '@pathways/shared/navigation/paths';

import { useClientChats } from '../api/messages';
import { ConversationItem } from './conversation-item';
import { ConversationList } from './conversation-list';

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
    <ConversationList
      headingId="client-conversations-heading"
      items={items}
      empty="No conversations yet. Write to an applicant from their application page."
      renderItem={(chat) => (
        <ConversationItem
          chat={chat}
          title={chat.candidate.name}
          context={chat.opportunity.name}
          ownSide="client"
          ownPrefix="Your organization: "
          to={`${paths.client.application(chat.opportunity.id, chat.applicationId)}#messages`}
        />
      )}
    />
  );
}
