import {
  languageProficiency,
  type LanguageProficiency,
  type LanguageProficiencyInput,
} from '@pathways/shared/profile/sections.schemas';

import { useSectionMutations } from './section-mutations';

/** candidate/language_proficiencies[/{id}] ({languageProficiency}). */
export const useLanguageProficiencyMutations = () =>
  useSectionMutations<LanguageProficiency, LanguageProficiencyInput>({
    path: 'candidate/language_proficiencies',
    wrapper: 'languageProficiency',
    schema: languageProficiency,
  });
