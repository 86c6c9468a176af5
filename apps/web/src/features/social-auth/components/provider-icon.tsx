import Facebook from '@mui/icons-material/Facebook';
import Google from '@mui/icons-material/Google';
import LinkedIn from '@mui/icons-material/LinkedIn';

import type { SocialProvider } from '@pathways/shared/social-auth/social-auth.schemas';

/** The provider's mark, beside its name (decorative: the name says which). */
export function ProviderIcon({ provider }: { provider: SocialProvider }) {
  switch (provider) {
    case 'google':
      return <Google aria-hidden />;
    case 'facebook':
      return <Facebook aria-hidden />;
    case 'linkedin':
      return <LinkedIn aria-hidden />;
  }
}
