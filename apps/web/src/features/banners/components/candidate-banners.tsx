import Box from '@mui/material/Box';

import { emailConfirmationState } from '@pathways/shared/auth/email-confirmation';

import { useUser } from '../../../lib/session/current-user';
import { EmailConfirmationBanner } from './email-confirmation-banner';
import { SuspensionBanner } from './suspension-banner';

/** The banners above a candidate's pages: e-mail confirmation and suspension. */
export default function CandidateBanners() {
  const { data: user } = useUser();
  if (!user || user.role !== 'candidate') return null;
  const confirmation = emailConfirmationState(user).kind;
  const needsConfirmation = confirmation === 'pending' || confirmation === 'expired';
  if (!user.isSuspended && !needsConfirmation) return null;
  return (
    <Box role="region" aria-label="Account notices">
      {user.isSuspended && <SuspensionBanner />}
      {needsConfirmation && <EmailConfirmationBanner user={user} />}
    </Box>
  );
}
