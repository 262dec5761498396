import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

// scrypt from Node's own crypto: a memory-hard hash with no native add-on to build.
// Stored as `scrypt$N$r$p$salt$hash`: each hash verifies with its own parameters, so the cost can
// be raised (PASSWORD_HASH_COST) without a migration and older hashes keep verifying.

/** The cost is scrypt's N as a power of two (N = 2^cost); 15 takes 32 MB and tens of milliseconds. */
export const DEFAULT_PASSWORD_HASH_COST = 15;
/** The least cost allowed outside tests: lower would make stolen hashes cheap to guess. */
export const MIN_PASSWORD_HASH_COST = 15;
/** 17 takes 128 MB per hash; more would let a burst of log-ins exhaust the server's memory. */
export const MAX_PASSWORD_HASH_COST = 17;

const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: Required<Pick<ScryptOptions, "N" | "r" | "p">>) {
  // scrypt needs 128 * N * r bytes; Node refuses anything above maxmem, so it follows the parameters.
  const maxmem = 2 * 128 * options.N * options.r;
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, cost = DEFAULT_PASSWORD_HASH_COST): Promise<string> {
  const salt = randomBytes(16);
  const parameters = { N: 2 ** cost, r: BLOCK_SIZE, p: PARALLELISM };
  const key = await derive(password, salt, parameters);
  const { N, r, p } = parameters;
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

const isPowerOfTwo = (value: number) => Number.isInteger(value) && value > 1 && (value & (value - 1)) === 0;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, expected] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !expected) return false;
  const parameters = { N: Number(n), r: Number(r), p: Number(p) };
  // A damaged row must not make one log-in allocate gigabytes.
  if (!isPowerOfTwo(parameters.N) || !Number.isInteger(parameters.r) || parameters.r < 1) return false;
  if (!Number.isInteger(parameters.p) || parameters.p < 1 || parameters.p > 4) return false;
  if (parameters.N * parameters.r > 2 ** MAX_PASSWORD_HASH_COST * BLOCK_SIZE) return false;
  const expectedKey = Buffer.from(expected, "base64url");
  const key = await derive(password, Buffer.from(salt, "base64url"), parameters);
  return key.length === expectedKey.length && timingSafeEqual(key, expectedKey);
}

/**
 * Verified against when the user does not exist, so both failures take the same time: give it the
 * cost new hashes are made with.
 */
export function unknownUserHash(cost = DEFAULT_PASSWORD_HASH_COST): string {
  return `scrypt$${2 ** cost}$${BLOCK_SIZE}$${PARALLELISM}$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
}
