import Stack from '@mui/material/Stack';

import { Page } from '../../components/layouts/page';
import { MailPreferencesCard } from '../../features/account/components/mail-preferences-card';
import { SharedCandidatesView } from '../../features/feedback/components/shared-candidates-view';

/**
 * /client/shared_candidates: applicants colleagues asked my opinion on, and the ones I shared;
 * below them, whether a new request also comes by e-mail.
 */
export default function ClientSharedCandidatesPage() {
  return (
    <Page
      title="Shared With Me"
      subtitle="Applicants your colleagues would like your opinion on, and the ones you shared."
    >
      <Stack spacing={3}>
        <SharedCandidatesView />
        <MailPreferencesCard side="client" />
      </Stack>
    </Page>
  );
}
