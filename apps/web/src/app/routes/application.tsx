import { useParams } from 'react-router';

import { ApplicationView } from '../../features/applications';
import NotFoundPage from './not-found';

/** /candidate/applications/{id}: another candidate's application is not found, like a missing one. */
export default function ApplicationPage() {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  return <ApplicationView key={id} id={id} notFound={<NotFoundPage />} />;
}
