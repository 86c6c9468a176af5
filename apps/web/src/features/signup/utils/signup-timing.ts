import {
  SIGNUP_LOADER_MS,
  TYPING_BUBBLE_DELAY_MS,
  TYPING_MAX_MS,
  TYPING_MS_PER_CHAR,
} from '@pathways/shared/common/constants';

/** The sign-up conversation's pace. */
export interface SignupTiming {
  /** The loading bar shown before the conversation starts. */
  loaderMs: number;
  /** The pause before Pathways starts typing a message. */
  bubbleDelayMs: number;
  /** Typing time per character of a message. */
  msPerCharacter: number;
  /** The longest a message is typed for. */
  maxTypingMs: number;
}

export const defaultSignupTiming: SignupTiming = {
  loaderMs: SIGNUP_LOADER_MS,
  bubbleDelayMs: TYPING_BUBBLE_DELAY_MS,
  msPerCharacter: TYPING_MS_PER_CHAR,
  maxTypingMs: TYPING_MAX_MS,
};

/** No artificial waits: for people who asked for reduced motion, and for tests. */
export const instantSignupTiming: SignupTiming = {
  loaderMs: 0,
  bubbleDelayMs: 0,
  msPerCharacter: 0,
  maxTypingMs: 0,
};

/** How long a message is typed for: 50 ms a character, at most 2 s. */
export function typingDuration(text: string, timing: SignupTiming = defaultSignupTiming): number {
  return Math.min(text.length * timing.msPerCharacter, timing.maxTypingMs);
}

/** From the previous message to this one: the delay, then the typing. */
export function messageDelay(text: string, timing: SignupTiming = defaultSignupTiming): number {
  return timing.bubbleDelayMs + typingDuration(text, timing);
}
