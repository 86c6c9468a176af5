// A stand-in for a Chatwoot server, for the browser tests of the support chat: it serves an SDK
// script with the surface of Chatwoot's (`window.chatwootSDK.run`, then `window.$chatwoot` and
// the `chatwoot:ready` event), a widget page for its frame, and records every call the product's
// pages make on the SDK. The product is started with its address, so the page's
// Content-Security-Policy must let the script load, the frame show and the calls go out.
import { createServer, type IncomingMessage, type Server } from 'node:http';

/** One call a page made on `window.$chatwoot` (or `chatwootSDK.run`). */
export interface WidgetCall {
  method: string;
  args: unknown[];
  /** The page's path when it made the call. */
  page: string;
  /** When, in the page's clock (performance.timeOrigin + now), to put calls in order. */
  at: number;
}

export interface ChatWidgetStandIn {
  baseUrl: string;
  websiteToken: string;
  /** Every call recorded since the last `clear`, in the order the pages made them. */
  calls: () => WidgetCall[];
  /** How many times the SDK script was asked for. */
  scriptRequests: () => number;
  clear: () => void;
  close: () => Promise<void>;
}

const websiteToken = 'stand-in-website-token';

/** The SDK: what Chatwoot's `packs/js/sdk.js` offers a page, recording each call. */
const sdk = (baseUrl: string) => `(() => {
  const baseUrl = ${JSON.stringify(baseUrl)};
  window.supportChatCalls = window.supportChatCalls || [];
  function record(method, args) {
    const call = {
      method,
      args,
      page: location.pathname,
      at: performance.timeOrigin + performance.now(),
    };
    window.supportChatCalls.push(call);
    fetch(baseUrl + '/calls', {
      method: 'POST',
      mode: 'no-cors',
      keepalive: true,
      body: JSON.stringify(call),
    });
  }
  window.chatwootSDK = {
    run({ websiteToken, baseUrl: runBaseUrl }) {
      record('run', [{ websiteToken, baseUrl: runBaseUrl }]);
      if (window.$chatwoot) return;
      const holder = document.createElement('div');
      holder.id = 'stand-in-chat';
      holder.style.cssText =
        'position:fixed;right:16px;bottom:16px;width:340px;height:420px;max-width:calc(100vw - 32px);' +
        'z-index:2147483000;display:none;box-shadow:0 8px 24px rgba(0,0,0,.25);border-radius:12px;' +
        'overflow:hidden;background:#fff';
      const frame = document.createElement('iframe');
      frame.id = 'chatwoot_live_chat_widget';
      frame.title = 'Support chat';
      frame.src = runBaseUrl + '/widget?website_token=' + encodeURIComponent(websiteToken);
      frame.style.cssText = 'border:0;width:100%;height:100%';
      holder.appendChild(frame);
      document.body.appendChild(holder);
      const send = (message) => frame.contentWindow.postMessage(message, runBaseUrl);
      window.$chatwoot = {
        hasLoaded: false,
        isOpen: false,
        toggle(state, initialMessage) {
          record('toggle', [...arguments]);
          const open = state === 'open' || (state === undefined && !this.isOpen);
          this.isOpen = open;
          holder.style.display = open ? 'block' : 'none';
          if (open && typeof initialMessage === 'string') send({ initialMessage });
        },
        setUser(identifier, user) { record('setUser', [identifier, user]); },
        setCustomAttributes(attributes) { record('setCustomAttributes', [attributes]); },
        setLabel(label) { record('setLabel', [label]); },
        reset() {
          record('reset', []);
          this.isOpen = false;
          holder.style.display = 'none';
          send({ reset: true });
        },
      };
      frame.addEventListener('load', () => {
        window.$chatwoot.hasLoaded = true;
        window.dispatchEvent(new CustomEvent('chatwoot:ready'));
      }, { once: true });
    },
  };
})();
`;

/** The widget's frame: a composer the SDK can type an initial message into. */
const widgetPage = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Support chat</title>
<style>
  body { font: 15px/1.4 system-ui, sans-serif; margin: 0; }
  main { display: flex; flex-direction: column; height: 100vh; }
  h1 { font-size: 17px; margin: 0; background: #1f4fa8; color: #fff; padding: 12px 16px; }
  p { flex: 1; padding: 0 16px; color: #333; }
  .composer { display: flex; flex-direction: column; gap: 8px; padding: 12px 16px; border-top: 1px solid #ddd; }
  textarea { font: inherit; min-height: 80px; }
</style></head>
<body>
<main aria-label="Support chat">
<h1>Pathways support</h1>
<p>We usually reply within a few minutes.</p>
<div class="composer"><label for="message">Your message</label><textarea id="message" name="message"></textarea></div>
</main>
<script>
  window.addEventListener('message', (event) => {
    const composer = document.getElementById('message');
    if (event.data && typeof event.data.initialMessage === 'string') composer.value = event.data.initialMessage;
    if (event.data && event.data.reset) composer.value = '';
  });
</script>
</body></html>`;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

/** Starts the stand-in on a free loopback port. */
export async function startChatWidgetStandIn(): Promise<ChatWidgetStandIn> {
  let calls: WidgetCall[] = [];
  let scriptRequests = 0;
  let baseUrl = '';
  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
      if (request.method === 'GET' && path === '/packs/js/sdk.js') {
        scriptRequests += 1;
        response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
        return response.end(sdk(baseUrl));
      }
      if (request.method === 'GET' && path === '/widget') {
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        return response.end(widgetPage);
      }
      if (request.method === 'POST' && path === '/calls') {
        calls.push(JSON.parse(await readBody(request)) as WidgetCall);
        response.writeHead(204, { 'Access-Control-Allow-Origin': '*' });
        return response.end();
      }
      response.writeHead(404, { 'Content-Type': 'text/plain' });
      response.end('not found');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the stand-in has no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    baseUrl,
    websiteToken,
    calls: () => [...calls].sort((a, b) => a.at - b.at),
    scriptRequests: () => scriptRequests,
    clear: () => {
      calls = [];
      scriptRequests = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
