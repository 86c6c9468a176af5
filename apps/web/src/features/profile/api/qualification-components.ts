import {
  profileQualificationComponent,
  type ProfileQualificationComponent,
  type ProfileQualificationComponentInput,
} from '@pathways/shared/profile/sections.schemas';

import { useSectionMutations } from './section-mutations';

/**
 * candidate/profile_qualifications/{id}/profile_qualification_components[/{componentId}]
 * ({profileQualificationComponent}): the subjects of one qualification.
 */
export const useQualificationComponentMutations = (profileQualificationId: number) =>
  useSectionMutations<ProfileQualificationComponent, ProfileQualificationComponentInput>({
    path: `candidate/profile_qualifications/${profileQualificationId}/profile_qualification_components`,
    wrapper: 'profileQualificationComponent',
    schema: profileQualificationComponent,
  });
