// verifyLoginToken (payui-embed/server) against tokens made by an independent JWT library (jose),
// as the Login API signs them (DESIGN.md §8a) and as an attacker would change them.
import { createHmac } from 'node:crypto';
import { SignJWT, UnsecuredJWT, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { LoginTokenError, PayUIError, verifyLoginToken } from '../../src/server/index';

const SECRET = 'login-secret-of-project-a';
const PROJECT = '4b1f6a52-0c7e-4d3e-9a51-2f0a3c9d8e71';
const OTHER_PROJECT = '0e8a9c11-5b2d-4f6a-8c3e-7d1b2a4c6e90';
const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const nowSec = NOW / 1000;
const CLAIMS = {
  iss: 'http://localhost:5174', sub: '8d2e4f60-1a3b-4c5d-9e7f-0a1b2c3d4e5f', username: 'player-one', email: 'one@example.com', login_project_id: PROJECT,
};

function sign(claims: Record<string, unknown> = {}, { secret = SECRET, alg = 'HS256', iat = nowSec, exp = nowSec + 86_400 } = {}): Promise<string> {
  return new SignJWT({ ...CLAIMS, ...claims }).setProtectedHeader({ alg, typ: 'JWT' }).setIssuedAt(iat).setExpirationTime(exp).sign(new TextEncoder().encode(secret));
}
const verify = (jwt: string, options: Partial<Parameters<typeof verifyLoginToken>[2]> = {}) => verifyLoginToken(jwt, SECRET, { projectId: PROJECT, now: NOW, ...options });
function refusal(jwt: string, options: Partial<Parameters<typeof verifyLoginToken>[2]> = {}, secret = SECRET): string {
  try {
    verifyLoginToken(jwt, secret, { projectId: PROJECT, now: NOW, ...options });
  } catch (error) {
    expect(error).toBeInstanceOf(LoginTokenError);
    if (typeof jwt === 'string' && jwt.length > 10) expect((error as Error).message).not.toContain(jwt.split('.')[1]);
    return (error as LoginTokenError).code;
  }
  return 'accepted';
}
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const hs256 = (input: string, secret = SECRET) => createHmac('sha256', secret).update(input).digest('base64url');

describe('verifyLoginToken', () => {
  it('returns the typed claims of a token the independent library signed with HS256', async () => {
    const jwt = await sign();
    expect(verify(jwt)).toEqual({ ...CLAIMS, iat: nowSec, exp: nowSec + 86_400 });
    // And the library itself agrees on the token it made (the test's own check of its inputs).
    await expect(jwtVerify(jwt, new TextEncoder().encode(SECRET), { currentDate: new Date(NOW) })).resolves.toBeTruthy();
  });

  it('refuses alg none, HS512 and other algorithms: MALFORMED, whatever the signature', async () => {
    const none = new UnsecuredJWT({ ...CLAIMS }).setIssuedAt(nowSec).setExpirationTime(nowSec + 60).encode();
    expect(refusal(none)).toBe('MALFORMED');
    expect(refusal(await sign({}, { alg: 'HS512' }))).toBe('MALFORMED');
    // A header saying HS384 over a correct HS256 signature.
    const head = b64({ alg: 'HS384', typ: 'JWT' });
    const body = b64({ ...CLAIMS, iat: nowSec, exp: nowSec + 60 });
    expect(refusal(`${head}.${body}.${hs256(`${head}.${body}`)}`)).toBe('MALFORMED');
  });

  it('refuses a changed payload, a wrong secret, and a signature of another length: BAD_SIGNATURE', async () => {
    const [head, , signature] = (await sign()).split('.');
    const forged = b64({ ...CLAIMS, username: 'admin', iat: nowSec, exp: nowSec + 86_400 });
    expect(refusal(`${head}.${forged}.${signature}`)).toBe('BAD_SIGNATURE');
    expect(refusal(await sign({}, { secret: 'another-secret' }))).toBe('BAD_SIGNATURE');
    expect(refusal(await sign(), {}, 'another-secret')).toBe('BAD_SIGNATURE');
    const jwt = await sign();
    expect(refusal(`${jwt.slice(0, jwt.lastIndexOf('.'))}.${Buffer.alloc(16).toString('base64url')}`)).toBe('BAD_SIGNATURE');
  });

  it('refuses an expired token, allowing the clock tolerance: EXPIRED', async () => {
    const expired = await sign({}, { iat: nowSec - 90_000, exp: nowSec - 31 });
    expect(refusal(expired)).toBe('EXPIRED');
    expect(verify(await sign({}, { iat: nowSec - 90_000, exp: nowSec - 29 })).sub).toBe(CLAIMS.sub);
    expect(refusal(await sign({}, { iat: nowSec - 90_000, exp: nowSec - 29 }), { clockToleranceSec: 0 })).toBe('EXPIRED');
  });

  it('refuses a token issued in the future beyond the tolerance', async () => {
    expect(refusal(await sign({}, { iat: nowSec + 120, exp: nowSec + 86_400 }))).toBe('MALFORMED');
    expect(verify(await sign({}, { iat: nowSec + 20, exp: nowSec + 86_400 })).iat).toBe(nowSec + 20);
  });

  it("refuses a token of another Login project, even when signed with this project's secret: WRONG_PROJECT", async () => {
    expect(refusal(await sign({ login_project_id: OTHER_PROJECT }))).toBe('WRONG_PROJECT');
    expect(refusal(await sign(), { projectId: OTHER_PROJECT })).toBe('WRONG_PROJECT');
  });

  it('refuses what is not strict base64url JSON in three parts, or lacks a claim: MALFORMED', async () => {
    const jwt = await sign();
    const [head, body, signature] = jwt.split('.') as [string, string, string];
    const resigned = (h: string, b: string) => `${h}.${b}.${hs256(`${h}.${b}`)}`;
    for (const bad of [
      '', 'abc', `${jwt}.x`, `${head}.${body}`,
      `${head}=.${body}.${signature}`, // padding
      `${head.replace(/-/g, '+').replace(/_/g, '/')}+.${body}.${signature}`, // the other alphabet
      `${head}.${body}.${signature}=`,
      resigned(b64({ alg: 'HS256' }), Buffer.from('not json').toString('base64url')),
      resigned(b64({ alg: 'HS256' }), b64([1, 2])),
      resigned(b64({ alg: 'HS256', crit: ['exp'] }), body),
      resigned(b64({ alg: 'HS256' }), b64({ ...CLAIMS, sub: 7, iat: nowSec, exp: nowSec + 60 })),
      resigned(b64({ alg: 'HS256' }), b64({ ...CLAIMS, iat: nowSec, exp: 'tomorrow' })),
      resigned(b64({ alg: 'HS256' }), b64({ sub: CLAIMS.sub, iat: nowSec, exp: nowSec + 60 })),
    ]) {
      expect(refusal(bad), bad).toBe('MALFORMED');
    }
    expect(refusal(42 as unknown as string)).toBe('MALFORMED');
  });

  it('a signature spelt another way that decodes to the same bytes is refused (one token, one spelling)', async () => {
    const jwt = await sign();
    // 32 bytes are 43 base64url characters; the last one's two low bits are unused: set one of them.
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = jwt.slice(0, -1) + ALPHABET[ALPHABET.indexOf(jwt.at(-1)!) + 1];
    expect(Buffer.from(twin.split('.')[2]!, 'base64url')).toEqual(Buffer.from(jwt.split('.')[2]!, 'base64url'));
    expect(refusal(twin)).toBe('MALFORMED');
    expect(verify(jwt).sub).toBe(CLAIMS.sub);
  });

  it('bad options are PayUIError INVALID_OPTION with the path', async () => {
    const jwt = await sign();
    expect(() => verifyLoginToken(jwt, '', { projectId: PROJECT })).toThrow(expect.objectContaining({ code: 'INVALID_OPTION', path: 'secret' }));
    expect(() => verifyLoginToken(jwt, SECRET, {} as never)).toThrow(expect.objectContaining({ code: 'INVALID_OPTION', path: 'projectId' }));
    expect(() => verifyLoginToken(jwt, SECRET, { projectId: PROJECT, clockToleranceSec: -1 })).toThrow(PayUIError);
  });
});
