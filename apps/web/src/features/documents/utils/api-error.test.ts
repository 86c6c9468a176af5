import { describe, expect, it } from 'vitest';

import { documentMessages } from '@pathways/shared/documents/documents.schemas';

import { ApiError } from '../../../lib/api-client';
import { apiErrorFrom, fileErrorMessage } from './api-error';
import { attachmentName } from './attachment';

describe('fileErrorMessage', () => {
  it('says the server’s errors.file messages as sentences', () => {
    const wrongType = apiErrorFrom(422, {
      code: 'validation',
      message: documentMessages.fileType,
      errors: { file: [documentMessages.fileType] },
    });
    expect(fileErrorMessage(wrongType)).toBe('The file must be a PDF, JPEG or PNG file.');
    const tooLarge = apiErrorFrom(413, {
      code: 'payload_too_large',
      message: documentMessages.fileTooLarge,
      errors: { file: [documentMessages.fileTooLarge] },
    });
    expect(fileErrorMessage(tooLarge)).toBe('The file is larger than 10 MB.');
    const tooManyPixels = apiErrorFrom(422, {
      code: 'validation',
      message: documentMessages.imageTooLarge,
      errors: { file: [documentMessages.imageTooLarge] },
    });
    expect(fileErrorMessage(tooManyPixels)).toBe('This image is too large: at most 50 megapixels.');
  });

  it('has words for a 413 without a body, and for a lost connection', () => {
    expect(fileErrorMessage(new ApiError(413))).toBe('The file is larger than 10 MB.');
    expect(fileErrorMessage(new TypeError('offline'))).toMatch(/Check your connection/);
  });
});

describe('attachmentName', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    expect(
      attachmentName(`attachment; filename="a.pdf"; filename*=UTF-8''S%C3%A9lection.pdf`, 'x'),
    ).toBe('Sélection.pdf');
    expect(attachmentName('attachment; filename="pathways-my-data.json"', 'x')).toBe(
      'pathways-my-data.json',
    );
    expect(attachmentName(null, 'fallback.pdf')).toBe('fallback.pdf');
  });
});
