import { useMutation } from '@tanstack/react-query';

import { messageBody, type ChangePasswordBody } from '@pathways/shared/auth/auth.schemas';

import { apiRequest } from '../../../lib/api-client';

/** PUT candidate/candidate/password: other devices are logged out, this one stays in. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      apiRequest('candidate/candidate/password', { method: 'PUT', body, schema: messageBody }),
  });
}
