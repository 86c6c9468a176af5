import { describe, expect, it } from 'vitest';

import {
  applicantFolder,
  byApplicantName,
  byKindThenAge,
  documentFileNames,
  safePathSegment,
  type BundleDocument,
} from './bundle-paths.ts';

const doc = (
  originalName: string,
  kind: BundleDocument['kind'] = 'other',
  contentType = 'application/pdf',
  createdAt = new Date('2026-01-01T00:00:00Z'),
): BundleDocument => ({ originalName, kind, contentType, createdAt });

describe('safePathSegment', () => {
  it.each([
    ['Mokoena Thandi', 'Mokoena Thandi'],
    ['a/b\\c', 'a_b_c'],
    ['what? <yes>: "no" | *', 'what_ _yes__ _no_ _ _'],
    ['..', 'x'],
    ['../../etc', '_.._etc'],
    ['  spaced \t out  ', 'spaced out'],
    ['trailing dot.', 'trailing dot'],
    ['bell\u0007 and \u202Eoverride', 'bell and override'],
    ['CON', '_CON'],
    ['nul.pdf', '_nul.pdf'],
    ['com1', '_com1'],
    ['Console', 'Console'],
    ['', 'x'],
    ['Zoe\u0308', 'Zoë'],
  ])('%j → %j', (name, expected) => {
    expect(safePathSegment(name, 'x')).toBe(expected);
  });
});

describe('applicantFolder', () => {
  it('is "Lastname Firstname - #id"', () => {
    expect(applicantFolder({ applicationId: 12, firstName: 'Thandi', lastName: 'Mokoena' })).toBe(
      'Mokoena Thandi - #12',
    );
  });

  it('does without a missing part of the name, or the whole name', () => {
    expect(applicantFolder({ applicationId: 3, firstName: null, lastName: 'Dube' })).toBe(
      'Dube - #3',
    );
    expect(applicantFolder({ applicationId: 4, firstName: ' ', lastName: null })).toBe(
      'Applicant - #4',
    );
  });

  it('makes a hostile name safe and keeps the id whole when the name is long', () => {
    expect(applicantFolder({ applicationId: 5, firstName: 'x', lastName: '../..' })).toBe(
      '_.. x - #5',
    );
    const long = applicantFolder({
      applicationId: 123456,
      firstName: 'A'.repeat(200),
      lastName: 'B',
    });
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long.endsWith(' - #123456')).toBe(true);
  });
});

describe('documentFileNames', () => {
  it('prefixes each name with its kind', () => {
    expect(
      documentFileNames([
        doc('id.pdf', 'identity_document'),
        doc('marks.png', 'transcript', 'image/png'),
      ]),
    ).toEqual(['Identity document - id.pdf', 'Transcript - marks.png']);
  });

  it('numbers names that would land on one file, whatever their case', () => {
    expect(
      documentFileNames([doc('cv.pdf'), doc('CV.pdf'), doc('cv.pdf'), doc('cv (2).pdf')]),
    ).toEqual([
      'Other - cv.pdf',
      'Other - CV (2).pdf',
      'Other - cv (3).pdf',
      'Other - cv (2) (2).pdf',
    ]);
  });

  it('makes stored names safe, with the extension of their type', () => {
    expect(
      documentFileNames([
        doc('a:b?.pdf'),
        doc('../../x', 'other', 'image/jpeg'),
        doc('', 'transcript', 'image/png'),
      ]),
    ).toEqual(['Other - a_b_.pdf', 'Other - x.jpg', 'Transcript - document.png']);
  });
});

describe('ordering', () => {
  it('lists applicants by last name, first name, then application', () => {
    const people = [
      { applicationId: 3, firstName: 'Ann', lastName: 'zulu' },
      { applicationId: 2, firstName: 'Ben', lastName: 'Adams' },
      { applicationId: 1, firstName: 'Ben', lastName: 'adams' },
      { applicationId: 4, firstName: 'Amy', lastName: 'Adams' },
      { applicationId: 5, firstName: null, lastName: null },
    ];
    expect([...people].sort(byApplicantName).map((p) => p.applicationId)).toEqual([5, 4, 1, 2, 3]);
  });

  it('lists documents by kind in list order, oldest first', () => {
    const older = new Date('2025-01-01T00:00:00Z');
    const docs = [
      doc('b', 'other'),
      doc('a', 'other', 'application/pdf', older),
      doc('t', 'transcript'),
      doc('i', 'identity_document'),
    ];
    expect([...docs].sort(byKindThenAge).map((d) => d.originalName)).toEqual(['i', 't', 'a', 'b']);
  });
});
