import { resolve } from 'node:path';

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint's import rules at work on real files: a circle between two TypeScript modules fails
// it, and so does a feature's repository used outside the feature, directly or passed on (the
// planted modules under lint-fixtures/, which the lint of the repository itself skips).
const root = resolve(import.meta.dirname, '..');
const messagesOf = async (files: string[]) => {
  const eslint = new ESLint({ cwd: root, ignore: false });
  const results = await eslint.lintFiles(files);
  return results.flatMap((r) => r.messages.map((m) => ({ rule: m.ruleId, line: m.line })));
};
const rulesOf = async (files: string[]) => (await messagesOf(files)).map((m) => m.rule);
const features = 'scripts/lint-fixtures/features';

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

  it("fails on a feature that imports another feature's repository", async () => {
    expect(await messagesOf([`${features}/beta/beta.service.ts`])).toEqual([
      { rule: 'import-x/no-restricted-paths', line: 3 },
    ]);
  });

  it("fails on a feature's index or service that passes its repository on", async () => {
    expect(await messagesOf([`${features}/leaky/index.ts`])).toEqual([
      { rule: 'no-restricted-imports', line: 2 },
      { rule: 'pathways/no-repository-reexport', line: 2 },
    ]);
    expect(await messagesOf([`${features}/leaky/leaky.service.ts`])).toEqual([
      { rule: 'pathways/no-repository-reexport', line: 8 },
      { rule: 'pathways/no-repository-reexport', line: 9 },
    ]);
  });

  it('passes a feature whose index lists a service that reads its repository', async () => {
    expect(
      await rulesOf([
        `${features}/alpha/index.ts`,
        `${features}/alpha/alpha.service.ts`,
        `${features}/alpha/alpha.repository.ts`,
        `${features}/leaky/leaky.repository.ts`,
      ]),
    ).toEqual([]);
  });
});
