import { expireSession } from '../../../lib/api-client';
import { tokenStore } from '../../../lib/session/token-store';
import { apiErrorFrom } from './api-error';

/** The file name of a Content-Disposition header (RFC 6266, filename* preferred). */
export function attachmentName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/**
 * Downloads an attachment the API sends only with the bearer token (a plain link cannot carry
 * it): fetched as a blob, then handed to the browser to save.
 */
export async function fetchAttachment(
  url: string,
  fallbackName: string,
  signal?: AbortSignal,
): Promise<{ blob: Blob; name: string }> {
  const token = tokenStore.get();
  const response = await fetch(url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal: signal ?? null,
    credentials: 'same-origin',
  });
  if (!response.ok) {
    if (response.status === 401 && token) expireSession(token);
    const text = await response.text().catch(() => '');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    throw apiErrorFrom(response.status, body);
  }
  const blob = await response.blob();
  return { blob, name: attachmentName(response.headers.get('Content-Disposition'), fallbackName) };
}

/** Saves a blob under a name, the way a download link would. */
export function saveBlob(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

/** Fetches an attachment with the bearer token and saves it. */
export async function downloadAttachment(url: string, fallbackName: string): Promise<void> {
  const { blob, name } = await fetchAttachment(url, fallbackName);
  saveBlob(blob, name);
}
