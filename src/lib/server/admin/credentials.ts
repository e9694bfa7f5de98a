// Token admin credentials: a user name and a scrypt hash from the environment, or a plain password for
// development, hashed here on first use. Server only: nothing in this module may be imported by client code.
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt cost: about 50 ms per check on one core, 16 MiB of memory. */
const SCRYPT_PARAMS = { N: 16384, r: 8, p: 1, keylen: 32 } as const;

/** A parsed 'scrypt$N$r$p$salt$hash' string (salt and hash base64url). */
export interface PasswordHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }, keylen: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keylen, { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** The stored form of a password: 'scrypt$16384$8$1$<salt>$<hash>'. */
export async function hashPassword(password: string, salt: Buffer = randomBytes(16)): Promise<string> {
  const { N, r, p, keylen } = SCRYPT_PARAMS;
  const hash = await derive(password, salt, { N, r, p }, keylen);
  return ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** Parses a stored hash; null for anything else (wrong scheme, unsafe or absurd parameters, bad encoding). */
export function parsePasswordHash(text: string): PasswordHash | null {
  const parts = text.trim().split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map((v) => (/^\d{1,7}$/.test(v ?? '') ? Number(v) : NaN)) as [number, number, number];
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const hash = Buffer.from(parts[5] ?? '', 'base64url');
  const powerOfTwo = N > 1 && (N & (N - 1)) === 0;
  if (![N, r, p].every(Number.isInteger) || !powerOfTwo || N < 1024 || N > 1_048_576 || r < 1 || r > 32 || p < 1 || p > 16) return null;
  if (salt.length < 8 || hash.length < 16 || hash.length > 64) return null;
  return { N, r, p, salt, hash };
}

/** Whether a password matches a stored hash (constant-time comparison of the derived keys). */
export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const key = await derive(password, stored.salt, stored, stored.hash.length);
  return timingSafeEqual(key, stored.hash);
}

/** The configured admin: a user name and the hash to check passwords against. */
export interface AdminCredentials {
  user: string;
  hash: PasswordHash;
}

/** Why the admin cannot log in at all. */
export type CredentialsProblem = 'not-configured' | 'bad-hash';

let plainCache: { password: string; hash: Promise<PasswordHash> } | null = null;

/** The settings the admin's credentials come from (src/lib/server/settings.ts; that module imports this one). */
export interface AdminSettings {
  readonly TOKEN_ADMIN_USER?: string | undefined;
  readonly TOKEN_ADMIN_PASSWORD_HASH?: string | undefined;
  readonly TOKEN_ADMIN_PASSWORD?: string | undefined;
}

/**
 * The admin from the settings' TOKEN_ADMIN_USER with TOKEN_ADMIN_PASSWORD_HASH (preferred) or TOKEN_ADMIN_PASSWORD
 * (development; hashed once with a random salt so every check costs the same).
 */
export async function readCredentials(settings: AdminSettings): Promise<AdminCredentials | CredentialsProblem> {
  const user = settings.TOKEN_ADMIN_USER?.trim() ?? '';
  const hashText = settings.TOKEN_ADMIN_PASSWORD_HASH?.trim() ?? '';
  const plain = settings.TOKEN_ADMIN_PASSWORD ?? '';
  if (user === '' || (hashText === '' && plain === '')) return 'not-configured';
  if (hashText !== '') {
    const hash = parsePasswordHash(hashText);
    return hash ? { user, hash } : 'bad-hash';
  }
  if (plainCache?.password !== plain) {
    plainCache = { password: plain, hash: hashPassword(plain).then((text) => parsePasswordHash(text) as PasswordHash) };
  }
  return { user, hash: await plainCache.hash };
}

function sameText(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/**
 * Whether a user name and password are the admin's. The password is always derived, also for an unknown user name,
 * so a wrong name and a wrong password take the same time and get the same answer.
 */
export async function checkLogin(credentials: AdminCredentials, user: string, password: string): Promise<boolean> {
  const passwordOk = await verifyPassword(password, credentials.hash);
  const userOk = sameText(user, credentials.user);
  return passwordOk && userOk;
}
