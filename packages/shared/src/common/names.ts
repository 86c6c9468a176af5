/**
 * The small words that join a family name to what comes before it ("van der Merwe",
 * "du Toit", "da Silva", "von Trapp"). People write them in lower case inside a name.
 */
export const nameParticles: ReadonlySet<string> = new Set([
  'van',
  'der',
  'den',
  'de',
  'des',
  'du',
  'le',
  'la',
  'von',
  'vom',
  'zu',
  'da',
  'das',
  'dos',
  'di',
  'del',
  'della',
  'dei',
  'ter',
  'ten',
  'te',
  'op',
]);

/** Which part of a person's name is being written. */
export type NamePart = 'given' | 'surname';

const LOCALE = 'en-ZA';

function capitalise(word: string): string {
  return word.replace(
    /(^|[-'’])(\p{L})/gu,
    (_m, sep: string, ch: string) => sep + ch.toLocaleUpperCase(LOCALE),
  );
}

/**
 * Writes a personal name the way people write them. Surrounding and repeated spaces always go;
 * then:
 *
 * - Typed with capitals and small letters ("van der Merwe", "McDonald", "DeVilliers"): kept
 *   exactly as typed, since the person chose that spelling.
 * - Typed all in small letters, or all in capitals (read as a name typed with caps lock on and
 *   treated as if typed in small letters): each word, and each part of a hyphenated or
 *   apostrophised word, starts with a capital and the rest is lower case
 *   ("nomvula o'neil-dube" -> "Nomvula O'Neil-Dube", "MARY-JANE" -> "Mary-Jane"), except name
 *   particles (van, der, de, du, le, da, von, ...), which stay lower case when they are not the
 *   first word ("maria da silva" -> "Maria da Silva").
 *
 * A surname may start with its particles ("van der merwe" -> "van der Merwe", "du toit" ->
 * "du Toit"). The last word is always the name itself and always starts with a capital, so a
 * surname that is only a particle-like word ("le", "de") is "Le", "De".
 */
export function titleCase(name: string, part: NamePart = 'given'): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const typed = words.join(' ');
  const hasLower = typed !== typed.toLocaleUpperCase(LOCALE);
  const hasUpper = typed !== typed.toLocaleLowerCase(LOCALE);
  if (hasLower && hasUpper) return typed;
  return words
    .map((word, index) => {
      const lower = word.toLocaleLowerCase(LOCALE);
      const last = index === words.length - 1;
      const mayBeParticle = !last && (index > 0 || part === 'surname');
      return mayBeParticle && nameParticles.has(lower) ? lower : capitalise(lower);
    })
    .join(' ');
}
