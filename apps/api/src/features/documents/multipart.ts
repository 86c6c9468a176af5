import { documentMessages, MAX_UPLOAD_BYTES } from '@pathways/shared/documents/documents.schemas';
import type { FastifyRequest } from 'fastify';

import { AppError } from '../../lib/app-error.ts';

export interface ReceivedFile {
  bytes: Buffer;
  /** The name the client sent: untrusted, for display once cleaned. */
  fileName: string;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  file?: ReceivedFile;
}

// Room for the part headers and the small fields around the file.
const ENVELOPE_BYTES = 64 * 1024;

export const tooLarge = () =>
  new AppError('payload_too_large', documentMessages.fileTooLarge, {
    errors: { file: [documentMessages.fileTooLarge] },
  });

const invalidFile = (message: string, fieldMessage = message) =>
  new AppError('validation', message, { errors: { file: [fieldMessage] } });

/** Turns whatever the multipart parser throws into a 4xx with a message for the `file` field. */
function uploadError(error: unknown): Error {
  if (error instanceof AppError) return error;
  const { code, statusCode } = (error ?? {}) as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT') return invalidFile(documentMessages.oneFile);
  if (statusCode !== undefined && statusCode >= 500) return error as Error;
  // Everything else is a body the parser could not read: no boundary, cut short, malformed
  // part headers, too many parts or fields, a prototype name.
  return invalidFile(documentMessages.unreadable);
}

/**
 * Reads a `multipart/form-data` body with one file (in `fileField`) and a few short fields.
 * The file is held in memory (at most 10 MiB), so a body the parser rejects never reaches
 * storage, and a failure here is always the client's (4xx), never a storage fault.
 */
export async function receiveUpload(
  request: FastifyRequest,
  fileField = 'file',
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) {
    throw new AppError('validation', 'Send the file as multipart/form-data', {
      errors: { file: [documentMessages.fileRequired] },
    });
  }
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES + ENVELOPE_BYTES) throw tooLarge();

  const upload: ReceivedUpload = { fields: {} };
  try {
    const parts = request.parts({
      limits: {
        fileSize: MAX_UPLOAD_BYTES,
        files: 1,
        fields: 10,
        fieldSize: 1024,
        fieldNameSize: 100,
        parts: 12,
        headerPairs: 100,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (!(part.fieldname in upload.fields)) {
          upload.fields[part.fieldname] = String(part.value ?? '');
        }
      } else if (part.fieldname === fileField && !upload.file) {
        upload.file = { bytes: await part.toBuffer(), fileName: part.filename ?? '' };
      } else {
        // A file under another name: read and forget it, so parsing can go on.
        part.file.resume();
      }
    }
  } catch (error) {
    throw uploadError(error);
  }
  return upload;
}
