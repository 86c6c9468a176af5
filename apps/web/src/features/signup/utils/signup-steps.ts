import { SIGNUP_STEP_MINUTES } from '@pathways/shared/common/constants';

/** The steps of the sign-up progress bar and their durations in minutes. */
export const signupSteps = [
  { key: 'email', label: 'Email', minutes: SIGNUP_STEP_MINUTES.Email },
  { key: 'name', label: 'Name', minutes: SIGNUP_STEP_MINUTES.Name },
  { key: 'identification', label: 'Identification', minutes: SIGNUP_STEP_MINUTES.Identification },
  { key: 'finish', label: 'Finish Up', minutes: SIGNUP_STEP_MINUTES['Finish Up'] },
] as const;

export type SignupStepKey = (typeof signupSteps)[number]['key'];

/** The index of a step in the progress bar. */
export function stepIndex(step: SignupStepKey): number {
  return signupSteps.findIndex((s) => s.key === step);
}

/** Minutes left: the durations of the steps from `current` on (`current` not done yet). */
export function remainingMinutes(completedSteps: number): number {
  return signupSteps.slice(Math.max(0, completedSteps)).reduce((sum, s) => sum + s.minutes, 0);
}

/**
 * The time-remaining chip: "2 min remaining", or "< 1 min remaining" when no step with a
 * duration remains.
 */
export function timeRemainingLabel(completedSteps: number): string {
  const minutes = remainingMinutes(completedSteps);
  return minutes < 1 ? '< 1 min remaining' : `${minutes} min remaining`;
}
