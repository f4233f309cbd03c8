import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { AUTH_ERROR_MESSAGES } from '../../../../shared/auth/errors';
import { authError } from '../../../platform/http/errors';

const scrypt = promisify(scryptCb) as (
  pw: string,
  salt: Buffer,
  len: number,
  opts: object,
) => Promise<Buffer>;
/**
 * N = 16384 in production. Under Vitest, 1024: hundreds of test sign-ins stay fast, and since each
 * stored hash carries its own parameters, verifying works the same whatever cost made it.
 */
const PARAMS = { N: process.env.VITEST ? 1024 : 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 64;

/** scrypt from node:crypto, stored as `scrypt$N$r$p$salt$hash` so parameters can change later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) {
    // Spend the same time as a real check, so an account without a password is not told apart.
    await scrypt(password, DUMMY_SALT, KEY_LENGTH, PARAMS);
    return false;
  }
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
const DUMMY_SALT = randomBytes(16);

/** The most used passwords of eight characters or more (public breach lists), refused outright. */
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  'password',
  'password1',
  'password123',
  'qwertyuiop',
  'qwerty123',
  '11111111',
  '00000000',
  '87654321',
  'iloveyou',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome1',
  'welcome123',
  'abc12345',
  'abcd1234',
  'letmein1',
  'trustno1',
  'superman',
  'starwars',
  'whatever',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'admin123',
  'administrator',
  'changeme',
  'qwerty12',
  '1q2w3e4r',
  '1qaz2wsx',
  'zaq12wsx',
  'asdfghjkl',
  'computer',
  'michelle',
  'jennifer',
  'corvette',
  'mercedes',
  'internet',
  'liverpool',
  'chelsea1',
  'arsenal1',
  'password!',
  'qwertyui',
  '12341234',
  '12121212',
  '123123123',
  '987654321',
  '11223344',
  'aaaaaaaa',
  'q1w2e3r4',
  'master123',
  'dragon12',
  'monkey123',
]);

/** Refuses a password that is among the most common ones ('auth/weak-password'). */
export function assertStrongPassword(password: string): void {
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    throw authError(400, 'auth/weak-password', AUTH_ERROR_MESSAGES['auth/weak-password']);
  }
}

/** A readable random password for the CLI and the demo seed (never fixed in code). */
export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}
