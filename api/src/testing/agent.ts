import type { App } from '../app'

export type Agent = {
  cookies: Map<string, string>
  /** Cookie attributes as last set, by name (to check HttpOnly, SameSite, Expires). */
  setCookies: Map<string, string>
  request: (
    path: string,
    init?: {
      method?: string
      body?: unknown
      form?: FormData
      /** A body sent as it is, with its content type (a malformed one, for refusals). */
      raw?: { type: string; body: string }
      headers?: Record<string, string>
    },
  ) => Promise<Response>
  get: (path: string, headers?: Record<string, string>) => Promise<Response>
  post: (path: string, body?: unknown, headers?: Record<string, string>) => Promise<Response>
}

/**
 * A browser for in-process tests: keeps the cookies the app sets, sends them back, and sends the
 * XSRF-TOKEN cookie in X-XSRF-TOKEN on state-changing calls, as the web app's client does.
 */
export const agent = (app: App): Agent => {
  const cookies = new Map<string, string>()
  const setCookies = new Map<string, string>()
  const request: Agent['request'] = async (path, init = {}) => {
    const method = init.method ?? 'GET'
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', ...init.headers }
    if (cookies.size > 0) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    const xsrf = cookies.get('XSRF-TOKEN')
    if (method !== 'GET' && xsrf !== undefined && !('x-xsrf-token' in headers)) headers['x-xsrf-token'] = xsrf
    if (init.body !== undefined) headers['content-type'] = 'application/json'
    if (init.raw !== undefined) headers['content-type'] = init.raw.type
    const body =
      init.raw?.body ?? init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body))
    const response = await app.request(path, { method, headers, ...(body === undefined ? {} : { body }) })
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const [name = '', ...value] = pair.split('=')
      const expired = attributes.some((a) => /max-age=0/i.test(a.trim()))
      if (expired) cookies.delete(name)
      else cookies.set(name, value.join('='))
      setCookies.set(name, line)
    }
    return response
  }
  return {
    cookies,
    setCookies,
    request,
    get: (path, headers) => request(path, headers ? { headers } : {}),
    post: (path, body, headers) =>
      request(path, { method: 'POST', body: body ?? {}, ...(headers ? { headers } : {}) }),
  }
}

/** Signs in through the real endpoints (CSRF cookie, then POST /login). */
export const signIn = async (app: App, login: string, password = 'Demo1234!'): Promise<Agent> => {
  const browser = agent(app)
  await browser.get('/sanctum/csrf-cookie')
  const response = await browser.post('/login', { login, password })
  if (response.status !== 200)
    throw new Error(`Sign-in as ${login} failed: ${response.status} ${await response.text()}`)
  return browser
}
