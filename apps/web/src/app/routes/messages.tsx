import { Page } from '../../components/layouts/page';
import { MessagesView } from '../../features/messages';

/** /candidate/messages: conversations with organizations; `?application=` opens one thread. */
export default function MessagesPage() {
  return (
    <Page
      title="Messages"
      subtitle="Conversations with organizations about your applications."
      maxWidth="lg"
    >
      <MessagesView />
    </Page>
  );
}
