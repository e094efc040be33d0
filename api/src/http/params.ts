import type { Context } from 'hono'

/** A positive integer path parameter, or null (the route answers 404). */
export const idParam = (c: Context, name = 'id'): number | null => {
  const value = c.req.param(name)
  return value !== undefined && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null
}
