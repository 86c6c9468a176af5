import {
  experience,
  type Experience,
  type ExperienceInput,
} from '@pathways/shared/profile/sections.schemas';

import { useSectionMutations } from './section-mutations';

/** POST candidate/experiences, PATCH and DELETE candidate/experiences/{id} ({experience}). */
export const useExperienceMutations = () =>
  useSectionMutations<Experience, ExperienceInput>({
    path: 'candidate/experiences',
    wrapper: 'experience',
    schema: experience,
  });
