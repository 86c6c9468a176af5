import { authMessages } from '@pathways/shared/auth/auth.schemas';
import { managerMessages } from '@pathways/shared/managers/managers.schemas';
import { describe, expect, it } from 'vitest';

import { ApiError } from '../api-client';
import { describeLoginFailure } from './login-failure';

describe('describeLoginFailure', () => {
  it('says why a deactivated client user cannot log in', () => {
    const error = new ApiError(403, { code: 'forbidden', message: managerMessages.deactivated });
    expect(describeLoginFailure(error)).toEqual({
      message: managerMessages.deactivated,
      blocked: false,
    });
  });

  it('keeps the blocked message and the general failure as they were', () => {
    expect(describeLoginFailure(new ApiError(403, { code: 'blocked' }))).toEqual({
      message: authMessages.blocked,
      blocked: true,
    });
    expect(describeLoginFailure(new ApiError(401, { code: 'unauthenticated' }))).toEqual({
      message: authMessages.loginFailed,
      blocked: false,
    });
  });
});
