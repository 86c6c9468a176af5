import { useParams } from 'react-router';

import { InterviewLinkPage } from '../../features/interview-links';

/** /interview-links/{token}: an interviewer without an account, from their e-mail. No sign-in. */
export default function InterviewLinkRoute() {
  const { token = '' } = useParams();
  return <InterviewLinkPage token={token} />;
}
