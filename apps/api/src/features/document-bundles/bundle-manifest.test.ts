import { describe, expect, it } from 'vitest';

import { documentBundleMessages } from '@pathways/shared/document-bundles/document-bundles.schemas';

import { applicantName, contentsOf, manifestText, type ManifestEntry } from './bundle-manifest.ts';

const adam = { applicationId: 12, firstName: 'Adam', lastName: 'Abrahams' };
const nomsa = { applicationId: 13, firstName: 'Nomsa', lastName: 'Mokoena' };
const nameless = { applicationId: 14, firstName: null, lastName: '  ' };

const entries: ManifestEntry[] = [
  { applicant: adam, folder: 'Abrahams Adam - #12', files: ['Other - photo.jpg'] },
  { applicant: nomsa, folder: 'Mokoena Nomsa - #13', files: [] },
  {
    applicant: nameless,
    folder: 'Applicant - #14',
    files: ['Identity document - id.pdf', 'Transcript - marks.png'],
  },
];
const bundle = {
  opportunity: 'Graduate Programme',
  createdAt: new Date('2026-11-24T10:00:00Z'),
  kinds: ['Identity document', 'Transcript', 'Other'],
};

describe('applicantName', () => {
  it('is the first and last name, or the application when there is none', () => {
    expect(applicantName(adam)).toBe('Adam Abrahams');
    expect(applicantName({ ...adam, lastName: null })).toBe('Adam');
    expect(applicantName(nameless)).toBe('Applicant #14');
  });
});

describe('contentsOf', () => {
  it('counts each applicant’s files, in the zip’s order', () => {
    expect(contentsOf(entries)).toEqual({
      applicants: [
        { applicationId: 12, name: 'Adam Abrahams', documentCount: 1 },
        { applicationId: 13, name: 'Nomsa Mokoena', documentCount: 0 },
        { applicationId: 14, name: 'Applicant #14', documentCount: 2 },
      ],
    });
  });
});

describe('manifestText', () => {
  it('lists every applicant’s files, and says who had none', () => {
    expect(manifestText(bundle, entries).split('\r\n')).toEqual([
      'Documents of applicants for Graduate Programme',
      'Requested 2026-11-24; kinds: Identity document, Transcript, Other.',
      '3 documents from 2 of 3 applicants.',
      'No documents of the chosen kinds from Nomsa Mokoena.',
      '',
      'Adam Abrahams: Abrahams Adam - #12/',
      '  Other - photo.jpg',
      '',
      'Nomsa Mokoena: Mokoena Nomsa - #13/',
      '  (no documents of the chosen kinds)',
      '',
      'Applicant #14: Applicant - #14/',
      '  Identity document - id.pdf',
      '  Transcript - marks.png',
      '',
    ]);
  });

  it('says when there is nothing at all', () => {
    const text = manifestText(bundle, [{ ...entries[1]! }]);
    expect(text).toContain(`${documentBundleMessages.nothingToBundle}.`);
    expect(text).not.toContain('No documents of the chosen kinds from');
  });
});
