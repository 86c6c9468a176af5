import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  bornAtErrors,
  formatIdentification,
  identificationBirthDate,
  identificationLabel,
  identificationMask,
  identificationMessages,
  identityErrors,
  luhnCheckDigit,
  luhnValid,
  normalizeIdentification,
  SA_ID_YOUNGEST_AGE,
  southAfricanIdBirthDate,
  validateIdentification,
} from './identification.ts';

const { required, invalid } = identificationMessages;

const digits = (min: number, max = min) =>
  fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max })
    .map((ds) => ds.join(''));

/** A 13-digit number with a correct Luhn check digit. */
const saId = digits(12).map((payload) => payload + luhnCheckDigit(payload));

describe('South African identification (13 digits, Luhn)', () => {
  it('accepts every generated number with a correct check digit', () => {
    fc.assert(
      fc.property(saId, (id) => {
        expect(validateIdentification('ZA', id)).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses the number when any single digit is changed', () => {
    fc.assert(
      fc.property(
        saId,
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 1, max: 9 }),
        (id, position, shift) => {
          const changed = (Number(id[position]) + shift) % 10;
          const wrong = id.slice(0, position) + changed + id.slice(position + 1);
          expect(wrong).not.toBe(id);
          expect(validateIdentification('ZA', wrong)).toBe(invalid);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses any other length of digits', () => {
    fc.assert(
      fc.property(
        digits(1, 30).filter((d) => d.length !== 13),
        (id) => {
          expect(validateIdentification('ZA', id)).toBe(invalid);
        },
      ),
    );
  });

  it('ignores the spaces and dashes of the mask', () => {
    fc.assert(
      fc.property(saId, (id) => {
        const masked = formatIdentification('ZA', id);
        expect(masked).toMatch(/^\d{6} \d{4} \d{3}$/);
        expect(validateIdentification('ZA', masked)).toBeNull();
        expect(validateIdentification('za', id.replace(/(\d{6})/, '$1-'))).toBeNull();
        expect(normalizeIdentification(masked)).toBe(id);
      }),
    );
  });

  it.each([
    ['8001015009087', null],
    ['8001015009086', invalid],
    ['800101500908', invalid],
    ['80010150090870', invalid],
    ['800101500908A', invalid],
    ['', required],
    ['   ', required],
  ])('%j → %j', (id, expected) => {
    expect(validateIdentification('ZA', id)).toBe(expected);
  });
});

describe('Nigerian identification (11 digits, or a letter and 8 digits)', () => {
  it('accepts any 11 digits', () => {
    fc.assert(
      fc.property(digits(11), (id) => {
        expect(validateIdentification('NG', id)).toBeNull();
      }),
    );
  });

  it('accepts one letter followed by 8 digits, in either case', () => {
    const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz');
    fc.assert(
      fc.property(letter, digits(8), (l, ds) => {
        expect(validateIdentification('NG', l + ds)).toBeNull();
      }),
    );
  });

  it('refuses other digit counts and other shapes', () => {
    fc.assert(
      fc.property(
        digits(1, 20).filter((d) => d.length !== 11),
        (id) => {
          expect(validateIdentification('NG', id)).toBe(invalid);
        },
      ),
    );
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z]{2}\d{7}$|^[A-Z]\d{7}$|^[A-Z]\d{9}$|^\d{8}[A-Z]$/),
        (id) => {
          expect(validateIdentification('NG', id)).toBe(invalid);
        },
      ),
    );
  });
});

describe('other countries', () => {
  it('accept any non-empty value', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('ZW', 'US', 'GB', 'KE', null, undefined),
        fc.stringMatching(/^[A-Za-z0-9]{1,30}$/),
        (country, id) => {
          expect(validateIdentification(country, id)).toBeNull();
        },
      ),
    );
  });

  it('refuse an empty or blank value as not provided', () => {
    for (const value of ['', ' ', ' - ', null, undefined]) {
      expect(validateIdentification('ZW', value)).toBe(required);
    }
  });

  it('refuse a value longer than 30 characters', () => {
    expect(validateIdentification('GB', 'A'.repeat(31))).toBe(invalid);
  });
});

describe('identityErrors', () => {
  it('asks for the country of birth when an identification comes without one', () => {
    expect(identityErrors({ countryOfBirth: null, identification: '8001015009087' })).toEqual({
      countryOfBirth: [required],
    });
    expect(identityErrors({ countryOfBirth: ' ', identification: 'X' })).toEqual({
      countryOfBirth: [required],
    });
  });

  it('lets a country stand alone, and checks the pair against the country', () => {
    expect(identityErrors({ countryOfBirth: 'ZA', identification: null })).toEqual({});
    expect(identityErrors({ countryOfBirth: 'ZA', identification: '8001015009086' })).toEqual({
      identification: [invalid],
    });
    expect(identityErrors({ countryOfBirth: 'NG', identification: 'A12345678' })).toEqual({});
  });
});

describe('masks and labels', () => {
  it('has the ZA, ZW and US masks and none for other countries', () => {
    expect(identificationMask('ZA')).toBe('###### #### ###');
    expect(identificationMask('ZW')).toBe('## ###### A##');
    expect(identificationMask('US')).toBe('###-##-####');
    expect(identificationMask('za')).toBe('###### #### ###');
    expect(identificationMask('NG')).toBeNull();
    expect(identificationMask(null)).toBeNull();
  });

  it('labels Nigeria differently', () => {
    expect(identificationLabel('NG')).toBe('National ID or passport number');
    expect(identificationLabel('ZA')).toBe('National ID number');
    expect(identificationLabel(undefined)).toBe('National ID number');
  });

  it('formats values that fit the mask and leaves the rest alone', () => {
    expect(formatIdentification('US', '123456789')).toBe('123-45-6789');
    expect(formatIdentification('ZW', '63123456f42')).toBe('63 123456 F42');
    expect(formatIdentification('ZW', '631234567')).toBe('631234567');
    expect(formatIdentification('ZW', '6312345674F')).toBe('6312345674F');
    expect(formatIdentification('NG', 'a12345678')).toBe('A12345678');
  });
});

describe('Luhn', () => {
  it('completes any payload', () => {
    fc.assert(
      fc.property(digits(1, 30), (payload) => {
        expect(luhnValid(payload + luhnCheckDigit(payload))).toBe(true);
      }),
    );
  });

  it('refuses non-digits', () => {
    expect(luhnValid('12a4')).toBe(false);
    expect(luhnValid('')).toBe(false);
    expect(() => luhnCheckDigit('x')).toThrow();
  });
});

/** A valid South African ID number whose first six digits are `yymmdd`. */
const saIdOf = (yymmdd: string) => {
  const payload = `${yymmdd}500908`;
  return payload + luhnCheckDigit(payload);
};

describe('the date of birth a South African ID number states', () => {
  const today = '2026-11-29';

  it('reads YYMMDD from the first six digits, with or without the mask', () => {
    expect(southAfricanIdBirthDate(saIdOf('900101'), today)).toBe('1990-01-01');
    expect(southAfricanIdBirthDate(formatIdentification('ZA', saIdOf('880314')), today)).toBe(
      '1988-03-14',
    );
    expect(southAfricanIdBirthDate(saIdOf('050607'), today)).toBe('2005-06-07');
  });

  it('puts a birth at most ten years ago in this century, a later one in the last', () => {
    expect(SA_ID_YOUNGEST_AGE).toBe(10);
    // Ten years old today: this century.
    expect(southAfricanIdBirthDate(saIdOf('161129'), today)).toBe('2016-11-29');
    // A day younger than ten: the century before.
    expect(southAfricanIdBirthDate(saIdOf('161130'), today)).toBe('1916-11-30');
    // Born tomorrow, or later this year: not possible, so the century before.
    expect(southAfricanIdBirthDate(saIdOf('261130'), today)).toBe('1926-11-30');
    expect(southAfricanIdBirthDate(saIdOf('261129'), today)).toBe('1926-11-29');
    expect(southAfricanIdBirthDate(saIdOf('000101'), today)).toBe('2000-01-01');
    expect(southAfricanIdBirthDate(saIdOf('991231'), today)).toBe('1999-12-31');
    // The same digits a year later: a birth that has just turned ten.
    expect(southAfricanIdBirthDate(saIdOf('161130'), '2026-11-30')).toBe('2016-11-30');
  });

  it('states no date when the digits are not a calendar date, or the number is not valid', () => {
    expect(southAfricanIdBirthDate(saIdOf('900230'), today)).toBeNull();
    expect(southAfricanIdBirthDate(saIdOf('901301'), today)).toBeNull();
    expect(southAfricanIdBirthDate(saIdOf('900100'), today)).toBeNull();
    // 29 February in a leap year only: 2004 is one; 2013 and 1913 are not.
    expect(southAfricanIdBirthDate(saIdOf('040229'), today)).toBe('2004-02-29');
    expect(southAfricanIdBirthDate(saIdOf('130229'), today)).toBeNull();
    const wrongCheck = saIdOf('900101').slice(0, 12) + ((Number(saIdOf('900101')[12]) + 1) % 10);
    expect(southAfricanIdBirthDate(wrongCheck, today)).toBeNull();
  });

  it('is stated only by a South African ID number', () => {
    expect(
      identificationBirthDate({ countryOfBirth: 'za', identification: saIdOf('900101') }, today),
    ).toBe('1990-01-01');
    expect(
      identificationBirthDate({ countryOfBirth: 'NG', identification: '90010150090' }, today),
    ).toBeNull();
    expect(
      identificationBirthDate({ countryOfBirth: null, identification: saIdOf('900101') }, today),
    ).toBeNull();
    expect(
      identificationBirthDate({ countryOfBirth: 'ZA', identification: null }, today),
    ).toBeNull();
  });

  it('any generated date of birth comes back from an ID number made of it', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1917-01-01'), max: new Date('2016-11-29'), noInvalidDate: true }),
        (born) => {
          const iso = born.toISOString().slice(0, 10);
          const id = saIdOf(iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10));
          expect(southAfricanIdBirthDate(id, today)).toBe(iso);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('bornAtErrors', () => {
  const today = '2026-11-29';
  const za = { countryOfBirth: 'ZA', identification: saIdOf('900101') };

  it('refuses a date of birth other than the one the ID number states', () => {
    expect(bornAtErrors({ ...za, bornAt: '1990-01-02' }, today)).toEqual({
      bornAt: [identificationMessages.bornAtMismatch],
    });
    expect(identificationMessages.bornAtMismatch).toBe(
      'must match the date of birth in your ID number',
    );
  });

  it('passes the same date, no date, and identifications that state none', () => {
    expect(bornAtErrors({ ...za, bornAt: '1990-01-01' }, today)).toEqual({});
    expect(bornAtErrors({ ...za, bornAt: null }, today)).toEqual({});
    expect(
      bornAtErrors(
        { countryOfBirth: 'NG', identification: '90010150090', bornAt: '2001-05-04' },
        today,
      ),
    ).toEqual({});
    expect(
      bornAtErrors({ countryOfBirth: 'ZA', identification: '12345', bornAt: '2001-05-04' }, today),
    ).toEqual({});
  });
});
