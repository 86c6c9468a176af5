import {
  achievement,
  type Achievement,
  type AchievementInput,
} from '@pathways/shared/profile/sections.schemas';

import { useSectionMutations } from './section-mutations';

/** candidate/achievements[/{id}] ({achievement}). */
export const useAchievementMutations = () =>
  useSectionMutations<Achievement, AchievementInput>({
    path: 'candidate/achievements',
    wrapper: 'achievement',
    schema: achievement,
  });
