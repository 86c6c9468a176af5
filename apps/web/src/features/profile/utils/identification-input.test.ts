import { describe, expect, it } from 'vitest';

import {
  applyIdentificationMask,
  caretAfter,
  maskPlaceholder,
  significantLength,
} from './identification-input';

describe('applyIdentificationMask', () => {
  it.each([
    ['###### #### ###', '9001015009086', '900101 5009 086'],
    ['###### #### ###', '900101', '900101'],
    ['###### #### ###', '9001015', '900101 5'],
    ['###### #### ###', '900101 5009 086 99', '900101 5009 086'],
    ['###### #### ###', 'abc', ''],
    ['## ###### A##', '63123456f42', '63 123456 F42'],
    ['## ###### A##', '631234567', '63 123456'],
    ['###-##-####', '123456789', '123-45-6789'],
    ['###-##-####', '123-45-6789', '123-45-6789'],
  ])('%s with %j gives %j', (mask, typed, shown) => {
    expect(applyIdentificationMask(mask, typed)).toBe(shown);
  });
});

describe('the caret', () => {
  it('stays after the same character once the mask has added its spaces', () => {
    const masked = '900101 5009 086';
    expect(caretAfter(masked, 6)).toBe(6);
    expect(caretAfter(masked, 7)).toBe(8);
    expect(caretAfter(masked, 0)).toBe(0);
    expect(caretAfter(masked, 99)).toBe(masked.length);
    expect(significantLength('900101 50')).toBe(8);
  });
});

it('shows the mask as a placeholder', () => {
  expect(maskPlaceholder('## ###### A##')).toBe('00 000000 X00');
});
