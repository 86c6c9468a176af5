// The profile feature's public API for other features: what they call after a change that
// the profile counts. Pages import the profile's components directly, so that another
// feature importing this file does not download the profile page.
export { fetchProfile, profileQueryKey, useProfile } from './api/get-profile';
export { invalidateProfile } from './api/invalidate-profile';
export { IdentificationHelp } from './components/identification-help';
export { useHashFocus } from './hooks/use-hash-focus';
export { SectionDialog } from './components/form/section-dialog';
export { DateField, PARTIAL_DATE } from './components/form/date-field';
