import EventAvailable from '@mui/icons-material/EventAvailable';
import EventRepeat from '@mui/icons-material/EventRepeat';
import Schedule from '@mui/icons-material/Schedule';
import Chip from '@mui/material/Chip';

import type { ApplicantInterviewState } from '@pathways/shared/interviews/interviews.rules';

export const interviewStateLabels: Record<ApplicantInterviewState, string> = {
  booked: 'Interview booked',
  other_times: 'Asked for other times',
  waiting: 'Interview times offered',
};

/** A tracker row's interview state, as a small chip with its words for every reader. */
export function InterviewChip({ state }: { state: ApplicantInterviewState | null | undefined }) {
  if (!state) return null;
  const Icon =
    state === 'booked' ? EventAvailable : state === 'other_times' ? EventRepeat : Schedule;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={state === 'booked' ? 'success' : state === 'other_times' ? 'warning' : 'default'}
      icon={<Icon aria-hidden />}
      label={interviewStateLabels[state]}
    />
  );
}
