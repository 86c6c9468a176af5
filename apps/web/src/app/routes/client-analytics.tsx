import { AnalyticsPage } from '../../features/analytics';

/** /client/analytics: who applies, where they drop out, where they come from. */
export default function ClientAnalyticsPage() {
  return <AnalyticsPage />;
}
