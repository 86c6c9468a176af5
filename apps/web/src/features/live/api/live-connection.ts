import {
  LIVE_CLOSE,
  LIVE_PATH,
  liveServerMessage,
  type LiveEvent,
} from '@pathways/shared/live/live.schemas';

import { delayAfterClose } from './backoff';

export type LiveStatus = 'connecting' | 'open' | 'closed';

export interface LiveConnectionOptions {
  /** The current access token, or null once signed out. */
  token: () => string | null;
  onEvent: (event: LiveEvent) => void;
  /** Connected again after a drop, or told events were missed: fetch what may be stale. */
  onResync: () => void;
  /** The server refused the token or the session ended. */
  onUnauthenticated: () => void;
  onStatus?: (status: LiveStatus) => void;
  /** The socket's address; by default /api/cable on this page's host, wss: under https:. */
  url?: string;
}

function defaultUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${LIVE_PATH}`;
}

/**
 * One live socket for this tab. It signs in with the access token as its first message (never in
 * the address), sends a refreshed token when the stored one changes, and after a drop connects
 * again with exponential backoff and jitter, then asks for a resync. A page hidden or offline
 * does not stop it; coming back online connects at once, unless the server refused the socket
 * as one too many: then it waits a minute or more, whatever happens meanwhile.
 */
export class LiveConnection {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  /** Waiting out a refusal for too many sockets: nothing connects before the wait is over. */
  private holdingOff = false;
  private sentToken: string | null = null;
  private readonly options: LiveConnectionOptions;

  constructor(options: LiveConnectionOptions) {
    this.options = options;
  }

  start() {
    this.stopped = false;
    window.addEventListener('online', this.connectNow);
    this.connect();
  }

  stop() {
    this.stopped = true;
    this.holdingOff = false;
    clearTimeout(this.timer);
    window.removeEventListener('online', this.connectNow);
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'Signed out');
    this.options.onStatus?.('closed');
  }

  /** The stored token changed: send it on the open socket, or connect with it now. */
  tokenChanged() {
    const token = this.options.token();
    if (!token) {
      this.stop();
      return;
    }
    if (this.socket?.readyState === WebSocket.OPEN) {
      if (token !== this.sentToken) this.authenticate(this.socket, token);
    } else if (!this.socket) {
      this.connectNow();
    }
  }

  private readonly connectNow = () => {
    if (this.stopped || this.socket || this.holdingOff) return;
    clearTimeout(this.timer);
    this.attempt = 0;
    this.connect();
  };

  private authenticate(socket: WebSocket, token: string) {
    this.sentToken = token;
    socket.send(JSON.stringify({ type: 'auth', token }));
  }

  private connect() {
    const token = this.options.token();
    if (this.stopped || !token) return;
    this.options.onStatus?.('connecting');
    const socket = new WebSocket(this.options.url ?? defaultUrl());
    this.socket = socket;
    socket.addEventListener('open', () => {
      const current = this.options.token();
      if (current) this.authenticate(socket, current);
    });
    socket.addEventListener('message', (message) => this.receive(message));
    socket.addEventListener('close', (close) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.sentToken = null;
      this.options.onStatus?.('closed');
      if (this.stopped) return;
      if (close.code === LIVE_CLOSE.unauthenticated) this.options.onUnauthenticated();
      // Refused for too many sockets: neither a new token nor coming online cuts the wait.
      this.holdingOff = close.code === LIVE_CLOSE.tooMany;
      this.timer = setTimeout(
        () => {
          this.holdingOff = false;
          this.connect();
        },
        delayAfterClose(close.code, this.attempt),
      );
      this.attempt += 1;
    });
  }

  private receive(message: MessageEvent) {
    let parsed;
    try {
      parsed = liveServerMessage.safeParse(JSON.parse(String(message.data)));
    } catch {
      return;
    }
    if (!parsed.success) return;
    const data = parsed.data;
    if (data.type === 'ready') {
      // Back after a drop: events sent while this tab was away are lost, so fetch what they
      // would have said. (A refreshed token on an open socket is answered with `ready` too.)
      if (this.attempt > 0) this.options.onResync();
      this.attempt = 0;
      this.options.onStatus?.('open');
    } else if (data.type === 'resync') {
      this.options.onResync();
    } else {
      this.options.onEvent(data.event);
    }
  }
}
