import { describe, expect, it } from 'vitest';

import { shortLabels } from './short-labels';

describe('shortLabels', () => {
  it('keeps a label that fits whole', () => {
    expect(shortLabels(['Gauteng', 'Western Cape'], 20)).toEqual(['Gauteng', 'Western Cape']);
  });

  it('keeps the start of a long label that no other label starts alike', () => {
    expect(shortLabels(['Indlovu Bank Actuarial Science Bursary', 'Data Analyst'], 20)).toEqual([
      'Indlovu Bank Actuar…',
      'Data Analyst',
    ]);
  });

  it('keeps the start and the end of long labels that start alike, so they stay apart', () => {
    const short = shortLabels(
      [
        'Graduate Programme: Technology',
        'Graduate Programme: Finance and Risk',
        'Branch Banking Learnership',
      ],
      20,
    );
    expect(short).toEqual(['Graduate…Technology', 'Graduate…Finance an…', 'Branch Banking Lear…']);
    expect(new Set(short).size).toBe(3);
  });

  it('never makes a label longer than the limit', () => {
    const labels = ['a'.repeat(50), `${'a'.repeat(30)}b`, 'short', `${'x'.repeat(21)}`];
    for (const short of shortLabels(labels, 20)) expect(short.length).toBeLessThanOrEqual(20);
  });
});
