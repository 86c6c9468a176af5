/**
 * South African identity numbers: YYMMDD SSSS C A Z, where SSSS is 0000-4999 for women and
 * 5000-9999 for men, C is 0 for citizens and 1 for permanent residents, A is (nowadays) 8 and
 * Z is a Luhn check digit over the first twelve digits.
 */

import { luhnCheckDigit } from '@pathways/shared/profile/identification';

export interface SaIdParts {
  bornAt: string; // YYYY-MM-DD
  gender: 'female' | 'male';
  /** 0000-4999; the seed picks one. */
  sequence: number;
  citizen: boolean;
}

export function saIdNumber({ bornAt, gender, sequence, citizen }: SaIdParts): string {
  const [year, month, day] = bornAt.split('-');
  if (!year || !month || !day) throw new Error(`bad date ${bornAt}`);
  const serial = (gender === 'male' ? 5000 : 0) + (sequence % 5000);
  const payload = `${year.slice(2)}${month}${day}${String(serial).padStart(4, '0')}${citizen ? 0 : 1}8`;
  return payload + luhnCheckDigit(payload);
}
