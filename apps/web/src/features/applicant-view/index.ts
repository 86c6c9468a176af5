// The applicant view feature's public API: the walk the tracker stores for Previous / Next,
// and the blind review choice both the tracker and the application view follow.
export { applicantWalk, setApplicantWalk, type ApplicantWalkStep } from './navigation';
export { blindReviewKey, useBlindReview, type BlindReview } from './hooks/use-blind-review';
