// The social sign-in feature's public API: the "Continue with …" buttons, the page the
// providers' round trips land on, the settings page's linked accounts, and the hand-over of a
// sign-up's session to the conversation that asked for it.
export { SocialButtons } from './components/social-buttons';
export { SocialCallback } from './components/social-callback';
export { LinkedProvidersCard } from './components/linked-providers-card';
export { useHasPassword } from './api/identities';
export { clearSignupHandoff, peekSignupHandoff, type SignupHandoff } from './utils/social-return';
