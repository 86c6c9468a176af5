/**
 * Title-cases a personal name the way people write them: each word and each part of a
 * hyphenated or apostrophised word starts with a capital, the rest is lower case
 * ("nomvula o'neil-dube" -> "Nomvula O'Neil-Dube"). Surrounding and repeated spaces go.
 */
export function titleCase(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) =>
      word
        .toLocaleLowerCase('en-ZA')
        .replace(
          /(^|[-'’])(\p{L})/gu,
          (_m, sep: string, ch: string) => sep + ch.toLocaleUpperCase('en-ZA'),
        ),
    )
    .join(' ');
}
