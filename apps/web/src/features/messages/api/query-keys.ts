/** Whose thread: the candidate's own application, or an application a client manages. */
export type ThreadTarget =
  | { side: 'candidate'; applicationId: number }
  | { side: 'client'; opportunityId: number; applicationId: number };

export const messagesKeys = {
  all: ['messages'] as const,
  chats: (side: ThreadTarget['side']) => ['messages', side, 'chats'] as const,
  thread: (target: ThreadTarget) =>
    target.side === 'candidate'
      ? (['messages', 'candidate', 'thread', target.applicationId] as const)
      : (['messages', 'client', 'thread', target.opportunityId, target.applicationId] as const),
};
