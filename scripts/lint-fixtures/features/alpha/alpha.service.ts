import { findAlpha } from './alpha.repository.ts';

/** The service other features call: it reads the repository itself. */
export const alphaCount = (): number => findAlpha();
