import { z } from 'zod';

/**
 * GET support-chat: the live chat widget the web app loads once a page is idle, or null when
 * none is configured (the web app then offers the support e-mail address).
 */
export const supportChatSettings = z.object({
  widget: z
    .object({
      /** The chat server (a Chatwoot-compatible one); its SDK is `${baseUrl}/packs/js/sdk.js`. */
      baseUrl: z.string(),
      /** The website inbox the widget talks to. */
      websiteToken: z.string(),
    })
    .nullable(),
});
export type SupportChatSettings = z.infer<typeof supportChatSettings>;
