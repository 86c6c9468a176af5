import { formatDisplayDate } from '../../../lib/dates';

/** "12.3 kB", "1.4 MB": sizes as phones' file pickers show them (1 kB = 1000 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(bytes < 10_000 ? 1 : 0)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** A day as the product writes dates ("22 November 2026"). */
export const formatDay = (iso: string) => formatDisplayDate(iso);
