import { extensionsOf, type SniffedType } from './content-type.ts';

const MAX_NAME_LENGTH = 120;

/**
 * The uploaded name made safe to show and to offer as a download name: no folders, no control
 * or invisible formatting characters (such as right-to-left overrides that disguise an
 * extension), at most 120 characters, and an extension that matches the detected type.
 */
export function cleanFileName(name: string | undefined, type: SniffedType): string {
  const extensions = extensionsOf[type];
  let clean = (name ?? '')
    .normalize('NFC')
    .split(/[/\\]/)
    .pop()!
    .replace(/\s+/gu, ' ')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .replace(/^[.\s]+/u, '')
    .replace(/[.\s]+$/u, '');
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 ? clean.slice(dot + 1).toLowerCase() : '';
  let stem = clean;
  let suffix = `.${extensions[0]}`;
  if (extensions.includes(extension)) {
    stem = clean.slice(0, dot);
    suffix = clean.slice(dot);
  }
  stem = [...stem]
    .slice(0, MAX_NAME_LENGTH - suffix.length)
    .join('')
    .trim();
  clean = `${stem || 'document'}${suffix}`;
  return clean;
}

// RFC 5987: percent-encode everything but attr-chars.
const encodeExtValue = (value: string) =>
  encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(fileName)}`;
}
