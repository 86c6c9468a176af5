import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

import type {
  FeedbackRequest,
  FeedbackState,
  SharedApplicant,
} from '@pathways/shared/feedback/feedback.schemas';

import { RetryAlert } from '../../../components/ui/retry-alert';
import { isAbortError, isApiError } from '../../../lib/api-client';
import { useAnswerFeedback, useFeedbackRequests } from '../api/feedback-requests';

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

type Draft = Record<number, { rating: number | null; comment: string }>;

/** A request shared with me: stars and a comment per applicant, saved together. */
function AnswerForm({ request }: { request: FeedbackRequest }) {
  const answer = useAnswerFeedback();
  const { enqueueSnackbar } = useSnackbar();
  const [draft, setDraft] = useState<Draft>(() =>
    Object.fromEntries(
      request.applications.map((a) => {
        const mine = request.responses.find((r) => r.applicationId === a.id);
        return [a.id, { rating: mine?.rating ?? null, comment: mine?.comment ?? '' }];
      }),
    ),
  );
  const [error, setError] = useState<string | null>(null);
  const given = request.applications.filter(
    (a) => draft[a.id]!.rating !== null || draft[a.id]!.comment.trim() !== '',
  );

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (given.length === 0) {
      setError('Rate or comment on at least one applicant');
      return;
    }
    try {
      await answer.mutateAsync({
        id: request.id,
        body: {
          responses: given.map((a) => ({
            applicationId: a.id,
            rating: draft[a.id]!.rating,
            comment: draft[a.id]!.comment,
          })),
        },
      });
      setError(null);
      enqueueSnackbar('Your feedback was saved', { variant: 'success' });
    } catch (failure) {
      if (isAbortError(failure)) return;
      const errors = isApiError(failure) ? Object.values(failure.fieldErrors).flat() : [];
      setError(errors.join(' ') || 'Your feedback could not be saved. Please try again.');
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void save(e)}
      aria-label={`Feedback for request ${request.id}`}
    >
      <Stack spacing={2}>
        {request.applications.map((a) => {
          const name = nameOf(a);
          const entry = draft[a.id]!;
          return (
            <Box key={a.id} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
              <ApplicantSummary applicant={a} />
              <Box
                role="group"
                aria-label={`Rating for ${name}`}
                sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
              >
                <Rating
                  name={`rating-${request.id}-${a.id}`}
                  value={entry.rating}
                  getLabelText={(stars) => `${stars} star${stars === 1 ? '' : 's'}`}
                  emptyLabelText="Not rated"
                  onChange={(_e, rating) =>
                    setDraft((d) => ({ ...d, [a.id]: { ...entry, rating } }))
                  }
                />
              </Box>
              <TextField
                label={`Comment on ${name}`}
                multiline
                minRows={1}
                size="small"
                value={entry.comment}
                onChange={(e) =>
                  setDraft((d) => ({ ...d, [a.id]: { ...entry, comment: e.target.value } }))
                }
                slotProps={{ htmlInput: { maxLength: 2000 } }}
              />
            </Box>
          );
        })}
        {error && (
          <Typography role="alert" color="error" variant="body2">
            {error}
          </Typography>
        )}
        <Box>
          <Button type="submit" variant="contained" loading={answer.isPending}>
            Save feedback
          </Button>
        </Box>
      </Stack>
    </form>
  );
}

/** A request I made: each applicant with my colleagues' answers. */
function Answers({ request }: { request: FeedbackRequest }) {
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        Asked:{' '}
        {request.responders
          .map((r) => `${r.name} (${r.answered ? 'answered' : 'waiting'})`)
          .join(', ')}
      </Typography>
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
                {answers.map((r) => (
                  <li key={r.responder.id}>
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
