// The applicant view feature's public API: the page, the walk the tracker stores for
// Previous / Next, and the blind review choice both the tracker and the application view follow.
export { ApplicationViewPage } from './components/application-view-page';
export { applicationViewKeys } from './api/application-view';
export { applicantWalk, setApplicantWalk, type ApplicantWalkStep } from './navigation';
export { blindReviewKey, useBlindReview, type BlindReview } from './hooks/use-blind-review';
export { RatingControl, RATING_CLEARED, ratingSavedMessage } from './components/rating-control';
export { ProfileRecordSections, type ProfileRecord } from './components/profile-details';
