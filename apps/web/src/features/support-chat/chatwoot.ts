// The Chatwoot-compatible widget: its settings come from the server at run time
// (GET /api/support-chat), its SDK script from the chat server, and only once a page is idle.
import type { SupportChatSettings } from '@pathways/shared/support-chat/support-chat.schemas';

import { apiRequest } from '../../lib/api-client';
import type { ChatWidget } from './support-chat-client';

type WidgetSettings = NonNullable<SupportChatSettings['widget']>;

declare global {
  interface Window {
    $chatwoot?: ChatWidget & { hasLoaded?: boolean };
    chatwootSDK?: { run: (options: { websiteToken: string; baseUrl: string }) => void };
    chatwootSettings?: Record<string, unknown>;
  }
}

/** How long the widget may take to say it is ready before support falls back to e-mail. */
const READY_TIMEOUT_MS = 20_000;

/** The widget's settings from the server; a malformed answer counts as none. */
async function fetchSettings(): Promise<WidgetSettings | null> {
  const answer = await apiRequest<Partial<SupportChatSettings>>('support-chat', {
    sessionCall: false,
  });
  const widget = answer?.widget;
  // Checked by hand rather than with the schema: zod stays out of a guest's downloads.
  return widget && typeof widget.baseUrl === 'string' && typeof widget.websiteToken === 'string'
    ? widget
    : null;
}

/** Adds the SDK's script and resolves with `window.$chatwoot` once the widget is ready. */
export function loadChatwootSdk(settings: WidgetSettings): Promise<ChatWidget> {
  return new Promise((resolve, reject) => {
    const ready = window.$chatwoot;
    if (ready?.hasLoaded) return resolve(ready);
    const timer = window.setTimeout(
      () => reject(new Error('The support chat did not start')),
      READY_TIMEOUT_MS,
    );
    window.addEventListener(
      'chatwoot:ready',
      () => {
        window.clearTimeout(timer);
        if (window.$chatwoot) resolve(window.$chatwoot);
        else reject(new Error('The support chat did not start'));
      },
      { once: true },
    );
    window.chatwootSettings = { hideMessageBubble: false, position: 'right', locale: 'en' };
    const script = document.createElement('script');
    script.src = `${settings.baseUrl}/packs/js/sdk.js`;
    script.async = true;
    script.onload = () =>
      window.chatwootSDK?.run({ websiteToken: settings.websiteToken, baseUrl: settings.baseUrl });
    script.onerror = () => {
      window.clearTimeout(timer);
      reject(new Error('The support chat could not be loaded'));
    };
    document.body.appendChild(script);
  });
}

/** The configured widget, loaded and ready, or null when the server names none. */
export async function loadSupportChatWidget(): Promise<ChatWidget | null> {
  const settings = await fetchSettings();
  return settings ? loadChatwootSdk(settings) : null;
}
