/**
 * South African identity numbers: YYMMDD SSSS C A Z, where SSSS is 0000-4999 for women and
 * 5000-9999 for men, C is 0 for citizens and 1 for permanent residents, A is (nowadays) 8 and
 * Z is a Luhn check digit over the first twelve digits.
 */

/** True when a string of digits passes the Luhn checksum (its last digit is the check digit). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The digit that makes `payload + digit` pass the Luhn checksum. */
export function luhnCheckDigit(payload: string): number {
  for (let d = 0; d <= 9; d++) if (luhnValid(payload + d)) return d;
  throw new Error(`not digits: ${payload}`);
}

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
