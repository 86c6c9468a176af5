import { describe, expect, it } from 'vitest';

import { applicantCount, bundleSize, bundleStatusText, bundleSummary } from './format';

describe('document bundle words', () => {
  it('counts applicants', () => {
    expect(applicantCount(1)).toBe('1 applicant');
    expect(applicantCount(0)).toBe('0 applicants');
    expect(applicantCount(500)).toBe('500 applicants');
  });

  it('gives sizes in kB and MB', () => {
    expect(bundleSize(120)).toBe('1 kB');
    expect(bundleSize(640_400)).toBe('640 kB');
    expect(bundleSize(97_800_000)).toBe('97.8 MB');
  });

  it('says where a bundle is', () => {
    expect(bundleStatusText({ status: 'queued', byteSize: null })).toBe('Queued');
    expect(bundleStatusText({ status: 'running', byteSize: null })).toBe('Being prepared');
    expect(bundleStatusText({ status: 'ready', byteSize: 2_500_000 })).toBe(
      'Ready, link e-mailed (2.5 MB)',
    );
    expect(bundleStatusText({ status: 'failed', byteSize: null })).toBe(
      'Failed: please request it again',
    );
  });

  it('dates a bundle the product’s way', () => {
    expect(bundleSummary({ createdAt: '2026-11-24T10:00:00.000Z', applicationCount: 3 })).toBe(
      '24 November 2026 · 3 applicants',
    );
  });
});
