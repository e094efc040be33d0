import type { Context } from 'hono'
import type { AppEnv } from '../http/context'
import { idParam } from '../http/params'
import { refuse } from '../http/respond'
import { sessionOf } from '../http/session-of'
import { orderActorOf } from '../services/auth/session'

/** The ids a supplier route reads from its path, and its actor. */
export const withId = (c: Context<AppEnv>, work: (id: number, contactId: number) => Promise<Response>) => {
  const id = idParam(c)
  const contactId = c.req.param('contact') === undefined ? 0 : idParam(c, 'contact')
  return id === null || contactId === null ? refuse(c, { code: 'NOT_FOUND' }) : work(id, contactId)
}
export const actor = (c: Context<AppEnv>) => orderActorOf(sessionOf(c))
export const withFile = (c: Context<AppEnv>, work: (id: number, fileId: number) => Promise<Response>) => {
  const id = idParam(c)
  const fileId = idParam(c, 'file')
  return id === null || fileId === null ? refuse(c, { code: 'NOT_FOUND' }) : work(id, fileId)
}
