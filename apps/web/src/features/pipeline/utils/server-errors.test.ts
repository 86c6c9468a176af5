import { describe, expect, it } from 'vitest';

import { ApiError } from '../../../lib/api-client';
import { requirementErrors } from './server-errors';

describe('requirementErrors', () => {
  it('sorts the messages of a requirement set by requirement, then by the field of its criterion', () => {
    const error = new ApiError(422, {
      code: 'validation',
      message: 'Invalid input',
      errors: {
        '0.criterion.minimum': ['must be a number from 0 to 100'],
        '0.criterion.subjects.1.name': ['must name the subject'],
        '2.criterion': ['Unrecognized key: "extra"'],
        '2.criterion.kind': ['must be one of: ...'],
        '3.id': ['must be a requirement of this opportunity'],
        requirements: ['must have at most 30'],
      },
    });
    expect(requirementErrors(error)).toEqual(
      new Map([
        [
          0,
          {
            minimum: ['must be a number from 0 to 100'],
            'subjects.1.name': ['must name the subject'],
          },
        ],
        [2, { '': ['Unrecognized key: "extra"'], kind: ['must be one of: ...'] }],
        [3, { id: ['must be a requirement of this opportunity'] }],
      ]),
    );
  });

  it("finds nothing in an error that is not the API's", () => {
    expect(requirementErrors(new Error('offline')).size).toBe(0);
  });
});
