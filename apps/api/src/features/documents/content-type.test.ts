import { describe, expect, it } from 'vitest';

import { hasPdfTrailer, sniffContentType } from './content-type.ts';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))),
  );

describe('sniffContentType', () => {
  it.each([
    ['application/pdf', bytes('%PDF-1.7\n...')],
    ['image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])],
    ['image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe1])],
    ['image/png', bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13])],
    ['image/webp', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 ')],
  ])('recognises %s', (type, content) => {
    expect(sniffContentType(content)).toBe(type);
  });

  it.each([
    ['empty', bytes()],
    ['text', bytes('hello world')],
    ['text mentioning %PDF- later', bytes(' %PDF-1.4')],
    ['lower-case pdf', bytes('%pdf-1.4')],
    ['a Windows executable', bytes('MZ', [0x90, 0])],
    ['an ELF executable', bytes([0x7f], 'ELF')],
    ['a zip', bytes('PK', [3, 4])],
    ['HTML', bytes('<!doctype html>')],
    ['GIF', bytes('GIF89a')],
    ['a truncated JPEG signature', bytes([0xff, 0xd8])],
    ['a truncated PNG signature', bytes([0x89], 'PNG')],
    ['RIFF that is not WebP (WAV)', bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt ')],
    ['UTF-8 BOM then %PDF', bytes([0xef, 0xbb, 0xbf], '%PDF-1.4')],
  ])('refuses %s', (_, content) => {
    expect(sniffContentType(content)).toBeNull();
  });
});

describe('hasPdfTrailer', () => {
  it('finds %%EOF at the end, even with trailing whitespace or junk', () => {
    expect(hasPdfTrailer(bytes('%PDF-1.4\n...\n%%EOF'))).toBe(true);
    expect(hasPdfTrailer(bytes('%PDF-1.4\n...\n%%EOF\r\n'))).toBe(true);
    expect(hasPdfTrailer(Buffer.concat([bytes('%PDF-1.4 %%EOF'), Buffer.alloc(1000)]))).toBe(true);
  });

  it('misses it in a cut-off file', () => {
    expect(hasPdfTrailer(bytes('%PDF-1.4\n1 0 obj'))).toBe(false);
    expect(hasPdfTrailer(Buffer.concat([bytes('%PDF %%EOF'), Buffer.alloc(5000)]))).toBe(false);
  });

  it('reads a view into a larger buffer correctly', () => {
    const whole = bytes('%PDF-1.4 body %%EOF and then something else');
    expect(hasPdfTrailer(whole.subarray(0, 19))).toBe(true);
    expect(hasPdfTrailer(whole.subarray(0, 16))).toBe(false);
  });
});
