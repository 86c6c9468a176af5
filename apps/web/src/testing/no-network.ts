import { afterAll, afterEach, expect } from 'vitest';

// Component tests never reach a server: a test that needs the API replaces fetch with its own
// answers (`mockFetch`). A request that reaches the real fetch fails the test that made it, even
// when the page swallowed the error; the request is refused rather than sent.
const unexpected: string[] = [];

function describeRequest(input: RequestInfo | URL, init?: RequestInit): string {
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  const url = input instanceof Request ? input.url : String(input);
  return `${method} ${url}`;
}

globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = describeRequest(input, init);
  unexpected.push(request);
  throw new TypeError(`${request}: a component test may not use the network; stub fetch`);
};

// Sockets and XMLHttpRequest are refused the same way.
class RefusedWebSocket {
  constructor(url: string | URL) {
    unexpected.push(`WebSocket ${String(url)}`);
    throw new TypeError(`WebSocket ${String(url)}: a component test may not use the network`);
  }
}
globalThis.WebSocket = RefusedWebSocket as unknown as typeof WebSocket;

XMLHttpRequest.prototype.send = function send() {
  unexpected.push('XMLHttpRequest');
  throw new TypeError('XMLHttpRequest: a component test may not use the network');
};

function expectNoRequests() {
  const made = unexpected.splice(0, unexpected.length);
  expect(made, 'requests that reached the network instead of a stub').toEqual([]);
}
afterEach(expectNoRequests);
// A request a page makes after its test ended fails the file.
afterAll(expectNoRequests);
