import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import { useLocation } from 'react-router';

import { useSocialProviders } from '../api/social-providers';
import { signInAddress } from '../api/start-sign-in';
import { rememberReturn } from '../utils/social-return';
import { ProviderIcon } from './provider-icon';

/**
 * "Continue with …" for each provider the server is configured for, and nothing when there is
 * none. Each is a plain link to the API, which sends the browser on to the provider; the page it
 * started on (and whether the sign-up conversation asked) is noted for the way back.
 */
export function SocialButtons({
  campaignId = null,
  signup = false,
}: {
  campaignId?: number | null;
  /** Started in the sign-up conversation, which goes on after the provider answers. */
  signup?: boolean;
}) {
  const providers = useSocialProviders();
  const { pathname, search } = useLocation();
  const items = providers.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Box>
      <Box
        role="group"
        aria-label="Continue with a social account"
        sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
      >
        {items.map(({ id, name }) => (
          <Button
            key={id}
            variant="outlined"
            size="large"
            href={signInAddress(id, campaignId)}
            startIcon={<ProviderIcon provider={id} />}
            onClick={() => rememberReturn({ path: `${pathname}${search}`, signup })}
          >
            Continue with {name}
          </Button>
        ))}
      </Box>
      <Divider sx={{ my: 2, color: 'text.secondary' }}>or</Divider>
    </Box>
  );
}
