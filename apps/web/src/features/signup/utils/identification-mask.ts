import {
  applyIdentificationMask,
  identificationMask,
} from '@pathways/shared/profile/identification';

/**
 * Lays typed text out with a country's identification mask; without a mask
 * the text is kept as typed. ZA "9001015009086" -> "900101 5009 086".
 */
export function maskIdentification(country: string | null | undefined, typed: string): string {
  const mask = identificationMask(country);
  return mask ? applyIdentificationMask(mask, typed) : typed;
}
