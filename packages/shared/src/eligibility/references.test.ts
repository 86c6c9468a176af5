import { describe, expect, it } from 'vitest';

import { criterion } from './criteria.ts';
import { unlistedReferences } from './references.ts';

const names = {
  qualificationTypes: new Map([[1, "Bachelor's degree"]]),
  categories: new Map([[2, 'Commerce']]),
  disciplines: new Map([[3, 'Accounting']]),
  institutions: new Map([[4, 'University of Cape Town']]),
};

const qualification = (extra: object) =>
  criterion.parse({ kind: 'qualification', statuses: ['completed'], ...extra });

describe('unlistedReferences', () => {
  it('finds nothing when every id is listed, or none is given', () => {
    expect(
      unlistedReferences(
        qualification({
          qualificationTypeIds: [1],
          categoryIds: [2],
          disciplineIds: [3],
          institutionIds: [4],
        }),
        names,
      ),
    ).toEqual({});
    expect(unlistedReferences(qualification({}), {})).toEqual({});
    expect(unlistedReferences(criterion.parse({ kind: 'drivers_license' }), {})).toEqual({});
  });

  it('names each field with ids that are not listed, saying which', () => {
    expect(
      unlistedReferences(
        qualification({ categoryIds: [2, 9], institutionIds: [7, 8], disciplineIds: [3] }),
        names,
      ),
    ).toEqual({
      categoryIds: ['must be listed; 9 is not'],
      institutionIds: ['must be listed; 7, 8 are not'],
    });
    // Names not loaded at all count as not listed.
    expect(unlistedReferences(qualification({ qualificationTypeIds: [1] }), {})).toEqual({
      qualificationTypeIds: ['must be listed; 1 is not'],
    });
  });
});
