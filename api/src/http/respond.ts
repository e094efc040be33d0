import type { DomainError } from '@procura/core/errors'
import type { Result } from '@procura/core/result'
import type { Context } from 'hono'
import type { AppEnv } from './context'
import { problemResponse } from './problem'

/** A service's Result as HTTP: the value as JSON, or the refusal through the problem table. */
export const respond = <T>(c: Context<AppEnv>, result: Result<T, DomainError>, status: 200 | 201 = 200) =>
  result.ok ? c.json(result.value as object, status) : problemResponse(result.error, c.get('language'))

export const refuse = (c: Context<AppEnv>, error: DomainError, headers?: Record<string, string>) =>
  problemResponse(error, c.get('language'), headers)
