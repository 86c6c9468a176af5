import { MAX_IMAGE_PIXELS } from '@pathways/shared/documents/documents.schemas';
import { describe, expect, it } from 'vitest';

import { blackPng } from '../../test/uploads.ts';
import { hasTooManyPixels, imageHeader } from './image-limits.ts';

describe('image pixel limit', () => {
  it('allows up to 50 megapixels and refuses one pixel more', () => {
    expect(MAX_IMAGE_PIXELS).toBe(50_000_000);
    expect(hasTooManyPixels({ width: 10_000, height: 5_000 })).toBe(false);
    expect(hasTooManyPixels({ width: 5_000, height: 10_000 })).toBe(false);
    expect(hasTooManyPixels({ width: 10_000, height: 5_001 })).toBe(true);
    expect(hasTooManyPixels({ width: 16_000, height: 16_000 })).toBe(true);
    expect(hasTooManyPixels({ width: 4, height: 4 })).toBe(false);
  });

  it('reads the dimensions of a huge image from its header', async () => {
    const huge = blackPng(16_000, 16_000);
    expect(huge.length).toBeLessThan(100_000);
    expect(await imageHeader(huge)).toEqual({ format: 'png', width: 16_000, height: 16_000 });
    await expect(imageHeader(Buffer.from('not an image'))).rejects.toThrow();
  });
});
