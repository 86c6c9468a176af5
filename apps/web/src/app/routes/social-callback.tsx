import { SocialCallback } from '../../features/social-auth';

/** /candidate/auth/{provider}: where a round trip to Google, Facebook or LinkedIn comes back. */
export default function SocialCallbackPage() {
  return <SocialCallback />;
}
