// payui-embed/server, signatures: known answers (computed apart, with Python's hashlib), raw bytes
// that are not valid UTF-8, and the comparison done by crypto.timingSafeEqual.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const compare = vi.hoisted(() => ({ calls: [] as [Buffer, Buffer][] }));
vi.mock('node:crypto', async (original) => {
  const real = await original<typeof import('node:crypto')>();
  return {
    ...real,
    timingSafeEqual: (a: Buffer, b: Buffer) => {
      compare.calls.push([a, b]);
      return real.timingSafeEqual(a, b);
    },
  };
});

const { verifyWebhookSignature, webhookSignature } = await import('../../src/server/index');

// SHA-1 of the body's bytes followed by the secret's UTF-8 bytes.
const ASCII = { body: '{"notification_type":"user_validation"}', secret: 'project-secret', hex: '0c1e568870c57603148cf0cb591ffdbd4475befe' };
// {"user":{"name":"Zoë Łukasz 山田"}} then a 0xFF byte (not UTF-8 at all), secret "clé".
const RAW = Buffer.from('7b2275736572223a7b226e616d65223a225a6fc3ab20c581756b61737a20e5b1b1e794b0227d7dff', 'hex');
const RAW_HEX = 'a1089091284e56de037860486bcba7d0a7909a96';

beforeEach(() => {
  compare.calls.length = 0;
});

describe('webhook signatures', () => {
  it('computes the service\'s signature: SHA-1 of body + secret, lowercase hex', () => {
    expect(webhookSignature(ASCII.body, ASCII.secret)).toBe(ASCII.hex);
    expect(webhookSignature(Buffer.from(ASCII.body), ASCII.secret)).toBe(ASCII.hex);
    expect(webhookSignature(RAW, 'clé')).toBe(RAW_HEX);
    expect(webhookSignature('', '')).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
  });

  it('accepts the right signature of the raw bytes, even bytes that are not UTF-8', () => {
    expect(verifyWebhookSignature(Buffer.from(ASCII.body), `Signature ${ASCII.hex}`, ASCII.secret)).toBe(true);
    expect(verifyWebhookSignature(RAW, `Signature ${RAW_HEX}`, 'clé')).toBe(true);
    expect(verifyWebhookSignature(new Uint8Array(RAW), `Signature ${RAW_HEX}`, 'clé')).toBe(true);
  });

  it('refuses the body once decoded and re-encoded: the raw bytes are what is signed', () => {
    const reencoded = RAW.toString('utf8'); // the 0xFF byte becomes U+FFFD
    expect(verifyWebhookSignature(reencoded, `Signature ${RAW_HEX}`, 'clé')).toBe(false);
    expect(verifyWebhookSignature(JSON.stringify(JSON.parse(ASCII.body)) + ' ', `Signature ${ASCII.hex}`, ASCII.secret)).toBe(false);
  });

  it('refuses a wrong secret, another body, and malformed headers', () => {
    const body = Buffer.from(ASCII.body);
    const good = `Signature ${ASCII.hex}`;
    expect(verifyWebhookSignature(body, good, 'other-secret')).toBe(false);
    expect(verifyWebhookSignature(Buffer.from(`${ASCII.body} `), good, ASCII.secret)).toBe(false);
    for (const header of [undefined, null, '', ASCII.hex, `Bearer ${ASCII.hex}`, `Signature  ${ASCII.hex}`, `Signature ${ASCII.hex}0`, `Signature ${ASCII.hex.slice(1)}`, `Signature ${'g'.repeat(40)}`, [good]]) {
      expect(verifyWebhookSignature(body, header as string, ASCII.secret), String(header)).toBe(false);
    }
    expect(verifyWebhookSignature(body, good, '')).toBe(false);
  });

  it('takes the hex in either case and the header with surrounding space', () => {
    expect(verifyWebhookSignature(Buffer.from(ASCII.body), `Signature ${ASCII.hex.toUpperCase()}`, ASCII.secret)).toBe(true);
    expect(verifyWebhookSignature(Buffer.from(ASCII.body), ` Signature ${ASCII.hex} `, ASCII.secret)).toBe(true);
  });

  it('compares in constant time: timingSafeEqual on the expected and given 40 characters, right or wrong', () => {
    const body = Buffer.from(ASCII.body);
    verifyWebhookSignature(body, `Signature ${ASCII.hex}`, ASCII.secret);
    const wrongFirst = `${ASCII.hex[0] === '0' ? '1' : '0'}${ASCII.hex.slice(1)}`;
    verifyWebhookSignature(body, `Signature ${wrongFirst}`, ASCII.secret);
    const wrongLast = `${ASCII.hex.slice(0, 39)}${ASCII.hex[39] === '0' ? '1' : '0'}`;
    verifyWebhookSignature(body, `Signature ${wrongLast}`, ASCII.secret);
    expect(compare.calls).toHaveLength(3);
    expect(compare.calls.map(([a, b]) => [a.toString(), b.toString()])).toEqual([
      [ASCII.hex, ASCII.hex],
      [ASCII.hex, wrongFirst],
      [ASCII.hex, wrongLast],
    ]);
  });
});
