// The places feature's public API: searching places by name and the browser's position.
export { placeShortName, searchPlaces, usePlaceSearch, type Place } from './api/search-places';
export { PlaceSearch } from './components/place-search';
export {
  getCurrentPosition,
  useCurrentPosition,
  type Coordinates,
} from './hooks/use-current-position';
export { useDebouncedValue } from './hooks/use-debounced-value';
