import { Page } from '../../components/layouts/page';
import { ClientInbox } from '../../features/messages';

/** /client/messages: conversations with the applicants of the workspaces I may see. */
export default function ClientMessagesPage() {
  return (
    <Page title="Messages" subtitle="Conversations with applicants, newest first.">
      <ClientInbox />
    </Page>
  );
}
