import { z } from 'zod';

import { text } from './text.ts';

/** What every link for someone without an account says when it opens nothing. */
export const guestLinkMessages = {
  closed: 'This link does not work any more',
} as const;

/** A link's token in its path: the token is the only key, no session is needed. */
export const tokenParam = z.object({ token: text().min(1).max(200) });
