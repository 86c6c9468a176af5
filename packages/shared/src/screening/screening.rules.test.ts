import { describe, expect, it } from 'vitest';

import {
  isMoveMailDue,
  missingIds,
  namingIds,
  planMoves,
  planRegrets,
  type ScreenedApplication,
} from './screening.rules.ts';
import {
  assignBody,
  BULK_ACTION_MAX,
  flagBody,
  moveBody,
  ratingBody,
  regretManyBody,
  screeningMessages,
} from './screening.schemas.ts';

const app = (
  id: number,
  phaseId: number | null,
  state: { archived?: boolean; regretted?: boolean } = {},
): ScreenedApplication => ({
  id,
  phaseId,
  archivedAt: state.archived ? new Date('2026-01-02T00:00:00Z') : null,
  regrettedAt: state.regretted ? '2026-01-03T00:00:00Z' : null,
});

describe('missingIds', () => {
  it('names the ids not found, each once, in the order asked', () => {
    expect(missingIds([99, 1, 12, 99, 2], [1, 2])).toEqual([99, 12]);
  });
  it('is empty when every id was found, duplicates or not', () => {
    expect(missingIds([3, 3, 4], new Set([4, 3, 5]))).toEqual([]);
    expect(missingIds([], [])).toEqual([]);
  });
});

describe('namingIds', () => {
  it('fills the ids into the message', () => {
    expect(namingIds(screeningMessages.foreignIds, [12, 99])).toBe(
      'These are not applications of this opportunity: 12, 99',
    );
    expect(namingIds(screeningMessages.someRegretted, [7])).toBe(
      'Some of these applications were already regretted: 7',
    );
  });
});

describe('planMoves', () => {
  it('moves open applications from wherever they are, unplaced ones too', () => {
    expect(planMoves([app(1, 10), app(2, null)], 20)).toEqual({
      moves: [
        { id: 1, fromPhaseId: 10 },
        { id: 2, fromPhaseId: null },
      ],
      unchanged: [],
      withdrawn: [],
      regretted: [],
    });
  });
  it('leaves an application already in the phase as it is', () => {
    const plan = planMoves([app(1, 20), app(2, 10)], 20);
    expect(plan.unchanged).toEqual([1]);
    expect(plan.moves).toEqual([{ id: 2, fromPhaseId: 10 }]);
  });
  it('refuses withdrawn and regretted applications, withdrawal said first', () => {
    const plan = planMoves(
      [
        app(1, 10, { archived: true }),
        app(2, 10, { regretted: true }),
        app(3, 10, { archived: true, regretted: true }),
        app(4, 20, { regretted: true }),
      ],
      20,
    );
    expect(plan.withdrawn).toEqual([1, 3]);
    expect(plan.regretted).toEqual([2, 4]);
    expect(plan.moves).toEqual([]);
    expect(plan.unchanged).toEqual([]);
  });
});

describe('planRegrets', () => {
  it('regrets open applications, keeping their phase', () => {
    expect(planRegrets([app(1, 10), app(2, null)])).toEqual({
      regrets: [
        { id: 1, phaseId: 10 },
        { id: 2, phaseId: null },
      ],
      alreadyRegretted: [],
      withdrawn: [],
    });
  });
  it('refuses to regret twice, and to regret what the candidate withdrew', () => {
    const plan = planRegrets([
      app(1, 10, { regretted: true }),
      app(2, 10, { archived: true }),
      app(3, 10, { archived: true, regretted: true }),
      app(4, 10),
    ]);
    expect(plan.alreadyRegretted).toEqual([1, 3]);
    expect(plan.withdrawn).toEqual([2]);
    expect(plan.regrets).toEqual([{ id: 4, phaseId: 10 }]);
  });
});

describe('the bodies', () => {
  it('takes a rating from 1 to 5 or null, and says why otherwise', () => {
    expect(ratingBody.parse({ rating: 3 })).toEqual({ rating: 3 });
    expect(ratingBody.parse({ rating: null })).toEqual({ rating: null });
    for (const rating of [0, 6, 2.5, '4', undefined]) {
      const result = ratingBody.safeParse({ rating });
      expect(result.success, String(rating)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(screeningMessages.rating);
    }
  });

  it('takes a flag with a known section and a reason, trimmed', () => {
    expect(
      flagBody.parse({ flag: { applicationId: 4, section: 'rights', reason: '  Expired  ' } }),
    ).toEqual({ flag: { applicationId: 4, section: 'rights', reason: 'Expired' } });
    const unknown = flagBody.safeParse({ flag: { applicationId: 4, section: 'x', reason: 'y' } });
    expect(unknown.error?.issues[0]?.message).toBe(screeningMessages.section);
    const blank = flagBody.safeParse({
      flag: { applicationId: 4, section: 'rights', reason: ' ' },
    });
    expect(blank.error?.issues[0]?.message).toBe(screeningMessages.reason);
  });

  it('takes between 1 and the most ids a bulk action allows', () => {
    const none = regretManyBody.safeParse({ applicationIds: [] });
    expect(none.error?.issues[0]?.message).toBe(screeningMessages.applicationIds);
    expect(regretManyBody.safeParse({ applicationIds: [1, 2] }).success).toBe(true);
    const tooMany = Array.from({ length: BULK_ACTION_MAX + 1 }, (_, i) => i + 1);
    const over = assignBody.safeParse({ phaseId: 1, opportunityApplicationIds: tooMany });
    expect(over.error?.issues[0]?.message).toBe(screeningMessages.tooMany);
  });

  it('asks for a phase when none is given', () => {
    for (const body of [{}, { phaseId: 'x' }, { phaseId: null }]) {
      expect(moveBody.safeParse(body).error?.issues[0]?.message).toBe(screeningMessages.phaseId);
    }
    expect(moveBody.parse({ phaseId: 7 })).toEqual({ phaseId: 7 });
  });
});

describe('isMoveMailDue', () => {
  const movedAt = new Date('2026-11-01T08:00:00Z');
  const facts = {
    phaseId: 2,
    toldPhaseId: null,
    initialPhaseId: 1,
    archivedAt: null,
    regrettedAt: null,
    lastMovedAt: movedAt,
  };

  it('tells of a move that stands, once', () => {
    expect(isMoveMailDue(facts, movedAt)).toBe(true);
    expect(isMoveMailDue({ ...facts, toldPhaseId: 2 }, movedAt)).toBe(false);
  });

  it('tells nothing of a move undone: the candidate is where they were last told', () => {
    expect(isMoveMailDue({ ...facts, phaseId: 1 }, movedAt)).toBe(false);
    expect(isMoveMailDue({ ...facts, phaseId: 3, toldPhaseId: 3 }, movedAt)).toBe(false);
  });

  it('leaves a move followed by another to the later one', () => {
    const later = new Date(movedAt.getTime() + 1);
    expect(isMoveMailDue({ ...facts, lastMovedAt: later }, movedAt)).toBe(false);
    expect(isMoveMailDue({ ...facts, lastMovedAt: later }, later)).toBe(true);
    expect(isMoveMailDue({ ...facts, lastMovedAt: later }, null)).toBe(true);
  });

  it('tells nothing once the application is withdrawn or regretted', () => {
    expect(isMoveMailDue({ ...facts, archivedAt: movedAt }, movedAt)).toBe(false);
    expect(isMoveMailDue({ ...facts, regrettedAt: movedAt }, movedAt)).toBe(false);
  });
});
