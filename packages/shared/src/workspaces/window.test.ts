import { describe, expect, it } from 'vitest';

import { windowErrors, windowMessages } from './window.ts';
import { createWorkspaceBody, updateWorkspaceBody } from './workspaces.schemas.ts';

const opens = '2027-01-01T08:00:00.000Z';
const before = '2026-12-31T08:00:00.000Z';
const after = '2027-02-01T08:00:00.000Z';
const later = '2027-03-01T08:00:00.000Z';

describe('windowErrors', () => {
  it('accepts a window that opens, closes and then commences', () => {
    expect(windowErrors({ opensAt: opens, closesAt: after, commencesAt: later })).toEqual({});
  });

  it('accepts any window with dates left unset', () => {
    expect(windowErrors({ opensAt: null, closesAt: null, commencesAt: null })).toEqual({});
    expect(windowErrors({ opensAt: opens, closesAt: null, commencesAt: before })).toEqual({});
    expect(windowErrors({ opensAt: null, closesAt: before, commencesAt: null })).toEqual({});
  });

  it('refuses a closing date before or at the opening date', () => {
    expect(windowErrors({ opensAt: opens, closesAt: before, commencesAt: null })).toEqual({
      closesAt: [windowMessages.closesAt],
    });
    expect(windowErrors({ opensAt: opens, closesAt: opens, commencesAt: null })).toEqual({
      closesAt: [windowMessages.closesAt],
    });
  });

  it('refuses a commencement before or at the closing date', () => {
    expect(windowErrors({ opensAt: opens, closesAt: after, commencesAt: after })).toEqual({
      commencesAt: [windowMessages.commencesAt],
    });
    expect(windowErrors({ opensAt: null, closesAt: later, commencesAt: after })).toEqual({
      commencesAt: [windowMessages.commencesAt],
    });
  });

  it('reads Dates as well as ISO strings', () => {
    expect(
      windowErrors({ opensAt: new Date(opens), closesAt: new Date(before), commencesAt: null }),
    ).toEqual({ closesAt: [windowMessages.closesAt] });
  });

  it('refuses a maximum value below the minimum', () => {
    const dates = { opensAt: null, closesAt: null, commencesAt: null };
    expect(windowErrors({ ...dates, valueMin: 10, valueMax: 9 })).toEqual({
      valueMax: [windowMessages.valueMax],
    });
    expect(windowErrors({ ...dates, valueMin: 10, valueMax: 10 })).toEqual({});
    expect(windowErrors({ ...dates, valueMin: 10, valueMax: null })).toEqual({});
  });
});

describe('the opportunity contract', () => {
  const issues = (result: {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  }) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

  it('reports the window rules on the fields they concern', () => {
    const result = createWorkspaceBody.safeParse({
      opportunity: { name: 'Graduate', kind: 'job', opensAt: opens, closesAt: before },
    });
    expect(issues(result)).toEqual({ 'opportunity.closesAt': windowMessages.closesAt });
  });

  it('needs a name and a kind to create, and a version to change', () => {
    expect(
      Object.keys(issues(createWorkspaceBody.safeParse({ opportunity: { name: ' ' } }))),
    ).toEqual(['opportunity.name', 'opportunity.kind']);
    expect(
      Object.keys(issues(updateWorkspaceBody.safeParse({ opportunity: { name: 'x' } }))),
    ).toEqual(['opportunity.version']);
  });

  it('turns blank optional fields into null', () => {
    const result = updateWorkspaceBody.parse({
      opportunity: { version: 1, summary: '', logo: '', opensAt: '' },
    });
    expect(result.opportunity).toMatchObject({ summary: null, logo: null, opensAt: null });
  });
});
