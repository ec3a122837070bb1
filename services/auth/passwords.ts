// Passwords are stored only as argon2id hashes (OWASP: m=19 MiB, t=2, p=1 at the least).
import argon2 from 'argon2';

export interface HashCost {
  memoryCost: number;
  timeCost: number;
}

export function hashPassword(password: string, cost: HashCost): Promise<string> {
  return argon2.hash(password, {
    type: argon2.argon2id,
    memoryCost: cost.memoryCost,
    timeCost: cost.timeCost,
    parallelism: 1,
  });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spends the same time as a real check, so a wrong user name cannot be told from a wrong password. */
export async function verifyAgainstDummy(password: string, cost: HashCost): Promise<void> {
  dummy ??= hashPassword('dummy-password-for-timing', cost);
  await verifyPassword(await dummy, password);
}
