export { useSupportChat, type SupportChat } from './support-chat-context';
export { SupportChatProvider } from './support-chat-provider';
