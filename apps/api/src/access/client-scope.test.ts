import { describe, expect, it } from 'vitest';

import { AppError } from '../lib/app-error.ts';
import { requirePrimary } from './client-scope.ts';

describe('requirePrimary', () => {
  it('lets a primary user through', () => {
    expect(() =>
      requirePrimary({ userId: 1, organizationId: 2, primary: true }, 'change the organization'),
    ).not.toThrow();
  });

  it('refuses any other client user with a 403 that says why', () => {
    try {
      requirePrimary({ userId: 1, organizationId: 2, primary: false }, 'change the organization');
      expect.unreachable('requirePrimary should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(403);
      expect((error as AppError).message).toBe(
        'Only a primary user of your organization can change the organization',
      );
    }
  });
});
