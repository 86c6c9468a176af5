/** "12.3 kB", "1.4 MB": sizes as phones' file pickers show them (1 kB = 1000 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(bytes < 10_000 ? 1 : 0)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

// The product's date format 'd MMMM yyy' ("22 November 2026"), through Intl rather than date-fns:
// this page then downloads no date library.
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

export const formatDay = (iso: string) => dayFormat.format(new Date(iso));
