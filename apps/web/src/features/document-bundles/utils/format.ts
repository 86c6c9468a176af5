import type { DocumentBundle } from '@pathways/shared/document-bundles/document-bundles.schemas';
import { format } from 'date-fns';

/** "1 applicant", "12 applicants". */
export const applicantCount = (n: number): string => `${n} ${n === 1 ? 'applicant' : 'applicants'}`;

/** "98.0 MB", "640 kB" (1 kB = 1000 bytes, as file managers show them). */
export function bundleSize(bytes: number): string {
  if (bytes < 1_000_000) return `${Math.max(1, Math.round(bytes / 1000))} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** Where a bundle is, in words: "Ready, link e-mailed (98.0 MB)", "Being prepared", … */
export function bundleStatusText(bundle: Pick<DocumentBundle, 'status' | 'byteSize'>): string {
  switch (bundle.status) {
    case 'queued':
      return 'Queued';
    case 'running':
      return 'Being prepared';
    case 'ready':
      return bundle.byteSize === null
        ? 'Ready, link e-mailed'
        : `Ready, link e-mailed (${bundleSize(bundle.byteSize)})`;
    case 'failed':
      return 'Failed: please request it again';
  }
}

/** "24 November 2026 · 3 applicants". */
export const bundleSummary = (bundle: Pick<DocumentBundle, 'createdAt' | 'applicationCount'>) =>
  `${format(new Date(bundle.createdAt), 'd MMMM yyy')} · ${applicantCount(bundle.applicationCount)}`;
