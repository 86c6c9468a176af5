import { ExplorerPage } from '../../features/analytics';

/** /client/analytics/explorer: one measure by one dimension, with filters and a CSV. */
export default function ClientAnalyticsExplorerPage() {
  return <ExplorerPage />;
}
