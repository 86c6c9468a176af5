import { describe, expect, it } from 'vitest';

import { titleCase } from './names.ts';

describe('titleCase', () => {
  it.each([
    ['thandi', 'Thandi'],
    ['THANDI NKOSI', 'Thandi Nkosi'],
    ['  sipho   mthembu ', 'Sipho Mthembu'],
    ["nomvula o'neil-dube", "Nomvula O'Neil-Dube"],
    ['jean-pierre', 'Jean-Pierre'],
    ['mary-jane', 'Mary-Jane'],
    ["o'brien", "O'Brien"],
    ['o’brien', 'O’Brien'],
    ['émile zola', 'Émile Zola'],
    ['', ''],
    ['   ', ''],
  ])('a given name %j is written %j', (input, output) => {
    expect(titleCase(input)).toBe(output);
  });

  it.each([
    ['jan van der merwe', 'Jan van der Merwe'],
    ['maria da silva', 'Maria da Silva'],
    ['pieter  du   toit', 'Pieter du Toit'],
    ['ludwig von beethoven', 'Ludwig von Beethoven'],
    ['anna de la cruz', 'Anna de la Cruz'],
    ['johan ter horst', 'Johan ter Horst'],
    ['van morrison', 'Van Morrison'],
    ['de', 'De'],
    ['JAN VAN DER MERWE', 'Jan van der Merwe'],
  ])('a name with particles %j is written %j', (input, output) => {
    expect(titleCase(input)).toBe(output);
  });

  it.each([
    ['van der merwe', 'van der Merwe'],
    ['  van   der merwe ', 'van der Merwe'],
    ['VAN DER MERWE', 'van der Merwe'],
    ['du toit', 'du Toit'],
    ['le roux', 'le Roux'],
    ['van den berg-smith', 'van den Berg-Smith'],
    ['de', 'De'],
    ['le', 'Le'],
    ['nkosi', 'Nkosi'],
    ["o'neil-dube", "O'Neil-Dube"],
    ['', ''],
  ])('a surname %j is written %j', (input, output) => {
    expect(titleCase(input, 'surname')).toBe(output);
  });

  it.each([
    ['van der Merwe', 'van der Merwe'],
    ['Van Der Merwe', 'Van Der Merwe'],
    ['McDonald', 'McDonald'],
    ['DeVilliers', 'DeVilliers'],
    ['  Jan   van der Merwe ', 'Jan van der Merwe'],
    ["d'Souza", "d'Souza"],
    ['thandi NOMSA', 'thandi NOMSA'],
  ])('a name typed with its own capitals %j is kept as %j', (input, output) => {
    expect(titleCase(input)).toBe(output);
    expect(titleCase(input, 'surname')).toBe(output);
  });

  it('leaves words that are not particles capitalised wherever they stand', () => {
    expect(titleCase('vandermerwe', 'surname')).toBe('Vandermerwe');
    expect(titleCase('sipho dele', 'given')).toBe('Sipho Dele');
  });
});
