import * as repo from './leaky.repository.ts';
import { countLeaky } from './leaky.repository.ts';

// Allowed: a service function that reads the repository.
export const leakyCount = (): number => repo.findLeaky() + countLeaky();

// Refused: the repository's functions passed on by name and by alias.
export { countLeaky as passedOn };
export const sameAgain = repo.findLeaky;
