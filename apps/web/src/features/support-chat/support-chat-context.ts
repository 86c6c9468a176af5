import { createContext, useContext } from 'react';

export interface SupportChat {
  /** Opens the support chat, optionally with a message typed in for the user. */
  open: (prefill?: string) => void;
  /** After login the chat knows who it is talking to (e-mail and name); null after logout. */
  identify: (person: { email: string; name: string } | null) => void;
  /** Tells the chat which page the visitor is on (its path). */
  visit: (path: string) => void;
}

export const SupportChatContext = createContext<SupportChat | null>(null);

export function useSupportChat(): SupportChat {
  const chat = useContext(SupportChatContext);
  if (!chat) throw new Error('useSupportChat must be used inside SupportChatProvider');
  return chat;
}
