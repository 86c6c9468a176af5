import { Page } from '../../components/layouts/page';
import { AccountView } from '../../features/account/components/account-view';
import { AvatarCard } from '../../features/documents/components/avatar-card';

/** /candidate/account: the picture, e-mail, password, data export and account deletion. */
export default function AccountPage() {
  return (
    <Page title="Settings" maxWidth="md">
      <AccountView before={<AvatarCard />} />
    </Page>
  );
}
