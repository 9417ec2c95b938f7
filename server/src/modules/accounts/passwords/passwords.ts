import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with the OWASP Password Storage Cheat Sheet's first choice: 19 MiB of memory, 2 iterations,
 * 1 degree of parallelism (the parameters are kept in each hash, so they can be raised later).
 */
export const ARGON2_OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFKC'), ARGON2_OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password.normalize('NFKC'));
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/**
 * Verifies against a fixed hash: run when the address has no account (or no password), so that the answer
 * takes as long as for a real account (no account enumeration by timing).
 */
export async function dummyVerify(password: string): Promise<false> {
  dummy ??= hashPassword('not the password of any account');
  await verifyPassword(await dummy, password);
  return false;
}
