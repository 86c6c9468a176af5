// The listings feature's public API: a curated, public list of an organization's opportunities.
export { useListing, listingQueryKey } from './api/get-listing';
export { ListingView } from './components/listing-view';
