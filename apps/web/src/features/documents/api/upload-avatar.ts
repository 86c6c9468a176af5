import { useMutation, useQueryClient } from '@tanstack/react-query';

import { avatarResponse } from '@pathways/shared/documents/documents.schemas';

import { useSession } from '../../../lib/session/use-session';
import { invalidateProgress } from '../../action-items';
import { userQueryKey } from '../../../lib/session/current-user';
import { uploadPicture } from './upload-picture';

export function uploadAvatar(file: File, onProgress?: (fraction: number) => void) {
  return uploadPicture('candidate/avatar', avatarResponse, file, onProgress);
}

/** PUT candidate/avatar: the new picture's URL becomes the user's avatar. */
export function useUploadAvatar() {
  const queryClient = useQueryClient();
  const { claims } = useSession();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (f: number) => void }) =>
      uploadAvatar(file, onProgress),
    onSuccess: async ({ avatar }) => {
      queryClient.setQueryData(userQueryKey(claims), (user) => (user ? { ...user, avatar } : user));
      await invalidateProgress(queryClient);
    },
  });
}
