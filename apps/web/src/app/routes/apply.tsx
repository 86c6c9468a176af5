import { useParams } from 'react-router';

import { ApplyView } from '../../features/applications';
import NotFoundPage from './not-found';

/** /candidate/opportunities/{id}/apply */
export default function ApplyPage() {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  return <ApplyView key={id} opportunityId={id} notFound={<NotFoundPage />} />;
}
