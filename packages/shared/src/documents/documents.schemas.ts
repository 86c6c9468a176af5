import { z } from 'zod';
import { text } from '../common/text.ts';

/** What a candidate's uploaded document is; the to-do list asks for some of these by kind. */
export const documentKinds = [
  'identity_document',
  'transcript',
  'high_school_certificate',
  'proof_of_registration',
  'other',
] as const;
export const documentKind = z.enum(documentKinds);
export type DocumentKind = z.infer<typeof documentKind>;

/** The words the web app shows for each kind. */
export const documentKindLabels: Record<DocumentKind, string> = {
  identity_document: 'Identity document',
  transcript: 'Transcript',
  high_school_certificate: 'High school certificate',
  proof_of_registration: 'Proof of registration',
  other: 'Other',
};

/**
 * Kinds a candidate keeps one file of: uploading again replaces the previous file. `other`
 * collects as many files as the candidate likes, up to MAX_OTHER_DOCUMENTS.
 */
export const isSingleFileKind = (kind: DocumentKind): boolean => kind !== 'other';

/** Largest upload accepted, document or avatar: 10 MiB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** How many documents of kind `other` one candidate may keep. */
export const MAX_OTHER_DOCUMENTS = 20;
/** Avatars are stored as WebP of at most this many pixels a side. */
export const AVATAR_MAX_PX = 400;
/**
 * Largest image accepted, document, avatar or logo: 50 megapixels. A small file can claim
 * enormous dimensions and decode to gigabytes, so an image over this is refused by its header.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** Document types accepted, recognised by their content (not by their name or declared type). */
export const documentContentTypes = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type DocumentContentType = (typeof documentContentTypes)[number];
/** Image types accepted for an avatar, recognised by their content. */
export const avatarContentTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type AvatarContentType = (typeof avatarContentTypes)[number];

/** For `<input type="file" accept>`: a hint to the picker only; the server checks the bytes. */
export const documentAccept = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
export const avatarAccept = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp';

/** Every message the documents and avatar endpoints answer with, so the web says the same. */
export const documentMessages = {
  fileRequired: 'Choose a file to upload',
  fileEmpty: 'The file is empty',
  fileType: 'must be a PDF, JPEG or PNG file',
  avatarType: 'must be a JPEG, PNG or WebP image',
  imageTooLarge: `This image is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
  fileTooLarge: 'The file is larger than 10 MB',
  oneFile: 'Send one file at a time',
  unreadable: 'The upload could not be read. Please try again.',
  kindRequired: 'Choose what kind of document this is',
  kindInvalid:
    'must be one of: identity document, transcript, high school certificate, proof of registration, other',
  tooManyOther: `You can keep at most ${MAX_OTHER_DOCUMENTS} other documents. Delete one first.`,
  notFound: 'Document not found',
  avatarNotFound: 'Avatar not found',
} as const;

/** The non-file fields of `POST /api/candidate/documents` (multipart: `file`, `kind`). */
export const uploadDocumentFields = z.object({
  kind: text({ error: documentMessages.kindRequired })
    .trim()
    .min(1, { error: documentMessages.kindRequired, abort: true })
    .pipe(z.enum(documentKinds, { error: documentMessages.kindInvalid })),
});
export type UploadDocumentFields = z.input<typeof uploadDocumentFields>;

export const documentIdParam = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/** One uploaded document as the candidate sees it. */
export const documentItem = z.object({
  id: z.number().int(),
  kind: documentKind,
  /** The name it was uploaded with, cleaned up; for display only. */
  originalName: text(),
  contentType: z.enum(documentContentTypes),
  byteSize: z.number().int(),
  createdAt: z.iso.datetime(),
  /** GET it with the bearer token; the file comes back as an attachment. */
  downloadUrl: text(),
});
export type DocumentItem = z.infer<typeof documentItem>;

export const documentList = z.object({ items: z.array(documentItem) });
export type DocumentList = z.infer<typeof documentList>;

/** Answer of `PUT /api/candidate/avatar`: the new URL, as `user.avatar` now holds it. */
export const avatarResponse = z.object({ avatar: text() });
export type AvatarResponse = z.infer<typeof avatarResponse>;

/** `GET /api/avatars/:file`: a random key and `.webp`; anything else is simply not found. */
export const avatarFileParam = z.object({ file: text().max(100) });
