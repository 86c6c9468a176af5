// What other features use of interviews: the candidate's section on their application; the
// client's section on an application, the offer dialog (the tracker), a workspace's interviews
// tab, the organization's agenda, and the tracker's chip.
export { InterviewsSection } from './components/interviews-section';
export { ClientInterviewsSection } from './components/client-interviews-section';
export { OfferTimesDialog, type OfferTarget } from './components/offer-times-dialog';
export { InterviewsTab } from './components/interviews-tab';
export { InterviewAgenda } from './components/interview-agenda';
export { InterviewChip, interviewStateLabels } from './components/interview-chip';
export { interviewWhen, readerTimeZone, zoneLabel } from './components/interview-time';
