import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { user, type UpdateCandidateBody } from '@pathways/shared/auth/auth.schemas';

import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';
import { invalidateProgress } from '../../action-items';
import { userQueryKey } from '../../../lib/session/current-user';

const updateCandidateResponse = user.extend({ message: z.string().optional() });

export function updateEmail(candidate: { email: string; currentPassword?: string }) {
  const body: UpdateCandidateBody = { candidate };
  return apiRequest('candidate/candidate', {
    method: 'PATCH',
    body,
    schema: updateCandidateResponse,
  });
}

/**
 * PATCH candidate/candidate {candidate: {email, currentPassword}}: the new address waits in
 * unconfirmedEmail until its link is followed; the answer says so.
 */
export function useUpdateEmail() {
  const queryClient = useQueryClient();
  const { claims } = useSession();
  return useMutation({
    mutationFn: updateEmail,
    onSuccess: async ({ message: _message, ...updated }) => {
      queryClient.setQueryData(userQueryKey(claims), updated);
      await invalidateProgress(queryClient);
    },
  });
}
