// The reference data's public API for other features: the lists people choose from (the API's
// reference feature), cached for an hour and shared by every page that shows them.
export { disciplinesQueryKey, useDisciplines } from './api/get-disciplines';
export { institutionsQueryKey, useInstitutions } from './api/get-institutions';
export { useOrganizations } from './api/get-organizations';
export {
  qualificationCategoriesQueryKey,
  useQualificationCategories,
} from './api/get-qualification-categories';
export { qualificationTypesQueryKey, useQualificationTypes } from './api/get-qualification-types';
export { REFERENCE_STALE_MS } from './api/reference-data';
