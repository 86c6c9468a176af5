import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';

import type { FeedbackLinkView } from '@pathways/shared/feedback/feedback.schemas';

import { GuestCandidateDetails, LinkFrame, LinkLoadState, LinkPart } from '../../interview-links';
import { useAnswerFeedbackLink, useFeedbackLink } from '../api/feedback-link';
import { FeedbackForm } from './feedback-form';

const applicants = (n: number) => `${n} applicant${n === 1 ? '' : 's'}`;

/** How the page names a shared applicant: by name without blind review, else by number. */
const applicantName = (a: FeedbackLinkView['applications'][number], i: number) =>
  a.candidate.name ?? `Applicant ${i + 1}`;

/**
 * What someone outside the organization opens from their e-mail: who asks and why, each shared
 * applicant as the workspace's blind review allows, and a star rating and comment for each.
 */
export function FeedbackLinkContent({ token }: { token: string }) {
  const link = useFeedbackLink(token);
  const answer = useAnswerFeedbackLink(token);
  if (!link.isSuccess || token === '') {
    return <LinkLoadState token={token} query={link} what="feedback" />;
  }
  const view = link.data;
  const asker = view.requestedBy
    ? `${view.requestedBy} of ${view.organization}`
    : view.organization;
  return (
    <>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, mb: 0.5 }}>
        Your opinion on {applicants(view.applications.length)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {asker} asks what you think. Give each applicant a star rating, a comment, or both.
      </Typography>
      {view.message && (
        <Typography sx={{ mb: 2, fontStyle: 'italic', whiteSpace: 'pre-line' }}>
          “{view.message}”
        </Typography>
      )}
      {view.state === 'answered' && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          Your feedback is in. You may change it: saving again replaces it.
        </Alert>
      )}
      <FeedbackForm
        label="Your feedback"
        applicants={view.applications.map((a, i) => ({
          id: a.id,
          name: applicantName(a, i),
          header: (
            <>
              <Typography variant="body2" color="text.secondary">
                For {a.opportunity.name}
              </Typography>
              <GuestCandidateDetails candidate={a.candidate} showName={false} />
              <Typography component="h3" variant="subtitle1" sx={{ mt: 1 }}>
                Your opinion
              </Typography>
            </>
          ),
        }))}
        given={view.responses}
        onSave={(body) => answer.mutateAsync(body)}
        wrap={(children, a) => <LinkPart title={a.name}>{children}</LinkPart>}
      />
    </>
  );
}

/** The page of `/feedback-links/{token}`: no sign-in, not indexed, its address kept private. */
export function FeedbackLinkPage({ token }: { token: string }) {
  return (
    <LinkFrame>
      <FeedbackLinkContent token={token} />
    </LinkFrame>
  );
}
