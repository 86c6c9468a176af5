/**
 * A whole number as South Africans write it, the way `n.toLocaleString('en-ZA')` does: groups
 * of three digits separated by a no-break space ("1 234 567"), a minus sign before a negative
 * number, a fraction rounded half away from zero. For counts and distances: whole numbers up
 * to a trillion, as its test holds. Written out rather than through Intl: the first Intl number
 * format of a page loads the browser's locale data, about 15 ms of a phone's main thread while
 * a server-rendered page is taken over, and counts are on every public page.
 */
export function formatWholeNumber(value: number): string {
  // Half away from zero, as Intl rounds; a negative number keeps its sign even at "-0".
  const digits = String(Math.round(Math.abs(value))).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return value < 0 || Object.is(value, -0) ? `-${digits}` : digits;
}
