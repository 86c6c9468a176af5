// The Chatwoot-compatible widget's SDK, loaded from the chat server the server names; only
// downloaded when one is configured.
import type { ChatWidget } from './support-chat-client';
import type { WidgetSettings } from './widget-settings';

declare global {
  interface Window {
    $chatwoot?: ChatWidget & { hasLoaded?: boolean };
    chatwootSDK?: { run: (options: { websiteToken: string; baseUrl: string }) => void };
    chatwootSettings?: Record<string, unknown>;
  }
}

/** How long the widget may take to say it is ready before support falls back to e-mail. */
const READY_TIMEOUT_MS = 20_000;

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
