import { avatarContentTypes, documentMessages } from '@pathways/shared/documents/documents.schemas';

import { AppError } from '../../lib/app-error.ts';
import { sniffContentType } from './content-type.ts';
import { hasTooManyPixels, imageHeader } from './image-limits.ts';
import type { ReceivedUpload } from './multipart.ts';

const invalidImage = (message: string) =>
  new AppError('validation', message, { errors: { file: [message] } });

/**
 * The uploaded picture turned into the bytes to store by `convert` (resize, re-encode, strip
 * metadata). Only JPEG, PNG or WebP content passes, recognised by its bytes, never by its name
 * or declared type; a missing, empty, undecodable or over-MAX_IMAGE_PIXELS file (by its header,
 * before any decoding) answers 422 on the `file` field.
 */
export async function convertedImage(
  upload: ReceivedUpload,
  convert: (bytes: Buffer) => Promise<Buffer>,
): Promise<Buffer> {
  const file = upload.file;
  if (!file) throw invalidImage(documentMessages.fileRequired);
  if (file.bytes.length === 0) throw invalidImage(documentMessages.fileEmpty);
  const sniffed = sniffContentType(file.bytes);
  if (!sniffed || !(avatarContentTypes as readonly string[]).includes(sniffed)) {
    throw invalidImage(documentMessages.avatarType);
  }
  let header;
  try {
    header = await imageHeader(file.bytes);
  } catch {
    throw invalidImage(documentMessages.avatarType);
  }
  if (hasTooManyPixels(header)) throw invalidImage(documentMessages.imageTooLarge);
  try {
    return await convert(file.bytes);
  } catch {
    throw invalidImage(documentMessages.avatarType);
  }
}
