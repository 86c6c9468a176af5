import {
  profileQualification,
  type ProfileQualification,
  type ProfileQualificationInput,
} from '@pathways/shared/profile/sections.schemas';

import { useSectionMutations } from './section-mutations';

/** candidate/profile_qualifications[/{id}] ({profileQualification}). */
export const useProfileQualificationMutations = () =>
  useSectionMutations<ProfileQualification, ProfileQualificationInput>({
    path: 'candidate/profile_qualifications',
    wrapper: 'profileQualification',
    schema: profileQualification,
  });
