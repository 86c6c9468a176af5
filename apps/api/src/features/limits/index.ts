export { limitsPlugin } from './limits.plugin.ts';
export { clientKey, emailKey, type Verdict } from './limits.rule.ts';
export {
  createLimiter,
  refuseUnless,
  routeLimit,
  SWEEP_EVERY_MS,
  type Limiter,
} from './limits.service.ts';
