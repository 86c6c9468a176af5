import Alert from '@mui/material/Alert';

import { Page } from '../../components/layouts/page';
import { useRouteTitle } from '../page-title';

/** The frame of a page not built yet: real route, guard and title, and a note that it is not available yet. */
export default function NotAvailablePage() {
  const title = useRouteTitle();
  return (
    <Page title={title}>
      <Alert severity="info">This part of Pathways is not available yet.</Alert>
    </Page>
  );
}
