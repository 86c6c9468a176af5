import {
  documentKindLabels,
  documentKinds,
  type DocumentContentType,
  type DocumentKind,
} from '@pathways/shared/documents/documents.schemas';

import { cleanFileName } from '../documents/index.ts';

// Where each document goes in a bundle's zip: a folder per applicant, "Lastname Firstname - #12",
// and in it the applicant's documents, each name prefixed with its kind ("Transcript - 2025.pdf"),
// every part safe to unpack on Windows, macOS and Linux alike.

const MAX_FOLDER_LENGTH = 80;

/**
 * A name with nothing a file system refuses or reads as a path: no slashes or backslashes, none
 * of Windows's reserved characters `<>:"|?*`, no control or invisible formatting characters,
 * no leading or trailing dots or spaces, and not a reserved device name such as `CON`.
 */
export function safePathSegment(name: string, fallback: string): string {
  let clean = name
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[/\\<>:"|?*]/g, '_')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/^[.\s]+/u, '')
    .replace(/[.\s]+$/u, '');
  if (/^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i.test(clean)) clean = `_${clean}`;
  return clean || fallback;
}

export interface BundleApplicant {
  applicationId: number;
  firstName: string | null;
  lastName: string | null;
}

/** "Lastname Firstname - #12"; an applicant without a name is "Applicant - #12". */
export function applicantFolder(applicant: BundleApplicant): string {
  const suffix = ` - #${applicant.applicationId}`;
  const name = [applicant.lastName, applicant.firstName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  const safe = safePathSegment(name, 'Applicant');
  const room = MAX_FOLDER_LENGTH - suffix.length;
  const cut = [...safe].slice(0, room).join('').trim();
  return `${cut || 'Applicant'}${suffix}`;
}

export interface BundleDocument {
  kind: DocumentKind;
  originalName: string;
  contentType: string;
  createdAt: Date;
}

/** Applicants in name order (last name, first name, then application), as the zip lists them. */
export function byApplicantName(a: BundleApplicant, b: BundleApplicant): number {
  const key = (x: BundleApplicant) => [x.lastName ?? '', x.firstName ?? ''] as const;
  const [al, af] = key(a);
  const [bl, bf] = key(b);
  return (
    al.localeCompare(bl, 'en', { sensitivity: 'base' }) ||
    af.localeCompare(bf, 'en', { sensitivity: 'base' }) ||
    a.applicationId - b.applicationId
  );
}

/** An applicant's documents in list order: by kind as the documents list shows them, oldest first. */
export function byKindThenAge(a: BundleDocument, b: BundleDocument): number {
  return (
    documentKinds.indexOf(a.kind) - documentKinds.indexOf(b.kind) ||
    a.createdAt.getTime() - b.createdAt.getTime()
  );
}

/**
 * The file names of one applicant's documents, in the order given: "<Kind> - <name>", made
 * safe, and made unique in the folder without regard to case ("cv.pdf", "cv (2).pdf"), since
 * Windows and macOS would otherwise unpack two of them onto one file.
 */
export function documentFileNames(documents: readonly BundleDocument[]): string[] {
  const taken = new Set<string>();
  return documents.map((document) => {
    const base = safePathSegment(
      `${documentKindLabels[document.kind]} - ${cleanFileName(
        document.originalName,
        document.contentType as DocumentContentType,
      )}`,
      'document',
    );
    const dot = base.lastIndexOf('.');
    const stem = dot > 0 ? base.slice(0, dot) : base;
    const extension = dot > 0 ? base.slice(dot) : '';
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${stem} (${n})${extension}`;
    taken.add(name.toLowerCase());
    return name;
  });
}
