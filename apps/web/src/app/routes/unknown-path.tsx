// Legacy campaign short paths are resolved here; until then every unknown path is not found.
export { default } from './not-found';
