import type { ZodType } from 'zod';

import { apiRequest } from '../../../lib/api-client';

/**
 * The conversation's calls. An account created or logged into in the dialog stays with the
 * conversation until it ends: the dialog is for guests, and the app counts the user as signed
 * in only once the conversation hands the session over (signup-conversation.tsx).
 */
export async function signupRequest<T>(
  path: string,
  options: {
    method?: 'GET' | 'POST' | 'PATCH';
    body?: unknown;
    token?: string | null;
    schema: ZodType<T>;
    signal?: AbortSignal;
  },
): Promise<{ data: T; token: string | null }> {
  const { method = 'GET', body, schema, signal } = options;
  let token = options.token ?? null;
  const data = await apiRequest(path, {
    method,
    body,
    schema,
    signal,
    ownSession: { token, onToken: (issued) => (token = issued) },
  });
  return { data, token };
}
