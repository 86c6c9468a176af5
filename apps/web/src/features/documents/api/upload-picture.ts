import type { ZodType } from 'zod';

import { documentMessages, MAX_UPLOAD_BYTES } from '@pathways/shared/documents/documents.schemas';

import { ApiError } from '../../../lib/api-client';
import { uploadRequest } from '../utils/upload-request';

/**
 * PUT a picture (a profile picture, an organization's logo) as multipart `file`, with progress.
 * A file over the upload limit is refused here as the API would refuse it (413 on `file`),
 * before any byte leaves the phone.
 */
export function uploadPicture<T>(
  path: string,
  schema: ZodType<T>,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<T> {
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
  return uploadRequest(path, {
    method: 'PUT',
    form,
    schema,
    ...(onProgress ? { onProgress } : {}),
  });
}
