// Filled in by the page's feature; until then the route shows the not-available frame.
export { default } from './not-available';
