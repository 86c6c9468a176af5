import type { SupportChatSettings } from '@pathways/shared/support-chat/support-chat.schemas';

import { apiRequest } from '../../lib/api-client';
import type { ChatWidgetLoader } from './support-chat-client';

export type WidgetSettings = NonNullable<SupportChatSettings['widget']>;

/** The widget the server names (GET /api/support-chat); a malformed answer counts as none. */
export async function fetchWidgetSettings(): Promise<WidgetSettings | null> {
  const answer = await apiRequest<Partial<SupportChatSettings>>('support-chat', {
    sessionCall: false,
  });
  const widget = answer?.widget;
  // Checked by hand rather than with the schema: zod stays out of a guest's downloads.
  return widget && typeof widget.baseUrl === 'string' && typeof widget.websiteToken === 'string'
    ? widget
    : null;
}

/**
 * The configured widget, loaded and ready, or null when the server names none. The SDK's
 * loader is a file of its own, fetched only when there is a widget to load.
 */
export const loadConfiguredWidget: ChatWidgetLoader = async () => {
  const settings = await fetchWidgetSettings();
  if (!settings) return null;
  const { loadChatwootSdk } = await import('./chatwoot');
  return loadChatwootSdk(settings);
};
