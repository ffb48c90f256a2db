import { createCipheriv, createDecipheriv, createHash, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';

/**
 * Secrets at rest (bank account numbers): AES-256-GCM under a 32-byte key given in base64. The stored text is
 * `v1.<key id>.<iv>.<tag>.<ciphertext>` in base64url: a version to change the scheme later, the key's id to
 * tell "another key" from "altered data", a random 12-byte IV per secret and GCM's 16-byte authentication tag.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretKey {
  /** Eight hex characters of the key's SHA-256, stored with each secret; never the key itself. */
  readonly id: string;
  readonly bytes: Buffer;
}

/** The key as the cipher functions take it, made once per key (a file of 5,000 debits opens 5,000 numbers). */
const keyObjects = new WeakMap<SecretKey, KeyObject>();
function keyObject(key: SecretKey): KeyObject {
  let object = keyObjects.get(key);
  if (!object) {
    object = createSecretKey(key.bytes);
    keyObjects.set(key, object);
  }
  return object;
}

/** A ciphertext that does not open: wrong key, altered text or not ours. */
export class SecretBoxError extends Error {}

/** Reads BANK_ENCRYPTION_KEY: exactly 32 bytes in standard base64 (e.g. `openssl rand -base64 32`). */
export function parseSecretKey(base64: string, name = 'BANK_ENCRYPTION_KEY'): SecretKey {
  const s = base64.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(s) || s.length % 4 !== 0) {
    throw new SecretBoxError(`${name} must be 32 random bytes in base64 (for example the output of: openssl rand -base64 32)`);
  }
  const bytes = Buffer.from(s, 'base64');
  if (bytes.length !== 32) throw new SecretBoxError(`${name} must decode to 32 bytes for AES-256; it decodes to ${bytes.length}`);
  return { id: createHash('sha256').update(bytes).digest('hex').slice(0, 8), bytes };
}

/**
 * Encrypts a secret. `context` (e.g. "vendor:<id>:account_number") is authenticated, not stored: a ciphertext
 * copied onto another record or field then fails to open.
 */
export function sealSecret(key: SecretKey, plaintext: string, context = ''): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyObject(key), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(`${VERSION}.${key.id}.${context}`, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, key.id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** Decrypts a secret sealed with the same key and context; anything else throws SecretBoxError. */
export function openSecret(key: SecretKey, sealed: string, context = ''): string {
  const parts = sealed.split('.');
  if (parts.length !== 5 || parts[0] !== VERSION) throw new SecretBoxError('The stored secret is not in a format this version reads');
  const [version, keyId, ivText, tagText, bodyText] = parts as [string, string, string, string, string];
  if (keyId !== key.id) throw new SecretBoxError(`The stored secret was encrypted under another key (id ${keyId}); this server's key has id ${key.id}`);
  const iv = Buffer.from(ivText, 'base64url');
  const tag = Buffer.from(tagText, 'base64url');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretBoxError('The stored secret is damaged');
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyObject(key), iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(`${version}.${keyId}.${context}`, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(bodyText, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretBoxError('The stored secret failed its authentication check: it was altered or belongs to another record');
  }
}

/** The last four characters of an account number, the only part shown back (null when shorter than four). */
export function lastFour(accountNumber: string | null | undefined): string | null {
  const s = (accountNumber ?? '').replace(/[\s-]/g, '');
  return s.length >= 4 ? s.slice(-4) : null;
}
