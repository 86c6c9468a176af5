// The messages feature's public API: the candidate's messages page, one application's thread
// (the client's application page shows it), and the candidate's conversations (the drawer
// counts them); the client's inbox and conversations.
export { MessagesView } from './components/messages-page';
export { ChatThread } from './components/chat-thread';
export { ClientInbox } from './components/client-inbox';
export { messagesKeys, useCandidateChats, useClientChats, type ThreadTarget } from './api/messages';
