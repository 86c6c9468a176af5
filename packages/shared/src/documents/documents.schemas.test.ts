import { describe, expect, it } from 'vitest';

import {
  documentKindLabels,
  documentKinds,
  documentMessages,
  isSingleFileKind,
  MAX_UPLOAD_BYTES,
  uploadDocumentFields,
} from './documents.schemas.ts';

describe('document kinds', () => {
  it('have the labels the web shows', () => {
    expect(documentKinds.map((k) => documentKindLabels[k])).toEqual([
      'Identity document',
      'Transcript',
      'High school certificate',
      'Proof of registration',
      'Other',
    ]);
  });

  it('keep one file each, except other', () => {
    expect(documentKinds.filter((k) => !isSingleFileKind(k))).toEqual(['other']);
  });

  it('limit uploads to 10 MiB', () => {
    expect(MAX_UPLOAD_BYTES).toBe(10_485_760);
  });
});

describe('uploadDocumentFields', () => {
  const errorsOf = (input: unknown) => {
    const result = uploadDocumentFields.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it('accepts every kind, trimmed', () => {
    for (const kind of documentKinds) {
      expect(uploadDocumentFields.parse({ kind: ` ${kind} ` })).toEqual({ kind });
    }
  });

  it('says when the kind is missing or unknown, once', () => {
    expect(errorsOf({})).toEqual([documentMessages.kindRequired]);
    expect(errorsOf({ kind: '' })).toEqual([documentMessages.kindRequired]);
    expect(errorsOf({ kind: '   ' })).toEqual([documentMessages.kindRequired]);
    expect(errorsOf({ kind: 'passport' })).toEqual([documentMessages.kindInvalid]);
    expect(errorsOf({ kind: 'Transcript' })).toEqual([documentMessages.kindInvalid]);
  });
});
