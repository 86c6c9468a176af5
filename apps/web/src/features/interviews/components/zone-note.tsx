import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';

import { paths } from '@pathways/shared/navigation/paths';

import { useSession } from '../../../lib/session/use-session';
import { useViewerTimeZone } from '../hooks/use-viewer-time-zone';
import { zoneLabel } from './interview-time';

/** Where the signed-in user chooses their time zone: a candidate's settings, a client's Interviews. */
export function timeZoneSettingsPath(role: string | undefined): string | null {
  if (role === 'candidate') return `${paths.candidate.account}#time-zone`;
  if (role === 'client') return `${paths.client.interviews}#time-zone`;
  return null;
}

/**
 * "Times are in Europe / London time. Change your time zone": the zone the times beside it are
 * read in, and where the viewer changes it (left out inside a form, whose work it would leave).
 */
export function ZoneNote({
  lead = '',
  link = true,
  sx,
}: {
  /** Words before the note ("Upcoming, soonest first."). */
  lead?: string;
  link?: boolean;
  sx?: SxProps<Theme>;
}) {
  const timeZone = useViewerTimeZone();
  const { viewer } = useSession();
  const to = link ? timeZoneSettingsPath(viewer?.role) : null;
  return (
    <Typography variant="body2" color="text.secondary" sx={sx}>
      {lead && `${lead} `}Times are in {zoneLabel(timeZone)} time.
      {to && (
        <>
          {' '}
          <Link component={RouterLink} to={to}>
            Change your time zone
          </Link>
        </>
      )}
    </Typography>
  );
}
