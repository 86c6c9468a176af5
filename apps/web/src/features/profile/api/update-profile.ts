import { useMutation, useQueryClient } from '@tanstack/react-query';

import {
  profile,
  type Profile,
  type ProfilePatchInput,
} from '@pathways/shared/profile/profile.schemas';

import { apiRequest } from '../../../lib/api-client';
import { invalidateProgress } from '../../action-items';
import { profileQueryKey } from './get-profile';

/**
 * PATCH candidate/profile with any subset of the fields. A 422 carries `errors` keyed by field
 * without the wrapper (errors.identification).
 */
export function updateProfile(patch: ProfilePatchInput): Promise<Profile> {
  return apiRequest('candidate/profile', {
    method: 'PATCH',
    body: { profile: patch },
    schema: profile,
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (saved, patch) => {
      queryClient.setQueryData(profileQueryKey, saved);
      // The account's names follow the profile's: the menu and the greeting show them.
      if (patch.firstNames !== undefined || patch.lastName !== undefined) {
        void queryClient.invalidateQueries({ queryKey: ['auth', 'user'] });
      }
      await invalidateProgress(queryClient);
    },
  });
}
