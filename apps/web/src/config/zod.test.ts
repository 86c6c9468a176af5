import { describe, expect, it } from 'vitest';

import './zod';

describe('zod configuration', () => {
  it('parses without compiling code, as the Content-Security-Policy requires', async () => {
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    expect(z.object({ name: z.string() }).parse({ name: 'Thandi' })).toEqual({ name: 'Thandi' });
  });
});
