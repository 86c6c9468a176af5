import { resolve } from 'node:path';

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint's import rules at work on real files: a circle between two TypeScript modules fails
// it (the planted pair under lint-fixtures/, which the lint of the repository itself skips).
const root = resolve(import.meta.dirname, '..');
const rulesOf = async (files: string[]) => {
  const eslint = new ESLint({ cwd: root, ignore: false });
  const results = await eslint.lintFiles(files);
  return results.flatMap((r) => r.messages.map((m) => m.ruleId));
};

describe('the lint', () => {
  it('fails on an import circle between TypeScript modules', async () => {
    const rules = await rulesOf([
      'scripts/lint-fixtures/circle/first.ts',
      'scripts/lint-fixtures/circle/second.ts',
    ]);
    expect(rules.filter((rule) => rule === 'import-x/no-cycle')).toHaveLength(2);
  });

  it('passes a module that imports without a circle', async () => {
    expect(await rulesOf(['packages/shared/src/navigation/profile-links.ts'])).toEqual([]);
  });
});
