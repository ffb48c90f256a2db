import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { lastFour, openSecret, parseSecretKey, sealSecret, SecretBoxError } from './secret-box.ts';

const keyText = Buffer.alloc(32, 7).toString('base64');
const key = parseSecretKey(keyText);

describe('the key', () => {
  it('is 32 bytes in base64, with an id of eight hex characters', () => {
    expect(key.bytes).toHaveLength(32);
    expect(key.id).toMatch(/^[0-9a-f]{8}$/);
    expect(parseSecretKey(` ${keyText}\n`).id).toBe(key.id);
  });
  it.each([
    [Buffer.alloc(16).toString('base64'), 'BANK_ENCRYPTION_KEY must decode to 32 bytes for AES-256; it decodes to 16'],
    [Buffer.alloc(31).toString('base64'), 'BANK_ENCRYPTION_KEY must decode to 32 bytes for AES-256; it decodes to 31'],
    [Buffer.alloc(33).toString('base64'), 'BANK_ENCRYPTION_KEY must decode to 32 bytes for AES-256; it decodes to 33'],
    ['', 'BANK_ENCRYPTION_KEY must be 32 random bytes in base64 (for example the output of: openssl rand -base64 32)'],
    ['not base64 at all!', 'BANK_ENCRYPTION_KEY must be 32 random bytes in base64'],
    [Buffer.alloc(32).toString('hex'), 'BANK_ENCRYPTION_KEY must decode to 32 bytes for AES-256; it decodes to 48'],
    [Buffer.alloc(32).toString('base64url').replace(/=+$/, '') + '-', 'BANK_ENCRYPTION_KEY must be 32 random bytes in base64'],
  ])('a wrong key is refused with a clear message: %#', (text, message) => {
    expect(() => parseSecretKey(text)).toThrow(SecretBoxError);
    expect(() => parseSecretKey(text)).toThrow(message);
  });
});

describe('sealing and opening', () => {
  it('round-trips any text, with a fresh IV each time', () => {
    for (const plain of ['12345678', '', '0000123456789012', 'àçcount № 5 — 😀']) expect(openSecret(key, sealSecret(key, plain))).toBe(plain);
    const a = sealSecret(key, '12345678');
    const b = sealSecret(key, '12345678');
    expect(a).not.toBe(b);
  });
  it('writes the versioned text format v1.<key id>.<iv>.<tag>.<ciphertext>', () => {
    const sealed = sealSecret(key, '12345678');
    const [version, id, iv, tag, body] = sealed.split('.');
    expect([version, id]).toEqual(['v1', key.id]);
    expect(Buffer.from(iv!, 'base64url')).toHaveLength(12);
    expect(Buffer.from(tag!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(body!, 'base64url')).toHaveLength(8);
    expect(sealed).not.toContain('12345678');
  });
  it('detects tampering with the ciphertext, the tag or the IV', () => {
    const sealed = sealSecret(key, '12345678');
    const parts = sealed.split('.');
    for (const i of [2, 3, 4]) {
      const bytes = Buffer.from(parts[i]!, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      const altered = parts.map((p, j) => (j === i ? bytes.toString('base64url') : p)).join('.');
      expect(() => openSecret(key, altered)).toThrow('The stored secret failed its authentication check: it was altered or belongs to another record');
    }
  });
  it('a secret moved to another record fails when a context is used', () => {
    const sealed = sealSecret(key, '12345678', 'vendor:abc:account_number');
    expect(openSecret(key, sealed, 'vendor:abc:account_number')).toBe('12345678');
    expect(() => openSecret(key, sealed, 'vendor:xyz:account_number')).toThrow('failed its authentication check');
    expect(() => openSecret(key, sealed)).toThrow('failed its authentication check');
  });
  it('another key is named as such', () => {
    const other = parseSecretKey(randomBytes(32).toString('base64'));
    expect(() => openSecret(other, sealSecret(key, '1'))).toThrow(`The stored secret was encrypted under another key (id ${key.id}); this server's key has id ${other.id}`);
  });
  it('a forged key id does not open it either', () => {
    const other = parseSecretKey(randomBytes(32).toString('base64'));
    const forged = sealSecret(other, '1').replace(`.${other.id}.`, `.${key.id}.`);
    expect(() => openSecret(key, forged)).toThrow('failed its authentication check');
  });
  it.each([['v2.a.b.c.d'], ['12345678'], ['v1.a.b.c'], [`v1.${'0'.repeat(8)}.AAAA.BBBB.CCCC`]])('text that is not a sealed secret is refused: %s', (text) => {
    expect(() => openSecret(key, text)).toThrow(SecretBoxError);
  });
});

describe('last four', () => {
  it.each([['12345678', '5678'], ['1234', '1234'], ['12-34 56', '3456'], ['123', null], ['', null], [null, null], [undefined, null]])('%j → %j', (input, out) => {
    expect(lastFour(input)).toBe(out);
  });
});
