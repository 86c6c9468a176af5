import countries from 'i18n-iso-countries/index.js';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

// ISO 3166-1 from a maintained package. Only the English names are registered (about 7 kB of the
// package's 700 kB), and the package's browser entry is imported on purpose: its Node entry would
// register every language. The web app imports this module lazily, where a country is chosen.
countries.registerLocale(english);

/** Countries left out of the choices (Andorra). Their names still resolve. */
export const EXCLUDED_COUNTRY_CHOICES: readonly string[] = ['AD'];

export interface CountryChoice {
  /** ISO 3166-1 alpha-2, upper case. */
  code: string;
  name: string;
}

/** True for an assigned ISO 3166-1 alpha-2 code in upper case ("ZA"); not alpha-3 nor numeric. */
export function isCountryCode(code: unknown): code is string {
  return typeof code === 'string' && /^[A-Z]{2}$/.test(code) && countries.isValid(code);
}

/** The English name of an alpha-2 code ("ZA" -> "South Africa"), or undefined when unknown. */
export function countryName(code: string): string | undefined {
  if (!isCountryCode(code)) return undefined;
  return countries.getName(code, 'en', { select: 'official' });
}

let choices: readonly CountryChoice[] | undefined;

/** Every country a person can pick, sorted by name, Andorra left out. */
export function countryChoices(): readonly CountryChoice[] {
  choices ??= Object.freeze(
    Object.entries(countries.getNames('en', { select: 'official' }))
      .filter(([code]) => !EXCLUDED_COUNTRY_CHOICES.includes(code))
      .map(([code, name]) => Object.freeze({ code, name }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' })),
  );
  return choices;
}
