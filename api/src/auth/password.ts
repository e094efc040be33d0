import { hash, verify } from '@node-rs/argon2'

/** Algorithm.Argon2id of @node-rs/argon2 (a const enum, which verbatimModuleSyntax cannot import). */
const ARGON2ID = 2

/** argon2id with the library's defaults (19 MiB, 2 passes), as OWASP recommends. */
export const hashPassword = (password: string): Promise<string> => hash(password, { algorithm: ARGON2ID })

export const verifyPassword = (passwordHash: string, password: string): Promise<boolean> =>
  verify(passwordHash, password).catch(() => false)
