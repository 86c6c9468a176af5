import { describe, expect, it } from 'vitest';

import { authMessages, loginBody, passwordResetBody, registerBody } from './auth.schemas.ts';

const fieldErrors = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? [])
    (out[issue.path.join('.') || 'base'] ??= []).push(issue.message);
  return out;
};

describe('register validation messages', () => {
  it.each([
    [{}, { email: [authMessages.emailRequired], password: [authMessages.passwordRequired] }],
    [
      { email: '', password: '', passwordConfirmation: '' },
      { email: [authMessages.emailRequired], password: [authMessages.passwordRequired] },
    ],
    [
      { email: '   ', password: 'a-good-password', passwordConfirmation: 'a-good-password' },
      { email: [authMessages.emailRequired] },
    ],
    [
      { email: 'thandi', password: 'a-good-password', passwordConfirmation: 'a-good-password' },
      { email: [authMessages.emailInvalid] },
    ],
    [
      { email: 'thandi@', password: 'a-good-password', passwordConfirmation: 'a-good-password' },
      { email: [authMessages.emailInvalid] },
    ],
    [
      { email: 'a@b.co', password: 'a-good-password', passwordConfirmation: 'a-good-passwor' },
      { passwordConfirmation: [authMessages.confirmationMismatch] },
    ],
    [
      { email: 'a@b.co', password: 'seven77', passwordConfirmation: 'seven77' },
      { password: [authMessages.passwordTooShort] },
    ],
  ])('%j → %j', (input, expected) => {
    expect(fieldErrors(registerBody.safeParse(input))).toEqual(expected);
  });

  it('accepts a valid registration, lower-cases and trims the e-mail', () => {
    const parsed = registerBody.parse({
      email: '  Thandi.Nkosi@Example.CO.ZA ',
      password: 'eight888',
      passwordConfirmation: 'eight888',
      campaignId: '12',
    });
    expect(parsed).toEqual({
      email: 'thandi.nkosi@example.co.za',
      password: 'eight888',
      passwordConfirmation: 'eight888',
      campaignId: 12,
    });
  });

  it('accepts 128 characters and refuses 129', () => {
    const ok = 'p'.repeat(128);
    expect(
      registerBody.safeParse({ email: 'a@b.co', password: ok, passwordConfirmation: ok }).success,
    ).toBe(true);
    const long = 'p'.repeat(129);
    expect(
      fieldErrors(
        registerBody.safeParse({ email: 'a@b.co', password: long, passwordConfirmation: long }),
      ),
    ).toEqual({
      password: [authMessages.passwordTooLong],
    });
  });

  it('drops fields nobody may set through a request', () => {
    const parsed = registerBody.parse({
      email: 'a@b.co',
      password: 'eight888',
      passwordConfirmation: 'eight888',
      role: 'admin',
      primary: true,
    });
    expect(parsed).not.toHaveProperty('role');
    expect(parsed).not.toHaveProperty('primary');
  });
});

describe('login validation', () => {
  it('requires both fields and does not apply the new-password length rule', () => {
    expect(fieldErrors(loginBody.safeParse({}))).toEqual({
      email: [authMessages.emailRequired],
      password: [authMessages.passwordRequired],
    });
    expect(loginBody.safeParse({ email: 'a@b.co', password: 'short' }).success).toBe(true);
  });
});

describe('password reset validation', () => {
  it('requires the token and a matching confirmation', () => {
    expect(
      fieldErrors(
        passwordResetBody.safeParse({
          token: 'abc',
          password: 'eight888',
          passwordConfirmation: 'nine9999',
        }),
      ),
    ).toEqual({
      passwordConfirmation: [authMessages.confirmationMismatch],
    });
    expect(
      passwordResetBody.safeParse({ password: 'eight888', passwordConfirmation: 'eight888' })
        .success,
    ).toBe(false);
  });
});
