export { alphaCount } from './alpha.service.ts';
