import Alert from '@mui/material/Alert';

import { Page } from '../../components/layouts/page';
import { useRouteTitle } from '../page-title';

/** The frame of a page a later issue builds: real route, guard and title, no content yet. */
export default function NotAvailablePage() {
  const title = useRouteTitle();
  return (
    <Page title={title}>
      <Alert severity="info">This part of Pathways is not available yet.</Alert>
    </Page>
  );
}
