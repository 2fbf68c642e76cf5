import { hash, verify } from '@node-rs/argon2';

// argon2id (algorithm 2). Parameters chosen so one verification costs 50–150 ms on the
// target machine (measured by `npm run bench`): expensive for an attacker, cheap for one sign-in.
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 12, parallelism: 1 } as const;

export async function hashPassword(plain: string): Promise<string> {
  return hash(plain, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false;
  }
}

/** A fixed hash verified when the e-mail is unknown, so both failures take the same time. */
let dummyHash: Promise<string> | undefined;
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-for-timing');
  return dummyHash;
}
