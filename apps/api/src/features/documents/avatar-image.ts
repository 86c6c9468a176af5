import { AVATAR_MAX_PX, MAX_IMAGE_PIXELS } from '@pathways/shared/documents/documents.schemas';
import sharp from 'sharp';

// A 10 MiB upload can still claim enormous dimensions (a "decompression bomb"): the decoder
// itself refuses any image over MAX_IMAGE_PIXELS too, whatever its caller checked before.

/**
 * A square WebP avatar of at most AVATAR_MAX_PX a side, cropped around the centre, turned
 * upright by its EXIF orientation, and with no metadata at all (EXIF, GPS, XMP, ICC): sharp
 * writes none unless asked to. Only the first frame of an animation is kept. Throws on bytes
 * that do not decode as an image.
 */
export async function makeAvatar(bytes: Buffer): Promise<Buffer> {
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' } as const;
  const { autoOrient } = await sharp(bytes, options).metadata();
  // Never enlarged: a small picture stays small, only cropped square.
  const side = Math.min(AVATAR_MAX_PX, autoOrient.width, autoOrient.height);
  return sharp(bytes, options)
    .autoOrient()
    .resize(side, side, { fit: 'cover', position: 'centre' })
    .webp({ quality: 80 })
    .toBuffer();
}

/**
 * A wide WebP picture (a banner, such as a campaign page's header image) that fits within
 * `maxWidth` × `maxHeight` without cropping, turned upright by its EXIF orientation, with no
 * metadata at all (sharp writes none unless asked to) and only the first frame of an
 * animation. Never enlarged. Throws on bytes that do not decode as an image.
 */
export async function makeBannerImage(
  bytes: Buffer,
  maxWidth: number,
  maxHeight: number,
): Promise<Buffer> {
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' } as const;
  return sharp(bytes, options)
    .autoOrient()
    .resize(maxWidth, maxHeight, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}

/**
 * A WebP logo of at most `maxPx` on its longer side: the banner rule with a square bound, its
 * proportions kept (never cropped, never enlarged), upright, with no metadata.
 */
export function makeLogo(bytes: Buffer, maxPx: number): Promise<Buffer> {
  return makeBannerImage(bytes, maxPx, maxPx);
}
