import { describe, expect, it } from 'vitest';

import {
  MESSAGE_MAX_LENGTH,
  messageMessages,
  newMessageBody,
  otherSide,
  preview,
} from './messages.schemas.ts';

const errorsOf = (body: unknown) => {
  const result = newMessageBody.safeParse({ message: { body } });
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('a message body', () => {
  it('is trimmed', () => {
    expect(newMessageBody.parse({ message: { body: '  hi \n' } }).message.body).toBe('hi');
  });
  it('refuses empty and blank text', () => {
    expect(errorsOf('')).toContain(messageMessages.blank);
    expect(errorsOf(' \n\t ')).toContain(messageMessages.blank);
  });
  it('accepts the limit and refuses one more', () => {
    expect(errorsOf('x'.repeat(MESSAGE_MAX_LENGTH))).toEqual([]);
    expect(errorsOf('x'.repeat(MESSAGE_MAX_LENGTH + 1))).toEqual([messageMessages.tooLong]);
  });
  it('refuses NUL', () => {
    expect(errorsOf('a\u0000b')).toEqual(['must not contain a NUL character']);
  });
});

describe('otherSide', () => {
  it('is the side that reads', () => {
    expect(otherSide('candidate')).toBe('client');
    expect(otherSide('client')).toBe('candidate');
  });
});

describe('preview', () => {
  it('puts the message on one line', () => {
    expect(preview('Hello\n\nthere  you')).toBe('Hello there you');
  });
  it('shortens a long message with an ellipsis', () => {
    const p = preview('word '.repeat(100), 20);
    expect(p.length).toBeLessThanOrEqual(20);
    expect(p.endsWith('…')).toBe(true);
  });
});
