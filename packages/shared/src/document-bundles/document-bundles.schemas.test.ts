import { describe, expect, it } from 'vitest';

import {
  applicantsWithoutText,
  bundleContentsText,
  createDocumentBundleBody,
  documentBundleMessages,
  MAX_BUNDLE_APPLICATIONS,
  newDocumentBundle,
} from './document-bundles.schemas.ts';

const valid = { opportunityId: 7, applicationIds: [3, 1, 2], documentKinds: ['transcript'] };

function errorsOf(input: unknown): Record<string, string[]> {
  const result = newDocumentBundle.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues)
    (errors[String(issue.path[0])] ??= []).push(issue.message);
  return errors;
}

describe('newDocumentBundle', () => {
  it('takes an opportunity, applications and kinds', () => {
    expect(newDocumentBundle.parse(valid)).toEqual(valid);
  });

  it('counts a repeated application or kind once and puts kinds in list order', () => {
    expect(
      newDocumentBundle.parse({
        opportunityId: 7,
        applicationIds: [5, 5, 6],
        documentKinds: ['other', 'identity_document', 'other'],
      }),
    ).toEqual({
      opportunityId: 7,
      applicationIds: [5, 6],
      documentKinds: ['identity_document', 'other'],
    });
  });

  it('needs at least one application and one kind', () => {
    expect(errorsOf({ ...valid, applicationIds: [], documentKinds: [] })).toEqual({
      applicationIds: [documentBundleMessages.applicationsRequired],
      documentKinds: [documentBundleMessages.kindsRequired],
    });
    expect(errorsOf({ opportunityId: 7 })).toEqual({
      applicationIds: [documentBundleMessages.applicationsRequired],
      documentKinds: [documentBundleMessages.kindsRequired],
    });
  });

  it('names the list, not an element, when an id is not an id', () => {
    for (const bad of ['1', 0, -1, 1.5, null, 2 ** 31]) {
      expect(errorsOf({ ...valid, applicationIds: [1, bad] })).toEqual({
        applicationIds: [documentBundleMessages.applicationsInvalid],
      });
    }
  });

  it('refuses an unknown kind', () => {
    expect(errorsOf({ ...valid, documentKinds: ['transcript', 'passport'] })).toEqual({
      documentKinds: [documentBundleMessages.kindInvalid],
    });
  });

  it('needs an opportunity id', () => {
    for (const bad of [undefined, '7', 0, 1.5]) {
      expect(errorsOf({ ...valid, opportunityId: bad })).toEqual({
        opportunityId: [documentBundleMessages.opportunityRequired],
      });
    }
  });

  it(`holds at most ${MAX_BUNDLE_APPLICATIONS} different applications`, () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(
      newDocumentBundle.safeParse({ ...valid, applicationIds: ids(MAX_BUNDLE_APPLICATIONS) })
        .success,
    ).toBe(true);
    expect(errorsOf({ ...valid, applicationIds: ids(MAX_BUNDLE_APPLICATIONS + 1) })).toEqual({
      applicationIds: [documentBundleMessages.tooManyApplications],
    });
    // Repeats do not count against the limit.
    expect(
      newDocumentBundle.safeParse({
        ...valid,
        applicationIds: [...ids(MAX_BUNDLE_APPLICATIONS), ...ids(10)],
      }).success,
    ).toBe(true);
  });

  it('is wrapped as {bundle}', () => {
    expect(createDocumentBundleBody.safeParse(valid).success).toBe(false);
    expect(createDocumentBundleBody.parse({ bundle: valid }).bundle.opportunityId).toBe(7);
  });

  it('names the foreign applications', () => {
    expect(documentBundleMessages.foreignApplications([4, 9])).toBe(
      'These applications are not of this opportunity: 4, 9',
    );
  });
});

describe('what a bundle holds, in words', () => {
  const of = (...counts: number[]) => ({
    applicants: counts.map((documentCount, i) => ({
      applicationId: i + 1,
      name: ['Adam Abrahams', 'Nomsa Mokoena', 'Zanele Zulu', 'Applicant #4'][i]!,
      documentCount,
    })),
  });

  it('counts the documents and the applicants they come from', () => {
    expect(bundleContentsText(of(1))).toBe('1 document from 1 applicant');
    expect(bundleContentsText(of(2, 3))).toBe('5 documents from 2 applicants');
    expect(bundleContentsText(of(1, 0, 4))).toBe('5 documents from 2 of 3 applicants');
    expect(bundleContentsText(of(0, 1))).toBe('1 document from 1 of 2 applicants');
  });

  it('says there is nothing to bundle when no applicant has a document', () => {
    expect(bundleContentsText(of(0))).toBe(documentBundleMessages.nothingToBundle);
    expect(bundleContentsText(of(0, 0, 0))).toBe(documentBundleMessages.nothingToBundle);
    expect(applicantsWithoutText(of(0, 0))).toBe('');
  });

  it('names those it holds nothing of, and nobody when all have some', () => {
    expect(applicantsWithoutText(of(1, 2))).toBe('');
    expect(applicantsWithoutText(of(1, 0))).toBe(
      'No documents of the chosen kinds from Nomsa Mokoena.',
    );
    expect(applicantsWithoutText(of(0, 0, 1, 0))).toBe(
      'No documents of the chosen kinds from Adam Abrahams, Nomsa Mokoena and Applicant #4.',
    );
    expect(applicantsWithoutText(of(3, 0), (a) => `Applicant #${a.applicationId}`)).toBe(
      'No documents of the chosen kinds from Applicant #2.',
    );
  });
});
