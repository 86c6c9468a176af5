import { useMutation } from '@tanstack/react-query';

import {
  messageBody,
  type PasswordResetBody,
  type PasswordResetRequestBody,
} from '@pathways/shared/auth/auth.schemas';

import { apiRequest } from '../../../lib/api-client';

export type AccountRole = 'candidate' | 'client';

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: ({ role, body }: { role: AccountRole; body: PasswordResetRequestBody }) =>
      apiRequest(`${role}/password`, {
        method: 'POST',
        body,
        schema: messageBody,
        sessionCall: false,
      }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ role, body }: { role: AccountRole; body: PasswordResetBody }) =>
      apiRequest(`${role}/password`, {
        method: 'PUT',
        body,
        schema: messageBody,
        sessionCall: false,
      }),
  });
}
