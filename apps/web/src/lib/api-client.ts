import type { ErrorCode, FieldErrors } from '@pathways/shared/common/errors';
import type { ZodType } from 'zod';

import { env } from '../config/env';
import { tokenStore } from './session/token-store';

/** An answer other than 2xx, with the parts of the error body (shared common/errors.ts). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode | 'no_content' | 'unknown';
  readonly fieldErrors: FieldErrors;
  readonly isBlocked: boolean;
  /** Seconds to wait, from a 429's Retry-After header. */
  readonly retryAfter: number | null;
  /** The rest of the error body (a 409 on apply names the existing `applicationId`). */
  readonly details: Record<string, unknown>;

  constructor(
    status: number,
    body: {
      code?: ApiError['code'];
      message?: string;
      errors?: FieldErrors;
      isBlocked?: boolean;
    } = {},
    retryAfter: number | null = null,
    details: Record<string, unknown> = {},
  ) {
    super(body.message ?? `Request failed with status ${status}`);
    this.status = status;
    this.code = body.code ?? 'unknown';
    this.fieldErrors = body.errors ?? {};
    this.isBlocked = body.isBlocked ?? false;
    this.retryAfter = retryAfter;
    this.details = details;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Cancelled requests (a superseded query, a closed page) are ignored silently. */
export const isAbortError = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'AbortError';

type SessionExpiredHandler = () => void;
let sessionExpiredHandler: SessionExpiredHandler | null = null;
/** The token whose session has ended, until the handler has dealt with it. */
let expiredToken: string | null = null;
let handledToken: string | null = null;

function runHandler(token: string) {
  if (!sessionExpiredHandler || handledToken === token) return;
  handledToken = token;
  expiredToken = null;
  sessionExpiredHandler();
}

/**
 * The app registers what a 401 on a signed-in request does (log out, tell, go to /login).
 * The handler loads with the signed-in shell; an expiry noticed before that is kept and
 * handled as soon as it registers.
 */
export function onSessionExpired(handler: SessionExpiredHandler | null): () => void {
  sessionExpiredHandler = handler;
  if (handler && expiredToken && tokenStore.get() === expiredToken) runHandler(expiredToken);
  return () => {
    if (sessionExpiredHandler === handler) sessionExpiredHandler = null;
  };
}

/** Ends the session of a token once; a newer login in the meantime is left alone. */
export function expireSession(tokenUsed: string) {
  if (tokenStore.get() !== tokenUsed) return;
  if (sessionExpiredHandler) runHandler(tokenUsed);
  else expiredToken = tokenUsed;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal | undefined;
  /**
   * Parses the response; without it the JSON is returned as is (or undefined for 204). A
   * function loads the schema when the request is made (`() => import(…).then(…)`), so a page
   * whose first data came with its HTML does not load the schemas, nor zod, until it asks the
   * API itself; the schema then loads while the request is under way.
   */
  schema?: ZodType<T> | (() => Promise<ZodType<T>>);
  /**
   * Whether a 401 on this call means the stored session has ended. Off for login, where
   * 401 means wrong credentials, and for logout.
   */
  sessionCall?: boolean;
  /**
   * A session held apart from the stored one (the sign-up conversation keeps the account it
   * creates until it ends): its token is sent, a token the answer issues goes to `onToken`,
   * and a 401 leaves the stored session alone.
   */
  ownSession?: { token: string | null; onToken: (token: string) => void };
}

type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/**
 * How requests reach the API. The browser uses fetch; the server rendering a public page
 * answers the same requests in-process.
 */
export function setApiTransport(send: Transport) {
  transport = send;
}

function buildUrl(path: string, query: RequestOptions<unknown>['query']): string {
  const url = `${env.apiBase}/${path.replace(/^\//, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorFromBody(response: Response, body: unknown): ApiError {
  const retryAfterHeader = response.headers.get('Retry-After');
  const retryAfter =
    retryAfterHeader && /^\d+$/.test(retryAfterHeader) ? Number(retryAfterHeader) : null;
  if (typeof body !== 'object' || body === null)
    return new ApiError(response.status, {}, retryAfter);
  const { code, message, errors, isBlocked, ...details } = body as Record<string, unknown>;
  const fieldErrors: FieldErrors = {};
  if (typeof errors === 'object' && errors !== null) {
    for (const [field, messages] of Object.entries(errors)) {
      if (Array.isArray(messages)) fieldErrors[field] = messages.map(String);
    }
  }
  return new ApiError(
    response.status,
    {
      ...(typeof code === 'string' ? { code: code as ErrorCode } : {}),
      ...(typeof message === 'string' ? { message } : {}),
      errors: fieldErrors,
      isBlocked: isBlocked === true,
    },
    retryAfter,
    details,
  );
}

/**
 * The one way the web app calls the API: JSON in and out, the bearer token sent and
 * renewed from the `Authorization` response header, errors as ApiError, and a 401 on a
 * signed-in call ending the session.
 */
export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const { method = 'GET', body, query, signal, sessionCall = true, ownSession } = options;
  const schema = typeof options.schema === 'function' ? options.schema() : options.schema;
  // A schema still loading when the request fails is not waited for; its failure is not the answer.
  if (schema instanceof Promise) schema.catch(() => undefined);
  const token = ownSession ? ownSession.token : tokenStore.get();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  const response = await transport(buildUrl(path, query), {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
    signal: signal ?? null,
    credentials: 'same-origin',
  });

  const issued = response.headers.get('Authorization');
  if (issued && /^Bearer\s+\S+$/i.test(issued)) {
    const renewed = issued.replace(/^Bearer\s+/i, '');
    if (ownSession) ownSession.onToken(renewed);
    else tokenStore.set(renewed);
  }

  if (!response.ok) {
    const error = errorFromBody(response, await readJson(response));
    if (response.status === 401 && token && sessionCall && !ownSession) expireSession(token);
    throw error;
  }

  const data = response.status === 204 ? undefined : await readJson(response);
  if (!schema) return data as T;
  if (data === undefined) throw new ApiError(response.status, { code: 'no_content' });
  return (await schema).parse(data);
}
