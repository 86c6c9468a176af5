import { describe, expect, it } from 'vitest';

import {
  APPLICATION_LOCATIONS_MAX,
  applicationMessages as m,
  applicationPatchBody,
  applicationsQuery,
  applyBody,
  idParam,
  SCREENING_ANSWER_MAX_CHARS,
} from './applications.schemas.ts';

/** The field errors a body gets, keyed by dotted path, as the API reports them. */
function errorsOf(
  schema: { safeParse(v: unknown): { error?: { issues: unknown[] } } },
  v: unknown,
) {
  const issues = (schema.safeParse(v).error?.issues ?? []) as {
    path: PropertyKey[];
    message: string;
  }[];
  const errors: Record<string, string[]> = {};
  for (const issue of issues) (errors[issue.path.join('.')] ??= []).push(issue.message);
  return errors;
}

describe('applyBody', () => {
  it('takes location ids and optional answers', () => {
    expect(applyBody.parse({ locations: [3, 1] })).toEqual({ locations: [3, 1] });
    expect(
      applyBody.parse({ locations: [1], answers: [{ questionId: 4, answer: '  Yes  ' }] }),
    ).toEqual({ locations: [1], answers: [{ questionId: 4, answer: 'Yes' }] });
  });

  it.each([
    ['missing', {}],
    ['null', { locations: null }],
    ['empty', { locations: [] }],
    ['not a list', { locations: 'Cape Town' }],
  ])('locations %s: "Choose at least one location"', (_name, body) => {
    expect(errorsOf(applyBody, body)).toEqual({ locations: [m.locationsRequired] });
  });

  it.each([
    ['a string', ['1']],
    ['zero', [0]],
    ['negative', [-4]],
    ['a fraction', [1.5]],
    ['too large for a database id', [2 ** 31]],
    ['null', [null]],
  ])('a location id that is %s is reported under locations', (_name, locations) => {
    expect(errorsOf(applyBody, { locations })).toEqual({ locations: [m.locationsInvalid] });
  });

  it('needs each location once, and not too many', () => {
    expect(errorsOf(applyBody, { locations: [1, 2, 1] })).toEqual({
      locations: [m.locationsDistinct],
    });
    const many = Array.from({ length: APPLICATION_LOCATIONS_MAX + 1 }, (_, i) => i + 1);
    expect(errorsOf(applyBody, { locations: many })).toEqual({ locations: [m.locationsTooMany] });
  });

  it('reports bad answers under answers', () => {
    const body = (answers: unknown) => ({ locations: [1], answers });
    expect(errorsOf(applyBody, body('yes'))).toEqual({ answers: [m.answersInvalid] });
    expect(errorsOf(applyBody, body([{ questionId: 'x', answer: 'a' }]))).toEqual({
      answers: [m.answersInvalid],
    });
    expect(errorsOf(applyBody, body([{ questionId: 1 }]))).toEqual({
      answers: [m.answersInvalid],
    });
    expect(errorsOf(applyBody, body([null]))).toEqual({ answers: [m.answersInvalid] });
    expect(
      errorsOf(
        applyBody,
        body([{ questionId: 1, answer: 'x'.repeat(SCREENING_ANSWER_MAX_CHARS + 1) }]),
      ),
    ).toEqual({ answers: [m.answerTooLong] });
    expect(
      errorsOf(
        applyBody,
        body([
          { questionId: 1, answer: 'a' },
          { questionId: 1, answer: 'b' },
        ]),
      ),
    ).toEqual({ answers: [m.answersDistinct] });
  });

  it('keeps a blank answer as "no answer" for the server to judge', () => {
    expect(
      applyBody.parse({ locations: [1], answers: [{ questionId: 2, answer: '   ' }] }),
    ).toEqual({ locations: [1], answers: [{ questionId: 2, answer: '' }] });
  });

  it('drops unknown keys', () => {
    expect(applyBody.parse({ locations: [1], candidateId: 9, phaseId: 3 })).toEqual({
      locations: [1],
    });
  });
});

describe('applicationPatchBody', () => {
  it('takes locations, answers or both', () => {
    expect(applicationPatchBody.parse({ application: { locations: [2] } })).toEqual({
      application: { locations: [2] },
    });
    expect(
      applicationPatchBody.parse({ application: { answers: [{ questionId: 1, answer: 'No' }] } }),
    ).toEqual({ application: { answers: [{ questionId: 1, answer: 'No' }] } });
  });

  it('needs at least one of them', () => {
    expect(errorsOf(applicationPatchBody, { application: {} })).toEqual({
      'application.locations': [m.locationsRequired],
    });
    expect(errorsOf(applicationPatchBody, {})).toEqual({ application: [m.locationsRequired] });
  });

  it('applies the apply rules to locations', () => {
    expect(errorsOf(applicationPatchBody, { application: { locations: [] } })).toEqual({
      'application.locations': [m.locationsRequired],
    });
    expect(errorsOf(applicationPatchBody, { application: { locations: [4, 4] } })).toEqual({
      'application.locations': [m.locationsDistinct],
    });
  });
});

describe('applicationsQuery and idParam', () => {
  it('defaults paging and ignores a blank status', () => {
    expect(applicationsQuery.parse({})).toEqual({ page: 1, per: 25 });
    expect(applicationsQuery.parse({ status: '  ', page: '2', per: '10' })).toEqual({
      page: 2,
      per: 10,
    });
    expect(applicationsQuery.parse({ status: ' Interview ' }).status).toBe('Interview');
    expect(applicationsQuery.safeParse({ per: '1000' }).success).toBe(false);
    expect(applicationsQuery.safeParse({ page: '0' }).success).toBe(false);
  });

  it('accepts database ids only', () => {
    expect(idParam.parse({ id: '12' })).toEqual({ id: 12 });
    for (const id of ['abc', '0', '-1', '1.5', String(2 ** 31)]) {
      expect(idParam.safeParse({ id }).success).toBe(false);
    }
  });
});

describe('snackbar messages', () => {
  it('are word for word', () => {
    expect(m.locationsUpdated).toBe('Locations have been updated');
    expect(m.locationsFailed).toBe('There was a aproblem updating your locations');
    expect(m.archived).toBe('Application Archived');
    expect(m.archiveFailed).toBe(
      'Unfortunately you could not withdraw your application for this opportunity',
    );
  });
});
