import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccountCard } from './delete-account-card';
import { DocumentDownloadsCard } from './document-downloads-card';
import { ExportDataCard } from './export-data-card';
import { MailPreferencesCard } from './mail-preferences-card';
import { TimeZoneCard } from './time-zone-card';
import { LinkedProvidersCard } from '../../social-auth';

/**
 * The settings page: e-mail, password, linked social accounts, which notifications come by e-mail,
 * the time zone times are shown in, who downloaded the candidate's documents, the data
 * export and deleting the account.
 */
export function AccountView({ before }: { before?: ReactNode }) {
  return (
    <Stack spacing={2}>
      {before}
      <ChangeEmailForm />
      <ChangePasswordForm />
      <LinkedProvidersCard />
      <MailPreferencesCard />
      <TimeZoneCard />
      <DocumentDownloadsCard />
      <ExportDataCard />
      <DeleteAccountCard />
    </Stack>
  );
}
