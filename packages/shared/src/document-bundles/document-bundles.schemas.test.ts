import { describe, expect, it } from 'vitest';

import {
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
