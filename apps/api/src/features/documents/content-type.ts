import type {
  AvatarContentType,
  DocumentContentType,
} from '@pathways/shared/documents/documents.schemas';

export type SniffedType = DocumentContentType | AvatarContentType;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const PDF = ascii('%PDF-');
const PDF_END = Buffer.from('%%EOF', 'latin1');
const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');

/**
 * The type of a file by its first bytes (its "magic number"), whatever its name or declared
 * type says; null for anything else (text, HTML, executables, archives, …).
 */
export function sniffContentType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, PDF)) return 'application/pdf';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'image/webp';
  return null;
}

/**
 * A PDF ends with `%%EOF` (readers look for it in the last kilobyte or so); a file that starts
 * like a PDF but has none is cut short, as uploads over a weak connection can be, or not a PDF.
 */
export function hasPdfTrailer(bytes: Uint8Array): boolean {
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).subarray(-4096);
  return tail.includes(PDF_END);
}

/** File-name extensions of each accepted type; the first is the one the server adds. */
export const extensionsOf: Record<SniffedType, readonly [string, ...string[]]> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/png': ['png'],
  'image/webp': ['webp'],
};
