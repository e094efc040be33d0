import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** 256 random bits, URL-safe: session ids, CSRF tokens, reset links. */
export const newToken = (): string => randomBytes(32).toString('base64url')

/** Only hashes of bearer tokens are stored: a leaked database leaks no session. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')

export const sameToken = (a: string, b: string): boolean => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}
