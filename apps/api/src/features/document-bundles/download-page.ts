import { AppError } from '../../lib/app-error.ts';
import { escapeHtml } from '@pathways/shared/common/html';

/**
 * A refused download link is usually opened in a browser, straight from the e-mail: it gets
 * a small page that says what went wrong and what to do, with the same status as the JSON
 * answer other callers get. Returns undefined for anything but a browser and an AppError.
 */
export function refusedDownloadPage(
  error: unknown,
  accept: string | undefined,
): { status: number; html: string } | undefined {
  if (!(error instanceof AppError) || !accept?.includes('text/html')) return undefined;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Document bundle – Pathways</title></head>
<body><main><h1>The documents cannot be downloaded</h1><p>${escapeHtml(error.message)}</p>
<p><a href="/">Go to Pathways</a></p></main></body></html>`;
  return { status: error.status, html };
}
