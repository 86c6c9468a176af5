import Chip from '@mui/material/Chip';

import { applicationStatusLabels } from '@pathways/shared/applications/applications.rules';

/** The status a candidate sees: the phase name, or Withdrawn / Unsuccessful. */
export function StatusChip({
  status,
  size = 'small',
}: {
  status: string;
  size?: 'small' | 'medium';
}) {
  const color =
    status === applicationStatusLabels.withdrawn
      ? 'default'
      : status === applicationStatusLabels.unsuccessful
        ? 'error'
        : 'secondary';
  return (
    <Chip
      label={status}
      size={size}
      color={color}
      variant={color === 'default' ? 'outlined' : 'filled'}
      data-testid="application-status"
    />
  );
}
