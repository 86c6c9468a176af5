import {
  applicantsWithoutText,
  bundleContentsText,
  type DocumentBundleContents,
} from '@pathways/shared/document-bundles/document-bundles.schemas';

import type { BundleApplicant } from './bundle-paths.ts';

// What a bundle holds, worked out once from its applicants and their documents: the counts the
// dialog and the e-mail give, and the list at the top of the zip that names every applicant's
// files and says who had none.

/** The list's file name, at the top of the zip. */
export const MANIFEST_NAME = 'Contents.txt';

/** "Firstname Lastname"; an applicant without a name is "Applicant #12". */
export function applicantName(applicant: BundleApplicant): string {
  const name = [applicant.firstName, applicant.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || `Applicant #${applicant.applicationId}`;
}

/** One applicant's place in the zip: their folder and the names of their files in it. */
export interface ManifestEntry {
  applicant: BundleApplicant;
  folder: string;
  files: string[];
}

/** The contents as the API answers them: each applicant, in the zip's order, with a count. */
export function contentsOf(entries: readonly ManifestEntry[]): DocumentBundleContents {
  return {
    applicants: entries.map(({ applicant, files }) => ({
      applicationId: applicant.applicationId,
      name: applicantName(applicant),
      documentCount: files.length,
    })),
  };
}

/**
 * The zip's list of contents, as plain text with Windows line ends (it opens the same in
 * Notepad): what the bundle is, its counts, who had nothing, then each applicant's folder with
 * their files, or a line saying they had none.
 */
export function manifestText(
  bundle: { opportunity: string; createdAt: Date; kinds: readonly string[] },
  entries: readonly ManifestEntry[],
): string {
  const contents = contentsOf(entries);
  const lines = [
    `Documents of applicants for ${bundle.opportunity}`,
    `Requested ${bundle.createdAt.toISOString().slice(0, 10)}; kinds: ${bundle.kinds.join(', ')}.`,
    `${bundleContentsText(contents)}.`,
  ];
  const without = applicantsWithoutText(contents);
  if (without) lines.push(without);
  for (const entry of entries) {
    lines.push('', `${applicantName(entry.applicant)}: ${entry.folder}/`);
    if (entry.files.length === 0) lines.push('  (no documents of the chosen kinds)');
    for (const file of entry.files) lines.push(`  ${file}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}
