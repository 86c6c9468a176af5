import { formatDisplayDate } from '../../../lib/dates';

/** Dates read 'd MMMM yyy' ("22 November 2026"). */
export const formatDate = (iso: string | null | undefined): string => formatDisplayDate(iso);

/** A location as one line: "12 Main Road, Sandton" (the city left out when the address has it). */
export function locationLabel(location: { address: string; city: string | null }): string {
  const { address, city } = location;
  if (!city || address.toLowerCase().includes(city.toLowerCase())) return address;
  return `${address}, ${city}`;
}

/** A message fragment of the contract ("must be answered") as a sentence for a field. */
export function asSentence(message: string): string {
  return message.replace(/^./, (c) => c.toUpperCase());
}
