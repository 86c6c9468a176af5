import { describe, expect, it } from 'vitest';

import { linkify } from './linkify.ts';

describe('linkify', () => {
  it('leaves text without links as one text part', () => {
    expect(linkify('Hello there')).toEqual([{ kind: 'text', text: 'Hello there' }]);
  });

  it('splits out http and https links', () => {
    expect(linkify('See https://example.org/a?b=1 and http://x.test now')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.org/a?b=1', href: 'https://example.org/a?b=1' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://x.test', href: 'http://x.test' },
      { kind: 'text', text: ' now' },
    ]);
  });

  it('keeps sentence punctuation out of the link', () => {
    expect(linkify('Go to https://example.org/form.')).toEqual([
      { kind: 'text', text: 'Go to ' },
      { kind: 'link', text: 'https://example.org/form', href: 'https://example.org/form' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('never makes a link of other schemes', () => {
    for (const body of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://x.test/a']) {
      expect(linkify(body).every((p) => p.kind === 'text')).toBe(true);
    }
  });

  it('does not treat markup as anything but text', () => {
    expect(linkify('<a href="https://evil.test">x</a>')).toEqual([
      { kind: 'text', text: '<a href="' },
      { kind: 'link', text: 'https://evil.test', href: 'https://evil.test' },
      { kind: 'text', text: '">x</a>' },
    ]);
  });

  it('keeps every character of the text, in order', () => {
    const body = 'a https://x.test/b, then (https://y.test) end';
    expect(
      linkify(body)
        .map((p) => p.text)
        .join(''),
    ).toBe(body);
  });
});
