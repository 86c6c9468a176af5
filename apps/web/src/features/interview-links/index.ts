// An interviewer without an account: the page their e-mail's link opens.
export { InterviewLinkPage, InterviewLinkContent } from './components/interview-link-view';
export { LinkClosed } from './components/link-closed';
// Pieces every guest link page shares (the feedback link's too).
export { GuestCandidateDetails } from './components/guest-candidate';
export { LinkPart } from './components/link-part';
export { LinkFrame, LinkLoadState } from './components/link-frame';
export { PrivatePageMeta } from './components/private-page-meta';
