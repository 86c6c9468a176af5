import type { Readable } from 'node:stream';

import { notFound } from '../../lib/app-error.ts';
import { deleteBlobs, type DocumentsDeps } from './documents.service.ts';
import { convertedImage } from './image-upload.ts';
import type { ReceivedUpload } from './multipart.ts';
import type { PictureKeys } from './picture-keys.ts';

/**
 * One kind of picture that stands for its owner (a candidate's avatar, an organization's logo):
 * uploaded, replaced, removed and served the same way whoever owns it. The owner's row points
 * at the picture's address; `convert` makes the stored WebP (resized, metadata stripped).
 */
export function storedPictures(
  deps: Pick<DocumentsDeps, 'storage' | 'log'>,
  keys: PictureKeys,
  convert: (bytes: Buffer) => Promise<Buffer>,
  notFoundMessage: string,
) {
  const removeStored = async (url: string | null) => {
    const key = keys.keyOf(url);
    if (key) await deleteBlobs(deps, [key]);
  };

  return {
    /**
     * Checks and converts the upload (JPEG, PNG or WebP by its bytes; 422 on `file` otherwise),
     * stores it under a new name and lets `point` make the owner use that address, in the
     * owner's transaction; `point` answers the address it replaced, whose picture is removed
     * then. When `point` fails, the new picture is removed instead. Answers the new address.
     */
    async replace(
      ownerId: number,
      upload: ReceivedUpload,
      point: (url: string) => Promise<string | null>,
    ): Promise<string> {
      const webp = await convertedImage(upload, convert);
      const key = keys.newKey(ownerId);
      const url = keys.urlOf(key);
      await deps.storage.put(key, webp, 'image/webp');
      let previous: string | null;
      try {
        previous = await point(url);
      } catch (error) {
        await deleteBlobs(deps, [key]);
        throw error;
      }
      await removeStored(previous);
      return url;
    },

    /** Lets `clear` take the picture off its owner (answering the address it had), then removes it. */
    async remove(clear: () => Promise<string | null>): Promise<void> {
      await removeStored(await clear());
    },

    /** The stored WebP behind a file name of ours; unknown or malformed names are not found. */
    async file(file: string): Promise<Readable> {
      const key = keys.keyOfFile(file);
      const body = key ? await deps.storage.get(key) : null;
      if (!body) throw notFound(notFoundMessage);
      return body;
    },
  };
}
