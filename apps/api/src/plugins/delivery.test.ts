import { describe, expect, it } from 'vitest';

import { etagOf, matchesEtag, staticCacheControl } from './delivery.ts';

describe('staticCacheControl', () => {
  it('keeps hashed build files for a year and asks again for the rest', () => {
    expect(staticCacheControl('/srv/web/dist/assets/Bx4kQ2pa.js')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(staticCacheControl('assets/index-C9f1.css')).toBe('public, max-age=31536000, immutable');
    expect(staticCacheControl('/srv/web/dist/index.html')).toBe('no-cache');
    expect(staticCacheControl('/srv/web/dist/sw.js')).toBe('no-cache');
    expect(staticCacheControl('/srv/web/dist/manifest.webmanifest')).toBe('no-cache');
    // A folder merely named like it elsewhere in the path does not count.
    expect(staticCacheControl('/srv/myassets/sw.js')).toBe('no-cache');
  });
});

describe('etagOf and matchesEtag', () => {
  it('tags equal bodies alike and different bodies differently', () => {
    expect(etagOf('{"a":1}')).toBe(etagOf(Buffer.from('{"a":1}')));
    expect(etagOf('{"a":1}')).not.toBe(etagOf('{"a":2}'));
    expect(etagOf('x')).toMatch(/^W\/"[\w-]+"$/);
  });

  it('matches a tag in a list, weakly, and a star; nothing without the header', () => {
    const tag = etagOf('body');
    expect(matchesEtag(tag, tag)).toBe(true);
    expect(matchesEtag(tag.replace(/^W\//, ''), tag)).toBe(true);
    expect(matchesEtag(`W/"other", ${tag}`, tag)).toBe(true);
    expect(matchesEtag('*', tag)).toBe(true);
    expect(matchesEtag('W/"other"', tag)).toBe(false);
    expect(matchesEtag(undefined, tag)).toBe(false);
    expect(matchesEtag('', tag)).toBe(false);
  });
});
