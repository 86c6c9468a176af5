// A planted import circle (first.ts ↔ second.ts) that the lint must refuse: see lint.test.ts.
import { second } from './second.ts';

export const first = (): number => second() + 1;
