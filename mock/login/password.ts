/**
 * Passwords of the Login API's users, kept as scrypt hashes with a random salt each. scrypt is
 * Node's own (`node:crypto`, OpenSSL underneath): the well-kept library is the runtime itself, so
 * the service adds no native module. The cost parameters are written into every hash, so they can
 * be raised later without making the hashes already kept unreadable.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** N = 2^15, r = 8, p = 1: 32 MiB and tens of milliseconds per hash (OWASP's floor is 2^17 for production). */
const COST = { N: 2 ** 15, r: 8, p: 1 };
const KEY_BYTES = 32;

function derive(password: string, salt: Buffer, options: { N: number; r: number; p: number }): Promise<Buffer> {
  const scryptOptions: ScryptOptions = { ...options, maxmem: 128 * options.N * options.r * 2 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, scryptOptions, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$N$r$p$salt$hash` (salt and hash base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** A hash of nothing anyone knows: an unknown user costs the same time as a wrong password. */
let decoy: Promise<string> | undefined;

/** Whether `password` is the one `stored` was made of (null: no such user, checked against a decoy). */
export async function checkPassword(password: string, stored: string | null): Promise<boolean> {
  const hash = stored ?? (await (decoy ??= hashPassword(randomBytes(16).toString('hex'))));
  const [scheme, n, r, p, salt, key] = hash.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const given = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return stored !== null && given.length === expected.length && timingSafeEqual(given, expected);
}
