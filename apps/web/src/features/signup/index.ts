// The sign-up feature: the guided conversation the sign-up dialog shows to a guest.
export { SignupConversation } from './components/signup-conversation';
export { defaultSignupTiming, instantSignupTiming, type SignupTiming } from './utils/signup-timing';
