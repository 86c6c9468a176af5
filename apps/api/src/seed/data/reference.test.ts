import { describe, expect, it } from 'vitest';

import { GAZETTEER_COUNTRIES, gazetteerAddress, gazetteerPlaces } from './gazetteer.ts';
import { placeAddress, places } from './places.ts';
import {
  disciplines,
  institutionModules,
  nscSubjects,
  qualificationCategories,
  qualifications,
  qualificationTypes,
  schools,
  tvetColleges,
  universities,
} from './reference.ts';

const unique = (values: readonly string[]) => new Set(values).size === values.length;

describe('reference seed data', () => {
  it('has the 26 public universities: 12 traditional, 8 comprehensive, 6 of technology', () => {
    expect(universities).toHaveLength(26);
    const count = (type: string) => universities.filter((u) => u.universityType === type).length;
    expect([count('traditional'), count('comprehensive'), count('technology')]).toEqual([12, 8, 6]);
    for (const u of universities) {
      expect(u.kind === 'university_of_technology', u.name).toBe(u.universityType === 'technology');
    }
    const comprehensive = universities
      .filter((u) => u.universityType === 'comprehensive')
      .map((u) => u.abbreviation);
    expect(comprehensive).toEqual(
      expect.arrayContaining(['UJ', 'NMU', 'Unisa', 'Univen', 'WSU', 'UniZulu', 'SPU', 'UMP']),
    );
  });

  it('has the 50 public TVET colleges', () => {
    expect(tvetColleges).toHaveLength(50);
    for (const c of tvetColleges) {
      expect(c.kind).toBe('tvet_college');
      expect(c.universityType).toBeUndefined();
    }
  });

  it('names every institution once and places it in South Africa', () => {
    const all = [...universities, ...tvetColleges, ...schools];
    expect(unique(all.map((i) => i.name))).toBe(true);
    for (const i of all) {
      expect(i.latitude, i.name).toBeGreaterThan(-35);
      expect(i.latitude, i.name).toBeLessThan(-22);
      expect(i.longitude, i.name).toBeGreaterThan(16);
      expect(i.longitude, i.name).toBeLessThan(33);
    }
    const names = new Set(all.map((i) => i.name));
    for (const m of institutionModules) expect(names.has(m.institution)).toBe(true);
  });

  it('orders qualification types from the NSC to the doctorate by NQF level', () => {
    const names = qualificationTypes.map((t) => t.name);
    expect(names[0]).toBe('National Senior Certificate');
    expect(names.at(-1)).toBe('Doctoral Degree');
    const levels = qualificationTypes.map((t) => t.nqfLevel);
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    expect(Object.fromEntries(qualificationTypes.map((t) => [t.name, t.nqfLevel]))).toMatchObject({
      'National Senior Certificate': 4,
      'Higher Certificate': 5,
      Diploma: 6,
      'Advanced Diploma': 7,
      "Bachelor's Degree": 7,
      'Bachelor Honours Degree': 8,
      'Postgraduate Diploma': 8,
      "Master's Degree": 9,
      'Doctoral Degree': 10,
    });
  });

  it('has every qualification type at least once and each programme once', () => {
    const used = new Set(qualifications.map((q) => q.type));
    for (const t of qualificationTypes) expect(used.has(t.name), t.name).toBe(true);
    expect(unique(qualifications.map((q) => `${q.type}|${q.specialization}`))).toBe(true);
    const categories = new Set<string>(qualificationCategories);
    for (const q of qualifications) expect(categories.has(q.category)).toBe(true);
  });

  it('has the NSC subjects, with every official language at home and first additional level', () => {
    expect(unique(nscSubjects)).toBe(true);
    const languages = [
      'Afrikaans',
      'English',
      'isiNdebele',
      'isiXhosa',
      'isiZulu',
      'Sepedi',
      'Sesotho',
      'Setswana',
      'siSwati',
      'Tshivenda',
      'Xitsonga',
    ];
    for (const language of languages) {
      expect(nscSubjects).toContain(`${language} Home Language`);
      expect(nscSubjects).toContain(`${language} First Additional Language`);
    }
    expect(nscSubjects).toEqual(
      expect.arrayContaining([
        'Mathematics',
        'Mathematical Literacy',
        'Physical Sciences',
        'Life Sciences',
        'Accounting',
        'Life Orientation',
      ]),
    );
  });

  it('has common disciplines, each once', () => {
    expect(unique(disciplines)).toBe(true);
    expect(disciplines.length).toBeGreaterThanOrEqual(80);
  });
});

describe('gazetteer', () => {
  const gazetteer = gazetteerPlaces();

  it('writes addresses as place, province, country', () => {
    expect(gazetteerAddress('Soweto', 'Gauteng', 'ZA')).toBe('Soweto, Gauteng, South Africa');
    expect(gazetteerAddress('Maseru', null, 'LS')).toBe('Maseru, Lesotho');
  });

  it('loads South Africa and its neighbours from the package, once per address', () => {
    expect(gazetteer.length).toBeGreaterThan(1000);
    const countries = new Set(gazetteer.map((p) => p.country));
    expect([...countries].sort()).toEqual([...GAZETTEER_COUNTRIES].sort());
    expect(unique(gazetteer.map((p) => `${p.country}|${p.address}`))).toBe(true);
    for (const p of gazetteer) {
      expect(Math.abs(p.latitude)).toBeLessThanOrEqual(90);
      expect(Math.abs(p.longitude)).toBeLessThanOrEqual(180);
      expect(p.address.startsWith(p.city)).toBe(true);
    }
  });

  it('keeps the curated places with their population', () => {
    const byAddress = new Map(gazetteer.map((p) => [p.address, p]));
    for (const place of places) {
      expect(byAddress.get(placeAddress(place))?.population ?? null).toBe(place.population ?? null);
    }
  });

  it('loads only the countries asked for', () => {
    const namibia = gazetteerPlaces(['NA']);
    expect(namibia.length).toBeGreaterThan(20);
    expect(namibia.every((p) => p.country === 'NA' && p.address.endsWith(', Namibia'))).toBe(true);
  });
});
