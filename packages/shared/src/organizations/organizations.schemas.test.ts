import { describe, expect, it } from 'vitest';

import {
  isWebAddress,
  organizationLocationInput,
  organizationMessages,
  organizationPatch,
} from './organizations.schemas.ts';

describe('isWebAddress', () => {
  it.each([
    ['https://indlovu.example', true],
    ['http://www.indlovu.example/careers?x=1', true],
    ['HTTPS://INDLOVU.EXAMPLE', true],
    ['indlovu.example', false],
    ['https://localhost', false],
    ['javascript:alert(1)', false],
    ['ftp://indlovu.example', false],
    ['https://', false],
  ])('%s is %s', (value, expected) => {
    expect(isWebAddress(value)).toBe(expected);
  });
});

describe('organizationPatch', () => {
  it('trims text and stores blank optional text as null', () => {
    expect(
      organizationPatch.parse({
        name: ' Acme ',
        description: '  ',
        website: '',
        industry: 'Mining',
      }),
    ).toEqual({ name: 'Acme', description: null, website: null, industry: 'Mining' });
  });

  it('accepts any subset, and nothing at all', () => {
    expect(organizationPatch.parse({})).toEqual({});
    expect(organizationPatch.parse({ industry: null })).toEqual({ industry: null });
  });

  it('says why a name or a website is refused', () => {
    const result = organizationPatch.safeParse({ name: '', website: 'www.acme.example' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toEqual({
      name: organizationMessages.nameRequired,
      website: organizationMessages.websiteInvalid,
    });
  });
});

describe('organizationLocationInput', () => {
  it('takes a picked place, upper-casing the country', () => {
    expect(
      organizationLocationInput.parse({
        address: 'Sandton, Johannesburg',
        country: 'za',
        latitude: -26.1,
        longitude: 28.05,
      }),
    ).toEqual({
      address: 'Sandton, Johannesburg',
      country: 'ZA',
      latitude: -26.1,
      longitude: 28.05,
    });
  });

  it('refuses a place without coordinates', () => {
    const result = organizationLocationInput.safeParse({ address: 'Somewhere', country: 'ZA' });
    expect(result.error?.issues.map((i) => i.path[0]).sort()).toEqual(['latitude', 'longitude']);
  });
});
