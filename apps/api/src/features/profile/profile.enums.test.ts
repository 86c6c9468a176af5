import { actionKinds } from '@pathways/shared/action-items/action-items.schemas';
import { documentKinds } from '@pathways/shared/documents/documents.schemas';
import { qualificationStatuses } from '@pathways/shared/profile/dates';
import { ethnicities, genders } from '@pathways/shared/profile/profile.schemas';
import {
  experienceKinds,
  languageLevels,
  rightKinds,
} from '@pathways/shared/profile/sections.schemas';
import { describe, expect, it } from 'vitest';

import {
  documentKind,
  ethnicityEnum,
  experienceKind,
  genderEnum,
  languageLevel,
  qualificationStatus,
  rightKind,
} from '../../db/schema/enums.ts';

// The contract's value lists and the database's enums must never drift apart: a value the
// schema accepts but the database refuses would be a 500.
describe('shared value lists match the database enums', () => {
  it.each([
    ['gender', genders, genderEnum.enumValues],
    ['ethnicity', ethnicities, ethnicityEnum.enumValues],
    ['experience kind', experienceKinds, experienceKind.enumValues],
    ['language level', languageLevels, languageLevel.enumValues],
    ['right kind', rightKinds, rightKind.enumValues],
    ['qualification status', qualificationStatuses, qualificationStatus.enumValues],
  ])('%s', (_name, shared, database) => {
    expect([...shared]).toEqual([...database]);
  });

  it('asks only for document kinds that exist', () => {
    const documentActions = actionKinds.filter((k) =>
      (documentKinds as readonly string[]).includes(k),
    );
    expect(documentActions.sort()).toEqual(
      documentKind.enumValues.filter((k) => k !== 'other').sort(),
    );
  });
});
