import { Page } from '../../components/layouts/page';
import { DocumentsView } from '../../features/documents/components/documents-view';

/** /candidate/documents: uploaded documents by kind; `?kind=` points at one kind's upload. */
export default function DocumentsPage() {
  return (
    <Page
      title="My documents"
      subtitle="Organizations ask for these when you apply. Upload each once; replace it when it changes."
      maxWidth="md"
    >
      <DocumentsView />
    </Page>
  );
}
