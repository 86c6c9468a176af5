// An interviewer without an account: the page their e-mail's link opens.
export { InterviewLinkPage, InterviewLinkContent } from './components/interview-link-view';
export { LinkClosed } from './components/link-closed';
export { PrivatePageMeta } from './components/private-page-meta';
