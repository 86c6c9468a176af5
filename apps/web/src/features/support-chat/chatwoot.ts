// Adapter for a self-hosted Chatwoot widget (an open-source live chat). Only loaded when
// VITE_CHATWOOT_BASE_URL and VITE_CHATWOOT_WEBSITE_TOKEN are set.

interface ChatwootApi {
  toggle: (state?: 'open' | 'close') => void;
  setUser: (identifier: string, user: { email: string; name: string }) => void;
  reset: () => void;
}

declare global {
  interface Window {
    $chatwoot?: ChatwootApi;
    chatwootSDK?: { run: (options: { websiteToken: string; baseUrl: string }) => void };
    chatwootSettings?: Record<string, unknown>;
  }
}

let ready: Promise<ChatwootApi> | null = null;

export function loadChatwoot(config: {
  baseUrl: string;
  websiteToken: string;
}): Promise<ChatwootApi> {
  ready ??= new Promise((resolve, reject) => {
    window.chatwootSettings = { hideMessageBubble: false, position: 'right' };
    window.addEventListener('chatwoot:ready', () => {
      if (window.$chatwoot) resolve(window.$chatwoot);
    });
    const script = document.createElement('script');
    script.src = `${config.baseUrl}/packs/js/sdk.js`;
    script.async = true;
    script.onload = () => window.chatwootSDK?.run(config);
    script.onerror = () => reject(new Error('The support chat could not be loaded'));
    document.body.appendChild(script);
  });
  return ready;
}
