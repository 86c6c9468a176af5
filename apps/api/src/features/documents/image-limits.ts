import { MAX_IMAGE_PIXELS } from '@pathways/shared/documents/documents.schemas';
import sharp from 'sharp';

/** Whether an image of these dimensions is over the MAX_IMAGE_PIXELS every upload keeps to. */
export function hasTooManyPixels(size: { width: number; height: number }): boolean {
  return size.width * size.height > MAX_IMAGE_PIXELS;
}

/**
 * The format and dimensions an image's header claims, read without decoding its pixels (so
 * without any pixel limit: nothing is decoded). Throws on bytes that are not an image.
 */
export async function imageHeader(
  bytes: Buffer,
): Promise<{ format: string; width: number; height: number }> {
  const { format, width, height } = await sharp(bytes, { limitInputPixels: false }).metadata();
  return { format, width, height };
}
