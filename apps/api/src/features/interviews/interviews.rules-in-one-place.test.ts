import { readFile } from 'node:fs/promises';

import { describe, expect, it } from 'vitest';

// Who manages an opportunity (its organization's primary users and its listed managers) is one
// rule of the access module; the interviews feature asks it (`managersOfOpportunity`) when it
// checks the interviewers named, and keeps no query of its own that could drift from it.
describe('the interviews feature and the rule of who manages an opportunity', () => {
  it('has no query of its own over the managers of an opportunity', async () => {
    const source = await readFile(new URL('./interviews.repository.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/\bopportunityManagers\b|\bopportunity_managers\b/);
    const service = await readFile(new URL('./interviews.service.ts', import.meta.url), 'utf8');
    expect(service).toMatch(/managersOfOpportunity\(/);
  });
});
