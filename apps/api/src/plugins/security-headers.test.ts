import { describe, expect, it } from 'vitest';

import {
  contentSecurityDirectives,
  serializePolicy,
  socketSourceOf,
  sourceOf,
} from './security-headers.ts';

describe('sourceOf', () => {
  it('is the origin of a URL or a tile URL template', () => {
    expect(sourceOf('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(sourceOf('https://{s}.tiles.example.org/{z}/{x}/{y}@2x.png')).toBe(
      'https://*.tiles.example.org',
    );
    expect(sourceOf('HTTP://Tiles.Example.org:8080/{z}/{x}/{y}.png?key=abc')).toBe(
      'http://tiles.example.org:8080',
    );
    expect(sourceOf('https://chat.example.org')).toBe('https://chat.example.org');
  });

  it('is nothing for what is not an http(s) origin', () => {
    for (const url of [undefined, '', '/tiles/{z}/{x}/{y}.png', 'javascript:alert(1)', 'data:x'])
      expect(sourceOf(url)).toBeUndefined();
    // A source list cannot be smuggled in through the host.
    expect(sourceOf("https://a.example 'unsafe-inline'/x")).toBeUndefined();
    expect(sourceOf('https://a.{s}.example/x')).toBeUndefined();
  });
});

describe('contentSecurityDirectives', () => {
  const osm = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

  it('allows no inline or foreign script, and nobody to frame the site', () => {
    const d = contentSecurityDirectives({ mapTileUrl: osm });
    expect(d['script-src']).toEqual(["'self'"]);
    expect(d['script-src-attr']).toEqual(["'none'"]);
    expect(d['object-src']).toEqual(["'none'"]);
    expect(d['frame-ancestors']).toEqual(["'none'"]);
    expect(d['frame-src']).toEqual(["'none'"]);
    expect(d['worker-src']).toEqual(["'self'"]);
    expect(Object.values(d).flat()).not.toContain("'unsafe-eval'");
    expect(d['connect-src']).toEqual(["'self'"]);
  });

  it("lets images come from the map's tile server, whichever it is", () => {
    expect(contentSecurityDirectives({ mapTileUrl: osm })['img-src']).toContain(
      'https://tile.openstreetmap.org',
    );
    const own = contentSecurityDirectives({
      mapTileUrl: 'https://{s}.maps.example.net/{z}/{x}/{y}.png',
    });
    expect(own['img-src']).toContain('https://*.maps.example.net');
    expect(own['img-src']).not.toContain('https://tile.openstreetmap.org');
  });

  it('opens script, frames and connections to the chat server only when one is set', () => {
    const d = contentSecurityDirectives({
      mapTileUrl: osm,
      supportChatUrl: 'https://chat.example.org/',
    });
    expect(d['script-src']).toEqual(["'self'", 'https://chat.example.org']);
    expect(d['frame-src']).toEqual(['https://chat.example.org']);
    expect(d['connect-src']).toEqual(["'self'", 'https://chat.example.org']);
  });

  it('adds the per-response nonce source to script-src', () => {
    const nonce = () => "'nonce-abc'";
    const d = contentSecurityDirectives({ mapTileUrl: osm }, nonce);
    expect(d['script-src']).toEqual(["'self'", nonce]);
  });
});

describe('the live socket in connect-src', () => {
  it('allows the same host over wss: under https:, and ws: under http:', () => {
    expect(socketSourceOf('https://pathways.example.org/')).toBe('wss://pathways.example.org');
    expect(socketSourceOf('http://localhost:3000')).toBe('ws://localhost:3000');
    expect(socketSourceOf(undefined)).toBeUndefined();
    expect(socketSourceOf('ftp://example.org')).toBeUndefined();
  });

  it('keeps self first and adds only the app’s own socket origin', () => {
    const d = contentSecurityDirectives({
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      appUrl: 'https://pathways.example.org',
    });
    expect(d['connect-src']).toEqual(["'self'", 'wss://pathways.example.org']);
  });
});

describe('serializePolicy', () => {
  it('writes each directive with its sources, the nonce where the nonce source stands', () => {
    const policy = serializePolicy(
      {
        'default-src': ["'self'"],
        'script-src': ["'self'", () => "'nonce-unused'", 'https://chat.example.org'],
        'upgrade-insecure-requests': [],
      },
      "'nonce-abc'",
    );
    expect(policy).toBe(
      "default-src 'self';script-src 'self' 'nonce-abc' https://chat.example.org;upgrade-insecure-requests",
    );
  });
});
