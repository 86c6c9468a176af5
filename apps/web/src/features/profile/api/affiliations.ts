import {
  affiliation,
  type Affiliation,
  type AffiliationInput,
} from '@pathways/shared/profile/sections.schemas';

import { useSectionMutations } from './section-mutations';

/** candidate/affiliations[/{id}] ({affiliation}). */
export const useAffiliationMutations = () =>
  useSectionMutations<Affiliation, AffiliationInput>({
    path: 'candidate/affiliations',
    wrapper: 'affiliation',
    schema: affiliation,
  });
