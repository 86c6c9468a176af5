import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';

import { landingPath } from '@pathways/shared/auth/access';
import { paths } from '@pathways/shared/navigation/paths';
import {
  socialFailure,
  socialMessage,
  socialProvider,
  socialProviderNames,
  type SocialProvider,
} from '@pathways/shared/social-auth/social-auth.schemas';

import { tokenStore } from '../../../lib/session/token-store';
import { exchangeCode, recordCampaign } from '../api/exchange-code';
import { identitiesQueryKey } from '../api/identities';
import { handOverToSignup, safeReturnPath, takeReturn } from '../utils/social-return';

/**
 * Where the provider's round trip lands: `?code=` (a one-time code, exchanged here for the
 * session or the link) or `?error=` (why not). It says what happened and goes on: into the
 * sign-up conversation it came from, back to the settings page after a link, or to the landing
 * page.
 */
export function SocialCallback() {
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const started = useRef(false);
  const parsed = socialProvider.safeParse(params.provider);

  useEffect(() => {
    if (started.current || !parsed.success) return;
    started.current = true;
    const provider: SocialProvider = parsed.data;
    const back = takeReturn();
    const backPath = safeReturnPath(back?.path);
    const code = search.get('code');

    const fail = (message: string) => {
      enqueueSnackbar(message, { variant: 'error' });
      const to =
        back?.signup && backPath ? `${backPath.split('#')[0]}#signup` : (backPath ?? paths.login);
      void navigate(to, { replace: true });
    };

    if (!code) {
      const reason = socialFailure.safeParse(search.get('error'));
      fail(socialMessage(provider, reason.success ? reason.data : 'failed'));
      return;
    }

    void (async () => {
      let result: Awaited<ReturnType<typeof exchangeCode>>;
      try {
        result = await exchangeCode(provider, code);
      } catch {
        fail(socialMessage(provider, 'failed'));
        return;
      }
      if (result.outcome === 'linked' || !result.token) {
        await queryClient.invalidateQueries({ queryKey: identitiesQueryKey });
        enqueueSnackbar(result.message, { variant: 'success' });
        void navigate(backPath ?? paths.candidate.account, { replace: true });
        return;
      }
      const token = result.token;
      if (result.campaignId) await recordCampaign(token, result.campaignId).catch(() => undefined);
      enqueueSnackbar(result.message, { variant: 'success' });
      if (back?.signup && backPath) {
        // The conversation goes on with this account; it signs in when the conversation ends.
        handOverToSignup({ provider, outcome: result.outcome, user: result.user, token });
        void navigate(`${backPath.split('#')[0]}#signup`, { replace: true });
        return;
      }
      tokenStore.set(token);
      await queryClient.invalidateQueries({ queryKey: ['auth', 'user'] });
      void navigate(backPath && backPath !== paths.login ? backPath : landingPath(result.user), {
        replace: true,
      });
    })();
  }, [parsed, search, navigate, queryClient, enqueueSnackbar]);

  const name = parsed.success ? socialProviderNames[parsed.data] : 'the provider';
  return (
    <Box
      role="status"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 8 }}
    >
      <CircularProgress aria-hidden />
      <Typography>Finishing logging in with {name}…</Typography>
    </Box>
  );
}
