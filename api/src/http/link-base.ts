import type { Context } from 'hono'

/** The app's address as the browser reached it (origin and base path), for links in e-mails. */
export const linkBaseOf = (c: Context, basePath: string) => `${new URL(c.req.url).origin}${basePath}`
