import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { format } from 'date-fns';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useLocation } from 'react-router';

import { DATE_DISPLAY_FORMAT } from '@pathways/shared/common/constants';
import {
  socialAuthMessages,
  type SocialProvider,
} from '@pathways/shared/social-auth/social-auth.schemas';

import { isApiError } from '../../../lib/api-client';
import { useIdentities, useUnlinkProvider } from '../api/identities';
import { useSocialProviders } from '../api/social-providers';
import { useLinkProvider } from '../api/start-sign-in';
import { rememberReturn } from '../utils/social-return';
import { ProviderIcon } from './provider-icon';

const id = 'linked-accounts';

/**
 * The settings page's linked providers: each with the address it gave, a button to remove it
 * (refused while it is the only way to log in), and a button to link each other provider.
 */
export function LinkedProvidersCard() {
  const { enqueueSnackbar } = useSnackbar();
  const { pathname } = useLocation();
  const providers = useSocialProviders();
  const identities = useIdentities();
  const unlink = useUnlinkProvider();
  const link = useLinkProvider();
  const linked = identities.data?.items ?? [];
  const linkable = (providers.data?.items ?? []).filter(
    (p) => !linked.some((l) => l.provider === p.id),
  );
  if (linked.length === 0 && linkable.length === 0) return null;

  const remove = (provider: SocialProvider) =>
    unlink.mutate(provider, {
      onSuccess: ({ message }) => enqueueSnackbar(message, { variant: 'success' }),
      onError: (error) =>
        enqueueSnackbar(
          (isApiError(error) && error.fieldErrors.provider?.[0]) ||
            'The provider could not be removed. Please try again.',
          { variant: 'error' },
        ),
    });

  const add = (provider: SocialProvider) =>
    link.mutate(provider, {
      onSuccess: ({ url }) => {
        rememberReturn({ path: pathname, signup: false });
        window.location.assign(url);
      },
      onError: () => enqueueSnackbar(socialAuthMessages.failed(provider), { variant: 'error' }),
    });

  return (
    <Card variant="outlined" component="section" id={id} aria-labelledby={`${id}-title`}>
      <CardContent>
        <Typography id={`${id}-title`} component="h2" variant="h6">
          Linked accounts
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Log in with these as well as{' '}
          {identities.data?.hasPassword ? 'your password' : 'each other'}.
        </Typography>
        {linked.length > 0 && (
          <List aria-label="Linked accounts">
            {linked.map((identity) => (
              <ListItem
                key={identity.provider}
                disableGutters
                secondaryAction={
                  <Button
                    color="error"
                    loading={unlink.isPending && unlink.variables === identity.provider}
                    onClick={() => remove(identity.provider)}
                    aria-label={`Remove ${identity.name}`}
                  >
                    Remove
                  </Button>
                }
              >
                <ListItemIcon>
                  <ProviderIcon provider={identity.provider} />
                </ListItemIcon>
                <ListItemText
                  primary={identity.name}
                  secondary={[
                    identity.email,
                    `linked ${format(new Date(identity.createdAt), DATE_DISPLAY_FORMAT)}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        )}
        {linkable.map((provider) => (
          <Button
            key={provider.id}
            variant="outlined"
            sx={{ mr: 1, mt: 1 }}
            startIcon={<ProviderIcon provider={provider.id} />}
            loading={link.isPending && link.variables === provider.id}
            onClick={() => add(provider.id)}
          >
            Link {provider.name}
          </Button>
        ))}
      </CardContent>
    </Card>
  );
}
