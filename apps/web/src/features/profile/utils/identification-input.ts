import { normalizeIdentification } from '@pathways/shared/profile/identification';

// The mask itself is shared (the sign-up conversation lays numbers out the same way).
export { applyIdentificationMask } from '@pathways/shared/profile/identification';

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
