import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  chatList,
  chatThread,
  type ChatThread,
  type NewMessageBody,
} from '@pathways/shared/messages/messages.schemas';

import { apiRequest } from '../../../lib/api-client';

import { messagesKeys, type ThreadTarget } from './query-keys';

export { messagesKeys, type ThreadTarget };

const threadPath = (target: ThreadTarget) =>
  target.side === 'candidate'
    ? `candidate/applications/${target.applicationId}/chats`
    : `client/opportunities/${target.opportunityId}/applications/${target.applicationId}/chats`;

/** GET candidate/chats: the candidate's conversations, newest first, with unread counts. */
export function useCandidateChats(enabled = true) {
  return useQuery({
    queryKey: messagesKeys.chats('candidate'),
    queryFn: ({ signal }) => apiRequest('candidate/chats', { signal, schema: chatList }),
    enabled,
  });
}

/** GET client/chats: conversations of the applications the client user may see, newest first. */
export function useClientChats(enabled = true) {
  return useQuery({
    queryKey: messagesKeys.chats('client'),
    queryFn: ({ signal }) => apiRequest('client/chats', { signal, schema: chatList }),
    enabled,
  });
}

/**
 * The thread, oldest first; live updates fetch it again when a message arrives. Reading it marks
 * the other side's messages read, so the conversation list (and its unread counts) is read again.
 */
export function useChatThread(target: ThreadTarget | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: target ? messagesKeys.thread(target) : ['messages', 'none'],
    queryFn: async ({ signal }) => {
      const thread = await apiRequest(threadPath(target!), { signal, schema: chatThread });
      void queryClient.invalidateQueries({ queryKey: messagesKeys.chats(target!.side) });
      return thread;
    },
    enabled: target !== null,
  });
}

/** POST …/chats {message: {body}}; the answer is the thread with the new message. */
export function useSendMessage(target: ThreadTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewMessageBody) =>
      apiRequest(threadPath(target), { method: 'POST', body, schema: chatThread }),
    onSuccess: (thread: ChatThread) => {
      queryClient.setQueryData(messagesKeys.thread(target), thread);
      void queryClient.invalidateQueries({ queryKey: messagesKeys.chats(target.side) });
    },
  });
}
