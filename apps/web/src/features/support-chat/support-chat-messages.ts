/** What the support chat is opened with, typed in for the user to send or change. */
export const supportChatMessages = {
  /** `#blocked` in the address, and the blocked log-in's "Contact support". */
  blocked: 'My Pathways profile has been blocked.',
  suspended: 'My Pathways profile has been suspended.',
} as const;
