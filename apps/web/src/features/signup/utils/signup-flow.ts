import { formatDisplayDate } from '../../../lib/dates';
import type { SignupStepKey } from './signup-steps';

/** Where the conversation is: each stage shows its messages, then its input. */
export type SignupStage =
  | 'welcome'
  | 'about'
  | 'login'
  | 'loggedIn'
  | 'register'
  | 'confirmEmail'
  | 'changeEmail'
  | 'consent'
  | 'name'
  | 'identification'
  | 'confirmDetails'
  | 'finish';

export interface ChatEntry {
  id: number;
  from: 'pathways' | 'you';
  text: string;
}

export interface SignupContext {
  /** The campaign the dialog was opened on, by name; null elsewhere. */
  campaignName: string | null;
}

export interface SignupState {
  stage: SignupStage;
  entries: ChatEntry[];
  email: string | null;
  firstName: string | null;
  /** The date of birth the identification number stated, once given. */
  bornAt: string | null;
  context: SignupContext;
}

export type SignupAction =
  | { type: 'createAccount' }
  | { type: 'haveAccount' }
  | { type: 'whatIsPathways' }
  | { type: 'loggedIn'; firstName: string | null }
  | { type: 'registered'; email: string }
  /** Back from a social provider: a new account (created) or an existing one (signedIn). */
  | {
      type: 'socialSignedIn';
      outcome: 'created' | 'signedIn';
      providerName: string;
      email: string;
      firstName: string | null;
    }
  | { type: 'emailCorrect' }
  | { type: 'emailWrong' }
  | { type: 'emailChanged'; email: string }
  | { type: 'emailSkipped' }
  | { type: 'consented' }
  | { type: 'named'; firstName: string; lastName: string }
  /** `bornAt`: the date of birth the number states (a South African ID), saved with it. */
  | { type: 'identified'; summary: string; bornAt: string | null }
  | { type: 'confirmed' };

/** What Pathways says on arriving at a stage. */
export function stageMessages(stage: SignupStage, state: Omit<SignupState, 'stage' | 'entries'>) {
  const { campaignName } = state.context;
  const name = state.firstName ? `, ${state.firstName}` : '';
  switch (stage) {
    case 'welcome':
      return [
        campaignName
          ? `Hi! Welcome to Pathways. Let's get you ready for ${campaignName}.`
          : 'Hi! Welcome to Pathways.',
        'One free profile for jobs, bursaries and scholarships. What would you like to do?',
      ];
    case 'about':
      return [
        'Pathways matches students and graduates with jobs, bursaries and scholarships. You keep one profile, see at once what you qualify for and why, and apply in a few taps.',
        'What would you like to do?',
      ];
    case 'login':
      return ['Welcome back! Log in with your e-mail address and password.'];
    case 'loggedIn':
      return campaignName
        ? [`You're logged in${name}.`, `Here is how you match ${campaignName}:`]
        : [`You're logged in${name}. Where would you like to go?`];
    case 'register':
      return [
        "Great, let's create your account.",
        'Enter your e-mail address and choose a password.',
      ];
    case 'confirmEmail':
      return ['Your account is created.', `Is ${state.email ?? 'your e-mail address'} correct?`];
    case 'changeEmail':
      return ['No problem. What is your e-mail address?'];
    case 'consent':
      return [
        'We keep your details safe and share them only as our privacy policy says.',
        'Do you agree to the privacy policy?',
      ];
    case 'name':
      return ['What is your name?'];
    case 'identification':
      return [
        `Thanks${name}! Employers need to know who you are.`,
        'Where were you born, and what is your identification number?',
      ];
    case 'confirmDetails':
      return [
        ...(state.bornAt
          ? [
              `Your ID number says you were born on ${formatDisplayDate(state.bornAt)}, so that is your date of birth on your profile.`,
            ]
          : []),
        'Almost done. Please confirm that these details are accurate.',
      ];
    case 'finish':
      return ["You're all set!", 'Keep your profile up to date to see everything you qualify for.'];
  }
}

export function initialSignupState(context: SignupContext): SignupState {
  const base = { email: null, firstName: null, bornAt: null, context };
  return {
    ...base,
    stage: 'welcome',
    entries: stageMessages('welcome', base).map((text, i) => ({ id: i, from: 'pathways', text })),
  };
}

function go(
  state: SignupState,
  stage: SignupStage,
  reply: string | null,
  patch: Partial<SignupState> = {},
): SignupState {
  const next = { ...state, ...patch, stage };
  let id = state.entries.length;
  const said: ChatEntry[] = reply ? [{ id: id++, from: 'you', text: reply }] : [];
  for (const text of stageMessages(stage, next)) said.push({ id: id++, from: 'pathways', text });
  return { ...next, entries: [...state.entries, ...said] };
}

/** Which actions each stage takes; anything else leaves the state as it is. */
const allowed: Record<SignupStage, readonly SignupAction['type'][]> = {
  welcome: ['createAccount', 'haveAccount', 'whatIsPathways', 'socialSignedIn'],
  about: ['createAccount', 'haveAccount', 'whatIsPathways'],
  login: ['loggedIn', 'createAccount'],
  loggedIn: [],
  register: ['registered', 'haveAccount', 'socialSignedIn'],
  confirmEmail: ['emailCorrect', 'emailWrong'],
  changeEmail: ['emailChanged', 'emailSkipped'],
  consent: ['consented'],
  name: ['named'],
  identification: ['identified'],
  confirmDetails: ['confirmed'],
  finish: [],
};

/** The sign-up conversation's transitions. */
export function signupReducer(state: SignupState, action: SignupAction): SignupState {
  if (!allowed[state.stage].includes(action.type)) return state;
  switch (action.type) {
    case 'createAccount':
      return go(state, 'register', 'Create an account');
    case 'haveAccount':
      return go(state, 'login', 'I have an account');
    case 'whatIsPathways':
      return go(state, 'about', 'What is Pathways?');
    case 'loggedIn':
      return go(state, 'loggedIn', null, { firstName: action.firstName });
    case 'registered':
      return go(state, 'confirmEmail', null, { email: action.email });
    case 'socialSignedIn': {
      // A new account is asked about its e-mail address; an existing one goes to the end.
      const reply = `Continue with ${action.providerName}`;
      return action.outcome === 'created'
        ? go(state, 'confirmEmail', reply, { email: action.email })
        : go(state, 'loggedIn', reply, { firstName: action.firstName });
    }
    case 'emailCorrect':
      return go(state, 'consent', 'Yes');
    case 'emailWrong':
      return go(state, 'changeEmail', 'No');
    case 'emailChanged':
      return go(state, 'consent', action.email, { email: action.email });
    case 'emailSkipped':
      return go(state, 'consent', 'Skip');
    case 'consented':
      return go(state, 'name', 'I agree');
    case 'named':
      return go(state, 'identification', `${action.firstName} ${action.lastName}`, {
        firstName: action.firstName,
      });
    case 'identified':
      return go(state, 'confirmDetails', action.summary, { bornAt: action.bornAt });
    case 'confirmed':
      return go(state, 'finish', 'I confirm these details are accurate');
  }
}

/** The progress bar's step a stage belongs to. */
export function stepOfStage(stage: SignupStage): SignupStepKey {
  switch (stage) {
    case 'name':
      return 'name';
    case 'identification':
      return 'identification';
    case 'confirmDetails':
    case 'finish':
      return 'finish';
    default:
      return 'email';
  }
}

/** How many progress steps are done at a stage (all four once the conversation finishes). */
export function completedSteps(stage: SignupStage): number {
  switch (stage) {
    case 'name':
      return 1;
    case 'identification':
      return 2;
    case 'confirmDetails':
      return 3;
    case 'finish':
      return 4;
    default:
      return 0;
  }
}

/** Whether the stage belongs to creating an account (the progress bar shows then). */
export const isCreatePath = (stage: SignupStage) =>
  stage !== 'welcome' && stage !== 'about' && stage !== 'login' && stage !== 'loggedIn';
