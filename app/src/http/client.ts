import type { z } from 'zod'

/** The one HTTP client of the app: cookies, X-Requested-With, and the CSRF header. */

export const XSRF_COOKIE = 'XSRF-TOKEN'

export type ApiErrorBody = {
  message?: string
  code?: string
  errors?: Record<string, string[]>
  retry_after?: number | null
  extra_message?: string | null
}

/** A non-2xx answer: its status and the JSON body of the brief (message, code, errors). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message ?? `HTTP ${status}`)
    this.name = 'ApiError'
  }
}

export const readCookie = (name: string, cookies: string = document.cookie): string | undefined => {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return decodeURIComponent(rest.join('='))
  }
  return undefined
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export type RequestOptions = { method?: string; body?: unknown; signal?: AbortSignal }

/**
 * Calls the API. JSON bodies are sent as JSON, FormData as multipart. State-changing calls carry
 * the XSRF-TOKEN cookie back in X-XSRF-TOKEN. Answers the parsed JSON, untyped (a caller that
 * reads it goes through `apiRead` and the answer's core schema), or throws ApiError.
 */
export const apiFetch = async (
  path: string,
  { method = 'GET', body, signal }: RequestOptions = {},
  fetchImpl: typeof fetch = fetch,
): Promise<unknown> => {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' }
  const upper = method.toUpperCase()
  if (!SAFE_METHODS.has(upper)) {
    const token = readCookie(XSRF_COOKIE)
    if (token !== undefined) headers['X-XSRF-TOKEN'] = token
  }
  let payload: BodyInit | undefined
  if (body instanceof FormData) payload = body
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json'
    payload = JSON.stringify(body)
  }
  const init: RequestInit = { method: upper, headers, credentials: 'include' }
  if (payload !== undefined) init.body = payload
  if (signal !== undefined) init.signal = signal
  const response = await fetchImpl(path, init)
  const text = await response.text()
  const json: unknown = text === '' ? undefined : safeJson(text)
  if (!response.ok) {
    const errorBody: ApiErrorBody = typeof json === 'object' && json !== null ? json : {}
    const retryAfter = response.headers.get('retry-after')
    if (errorBody.retry_after === undefined && retryAfter !== null) errorBody.retry_after = Number(retryAfter)
    throw new ApiError(response.status, errorBody)
  }
  return json
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * Sends a form with its files as apiFetch does (same headers, same errors), telling how much of it
 * has left (0 to 1) as it goes: fetch cannot report an upload's progress, XMLHttpRequest can.
 */
export const apiUpload = (
  path: string,
  body: FormData,
  onProgress: (sent: number) => void,
  method = 'POST',
): Promise<unknown> =>
  new Promise<unknown>((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open(method, path)
    request.withCredentials = true
    request.setRequestHeader('Accept', 'application/json')
    request.setRequestHeader('X-Requested-With', 'XMLHttpRequest')
    const token = readCookie(XSRF_COOKIE)
    if (token !== undefined) request.setRequestHeader('X-XSRF-TOKEN', token)
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    }
    request.onload = () => {
      const json = request.responseText === '' ? undefined : safeJson(request.responseText)
      if (request.status >= 200 && request.status < 300) {
        onProgress(1)
        resolve(json)
        return
      }
      const errorBody: ApiErrorBody = typeof json === 'object' && json !== null ? json : {}
      reject(new ApiError(request.status, errorBody))
    }
    request.onerror = () => reject(new TypeError('Network error'))
    request.send(body)
  })

/**
 * An answer read as its core schema types it. In development and tests the answer is checked
 * against the schema (a mismatch is an error naming the path and the field); the production build
 * trusts the server, whose own tests check every answer against the same schema.
 */
export const checkedAnswer = <S extends z.ZodType>(schema: S, path: string, answer: unknown): z.infer<S> => {
  if (!import.meta.env.DEV) return answer as z.infer<S>
  const parsed = schema.safeParse(answer)
  if (parsed.success) return answer as z.infer<S>
  const [issue] = parsed.error.issues
  throw new TypeError(
    `The answer of ${path} does not match its schema: ${issue?.path.join('.')} ${issue?.message}`,
  )
}

/**
 * An answer's core schema, or a loader of it: the first page's reads (the shell, the sign-in, the
 * dashboard) name theirs by a loader, so zod stays out of the first page — the production build
 * never calls it, development loads it to check the answer.
 */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>)

const checkedLater = async <S extends z.ZodType>(
  source: SchemaSource<S>,
  path: string,
  answer: unknown,
): Promise<z.infer<S>> => {
  if (!import.meta.env.DEV) return answer as z.infer<S>
  return checkedAnswer(typeof source === 'function' ? await source() : source, path, answer)
}

/**
 * A call whose answer is typed (and in development checked) by its core schema: a GET, or a write
 * whose answer the caller reads (`{ method: 'POST', body }`).
 */
export const apiRead = async <S extends z.ZodType>(
  path: string,
  schema: SchemaSource<S>,
  options: RequestOptions = {},
): Promise<z.infer<S>> => checkedLater(schema, path, await apiFetch(path, options))

/** An upload whose answer is typed (and in development checked) by its core schema. */
export const apiReadUpload = async <S extends z.ZodType>(
  path: string,
  schema: SchemaSource<S>,
  body: FormData,
  onProgress: (sent: number) => void,
): Promise<z.infer<S>> => checkedLater(schema, path, await apiUpload(path, body, onProgress))
