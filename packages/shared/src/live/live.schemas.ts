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
// The first token is checked against the session; a later one must name the same user and
// session. A socket that sends more than LIVE_FRAME_LIMIT allows, or one past the number of
// sockets a user or an address may hold, is closed with LIVE_CLOSE.tooMany; the client then
// waits longer before connecting again.

/** The path of the live socket. */
export const LIVE_PATH = '/api/cable';

/** Close codes of the live socket (4000–4999 are the application's own). */
export const LIVE_CLOSE = {
  /** No valid token in time, an expired token, or a session that has ended. */
  unauthenticated: 4401,
  /** The message was not understood. */
  badMessage: 4400,
  /** Too many messages on this socket, or too many sockets for the account or the address. */
  tooMany: 4429,
} as const;

/**
 * Messages a socket may send: a burst of `burst`, then one more every `refillMs`. The client
 * sends its token on connecting and again on each refresh (every few minutes), far below this.
 */
export const LIVE_FRAME_LIMIT = { burst: 10, refillMs: 6_000 } as const;

/** Open sockets one user may hold across all of the API's processes (tabs and devices). */
export const LIVE_SOCKETS_PER_USER = 10;

/**
 * Open sockets, signed in or not, one address may hold across all of the API's processes; an
 * IPv6 /64 counts as one address. Generous, since many users may share an address behind a
 * carrier's NAT.
 */
export const LIVE_SOCKETS_PER_ADDRESS = 50;

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
