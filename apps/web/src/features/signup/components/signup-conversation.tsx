import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { landingPath } from '@pathways/shared/auth/access';
import type { PublicCampaign } from '@pathways/shared/campaigns/campaigns.schemas';
import { paths } from '@pathways/shared/navigation/paths';

import { tokenStore } from '../../../lib/session/token-store';
import { useCampaign } from '../../campaigns';
import {
  clearSignupHandoff,
  peekSignupHandoff,
  SocialButtons,
  type SignupHandoff,
} from '../../social-auth';
import { socialProviderNames } from '@pathways/shared/social-auth/social-auth.schemas';
import { campaignSlugOf, finalDestination } from '../utils/signup-destination';
import {
  completedSteps,
  initialSignupState,
  isCreatePath,
  signupReducer,
  type SignupAction,
} from '../utils/signup-flow';
import {
  defaultSignupTiming,
  instantSignupTiming,
  messageDelay,
  type SignupTiming,
} from '../utils/signup-timing';
import {
  ChangeEmailStep,
  ConsentStep,
  LoginStep,
  RegisterStep,
  type SignedIn,
} from './account-steps';
import { ChatBubble, TypingBubble } from './chat-bubble';
import { SignupEligibilities } from './signup-eligibilities';
import { IdentificationStep, NameStep } from './profile-steps';
import { SignupProgress } from './signup-progress';

interface Props {
  /** Closes the dialog. */
  onClose: () => void;
  /** The conversation's pace; the product's pace by default, none for reduced motion. */
  timing?: SignupTiming;
}

/**
 * The guided sign-up conversation: a loading bar, then Pathways' messages
 * one after another, each after a typing bubble, and the candidate's answers.
 */
export function SignupConversation({ onClose, timing }: Props) {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const pace = timing ?? (reducedMotion ? instantSignupTiming : defaultSignupTiming);
  const { pathname } = useLocation();
  const slug = campaignSlugOf(pathname);
  const campaign = useCampaign(slug);
  const [loaderDone, setLoaderDone] = useState(pace.loaderMs <= 0);

  useEffect(() => {
    if (loaderDone) return;
    const timer = setTimeout(() => setLoaderDone(true), pace.loaderMs);
    return () => clearTimeout(timer);
  }, [loaderDone, pace.loaderMs]);

  const campaignReady = slug === null || !campaign.isPending;
  if (!loaderDone || !campaignReady) {
    return (
      <Box sx={{ py: 4, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography color="text.secondary" id="signup-loading">
          Getting things ready…
        </Typography>
        <LinearProgress aria-labelledby="signup-loading" />
      </Box>
    );
  }
  return <Conversation onClose={onClose} pace={pace} campaign={campaign.data ?? null} />;
}

function Conversation({
  onClose,
  pace,
  campaign,
}: {
  onClose: () => void;
  pace: SignupTiming;
  campaign: PublicCampaign | null;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Back from a provider the sign-up started with, the conversation goes on with its account.
  const [handoff] = useState<SignupHandoff | null>(peekSignupHandoff);
  useEffect(() => {
    if (handoff) clearSignupHandoff();
  }, [handoff]);
  const [state, dispatch] = useReducer(
    signupReducer,
    { campaignName: campaign?.name ?? null },
    (context) => {
      const initial = initialSignupState(context);
      if (!handoff) return initial;
      return signupReducer(initial, {
        type: 'socialSignedIn',
        outcome: handoff.outcome,
        providerName: socialProviderNames[handoff.provider],
        email: handoff.user.email,
        firstName: handoff.user.firstName,
      });
    },
  );
  const [shown, setShown] = useState(0);
  const [session, setSession] = useState<(SignedIn & { password?: string }) | null>(
    handoff ? { user: handoff.user, token: handoff.token } : null,
  );
  // The account to hand over when the dialog closes part-way.
  const pending = useRef(session);
  useEffect(() => {
    pending.current = session;
  }, [session]);
  const inputRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);

  const next = state.entries[shown];
  const ready = shown >= state.entries.length;

  // Pathways' messages come one at a time, each after its typing time; answers at once.
  useEffect(() => {
    if (!next) return;
    const wait = next.from === 'you' ? 0 : messageDelay(next.text, pace);
    const timer = setTimeout(() => setShown((count) => count + 1), wait);
    return () => clearTimeout(timer);
  }, [next, pace]);

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [shown, ready]);

  // The new question's input takes the focus.
  useEffect(() => {
    if (!ready) return;
    const target = inputRef.current?.querySelector<HTMLElement>(
      'input:not([type="hidden"]), select, button, a[href]',
    );
    target?.focus();
  }, [ready, state.stage]);

  /** Makes the account the signed-in one and reloads what depends on it. */
  const commit = useCallback(() => {
    const signedIn = pending.current;
    if (!signedIn) return;
    pending.current = null;
    tokenStore.set(signedIn.token);
    void queryClient.invalidateQueries({ queryKey: ['candidate'] });
    void queryClient.invalidateQueries({ queryKey: ['auth', 'user'] });
    void queryClient.invalidateQueries({ queryKey: ['campaigns', 'eligibilities'] });
  }, [queryClient]);

  const handOver = (to: string) => {
    commit();
    void navigate(to);
  };

  // Closing part-way keeps an account already made, signed in.
  useEffect(() => commit, [commit]);

  const act = (action: SignupAction) => dispatch(action);
  const destination = finalDestination(campaign);
  const token = session?.token ?? '';

  let input: ReactNode = null;
  switch (state.stage) {
    case 'welcome':
    case 'about':
      input = (
        <Choices>
          <Button variant="contained" onClick={() => act({ type: 'createAccount' })}>
            Create an account
          </Button>
          <Button variant="outlined" onClick={() => act({ type: 'haveAccount' })}>
            I have an account
          </Button>
          <Button variant="outlined" onClick={() => act({ type: 'whatIsPathways' })}>
            What is Pathways?
          </Button>
          <Button onClick={onClose}>Come back later</Button>
        </Choices>
      );
      break;
    case 'login':
      input = (
        <>
          <LoginStep
            onLoggedIn={(signedIn) => {
              pending.current = signedIn;
              setSession(signedIn);
              if (signedIn.user.role !== 'candidate') {
                handOver(landingPath({ role: signedIn.user.role }));
                return;
              }
              act({ type: 'loggedIn', firstName: signedIn.user.firstName });
            }}
          />
          <Button
            sx={{ mt: 1, display: 'flex', mx: 'auto' }}
            onClick={() => act({ type: 'createAccount' })}
          >
            Create an account instead
          </Button>
        </>
      );
      break;
    case 'loggedIn':
      input = (
        <>
          {campaign && <SignupEligibilities campaignId={campaign.id} token={token} />}
          <Choices>
            <Button variant="contained" onClick={() => handOver(paths.candidate.profile)}>
              Update my profile
            </Button>
            <Button variant="outlined" onClick={() => handOver(destination.to)}>
              {destination.label}
            </Button>
          </Choices>
        </>
      );
      break;
    case 'register':
      input = (
        <>
          <SocialButtons campaignId={campaign?.id ?? null} signup />
          <RegisterStep
            campaignId={campaign?.id ?? null}
            onRegistered={(signedIn) => {
              pending.current = signedIn;
              setSession(signedIn);
              act({ type: 'registered', email: signedIn.user.email });
            }}
          />
          <Button
            sx={{ mt: 1, display: 'flex', mx: 'auto' }}
            onClick={() => act({ type: 'haveAccount' })}
          >
            I already have an account
          </Button>
        </>
      );
      break;
    case 'confirmEmail':
      input = (
        <Choices>
          <Button variant="contained" onClick={() => act({ type: 'emailCorrect' })}>
            Yes
          </Button>
          <Button variant="outlined" onClick={() => act({ type: 'emailWrong' })}>
            No
          </Button>
        </Choices>
      );
      break;
    case 'changeEmail':
      input = (
        <ChangeEmailStep
          token={token}
          password={session?.password ?? ''}
          onChanged={(email) => act({ type: 'emailChanged', email })}
          onSkip={() => act({ type: 'emailSkipped' })}
        />
      );
      break;
    case 'consent':
      input = <ConsentStep token={token} onConsented={() => act({ type: 'consented' })} />;
      break;
    case 'name':
      input = (
        <NameStep
          token={token}
          onNamed={({ firstName, lastName }) => act({ type: 'named', firstName, lastName })}
        />
      );
      break;
    case 'identification':
      input = (
        <IdentificationStep
          token={token}
          onIdentified={(summary, bornAt) => act({ type: 'identified', summary, bornAt })}
        />
      );
      break;
    case 'confirmDetails':
      input = (
        <Choices>
          <Button variant="contained" onClick={() => act({ type: 'confirmed' })}>
            I confirm these details are accurate
          </Button>
        </Choices>
      );
      break;
    case 'finish':
      input = (
        <Choices>
          <Button variant="contained" size="large" onClick={() => handOver(destination.to)}>
            {destination.label}
          </Button>
        </Choices>
      );
      break;
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
      {isCreatePath(state.stage) && (
        <Box
          sx={{ position: 'sticky', top: 0, zIndex: 1, bgcolor: 'background.paper', pt: 1, pb: 1 }}
        >
          <SignupProgress completed={completedSteps(state.stage)} />
        </Box>
      )}
      <Box
        role="log"
        aria-live="polite"
        aria-label="Conversation with Pathways"
        sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
      >
        {state.entries.slice(0, shown).map((entry) => (
          <ChatBubble key={entry.id} from={entry.from}>
            {entry.text}
          </ChatBubble>
        ))}
        {next && next.from === 'pathways' && <TypingBubble />}
      </Box>
      {ready && (
        <Box ref={inputRef} sx={{ mt: 1 }}>
          {input}
        </Box>
      )}
      <div ref={endRef} />
    </Box>
  );
}

function Choices({ children }: { children: ReactNode }) {
  return (
    <Box
      role="group"
      aria-label="Your answer"
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'stretch' }}
    >
      {children}
    </Box>
  );
}
