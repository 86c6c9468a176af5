import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../test/build-app.ts';

/** The sources of one directive of a Content-Security-Policy header. */
function directive(header: unknown, name: string): string[] {
  expect(typeof header).toBe('string');
  const part = (header as string)
    .split(';')
    .map((p) => p.trim().split(/\s+/))
    .find(([n]) => n === name);
  return part ? part.slice(1) : [];
}

describe('with a chat server configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        SUPPORT_CHAT_BASE_URL: 'https://chat.example.org/',
        SUPPORT_CHAT_WEBSITE_TOKEN: 'site-token_1',
      },
    });
  });
  afterAll(async () => t?.close());

  it('hands its address and website token to anyone, guests included', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/support-chat' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      widget: { baseUrl: 'https://chat.example.org', websiteToken: 'site-token_1' },
    });
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it("lets pages load the chat's script, frame it and call it, and nothing more", async () => {
    // The policy of a page of the web app: what the pages may load.
    const { headers } = await t.app.inject({ method: 'GET', url: '/search' });
    const csp = headers['content-security-policy'];
    expect(directive(csp, 'script-src')).toContain('https://chat.example.org');
    expect(directive(csp, 'frame-src')).toEqual(['https://chat.example.org']);
    // Beside the app itself and its live socket, only the chat server.
    expect(directive(csp, 'connect-src')).toEqual([
      "'self'",
      'ws://pathways.test',
      'https://chat.example.org',
    ]);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('without a chat server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers null, so the web app offers the support e-mail address', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/support-chat' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ widget: null });
  });

  it('allows no other origin for scripts, frames or calls', async () => {
    // The policy of a page of the web app: what the pages may load.
    const { headers } = await t.app.inject({ method: 'GET', url: '/search' });
    const csp = headers['content-security-policy'];
    expect(directive(csp, 'script-src').filter((s) => !s.startsWith("'"))).toEqual([]);
    expect(directive(csp, 'frame-src')).toEqual(["'none'"]);
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'ws://pathways.test']);
  });
});
