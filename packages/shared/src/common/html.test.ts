import { describe, expect, it } from 'vitest';

import { escapeHtml } from './html.ts';

describe('escapeHtml', () => {
  it('writes the five characters that end content or an attribute as entities', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
  });

  it('leaves other text as it is, accents and all', () => {
    expect(escapeHtml('Thandiwe Ndlovu — Soweto, 2 km')).toBe('Thandiwe Ndlovu — Soweto, 2 km');
  });

  it('escapes an ampersand once, so an entity already written is shown as typed', () => {
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
