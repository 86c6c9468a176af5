import { useParams } from 'react-router';

import { FeedbackLinkPage } from '../../features/feedback/components/feedback-link-view';

/** /feedback-links/{token}: someone outside the organization, from their e-mail. No sign-in. */
export default function FeedbackLinkRoute() {
  const { token = '' } = useParams();
  return <FeedbackLinkPage token={token} />;
}
