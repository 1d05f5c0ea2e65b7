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

/**
 * The most a kept hash may ask of scrypt, each parameter and their product (the work: N·r·p, time
 * grows with it; memory with N·r): OWASP's production setting N = 2^17, r = 8, p = 1 at most, four
 * times this service's own. A hash beyond them is refused by an import and never computed by a
 * login (p = 64 made each login take 10 s).
 */
export const SCRYPT_LIMITS = { N: 2 ** 17, r: 16, p: 16, work: 2 ** 20 } as const;

export interface ScryptHash { N: number; r: number; p: number; salt: Buffer; key: Buffer }

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The parts of a kept hash, or what is wrong with it (in words, for an import's error). */
export function readHash(hash: string): ScryptHash | { problem: string } {
  const [scheme, n, r, p, salt, key, ...rest] = hash.split('$');
  const integer = (text: string | undefined) => (text !== undefined && /^[1-9][0-9]{0,15}$/.test(text) ? Number(text) : NaN);
  const cost = { N: integer(n), r: integer(r), p: integer(p) };
  if (scheme !== 'scrypt' || rest.length || !salt || !key || !BASE64URL.test(salt) || !BASE64URL.test(key) || Object.values(cost).some(Number.isNaN)) {
    return { problem: 'must be a scrypt hash: scrypt$N$r$p$salt$key (salt and key base64url)' };
  }
  if (cost.N < 2 || (cost.N & (cost.N - 1)) !== 0) return { problem: `scrypt's N is ${cost.N}; it must be a power of 2` };
  for (const name of ['N', 'r', 'p'] as const) {
    if (cost[name] > SCRYPT_LIMITS[name]) return { problem: `scrypt's ${name} is ${cost[name]}; at most ${SCRYPT_LIMITS[name]}` };
  }
  const work = cost.N * cost.r * cost.p;
  if (work > SCRYPT_LIMITS.work) return { problem: `scrypt's N·r·p is ${work}; at most ${SCRYPT_LIMITS.work} (N = 2^17, r = 8, p = 1)` };
  const keyBytes = Buffer.from(key, 'base64url');
  if (keyBytes.length !== KEY_BYTES) return { problem: `the key of a scrypt hash is ${KEY_BYTES} bytes; this one is ${keyBytes.length}` };
  return { ...cost, salt: Buffer.from(salt, 'base64url'), key: keyBytes };
}

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
let decoy: Promise<ScryptHash> | undefined;

/**
 * Whether `password` is the one `stored` was made of (null: no such user). An unknown user, and a
 * hash that is not one or is beyond `SCRYPT_LIMITS`, are checked against a decoy instead: no match,
 * in the time of a wrong password.
 */
export async function checkPassword(password: string, stored: string | null): Promise<boolean> {
  const kept = stored === null ? null : readHash(stored);
  const hash = kept && !('problem' in kept) ? kept : await (decoy ??= hashPassword(randomBytes(16).toString('hex')).then((made) => readHash(made) as ScryptHash));
  const given = await derive(password, hash.salt, hash);
  return hash === kept && timingSafeEqual(given, hash.key);
}
