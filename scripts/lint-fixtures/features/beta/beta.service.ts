// A planted feature that reaches into others: the first import is refused (another feature's
// repository), the other two are allowed by this file's lint (their indexes are linted apart).
import { findAlpha } from '../alpha/alpha.repository.ts';
import { alphaCount } from '../alpha/index.ts';
import { findLeaky } from '../leaky/index.ts';

export const beta = (): number => findAlpha() + alphaCount() + findLeaky();
