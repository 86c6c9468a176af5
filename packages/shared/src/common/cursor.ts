import type { z } from 'zod';

// Lists that page by keyset hand the client an opaque cursor: the place of the last row shown in
// the list's order, as base64url-encoded JSON. The client only passes it back.

const base64url = {
  encode(text: string): string {
    let binary = '';
    for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
    return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
  },
  decode(text: string): string {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (c) => c.charCodeAt(0)),
    );
  },
};

/** A cursor as the opaque text an answer and an address carry. */
export function encodeCursor(cursor: object): string {
  return base64url.encode(JSON.stringify(cursor));
}

/** The cursor of an opaque text as `schema` reads it, or null when it is not one this API wrote. */
export function decodeCursor<S extends z.ZodType>(text: string, schema: S): z.output<S> | null {
  if (!/^[A-Za-z0-9_-]{1,4000}$/.test(text)) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(base64url.decode(text)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
