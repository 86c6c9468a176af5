// Re-exported from the repository: refused twice (the import, and the export).
export { findLeaky } from './leaky.repository.ts';
export { leakyCount, passedOn, sameAgain } from './leaky.service.ts';
