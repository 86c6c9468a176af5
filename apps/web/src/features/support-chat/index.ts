export { useSupportChat, type SupportChat } from './support-chat-context';
export { SupportChatProvider } from './support-chat-provider';
export { SupportChatSync } from './components/support-chat-sync';
export { supportChatMessages } from './support-chat-messages';
