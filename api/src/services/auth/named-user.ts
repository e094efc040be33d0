import { userNamedBy } from '@procura/core/auth'
import { or, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { users } from '../../db/schema'

/**
 * The account a sign-in or a forgotten-password request names by login or e-mail address (the
 * rule: core's userNamedBy). Three candidates at most are read: one login, and enough addresses
 * to see that two accounts share one.
 */
export const findUserNamedBy = async (db: Db, text: string) => {
  const candidates = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.login}) = lower(${text})`, sql`lower(${users.email}) = lower(${text})`))
    .limit(3)
  return userNamedBy(candidates, text)
}
