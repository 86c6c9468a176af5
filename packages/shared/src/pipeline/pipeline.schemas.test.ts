import { describe, expect, it } from 'vitest';

import {
  phaseCreateBody,
  phasePatchBody,
  pipelineMessages,
  requirementSetBody,
  screeningQuestionPatchBody,
} from './pipeline.schemas.ts';

describe('pipeline contract', () => {
  it('trims a phase, reads a blank description as none, and requires a name', () => {
    expect(phaseCreateBody.parse({ phase: { name: ' Interview ', description: '  ' } })).toEqual({
      phase: { name: 'Interview', description: null },
    });
    const blank = phaseCreateBody.safeParse({ phase: { name: '   ' } });
    expect(blank.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['phase.name', 'must be provided'],
    ]);
  });

  it('refuses a change that changes nothing, and a position below 1', () => {
    expect(phasePatchBody.safeParse({ phase: {} }).error?.issues[0]?.message).toBe(
      pipelineMessages.nothingToChange,
    );
    expect(phasePatchBody.safeParse({ phase: { position: 0 } }).error?.issues[0]?.message).toBe(
      pipelineMessages.position,
    );
    expect(
      screeningQuestionPatchBody.safeParse({ screeningQuestion: {} }).error?.issues[0]?.message,
    ).toBe(pipelineMessages.nothingToChange);
  });

  it('checks every criterion of a requirement set with the eligibility rules', () => {
    const result = requirementSetBody.safeParse({
      requirements: [
        { criterion: { kind: 'drivers_license' } },
        { criterion: { kind: 'age', minimum: 30, maximum: 20 } },
      ],
    });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual([
      'requirements.1.criterion.maximum',
    ]);
    const tooMany = Array.from({ length: 31 }, () => ({ criterion: { kind: 'drivers_license' } }));
    expect(requirementSetBody.safeParse({ requirements: tooMany }).error?.issues[0]?.message).toBe(
      'must have at most 30',
    );
  });

  it('takes a criterion or the id of a stored requirement to keep, never both or neither', () => {
    expect(
      requirementSetBody.parse({
        requirements: [{ id: 4 }, { criterion: { kind: 'drivers_license' } }],
      }).requirements,
    ).toEqual([{ id: 4 }, { criterion: { kind: 'drivers_license' } }]);
    for (const item of [{}, { id: 4, criterion: { kind: 'drivers_license' } }]) {
      const result = requirementSetBody.safeParse({ requirements: [item] });
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['requirements.0.criterion', pipelineMessages.criterionOrId],
      ]);
    }
    expect(
      requirementSetBody.safeParse({ requirements: [{ id: 0 }] }).error?.issues[0]?.path,
    ).toEqual(['requirements', 0, 'id']);
  });

  it('says how many applications or answers stand in the way, in words', () => {
    expect(pipelineMessages.phaseInUse(1)).toBe(
      'This phase cannot be deleted: 1 application is in it. Move it to another phase first.',
    );
    expect(pipelineMessages.phaseInUse(3)).toBe(
      'This phase cannot be deleted: 3 applications are in it. Move them to another phase first.',
    );
    expect(pipelineMessages.questionAnswered(2)).toBe(
      'This question cannot be removed: 2 applicants have answered it. Change its wording or make it optional instead.',
    );
  });
});
