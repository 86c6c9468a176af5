import { normalizeIdentification } from '@pathways/shared/profile/identification';

const isSlot = (ch: string | undefined) => ch === '#' || ch === 'A';
const fits = (slot: string, ch: string) => (slot === '#' ? /\d/.test(ch) : /[A-Z]/.test(ch));

/**
 * Lays typed text out with an identification mask (SPEC.md section 5): `#` takes a digit, `A` a
 * letter, anything else is put in by the mask. Characters that do not fit are dropped, and
 * so is anything beyond the mask. "9001015009087" with '###### #### ###' -> "900101 5009 087".
 */
export function applyIdentificationMask(mask: string, typed: string): string {
  const chars = normalizeIdentification(typed);
  let out = '';
  let m = 0;
  for (const ch of chars) {
    let literals = '';
    let next = m;
    while (next < mask.length && !isSlot(mask[next])) literals += mask[next++];
    if (next >= mask.length) break;
    if (fits(mask[next]!, ch)) {
      out += literals + ch;
      m = next + 1;
    }
  }
  return out;
}

/** How many characters of the identification itself (not spaces or dashes) `text` holds. */
export const significantLength = (text: string) => normalizeIdentification(text).length;

/** The caret position in `masked` just after its `count`-th significant character. */
export function caretAfter(masked: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < masked.length; i++) {
    if (significantLength(masked[i]!) === 1) seen++;
    if (seen === count) return i + 1;
  }
  return masked.length;
}

/** A hint of the mask's shape for the placeholder: '###### #### ###' -> '000000 0000 000'. */
export const maskPlaceholder = (mask: string) => mask.replace(/#/g, '0').replace(/A/g, 'X');
