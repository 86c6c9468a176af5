// The other half of the planted circle (see first.ts).
import { first } from './first.ts';

export const second = (n = 0): number => (n > 0 ? first() : 0);
