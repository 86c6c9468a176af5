import { afterEach, describe, expect, it } from 'vitest';

import { applicantWalk, setApplicantWalk } from './navigation';

afterEach(() => sessionStorage.clear());

describe('the applicant walk', () => {
  it('is absent until the tracker stores one', () => {
    expect(applicantWalk(7, 1)).toBeNull();
  });

  it('gives the neighbours and the place of the current applicant', () => {
    setApplicantWalk(7, [30, 10, 20]);
    expect(applicantWalk(7, 30)).toEqual({ previous: null, next: 10, position: 1, total: 3 });
    expect(applicantWalk(7, 10)).toEqual({ previous: 30, next: 20, position: 2, total: 3 });
    expect(applicantWalk(7, 20)).toEqual({ previous: 10, next: null, position: 3, total: 3 });
  });

  it('has no buttons for an applicant outside the walk', () => {
    setApplicantWalk(7, [1, 2]);
    expect(applicantWalk(7, 3)).toBeNull();
  });

  it('keeps one walk per opportunity', () => {
    setApplicantWalk(7, [1, 2]);
    setApplicantWalk(8, [2, 1]);
    expect(applicantWalk(7, 2)?.previous).toBe(1);
    expect(applicantWalk(8, 2)?.next).toBe(1);
  });

  it('a new walk replaces the old one, and an empty one removes it', () => {
    setApplicantWalk(7, [1, 2, 3]);
    setApplicantWalk(7, [3, 1]);
    expect(applicantWalk(7, 1)).toEqual({ previous: 3, next: null, position: 2, total: 2 });
    setApplicantWalk(7, []);
    expect(applicantWalk(7, 1)).toBeNull();
  });

  it('ignores a stored value that is not a list of ids', () => {
    sessionStorage.setItem('pathways.applicantWalk.7', '{"a":1}');
    expect(applicantWalk(7, 1)).toBeNull();
    sessionStorage.setItem('pathways.applicantWalk.7', '[1,"x"]');
    expect(applicantWalk(7, 1)).toBeNull();
    sessionStorage.setItem('pathways.applicantWalk.7', 'not json');
    expect(applicantWalk(7, 1)).toBeNull();
  });
});
