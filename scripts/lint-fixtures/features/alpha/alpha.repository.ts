// A planted feature whose repository stays inside it (see lint.test.ts).
export const findAlpha = (): number => 1;
