import { Navigate, useLocation } from 'react-router';

import { PageLoading } from '../../components/ui/page-loading';
import { legacyAliasSegment, useCampaignAlias } from '../../features/campaigns';
import NotFoundPage from './not-found';

/**
 * Any path no route knows. About 85 old short campaign paths (`/KPMG`, programme codes) are
 * data: a one-segment path is looked up as a campaign alias and, when it is one, replaced by
 * its campaign page, query and hash kept. Everything else, and any failed lookup, is not found.
 */
export default function UnknownPathPage() {
  const { pathname, search, hash } = useLocation();
  const segment = legacyAliasSegment(pathname);
  const alias = useCampaignAlias(segment);

  if (alias.data) return <Navigate replace to={`${alias.data.path}${search}${hash}`} />;
  if (segment !== null && alias.isPending) return <PageLoading />;
  return <NotFoundPage />;
}
