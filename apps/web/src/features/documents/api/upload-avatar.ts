import { useMutation, useQueryClient } from '@tanstack/react-query';

import {
  avatarResponse,
  documentMessages,
  MAX_UPLOAD_BYTES,
} from '@pathways/shared/documents/documents.schemas';

import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth/use-session';
import { invalidateProgress } from '../../action-items';
import { userQueryKey } from '../../auth';
import { uploadRequest } from '../utils/upload-request';

export function uploadAvatar(file: File, onProgress?: (fraction: number) => void) {
  if (file.size > MAX_UPLOAD_BYTES) {
    return Promise.reject(
      new ApiError(413, {
        code: 'payload_too_large',
        message: documentMessages.fileTooLarge,
        errors: { file: [documentMessages.fileTooLarge] },
      }),
    );
  }
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadRequest('candidate/avatar', {
    method: 'PUT',
    form,
    schema: avatarResponse,
    ...(onProgress ? { onProgress } : {}),
  });
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
