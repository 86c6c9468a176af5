import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useRef } from 'react';
import { useSearchParams } from 'react-router';

import type {
  FeedbackGuest,
  FeedbackRequest,
  FeedbackState,
  SharedApplicant,
} from '@pathways/shared/feedback/feedback.schemas';

import { RetryAlert } from '../../../components/ui/retry-alert';
import { isAbortError } from '../../../lib/api-client';
import {
  useAnswerFeedback,
  useFeedbackRequests,
  useResendGuestLink,
  useRevokeGuest,
} from '../api/feedback-requests';
import { FeedbackForm } from './feedback-form';

const nameOf = (a: SharedApplicant) =>
  [a.candidate.firstName, a.candidate.lastName].filter(Boolean).join(' ') || 'Applicant';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-ZA', { day: 'numeric', month: 'short', year: 'numeric' });

function ApplicantSummary({ applicant }: { applicant: SharedApplicant }) {
  const name = nameOf(applicant);
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 0 }}>
      <Avatar src={applicant.candidate.avatarUrl ?? undefined} alt="">
        {name.slice(0, 1)}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography component="h3" variant="subtitle1">
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {applicant.opportunity.name} · profile {applicant.completion} % complete ·{' '}
          {applicant.eligible === null
            ? 'eligibility not checked yet'
            : applicant.eligible
              ? 'eligible'
              : 'not eligible'}
        </Typography>
      </Box>
    </Box>
  );
}

/** A request shared with me: stars and a comment per applicant, saved together. */
function AnswerForm({ request }: { request: FeedbackRequest }) {
  const answer = useAnswerFeedback();
  return (
    <FeedbackForm
      label={`Feedback for request ${request.id}`}
      applicants={request.applications.map((a) => ({
        id: a.id,
        name: nameOf(a),
        header: <ApplicantSummary applicant={a} />,
      }))}
      given={request.responses}
      onSave={(body) => answer.mutateAsync({ id: request.id, body })}
    />
  );
}

const guestState = (g: FeedbackGuest) =>
  g.revoked ? 'link withdrawn' : g.answered ? 'answered' : 'waiting';

/**
 * People outside I asked: each with their state, a way to withdraw a link still open and to
 * e-mail them a new one.
 */
function Guests({ request }: { request: FeedbackRequest }) {
  const revoke = useRevokeGuest();
  const resend = useResendGuestLink();
  const { enqueueSnackbar } = useSnackbar();
  if (request.guests.length === 0) return null;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        Asked outside:
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none' }}>
        {request.guests.map((g) => {
          const who = g.name ? `${g.name} (${g.email})` : g.email;
          return (
            <Box
              component="li"
              key={g.id}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}
            >
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {who}: {guestState(g)}
              </Typography>
              {!g.revoked && (
                <Button
                  size="small"
                  aria-label={`Withdraw the link of ${who}`}
                  loading={revoke.isPending && revoke.variables.guestId === g.id}
                  onClick={() =>
                    revoke.mutate(
                      { id: request.id, guestId: g.id },
                      {
                        onSuccess: () =>
                          enqueueSnackbar(`The link of ${who} no longer works`, {
                            variant: 'success',
                          }),
                        onError: (failure) => {
                          if (isAbortError(failure)) return;
                          enqueueSnackbar('The link could not be withdrawn. Please try again.', {
                            variant: 'error',
                          });
                        },
                      },
                    )
                  }
                >
                  Withdraw link
                </Button>
              )}
              <Button
                size="small"
                aria-label={`Send ${who} a new link`}
                loading={resend.isPending && resend.variables.guestId === g.id}
                onClick={() =>
                  resend.mutate(
                    { id: request.id, guestId: g.id },
                    {
                      onSuccess: () =>
                        enqueueSnackbar(`A new link is on its way to ${who}`, {
                          variant: 'success',
                        }),
                      onError: (failure) => {
                        if (isAbortError(failure)) return;
                        enqueueSnackbar('The new link could not be sent. Please try again.', {
                          variant: 'error',
                        });
                      },
                    },
                  )
                }
              >
                Send a new link
              </Button>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

/** A request I made: each applicant with the answers of those I asked. */
function Answers({ request }: { request: FeedbackRequest }) {
  return (
    <Stack spacing={2}>
      {request.responders.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          Asked:{' '}
          {request.responders
            .map((r) => `${r.name} (${r.answered ? 'answered' : 'waiting'})`)
            .join(', ')}
        </Typography>
      )}
      <Guests request={request} />
      {request.applications.map((a) => {
        const answers = request.responses.filter((r) => r.applicationId === a.id);
        return (
          <Box key={a.id}>
            <ApplicantSummary applicant={a} />
            {answers.length === 0 ? (
              <Typography variant="body2" sx={{ ml: 7 }}>
                No answer yet.
              </Typography>
            ) : (
              <Box component="ul" sx={{ ml: 7, pl: 0, listStyle: 'none' }}>
                {answers.map((r, i) => (
                  <li key={i}>
                    <Typography variant="body2">
                      <strong>{r.responder.name}</strong>:{' '}
                      {r.rating !== null ? `${r.rating} of 5 stars` : 'no rating'}
                      {r.comment ? ` · “${r.comment}”` : ''}
                    </Typography>
                  </li>
                ))}
              </Box>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}

// Which list the address shows (`?tab=mine`, `?state=answered`, `?page=2`), so Back, a reload
// and a shared link keep it; the defaults (open requests shared with me, first page) are left out.
const viewFrom = (params: URLSearchParams) => {
  const page = Number(params.get('page'));
  return {
    tab: params.get('tab') === 'mine' ? ('mine' as const) : ('shared' as const),
    state: params.get('state') === 'answered' ? ('answered' as const) : ('open' as const),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
};

function RequestList({
  scope,
  state,
  page,
  onPage,
}: {
  scope: 'shared' | 'mine';
  state: FeedbackState | undefined;
  page: number;
  onPage: (page: number) => void;
}) {
  const query = useFeedbackRequests(scope, state, page);
  if (query.isPending) return <LinearProgress aria-label="Loading the requests" />;
  if (query.isError) {
    return (
      <RetryAlert onRetry={() => void query.refetch()}>
        The requests could not be loaded.
      </RetryAlert>
    );
  }
  const { items, total, per } = query.data;
  const pages = Math.max(1, Math.ceil(total / per));
  // Shown whenever there is more than one page, and past the last one so the way back is there.
  const paging =
    pages > 1 || page > 1 ? (
      <Pagination
        count={Math.max(pages, page)}
        page={page}
        onChange={(_event, next) => onPage(next)}
        color="primary"
        siblingCount={0}
        aria-label="Pages of requests"
        sx={{ display: 'flex', justifyContent: 'center' }}
      />
    ) : null;
  if (items.length === 0) {
    return (
      <Stack spacing={2}>
        <Typography sx={{ py: 2 }}>
          {page > 1
            ? 'There are no more requests.'
            : scope === 'mine'
              ? 'You have not shared any applicants yet. Choose applicants in a workspace and use “Ask colleagues”.'
              : state === 'answered'
                ? 'You have not answered any request yet.'
                : 'Nothing is waiting for your opinion.'}
        </Typography>
        {paging}
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      {pages > 1 && (
        <Typography variant="body2" color="text.secondary" role="status">
          {total} requests · page {page} of {pages}
        </Typography>
      )}
      {items.map((request) => (
        <Card key={request.id} variant="outlined" component="article">
          <CardContent>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
              <Typography component="h2" variant="h6">
                {scope === 'mine'
                  ? `Shared ${day(request.createdAt)}`
                  : `From ${request.requestedBy?.name ?? 'a former colleague'}`}
              </Typography>
              <Chip
                size="small"
                color={request.state === 'answered' ? 'success' : 'default'}
                label={request.state === 'answered' ? 'Answered' : 'Open'}
              />
              {scope === 'shared' && (
                <Typography variant="body2" color="text.secondary">
                  {day(request.createdAt)}
                </Typography>
              )}
            </Box>
            {request.message && (
              <Typography variant="body2" sx={{ mb: 2, fontStyle: 'italic' }}>
                “{request.message}”
              </Typography>
            )}
            {request.role === 'responder' ? (
              <AnswerForm request={request} />
            ) : (
              <Answers request={request} />
            )}
          </CardContent>
        </Card>
      ))}
      {paging}
    </Stack>
  );
}

/** /client/shared_candidates: requests shared with me (open or answered) and made by me. */
export function SharedCandidatesView() {
  const [params, setParams] = useSearchParams();
  const { tab, state, page } = viewFrom(params);
  const top = useRef<HTMLDivElement>(null);
  // Another tab or state starts on its first page.
  const show = (next: { tab?: 'shared' | 'mine'; state?: FeedbackState; page?: number }) => {
    const view = { tab, state, page: 1, ...next };
    const updated = new URLSearchParams(params);
    for (const [key, value, fallback] of [
      ['tab', view.tab, 'shared'],
      ['state', view.tab === 'shared' ? view.state : 'open', 'open'],
      ['page', String(view.page), '1'],
    ] as const) {
      if (value === fallback) updated.delete(key);
      else updated.set(key, value);
    }
    setParams(updated);
    // A new page is read from its top.
    if (next.page !== undefined) top.current?.scrollIntoView?.({ block: 'start' });
  };
  return (
    <Box ref={top} sx={{ scrollMarginTop: 80 }}>
      <Tabs
        value={tab}
        onChange={(_e, value: 'shared' | 'mine') => show({ tab: value })}
        sx={{ mb: 2 }}
      >
        <Tab value="shared" label="Shared with me" />
        <Tab value="mine" label="Shared by me" />
      </Tabs>
      {tab === 'shared' && (
        <Box role="group" aria-label="Which requests" sx={{ display: 'flex', gap: 1, mb: 2 }}>
          {(['open', 'answered'] as const).map((value) => (
            <Button
              key={value}
              size="small"
              variant={state === value ? 'contained' : 'outlined'}
              aria-pressed={state === value}
              onClick={() => show({ state: value })}
            >
              {value === 'open' ? 'Open' : 'Answered'}
            </Button>
          ))}
        </Box>
      )}
      <RequestList
        scope={tab}
        state={tab === 'shared' ? state : undefined}
        page={page}
        onPage={(next) => show({ page: next })}
      />
    </Box>
  );
}
