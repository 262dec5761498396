import { createHash, createHmac, type KeyObject, randomFillSync, timingSafeEqual } from "node:crypto";

// A visitor without cookies gets a pre-session id on every answer: asking the system's generator
// for 32 bytes each time cost more than the rest of the answer (a profile of Ping under load).
// The bytes are taken 8 KiB at a time, from the same generator, and each byte is handed out once
// and then wiped, as Node's own randomUUID does with its cache.
const randomPool = Buffer.alloc(8192);
let randomPoolOffset = randomPool.length;

/** `bytes` random bytes from the pool, URL-safe base64. */
function pooledRandom(bytes: number): string {
  if (randomPoolOffset + bytes > randomPool.length) {
    randomFillSync(randomPool);
    randomPoolOffset = 0;
  }
  const end = randomPoolOffset + bytes;
  const text = randomPool.toString("base64url", randomPoolOffset, end);
  randomPool.fill(0, randomPoolOffset, end);
  randomPoolOffset = end;
  return text;
}

/** 256 random bits, URL-safe: session tokens and pre-session ids. */
export function randomToken(): string {
  return pooledRandom(32);
}

/**
 * 128 random bits, URL-safe (22 characters): a request's id, as unique as a UUID's 122. Made on
 * every request: Node's randomUUID joins twenty pieces into a string that is then flattened
 * wherever it is read, about 7 000 instructions a request in place (docs/decisions/0014).
 */
export function randomRequestId(): string {
  return pooledRandom(16);
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("base64url");
}

/** A key made once (createSecretKey) saves converting the secret on every call of a hot path. */
export function hmac(secret: string | KeyObject, value: string): string {
  return createHmac("sha256", secret).update(value).digest("base64url");
}

/** Constant-time comparison of two strings (false when lengths differ). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
