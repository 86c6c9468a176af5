import { z } from 'zod';

// Live updates: one WebSocket per browser tab at /api/cable.
//
//   client → server  {type: 'auth', token}        first, and again whenever the token is refreshed
//   server → client  {type: 'ready'}              the token was accepted; events follow
//                    {type: 'event', event}       something the user may see has changed
//                    {type: 'resync'}             events may have been missed: fetch again
//
// Events carry ids and a kind only; the page fetches what changed through the usual API.
// The socket is closed with LIVE_CLOSE.unauthenticated when the token is missing, bad or
// expired or its session has ended; the client refreshes its token and connects again.

/** The path of the live socket. */
export const LIVE_PATH = '/api/cable';

/** Close codes of the live socket (4000–4999 are the application's own). */
export const LIVE_CLOSE = {
  /** No valid token in time, an expired token, or a session that has ended. */
  unauthenticated: 4401,
  /** The message was not understood. */
  badMessage: 4400,
} as const;

/** How long a new socket may take to send its token, in milliseconds. */
export const LIVE_AUTH_TIMEOUT_MS = 10_000;

const id = z.number().int().positive();

export const liveEvent = z.discriminatedUnion('kind', [
  /** A new message in the thread of an application. */
  z.object({ kind: z.literal('message'), applicationId: id, opportunityId: id }),
  /** Messages were read: unread counts changed. */
  z.object({ kind: z.literal('unread') }),
  /** A notification was created or dismissed. */
  z.object({ kind: z.literal('notifications') }),
  /** Applications changed state: a phase move, a regret, a withdrawal or an invite. */
  z.object({ kind: z.literal('application'), opportunityId: id }),
]);
export type LiveEvent = z.infer<typeof liveEvent>;
export type LiveEventKind = LiveEvent['kind'];

export const liveClientMessage = z.object({
  type: z.literal('auth'),
  token: z.string().min(1).max(4096),
});
export type LiveClientMessage = z.infer<typeof liveClientMessage>;

export const liveServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('event'), event: liveEvent }),
  z.object({ type: z.literal('resync') }),
]);
export type LiveServerMessage = z.infer<typeof liveServerMessage>;
