import { right, type Right, type RightInput } from '@pathways/shared/profile/sections.schemas';

import { useSectionMutations } from './section-mutations';

export type RightSection = 'studyRights' | 'workRights';

const endpoints = {
  studyRights: { path: 'candidate/study_rights', wrapper: 'studyRight' },
  workRights: { path: 'candidate/work_rights', wrapper: 'workRight' },
} as const;

/** candidate/study_rights[/{id}] ({studyRight}) and candidate/work_rights[/{id}] ({workRight}). */
export const useRightMutations = (section: RightSection) =>
  useSectionMutations<Right, RightInput>({ ...endpoints[section], schema: right });
