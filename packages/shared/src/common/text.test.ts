import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { isStorableText, text, textMessages } from './text.ts';

const messages = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('text', () => {
  it('accepts ordinary text, empty text and every other control or non-Latin character', () => {
    for (const value of [
      '',
      'Data analyst',
      'line\nbreak\ttab',
      'Ñandú ☕ 日本',
      '\u0001\u001f',
      '\uFFFD',
    ])
      expect(text().parse(value)).toBe(value);
  });

  it('refuses a NUL character wherever it is, with a message a form can show', () => {
    for (const value of [
      '\u0000',
      'a\u0000b',
      'abc\u0000',
      '\u0000abc',
      'a%00b'.replace('%00', '\0'),
    ])
      expect(messages(text(), value)).toEqual([textMessages.nul]);
    expect(textMessages.nul).toBe('must not contain a NUL character');
  });

  it('does not mistake the escaped forms for the character itself', () => {
    expect(text().parse('a%00b')).toBe('a%00b');
    expect(text().parse('a\\u0000b')).toBe('a\\u0000b');
  });

  it('chains like a zod string and keeps its own message over the schema-level one', () => {
    const name = text({ error: 'You must specify a name' }).trim().min(1).max(5);
    expect(name.parse('  Ann  ')).toBe('Ann');
    expect(messages(name, '   ')).toEqual(['You must specify a name']);
    expect(messages(name, 'A\u0000n')).toEqual([textMessages.nul]);
    expect(messages(name, 42)).toEqual(['You must specify a name']);
  });

  it('names the field in an object', () => {
    const body = z.object({ profile: z.object({ biography: text().optional() }) });
    const issue = body.safeParse({ profile: { biography: 'x\u0000' } }).error?.issues[0];
    expect(issue?.path).toEqual(['profile', 'biography']);
    expect(issue?.message).toBe(textMessages.nul);
  });

  it('shows the rule in the JSON schema the API documents', () => {
    const schema = z.toJSONSchema(text()) as { pattern?: string };
    expect(schema.pattern).toBeDefined();
    expect(new RegExp(schema.pattern!).test('a\u0000b')).toBe(false);
    expect(new RegExp(schema.pattern!).test('ab')).toBe(true);
  });

  it('tells storable text from text that is not', () => {
    expect(isStorableText('fine')).toBe(true);
    expect(isStorableText('not\u0000fine')).toBe(false);
  });
});
