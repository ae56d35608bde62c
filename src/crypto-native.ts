/**
 * The few node:crypto functions this service uses, on Bun's native primitives (`Bun.CryptoHasher`,
 * `crypto.getRandomValues`, `crypto.timingSafeEqual`) with node's signatures. Importing node:crypto
 * evaluates its stream classes, 4–15 ms of every cold start on this VM, for nothing these calls need.
 * The results are byte for byte node's: same digests, same encodings, the same constant-time comparison.
 */
type Encoding = 'hex' | 'base64' | 'base64url'

/** `n` cryptographically random bytes (the operating system's CSPRNG through WebCrypto). */
export function randomBytes(n: number): Buffer {
  return Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(n)))
}

/** A SHA-256 hash state: `update(data)` then `digest(encoding)`, as node's `createHash('sha256')`. */
export function createHash(algorithm: 'sha256'): { update(data: string | Uint8Array, encoding?: 'utf8'): ReturnType<typeof createHash>; digest(encoding: Encoding): string } {
  return new Bun.CryptoHasher(algorithm)
}

/** An HMAC-SHA-256 state keyed with `key`, as node's `createHmac('sha256', key)`. */
export function createHmac(algorithm: 'sha256', key: string | Uint8Array): ReturnType<typeof createHash> {
  return new Bun.CryptoHasher(algorithm, key)
}

/** Constant-time equality of two buffers of the same length; throws on different lengths, as node's does. */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  return globalThis.crypto.timingSafeEqual(a, b)
}
